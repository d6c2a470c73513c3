"""Text in our 8x8 bitmap font (image bank 0, see atlas.FONT).

Every glyph is one blit from the font sheet; the ink pen is recoloured with
pyxel.pal for the duration of a call. The soft styles follow the Amiga's
algorithmic ones: bold smears the glyph one pixel to the right, italic shears
the rows above the baseline one pixel right, underline draws a line on the
descender row (row 7, one below the baseline).
"""

from __future__ import annotations

import pyxel

from .atlas import FONT
from .palette import Pen

ADVANCE = FONT.cell  # fixed width, as Topaz
HEIGHT = FONT.cell
BASELINE = FONT.baseline
UNDERLINE_ROW = BASELINE + 1
_FALLBACK = ord("?")
_COLKEY = 0  # the font's background pen, transparent when blitting

# Italic as row groups (first row, end row, shift right): the upper half of the
# cell leans one pixel right, which is all the slant an 8-px cell can show
# without running into the next character.
ITALIC_GROUPS = ((0, 4, 1), (4, HEIGHT, 0))


def glyph_code(ch: str) -> int:
    """The font code of a character: its Latin-1 code, or '?' outside Latin-1."""
    code = ord(ch)
    return code if code < FONT.codes else _FALLBACK


def text_width(text: str) -> int:
    """Width in pixels of text drawn with draw_text (8 px per character)."""
    return len(text) * ADVANCE


def _blit(x: int, y: int, code: int, italic: bool) -> None:
    """One glyph in the current ink mapping: a single blit, or one per row group."""
    g = FONT.glyph(code)
    if not italic:
        pyxel.blt(x, y, g.bank, g.x, g.y, g.w, g.h, _COLKEY)
        return
    for first, end, shift in ITALIC_GROUPS:
        pyxel.blt(x + shift, y + first, g.bank, g.x, g.y + first, g.w, end - first, _COLKEY)


def draw_glyph(x: int, y: int, code: int, pen: int = Pen.BLACK) -> None:
    """Draw the glyph of a font code (0..255, e.g. atlas.Glyph.CHECK) at (x, y)."""
    pyxel.pal(FONT.ink, pen)
    _blit(x, y, code, italic=False)
    pyxel.pal(FONT.ink, FONT.ink)


def draw_text(
    x: int,
    y: int,
    text: str,
    pen: int = Pen.BLACK,
    *,
    bold: bool = False,
    italic: bool = False,
    underline: bool = False,
    bg: int | None = None,
) -> int:
    """Draw text with the top of its 8x8 cells at y; return the x after it.

    bg, if given, fills the cells first (as a JAM2 draw mode would). Only the ink
    pen's mapping is touched and then restored, so a caller's other pal()
    mappings (such as the Kickstart 2 number pens) survive.
    """
    width = text_width(text)
    if bg is not None:
        pyxel.rect(x, y, width, HEIGHT, bg)
    pyxel.pal(FONT.ink, pen)
    cx = x
    for ch in text:
        code = glyph_code(ch)
        _blit(cx, y, code, italic)
        if bold:
            _blit(cx + 1, y, code, italic)
        cx += ADVANCE
    pyxel.pal(FONT.ink, FONT.ink)
    if underline and width:
        # Drawn after the ink mapping is restored, so it is exactly `pen`.
        pyxel.line(x, y + UNDERLINE_ROW, x + width - 1 + int(bold), y + UNDERLINE_ROW, pen)
    return x + width
