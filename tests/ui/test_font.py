"""Text drawn with our bitmap font lands on the expected pixels."""

from __future__ import annotations

from pathlib import Path

import pytest

from amigasweeper.ui.intuition import font
from amigasweeper.ui.intuition.atlas import FONT, Glyph
from amigasweeper.ui.intuition.palette import Pen

RESOURCE = Path(__file__).resolve().parents[2] / "assets.pyxres"
PAPER = Pen.GREEN  # a background no glyph uses, so untouched pixels are obvious
X, Y = 20, 30


@pytest.fixture
def px(pyxel_screen):
    """The shared headless pyxel, with our image banks loaded and a clean screen."""
    pyxel = pyxel_screen
    pyxel.load(str(RESOURCE), exclude_tilemaps=True, exclude_sounds=True, exclude_musics=True)
    pyxel.pal()
    pyxel.cls(PAPER)
    return pyxel


def glyph_ink(px, ch: str) -> set[tuple[int, int]]:
    """The inked pixels of a character's glyph, read from the font bank."""
    g = FONT.glyph(font.glyph_code(ch))
    bank = px.images[g.bank]
    return {(dx, dy) for dy in range(g.h) for dx in range(g.w) if bank.pget(g.x + dx, g.y + dy) == FONT.ink}


def screen_pixels(px, w: int, h: int = 8, pen: int = Pen.BLACK, x: int = X, y: int = Y) -> set[tuple[int, int]]:
    """Pixels of the w x h area at (x, y) that are `pen`, relative to (x, y)."""
    return {(dx, dy) for dy in range(h) for dx in range(w) if px.pget(x + dx, y + dy) == pen}


def shifted(pixels: set[tuple[int, int]], dx: int, rows=range(8)) -> set[tuple[int, int]]:
    return {(x + dx, y) if y in rows else (x, y) for x, y in pixels}


def test_text_width_is_eight_pixels_a_character():
    assert font.text_width("") == 0
    assert font.text_width("Game") == 32
    assert font.text_width("ÄÖÜ€") == 32


def test_characters_outside_latin1_fall_back_to_question_mark():
    assert font.glyph_code("ÿ") == 0xFF
    assert font.glyph_code("€") == ord("?")
    assert font.glyph_code(Glyph.CHECK.char) == 0x01


def test_draws_the_glyph_ink_at_the_top_left_of_its_cell(px):
    assert font.draw_text(X, Y, "A") == X + 8
    assert screen_pixels(px, 8) == glyph_ink(px, "A")
    # Nothing outside the cell, and no background drawn inside it (transparent).
    assert screen_pixels(px, 12, 12, pen=PAPER, x=X - 2, y=Y - 2) == {
        (dx, dy) for dy in range(12) for dx in range(12)
    } - {(dx + 2, dy + 2) for dx, dy in glyph_ink(px, "A")}


def test_characters_advance_eight_pixels(px):
    assert font.draw_text(X, Y, "Hi!") == X + 24
    for i, ch in enumerate("Hi!"):
        assert screen_pixels(px, 8, x=X + 8 * i) == glyph_ink(px, ch)


def test_ink_takes_the_requested_pen(px):
    font.draw_text(X, Y, "W", Pen.RED)
    assert screen_pixels(px, 8, pen=Pen.RED) == glyph_ink(px, "W")
    assert not screen_pixels(px, 8, pen=Pen.BLACK)


def test_bold_smears_one_pixel_right(px):
    assert font.draw_text(X, Y, "M", bold=True) == X + 8
    ink = glyph_ink(px, "M")
    assert screen_pixels(px, 9) == ink | shifted(ink, 1)


def test_italic_leans_the_upper_rows_right(px):
    font.draw_text(X, Y, "H", italic=True)
    ink = glyph_ink(px, "H")
    assert screen_pixels(px, 9) == shifted(ink, 1, rows=range(0, 4))


def test_underline_is_on_the_row_below_the_baseline(px):
    font.draw_text(X, Y, "ab", Pen.BLUE, underline=True)
    line = {(dx, FONT.baseline + 1) for dx in range(16)}
    ink = glyph_ink(px, "a") | shifted(glyph_ink(px, "b"), 8)
    assert screen_pixels(px, 17, pen=Pen.BLUE) == ink | line


def test_background_fills_the_cells_behind_the_ink(px):
    font.draw_text(X, Y, "ok", Pen.BLACK, bg=Pen.WHITE)
    ink = glyph_ink(px, "o") | shifted(glyph_ink(px, "k"), 8)
    cells = {(dx, dy) for dy in range(8) for dx in range(16)}
    assert screen_pixels(px, 16) == ink
    assert screen_pixels(px, 16, pen=Pen.WHITE) == cells - ink
    assert px.pget(X + 16, Y) == PAPER


def test_unknown_characters_draw_as_question_marks(px):
    font.draw_text(X, Y, "€")
    assert screen_pixels(px, 8) == glyph_ink(px, "?")


def test_draw_glyph_draws_symbols(px):
    font.draw_glyph(X, Y, Glyph.AMIGA_KEY, Pen.WHITE)
    assert screen_pixels(px, 8, pen=Pen.WHITE) == glyph_ink(px, Glyph.AMIGA_KEY.char)


def test_only_the_ink_mapping_is_borrowed(px):
    px.pal(Pen.NUM1, Pen.BLACK)  # a caller's own mapping (the Kickstart 2 numbers)
    font.draw_text(X, Y, "x", Pen.RED, bold=True, italic=True, underline=True)
    px.pset(0, 0, Pen.BLACK)
    px.pset(1, 0, Pen.NUM1)
    px.pal()
    assert px.pget(0, 0) == Pen.BLACK
    assert px.pget(1, 0) == Pen.BLACK
