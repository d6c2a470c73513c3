"""The bold board cursor (issue 39): a ring round its square at 3:1 or more
against what surrounds it, which never hides a digit, on every shape and in
both looks; 3.1's complement frame, still the default, fails the same check."""

from __future__ import annotations

from collections.abc import Hashable  # a Command, or the engine's Shape or Completion (their menu items' commands)

import pytest
import pyxel

from amigasweeper.access.colour import contrast
from amigasweeper.engine import LevelName, Shape
from amigasweeper.ui.game.keyplay import BoardCursor
from amigasweeper.ui.game.menudefs import MENUS
from amigasweeper.ui.game.ring import NUMBER_PENS, ring_pixels
from amigasweeper.ui.intuition.atlas import Cell, number_cell
from amigasweeper.ui.intuition.modes import Look
from amigasweeper.ui.intuition.palette import Pen

SHAPES = [Shape.SQUARE, Shape.HEX, Shape.TRIANGLE]


@pytest.fixture(autouse=True)
def complement_again():
    yield
    BoardCursor.bold = False  # a class-wide preference: leave it as the next test expects


def choose(app, command: Hashable) -> None:
    app.commands.select(next(i for m in MENUS for i in m.every_item() if i.command is command))


def opened_board(make_app, shape: Shape, look: Look | None = None):
    app, pilot = make_app(level=LevelName.INTERMEDIATE, seed=11, look=look)
    choose(app, shape)
    pilot.step()
    game = app.game
    pilot.click_cell(pilot.cell_at(5, 5))
    pilot.finish_ripple()
    for cell in list(game.topology.cells()):  # open more: many numbers, covered squares beside them
        if not game.is_mine(cell) and not game.is_open(cell) and cell % 3 == 0:
            pilot.click_cell(cell)
            pilot.finish_ripple()
    pilot.key(pyxel.KEY_RIGHT)  # shows the cursor
    return app, pilot


def screen(app, cell: int) -> dict[tuple[int, int], int]:
    """The screen's pens round ``cell`` (its box and 4 pixels more each side)."""
    field, geometry = app.mine_window.field, app.mine_window.canvas.geometry
    ox, oy = geometry.origin(cell)
    sprite = geometry.sprite(cell, Cell.COVERED)
    x0, y0 = field.ax + ox - 4, field.ay + oy - 4
    return {(x, y): pyxel.screen.pget(x, y)
            for y in range(max(0, y0), min(pyxel.height, y0 + sprite.h + 8))
            for x in range(max(0, x0), min(pyxel.width, x0 + sprite.w + 8))}


def digits_near(app, shown: dict) -> list[tuple[int, int]]:
    """The screen pixels of digits, from the board's own image (in the
    Kickstart 2 look the screen shows them in the text pen)."""
    field, image = app.mine_window.field, app.mine_window.canvas.image
    w, h = app.mine_window.canvas.geometry.pixel_size
    return [(x, y) for x, y in shown
            if 0 <= x - field.ax < w and 0 <= y - field.ay < h and image.pget(x - field.ax, y - field.ay) in NUMBER_PENS]


def cursor_at(app, pilot, cell: int) -> tuple[dict, dict]:
    """The screen round ``cell`` without and with the cursor on it."""
    cursor = app.mine_window.cursor
    cursor.shown = False
    pilot.step()
    before = screen(app, cell)
    cursor.shown, cursor.cell = True, cell
    pilot.step()
    return before, screen(app, cell)


def worst_contrast(before: dict, after: dict) -> float:
    """The least WCAG contrast between the cursor's pixels and the pixels
    touching them from outside, leaving out those in the cursor's own pen
    (they widen it) and digits (which the cursor must not cover)."""
    changed = {p for p in after if after[p] != before[p]}
    low = 21.0
    for (x, y) in changed:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            q = (x + dx, y + dy)
            if q in after and q not in changed and after[q] != after[(x, y)] and after[q] not in NUMBER_PENS:
                low = min(low, contrast.ratio(pyxel.colors[after[(x, y)]], pyxel.colors[after[q]]))
    return low


