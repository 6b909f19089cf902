"""Paper and fonts shared by every printed document (the director's cards and sheets, the committee's lists).

Vocabulary:
    paper        A4 or US Letter. Every document uses the same 190 mm wide text column on both, so a card
                 prints the same on either; only the number of cards a page holds differs.
    fonts        the TTF files the documents embed, shipped in ``static/fonts``: nothing is fetched.
"""

from dataclasses import dataclass
from pathlib import Path

FONTS_DIR = Path(__file__).resolve().parents[1] / "static" / "fonts"
"""The TTF files the documents embed (DejaVu Sans, Sans Bold, Sans Mono; see LICENSE-DejaVu.txt there)."""
CONTENT_WIDTH = 190.0
"""Width of the printed column in mm, on A4 and on Letter (Letter gets wider side margins)."""
MARGIN = 10.0
"""Top and bottom page margin in mm."""
SAFETY = 0.5
"""Millimetres kept free on every page, so rounding in the layout never pushes a block onto a new page."""


@dataclass(frozen=True)
class Paper:
    name: str
    css_size: str
    width: float
    height: float

    @property
    def side_margin(self) -> float:
        return round((self.width - CONTENT_WIDTH) / 2, 2)

    @property
    def usable_height(self) -> float:
        """Height in mm a page offers to blocks."""
        return self.height - 2 * MARGIN - SAFETY


PAPERS = {
    "A4": Paper("A4", "A4", 210.0, 297.0),
    "Letter": Paper("Letter", "letter", 215.9, 279.4),
}


