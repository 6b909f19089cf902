"""QR codes on pages and prints: one maker, so every printed code is made alike.

Vocabulary:
    address   the full address a code opens (built on the site URL, ``common.site_url``).
    scale     the size of one module (one black or white square) in the SVG's units; a print sets the
              code's size in millimetres itself, so the scale only matters on screen.
    border    the quiet zone around the code, in modules: a scanner finds the code by the white around it.
"""


def qr_svg(address: str, *, scale: int = 3, border: int = 1) -> str:
    """``address`` as an inline SVG QR code, error correction M (a smudged ticket still scans); segno is pure
    Python: nothing is fetched."""
    import segno  # only the pages and prints that show a code pay for the import

    return segno.make(address, error="m").svg_inline(scale=scale, border=border)