def sample_cells(app) -> list[int]:
    """A number of each value, a blank, a covered square, a marked one."""
    game, seen, cells = app.game, set(), []
    for cell in game.topology.cells():
        kind = game.tile(cell) if game.is_open(cell) else "covered"
        if kind not in seen:
            seen.add(kind)
            cells.append(cell)
    return cells


@pytest.mark.parametrize("look", [None, Look.KICKSTART2], ids=["kickstart3", "kickstart2"])
@pytest.mark.parametrize("shape", SHAPES, ids=lambda c: c.value)
def test_the_bold_ring_never_hides_a_digit_and_stands_out_3_to_1(make_app, shape, look):
    app, pilot = opened_board(make_app, shape, look)
    BoardCursor.bold = True
    cells = sample_cells(app)
    assert any(app.game.is_open(c) and app.game.tile(c) > 0 for c in cells)
    for cell in cells:
        before, after = cursor_at(app, pilot, cell)
        digits = digits_near(app, before)
        assert all(after[p] == before[p] for p in digits), f"a digit changed under the cursor at {cell}"
        assert sum(after[p] != before[p] for p in after) > 8, "no ring to see"
        assert worst_contrast(before, after) >= contrast.CONTROL, cell


@pytest.mark.parametrize("shape", SHAPES, ids=lambda c: c.value)
def test_the_bold_ring_leaves_out_every_place_a_digit_is_drawn(make_app, shape):
    """By the atlas, not by one board: no ring pixel of any square lies where
    a number glyph of any square can be drawn (each glyph blitted alone onto
    a blank image and its number-pen pixels collected)."""
    app, pilot = opened_board(make_app, shape)
    geometry, topology = app.mine_window.canvas.geometry, app.game.topology
    w, h = geometry.pixel_size
    scratch = pyxel.Image(w, h)
    glyphs: set[tuple[int, int]] = set()
    for cell in topology.cells():
        ox, oy = geometry.origin(cell)
        sprite = geometry.sprite(cell, Cell.COVERED)
        box = [(x, y) for y in range(oy, min(h, oy + sprite.h)) for x in range(ox, min(w, ox + sprite.w))]
        for n in range(1, topology.shape.max_neighbours + 1):
            scratch.cls(Pen.GREY)
            geometry.blit_cell(scratch, cell, number_cell(n))
            glyphs.update(p for p in box if scratch.pget(*p) in NUMBER_PENS)
    assert glyphs
    for cell in topology.cells():
        assert not glyphs & set(ring_pixels(geometry, cell)), cell
    if shape is Shape.SQUARE:
        assert len(ring_pixels(geometry, topology.index(3, 3))) == 10 * 10 - 6 * 6  # a whole ring, 2 pixels thick


def test_3_1s_complement_frame_fails_the_same_check_and_crosses_the_digit(make_app):
    app, pilot = opened_board(make_app, Shape.SQUARE)
    number = next(c for c in app.game.topology.cells() if app.game.is_open(c) and app.game.tile(c) > 1)
    before, after = cursor_at(app, pilot, number)
    assert worst_contrast(before, after) < contrast.CONTROL
    assert any(after[p] != before[p] for p in digits_near(app, before))


def test_the_ring_turns_white_when_the_background_is_made_dark(make_app):
    app, pilot = opened_board(make_app, Shape.SQUARE)
    BoardCursor.bold = True
    pyxel.colors[Pen.GREY] = 0x222222
    try:
        cell = sample_cells(app)[0]
        before, after = cursor_at(app, pilot, cell)
        ring = {after[p] for p in after if after[p] != before[p]}
        assert ring == {Pen.WHITE}
        assert worst_contrast(before, after) >= contrast.CONTROL
    finally:
        pyxel.colors[Pen.GREY] = 0xAAAAAA
