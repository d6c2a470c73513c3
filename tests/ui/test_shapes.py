"""Hexagonal and triangular boards: the geometry is exact, the art matches it,
and the real app plays them with the same mouse and keys as squares."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus, LevelName, Mark, Shape, make_topology
from amigasweeper.engine.levels import MAX_SIDE
from amigasweeper.play.assist.answers import SquareVerdict
from amigasweeper.ui.game.geometry import (
    HexGeometry,
    SquareGeometry,
    TriangleGeometry,
    field_size,
    geometry_for,
    supports,
)
from amigasweeper.ui.game.minewindow import board_limits
from amigasweeper.ui.intuition.atlas import (
    HEX_SPANS,
    TRI_DOWN_SPANS,
    TRI_UP_SPANS,
    Cell,
    hex_sprite,
    number_cell,
    triangle_sprite,
)
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.modes import Look
from amigasweeper.ui.intuition.palette import Pen

SHAPED = (Shape.HEX, Shape.TRIANGLE)
SIZES = ((1, 1), (1, 2), (2, 1), (2, 2), (3, 3), (7, 5), (32, 16))
LOWRES, HIGHRES = (320, 256), (640, 512)
LEFT, RIGHT = Button.LEFT, Button.RIGHT
BACKDROP = Pen.GREEN  # a pen no cell uses inside: what a test image starts as


@pytest.fixture
def art(pyxel_screen):
    """The image banks as the program loads them."""
    from amigasweeper.ui.app import ASSETS

    pyxel.load(str(ASSETS))
    return pyxel_screen


def outline(geometry, cell) -> set[tuple[int, int]]:
    """The board pixels of a cell, from the spans the art is checked against."""
    ox, oy = geometry.origin(cell)
    if isinstance(geometry, HexGeometry):
        spans = HEX_SPANS
    elif isinstance(geometry, TriangleGeometry):
        spans = TRI_UP_SPANS if geometry.topology.points_up(cell) else TRI_DOWN_SPANS
    else:
        spans = ((0, 7),) * 8
    return {(ox + x, oy + y) for y, span in enumerate(spans) if span for x in range(span[0], span[1] + 1)}


def owners(geometry) -> dict[tuple[int, int], int]:
    """Every board pixel and the cell whose outline holds it (no pixel twice)."""
    owner: dict[tuple[int, int], int] = {}
    for cell in geometry.topology.cells():
        for pixel in outline(geometry, cell):
            assert pixel not in owner, f"{pixel} is in cells {owner[pixel]} and {cell}"
            owner[pixel] = cell
    return owner


# ------------------------------------------------------------------ the geometry
def test_every_shape_can_be_drawn():
    assert all(supports(shape) for shape in Shape)
    assert isinstance(geometry_for(make_topology(Shape.SQUARE, 3, 3)), SquareGeometry)
    assert isinstance(geometry_for(make_topology(Shape.HEX, 3, 3)), HexGeometry)
    assert isinstance(geometry_for(make_topology(Shape.TRIANGLE, 3, 3)), TriangleGeometry)


@pytest.mark.parametrize("shape", SHAPED)
@pytest.mark.parametrize("size", SIZES)
def test_centres_round_trip(shape, size):
    geometry = geometry_for(make_topology(shape, *size))
    for cell in geometry.topology.cells():
        ox, oy = geometry.origin(cell)
        assert geometry.cell_at(*geometry.centre(cell)) == cell
        assert geometry.cell_at(ox + 4, oy + 4) == cell  # where Pilot.cell_xy points


@pytest.mark.parametrize("shape", SHAPED)
@pytest.mark.parametrize("size", ((1, 1), (2, 3), (5, 4), (6, 5)))
def test_cell_at_is_exact_on_every_pixel(shape, size):
    """Outlines never overlap, leave no hole inside the board, fit the board image,
    and cell_at answers with the outline's owner on every pixel row and column
    (and None around it)."""
    geometry = geometry_for(make_topology(shape, *size))
    owner = owners(geometry)
    w, h = geometry.pixel_size
    assert all(0 <= x < w and 0 <= y < h for x, y in owner)
    if size[0] >= 2 and size[1] >= 2:  # no empty column or row at the edges
        assert {x for x, _ in owner} == set(range(w)) and {y for _, y in owner} == set(range(h))
    for py in range(-3, h + 3):
        for px in range(-3, w + 3):
            assert geometry.cell_at(px, py) == owner.get((px, py)), (px, py)
    if size[0] >= 2 and size[1] >= 2:  # the middle of a board is tiled without gaps
        middle = [p for p in owner if 6 <= p[0] < w - 6 and 9 <= p[1] < h - 9]
        for px, py in middle:
            for dx, dy in ((1, 0), (0, 1)):
                if 6 <= px + dx < w - 6 and 9 <= py + dy < h - 9:
                    assert (px + dx, py + dy) in owner


@pytest.mark.parametrize("shape", SHAPED)
def test_cells_that_touch_on_screen_are_neighbours(shape):
    """Outlines touching side by side or one above the other are neighbours in the
    topology; every hexagon touches all six of its neighbours, every triangle the
    three across its sides."""
    geometry = geometry_for(make_topology(shape, 7, 6))
    topology = geometry.topology
    owner = owners(geometry)
    touching = {cell: set() for cell in topology.cells()}
    for (px, py), cell in owner.items():
        for dx, dy in ((1, 0), (0, 1)):
            other = owner.get((px + dx, py + dy))
            if other is not None and other != cell:
                touching[cell].add(other)
                touching[other].add(cell)
    for cell in topology.cells():
        assert touching[cell] <= set(topology.neighbours[cell]), cell
        if shape is Shape.HEX:
            assert touching[cell] == set(topology.neighbours[cell]), cell
        else:  # a triangle's three sides: left, right, and the row on its base side
            col, row = topology.coords(cell)
            base_row = row + 1 if topology.points_up(cell) else row - 1
            sides = [(col - 1, row), (col + 1, row), (col, base_row)]
            assert {topology.index(c, r) for c, r in sides if topology.contains(c, r)} <= touching[cell]


@pytest.mark.parametrize("shape", SHAPED)
def test_each_sprite_paints_exactly_its_cell(art, shape):
    """Blitting a cell through the geometry colours its outline and nothing else,
    so the art and cell_at agree pixel for pixel."""
    geometry = geometry_for(make_topology(shape, 4, 3))
    w, h = geometry.pixel_size
    image = pyxel.Image(w, h)
    for cell in geometry.topology.cells():
        for look in (Cell.COVERED, Cell.UNCOVERED, Cell.FLAG, number_cell(3)):
            image.cls(BACKDROP)
            geometry.blit_cell(image, cell, look)
            painted = {(x, y) for y in range(h) for x in range(w) if image.pget(x, y) != BACKDROP}
            assert painted == {p for p in outline(geometry, cell)}, (cell, look)


def test_square_geometry_is_unchanged():
    geometry = geometry_for(make_topology(Shape.SQUARE, 32, 16))
    assert geometry.pixel_size == (256, 128)
    assert geometry.origin(geometry.topology.index(5, 3)) == (40, 24)
    assert geometry.cell_at(47, 31) == geometry.topology.index(5, 3)
    assert geometry.cell_at(256, 0) is None and geometry.cell_at(-1, 0) is None
    assert geometry.sprite(0, Cell.FLAG) == Cell.FLAG.sprite


def test_sprites_follow_the_cell_shape():
    hexes = geometry_for(make_topology(Shape.HEX, 3, 3))
    triangles = geometry_for(make_topology(Shape.TRIANGLE, 3, 3))
    assert hexes.sprite(4, Cell.NUMBER_6) == hex_sprite(Cell.NUMBER_6)
    assert triangles.sprite(0, Cell.FLAG) == triangle_sprite(Cell.FLAG, up=True)
    assert triangles.sprite(1, Cell.FLAG) == triangle_sprite(Cell.FLAG, up=False)
    assert triangles.sprite(1, Cell.NUMBER_12) == triangle_sprite(Cell.NUMBER_12, up=False)


def test_pixel_sizes():
    assert field_size(Shape.SQUARE, 32, 16) == (256, 128)
    assert field_size(Shape.HEX, 32, 16) == (32 * 8 + 4, 15 * 7 + 9)
    assert field_size(Shape.HEX, 5, 1) == (40, 9)
    assert field_size(Shape.TRIANGLE, 32, 16) == (33 * 6, 160)


# ------------------------------------------------------------------ board limits
def test_square_limits_are_as_before():
    assert board_limits(LOWRES) == board_limits(LOWRES, Shape.SQUARE) == (32, 24)
    assert board_limits(HIGHRES) == (32, 32)


@pytest.mark.parametrize("shape", list(Shape))
@pytest.mark.parametrize("screen", (LOWRES, HIGHRES))
def test_limits_are_the_largest_boards_that_fit(shape, screen):
    """A board at the limit fits the screen; one more column or row would not."""
    from amigasweeper.ui.game.minewindow import HEADER_H, PAD
    from amigasweeper.ui.intuition.screen import BAR_H
    from amigasweeper.ui.intuition.window import BORDER, TITLE_H

    cols, rows = board_limits(screen, shape)
    room_w = screen[0] - (2 * BORDER + 2 * PAD + 2)
    room_h = screen[1] - (BAR_H + 1 + TITLE_H + BORDER + PAD + HEADER_H + PAD + 2 + PAD)
    assert field_size(shape, cols, rows)[0] <= room_w and field_size(shape, cols, rows)[1] <= room_h
    assert cols == MAX_SIDE or field_size(shape, cols + 1, rows)[0] > room_w
    assert rows == MAX_SIDE or field_size(shape, cols, rows + 1)[1] > room_h


def test_lowres_limits_per_shape():
    assert board_limits(LOWRES, Shape.HEX) == (32, 27)
    assert board_limits(LOWRES, Shape.TRIANGLE) == (32, 19)
    assert board_limits(HIGHRES, Shape.TRIANGLE) == (32, 32)


# ------------------------------------------------------------------ in the app
def shaped_app(make_app, shape, **options):
    options.setdefault("level", LevelName.EXPERT)
    app, pilot = make_app(**options)
    app.commands.choose_shape(shape)
    assert app.game.topology.shape is shape
    return app, pilot


def cell_xy(app, cell):
    """Screen coordinates of the middle of a cell."""
    field = app.mine_window.field
    cx, cy = app.mine_window.canvas.geometry.centre(cell)
    return field.ax + cx, field.ay + cy


def click(app, pilot, cell, button=LEFT):
    pilot.click(*cell_xy(app, cell), button)
    pilot.finish_ripple()


def park_pointer(pilot):
    pilot.move(316, 252)


def sprite_pixel(sprite, x, y):
    return pyxel.images[sprite.bank].pget(sprite.x + x, sprite.y + y)


def shows(app, cell, look, *, on_screen=False, hidden=None):
    """Whether the cell's outline holds the sprite of this look (on the canvas, or
    on the screen, skipping pixels where hidden(x, y) says the pointer is)."""
    window = app.mine_window
    geometry = window.canvas.geometry
    sprite = geometry.sprite(cell, look)
    ox, oy = geometry.origin(cell)
    for x, y in outline(geometry, cell):
        want = sprite_pixel(sprite, x - ox, y - oy)
        if on_screen:
            sx, sy = window.field.ax + x, window.field.ay + y
            if hidden and hidden(sx, sy):
                continue
            got = pyxel.screen.pget(sx, sy)
        else:
            got = window.canvas.image.pget(x, y)
        if got != want:
            return False
    return True


def under_pointer(px, py):
    return lambda x, y: px <= x < px + 11 and py <= y < py + 11


@pytest.mark.parametrize("shape", SHAPED)
def test_expert_board_fits_the_lowres_window(make_app, shape):
    app, pilot = shaped_app(make_app, shape)
    window = app.mine_window
    assert window.x >= 0 and window.y >= 11
    assert window.x + window.w <= LOWRES[0] and window.y + window.h <= LOWRES[1]
    field = window.field
    assert (field.w, field.h) == window.canvas.geometry.pixel_size
    assert window.ax <= field.ax and field.ax + field.w <= window.ax + window.w
    assert field.ay + field.h <= window.ay + window.h
    assert (app.game.topology.width, app.game.topology.height) == (32, 16)


@pytest.mark.parametrize("shape", SHAPED)
def test_clicking_a_cells_middle_uncovers_that_cell(make_app, shape):
    app, pilot = shaped_app(make_app, shape)
    topology = app.game.topology
    first = topology.index(16, 8)
    click(app, pilot, first)
    assert app.game.is_open(first) and app.game.status is GameStatus.PLAYING
    # Then every safe covered cell of a row, one click each, by pixel.
    for col in range(topology.width):
        cell = topology.index(col, 3)
        if not app.game.is_open(cell) and not app.game.is_mine(cell):
            click(app, pilot, cell)
            assert app.game.is_open(cell), col
    assert app.game.status is GameStatus.PLAYING


@pytest.mark.parametrize("shape", SHAPED)
def test_drag_uncovers_the_cell_released_over_and_shows_it_pressed(make_app, shape):
    app, pilot = shaped_app(make_app, shape)
    topology = app.game.topology
    start, end = topology.index(10, 5), topology.index(11, 5)  # side by side; triangles: up then down
    pilot.move(*cell_xy(app, start))
    pilot.press(LEFT)
    x, y = cell_xy(app, start)
    assert app.mine_window.field.pressed_cells() == [start]
    assert shows(app, start, Cell.PRESSED, on_screen=True, hidden=under_pointer(x, y))
    assert shows(app, end, Cell.COVERED, on_screen=True, hidden=under_pointer(x, y))
    pilot.move(*cell_xy(app, end))
    assert app.mine_window.field.pressed_cells() == [end]
    pilot.release(LEFT)
    pilot.finish_ripple()
    assert app.game.is_open(end)


@pytest.mark.parametrize("shape", SHAPED)
def test_right_click_marks_and_the_canvas_shows_the_mark(make_app, shape):
    app, pilot = shaped_app(make_app, shape)
    topology = app.game.topology
    click(app, pilot, topology.index(16, 8))
    covered = [c for c in topology.cells() if not app.game.is_open(c)]
    for cell in (covered[0], covered[1], covered[-1]):  # both orientations, both ends
        click(app, pilot, cell, RIGHT)
        assert app.game.mark(cell) == Mark.MINE
        assert shows(app, cell, Cell.FLAG)
        click(app, pilot, cell, RIGHT)
        assert app.game.mark(cell) == Mark.QUESTION
        assert shows(app, cell, Cell.QUESTION)
        click(app, pilot, cell, RIGHT)
        assert app.game.mark(cell) == Mark.NONE
        assert shows(app, cell, Cell.COVERED)
    park_pointer(pilot)
    assert shows(app, covered[1], Cell.COVERED, on_screen=True)


def a_number_to_clear(game):
    """An open number with covered neighbours that are not all mines."""
    topology = game.topology
    for cell in topology.cells():
        if game.is_open(cell) and game.number(cell) > 0:
            covered = [n for n in topology.neighbours[cell] if not game.is_open(n)]
            if any(not game.is_mine(n) for n in covered):
                return cell
    raise AssertionError("no number to clear around")


@pytest.mark.parametrize("shape", SHAPED)
def test_clear_around_shows_neighbours_pressed_and_opens_them(make_app, shape):
    app, pilot = shaped_app(make_app, shape)
    game = app.game
    click(app, pilot, game.topology.index(16, 8))
    number = a_number_to_clear(game)
    neighbours = game.topology.neighbours[number]
    for cell in neighbours:
        if game.is_mine(cell):
            click(app, pilot, cell, RIGHT)
    waiting = [c for c in neighbours if not game.is_open(c) and game.mark(c) == Mark.NONE]
    pilot.move(*cell_xy(app, number))
    pilot.press(RIGHT)
    assert sorted(app.mine_window.field.pressed_cells()) == sorted(waiting)
    hidden = under_pointer(*cell_xy(app, number))
    assert all(shows(app, c, Cell.PRESSED, on_screen=True, hidden=hidden) for c in waiting)
    pilot.release(RIGHT)
    pilot.finish_ripple()
    assert all(game.is_open(c) or game.mark(c) == Mark.MINE for c in neighbours)
    assert game.status is not GameStatus.LOST


@pytest.mark.parametrize("shape", SHAPED)
def test_keys_act_on_the_cell_under_the_pointer(make_app, shape):
    app, pilot = shaped_app(make_app, shape)
    game = app.game
    first = game.topology.index(3, 3)
    pilot.move(*cell_xy(app, first))
    pilot.key(pyxel.KEY_U)
    assert game.is_open(first)
    pilot.finish_ripple()
    target = next(c for c in game.topology.cells() if not game.is_open(c))
    pilot.move(*cell_xy(app, target))
    pilot.key(pyxel.KEY_M)
    assert game.mark(target) == Mark.MINE
    pilot.key(pyxel.KEY_G)
    assert game.mark(target) == Mark.QUESTION


@pytest.mark.parametrize("shape", SHAPED)
def test_numbers_are_drawn_with_their_own_sprite(make_app, shape):
    app, pilot = shaped_app(make_app, shape)
    game = app.game
    click(app, pilot, game.topology.index(16, 8))
    park_pointer(pilot)
    numbers = [c for c in game.topology.cells() if game.is_open(c) and game.number(c) > 0]
    assert numbers
    for cell in numbers:
        assert shows(app, cell, number_cell(game.number(cell))), cell
        assert shows(app, cell, number_cell(game.number(cell)), on_screen=True), cell
    blanks = [c for c in game.topology.cells() if game.is_open(c) and game.number(c) == 0]
    assert all(shows(app, c, Cell.UNCOVERED) for c in blanks)
    covered = [c for c in game.topology.cells() if not game.is_open(c)]
    assert all(shows(app, c, Cell.COVERED) for c in covered)


@pytest.mark.parametrize(("shape", "n"), [(s, n) for s in SHAPED for n in range(1, s.max_neighbours + 1)])
def test_every_number_is_drawn_in_its_pen(art, shape, n):
    """Painted onto a board, each number's ink is its Kickstart 3 pen (which the
    Kickstart 2 look turns black), in the middle of the cell."""
    geometry = geometry_for(make_topology(shape, 3, 2))
    w, h = geometry.pixel_size
    image = pyxel.Image(w, h)
    for cell in geometry.topology.cells():
        image.cls(BACKDROP)
        geometry.blit_cell(image, cell, number_cell(n))
        ink = {(x, y) for x, y in outline(geometry, cell) if image.pget(x, y) == Pen.NUM1 + n - 1}
        assert len(ink) >= 5
        cx, cy = geometry.centre(cell)
        assert all(abs(x - cx) <= 4 and abs(y - cy) <= 4 for x, y in ink), (cell, sorted(ink))


@pytest.mark.parametrize("shape", SHAPED)
def test_kickstart2_look_draws_numbers_in_the_text_pen(make_app, shape):
    app, pilot = shaped_app(make_app, shape, look=Look.KICKSTART2)
    game = app.game
    click(app, pilot, game.topology.index(16, 8))
    park_pointer(pilot)
    cell = next(c for c in game.topology.cells() if game.is_open(c) and game.number(c) > 0)
    field, geometry = app.mine_window.field, app.mine_window.canvas.geometry
    ink = [
        pyxel.screen.pget(field.ax + x, field.ay + y)
        for x, y in outline(geometry, cell)
        if app.mine_window.canvas.image.pget(x, y) == Pen.NUM1 + game.number(cell) - 1
    ]
    assert ink and set(ink) == {Pen.BLACK}


@pytest.mark.parametrize("shape", SHAPED)
def test_hint_marks_are_drawn_in_the_cells_shape(make_app, shape):
    app, pilot = shaped_app(make_app, shape)
    game = app.game
    click(app, pilot, game.topology.index(16, 8))
    park_pointer(pilot)
    covered = [c for c in game.topology.cells() if not game.is_open(c)]
    safe, mine = covered[0], covered[1]
    app.mine_window.hints.marks.update({safe: SquareVerdict.SAFE, mine: SquareVerdict.MINE})
    pilot.step()
    assert shows(app, safe, Cell.HINT_SAFE, on_screen=True)
    assert shows(app, mine, Cell.HINT_MINE, on_screen=True)


@pytest.mark.parametrize("shape", SHAPED)
def test_a_loss_shows_mines_in_the_cells_shape(make_app, shape):
    app, pilot = shaped_app(make_app, shape)
    game = app.game
    click(app, pilot, game.topology.index(16, 8))
    wrong = next(c for c in game.topology.cells() if not game.is_open(c) and not game.is_mine(c))
    click(app, pilot, wrong, RIGHT)
    hit = next(c for c in game.topology.cells() if game.is_mine(c))
    click(app, pilot, hit)
    assert game.status is GameStatus.LOST
    pilot.step(30)
    assert shows(app, hit, Cell.MINE_HIT)
    assert shows(app, wrong, Cell.WRONG_MARK)
    other = next(c for c in game.topology.cells() if game.is_mine(c) and c != hit and game.mark(c) == Mark.NONE)
    assert shows(app, other, Cell.MINE)


@pytest.mark.parametrize("shape", SHAPED)
def test_clicks_between_ragged_edges_do_nothing(make_app, shape):
    """Pixels of the field's rectangle outside every cell (the ragged edges)."""
    app, pilot = shaped_app(make_app, shape)
    geometry = app.mine_window.canvas.geometry
    w, h = geometry.pixel_size
    field = app.mine_window.field
    gaps = [(x, y) for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)) if geometry.cell_at(x, y) is None]
    assert gaps
    for x, y in gaps:
        pilot.click(field.ax + x, field.ay + y)
    assert not any(app.game.is_open(c) for c in app.game.topology.cells())


@pytest.mark.parametrize("shape", list(Shape))
def test_the_middle_of_every_cell_holds_a_hint_square(shape):
    """The 4x4 square around centre() (where the Hint menu shades a cell) lies
    inside the cell."""
    geometry = geometry_for(make_topology(shape, 4, 3))
    for cell in geometry.topology.cells():
        cx, cy = geometry.centre(cell)
        square = {(cx + dx, cy + dy) for dx in range(-2, 2) for dy in range(-2, 2)}
        assert {geometry.cell_at(x, y) for x, y in square} == {cell}, cell
