"""Screenshots for the user guide (docs/GUIDE.md): taken by the browser tests when SCREENSHOTS_DIR is set."""

import os
from pathlib import Path

SCREENSHOTS = os.environ.get("SCREENSHOTS_DIR")
SIZES = ((1280, 900, "desktop"), (390, 844, "phone"), (1920, 1080, "projector"))


def shoot(page, name: str, sizes=SIZES, *, full_page: bool = True) -> None:
    """The page as it is, wide, on a phone and on a projector (only when SCREENSHOTS_DIR is set); ``sizes``
    and ``full_page=False`` (the screen only) for other shots."""
    if not SCREENSHOTS:
        return
    Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
    viewport = page.viewport_size
    for width, height, label in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}-{label}.png"), full_page=full_page)
    page.set_viewport_size(viewport)
