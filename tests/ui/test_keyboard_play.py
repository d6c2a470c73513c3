"""Keyboard play in the MineSweeper window (issue 32): a board cursor every
square can be reached with on every shape, keys that uncover, mark and clear
around it, played through play/ as the 2.4 keys are, and drawn as a 3.1
keyboard focus (a complement frame)."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus, Mark, Shape
from amigasweeper.replay import EventKind
from amigasweeper.ui.game.keyplay import edge_pixels, moved
from amigasweeper.ui.intuition.gfx import complement
from amigasweeper.ui.intuition.input import Button

SHAPES = (Shape.SQUARE, Shape.HEX, Shape.TRIANGLE)


def shaped(make_app, shape):
    app, pilot = make_app()
    if shape is not Shape.SQUARE:
        app.commands.choose_shape(shape)
    assert app.game.topology.shape is shape
    return app, pilot


def cursor(app):
    return app.mine_window.cursor


@pytest.mark.parametrize("shape", SHAPES)
def test_the_cursor_keys_reach_every_square_of_every_shape(make_app, shape):
    app, pilot = shaped(make_app, shape)
    topology = app.game.topology
    pilot.key(pyxel.KEY_RIGHT)  # the first key only shows the cursor, at A1
    assert cursor(app).shown and cursor(app).cell == 0
    seen = {cursor(app).cell}
    for row in range(topology.height):
        for _ in range(topology.width - 1):
            pilot.key(pyxel.KEY_LEFT if row % 2 else pyxel.KEY_RIGHT)
            seen.add(cursor(app).cell)
        pilot.key(pyxel.KEY_DOWN)
        seen.add(cursor(app).cell)
    assert seen == set(topology.cells())
    assert app.game.status is GameStatus.READY  # moving plays nothing


@pytest.mark.parametrize("shape", SHAPES)
def test_home_end_and_the_page_keys_reach_the_edges_and_corners(make_app, shape):
    app, pilot = shaped(make_app, shape)
    topology = app.game.topology
    last_col, last_row = topology.width - 1, topology.height - 1
    pilot.key(pyxel.KEY_DOWN)
    for key, shift, place in [
        (pyxel.KEY_DOWN, False, (0, 1)),
        (pyxel.KEY_END, False, (last_col, 1)),
        (pyxel.KEY_PAGEDOWN, False, (last_col, last_row)),
        (pyxel.KEY_HOME, False, (0, last_row)),
        (pyxel.KEY_PAGEUP, False, (0, 0)),
        (pyxel.KEY_END, True, (last_col, last_row)),
        (pyxel.KEY_HOME, True, (0, 0)),
        (pyxel.KEY_UP, False, (0, 0)),  # the edge holds it
        (pyxel.KEY_LEFT, False, (0, 0)),
    ]:
        pilot.key(key, shift=shift)
        assert topology.coords(cursor(app).cell) == place, (key, shift)


def test_moved_stays_on_the_grid():
    assert moved(0, 0, 8, 8, pyxel.KEY_LEFT, False) == (0, 0)
    assert moved(7, 7, 8, 8, pyxel.KEY_RIGHT, False) == (7, 7)
    assert moved(3, 4, 8, 8, pyxel.KEY_END, True) == (7, 7)
    assert moved(3, 4, 8, 8, pyxel.KEY_PAGEUP, False) == (3, 0)


def walk_to(pilot, app, cell):
    topology = app.game.topology
    col, row = topology.coords(cell)
    pilot.key(pyxel.KEY_HOME, shift=True)
    for _ in range(col):
        pilot.key(pyxel.KEY_RIGHT)
    for _ in range(row):
        pilot.key(pyxel.KEY_DOWN)
    assert cursor(app).cell == cell


@pytest.mark.parametrize("shape", SHAPES)
def test_space_uncovers_return_marks_and_c_clears_around(make_app, shape):
    app, pilot = shaped(make_app, shape)
    game = app.game
    topology = game.topology
    start = topology.index(topology.width // 2, topology.height // 2)
    pilot.key(pyxel.KEY_SPACE)  # shows the cursor and plays nothing
    assert cursor(app).shown and game.status is GameStatus.READY
    walk_to(pilot, app, start)
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    assert game.is_open(start) and game.status is GameStatus.PLAYING
    number = next(c for c in topology.cells() if game.is_open(c) and game.tile(c) > 0
                  and any(not game.is_open(n) and not game.is_mine(n) for n in topology.neighbours[c]))
    for mine in (n for n in topology.neighbours[number] if game.is_mine(n) and game.mark(n) != Mark.MINE):
        walk_to(pilot, app, mine)
        pilot.key(pyxel.KEY_RETURN)
        assert game.mark(mine) == Mark.MINE
    walk_to(pilot, app, number)
    pilot.key(pyxel.KEY_C)
    pilot.finish_ripple()
    assert all(game.is_open(n) for n in topology.neighbours[number] if not game.is_mine(n))


def test_the_2_4_keys_still_act_under_the_pointer_with_the_cursor_shown(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_RIGHT)
    target = pilot.cell_at(6, 6)
    pilot.move(*pilot.cell_xy(target))
    pilot.key(pyxel.KEY_M)
    assert app.game.mark(target) == Mark.MINE and app.game.mark(cursor(app).cell) == Mark.NONE


def test_a_mouse_press_on_the_field_hides_the_cursor(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_DOWN)
    assert cursor(app).shown
    pilot.click_cell(pilot.cell_at(3, 3))
    assert not cursor(app).shown


def test_keys_with_an_amiga_key_never_move_the_cursor(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_DOWN)
    pilot.key(pyxel.KEY_DOWN, amiga=True)  # the keyboard mouse moves the pointer instead
    assert cursor(app).cell == 0


def test_a_game_played_by_keys_is_recorded_as_clicks_on_its_squares(app_pilot):
    app, pilot = app_pilot
    got = []
    keep = app.session.on_end
    app.session.on_end = lambda end: (got.append(end.recording), keep(end))
    game = app.game
    pilot.key(pyxel.KEY_RIGHT)
    walk_to(pilot, app, pilot.cell_at(3, 3))
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    covered = next(c for c in game.topology.cells() if not game.is_open(c))
    walk_to(pilot, app, covered)
    pilot.key(pyxel.KEY_RETURN)
    app.session.new_game()
    keys = [(e.click.value, e.cell) for e in got[0].events if e.kind is EventKind.KEY]
    assert keys == [("left", pilot.cell_at(3, 3)), ("right", covered)]


def test_paused_the_keys_do_nothing(app_pilot):
    app, pilot = app_pilot
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.key(pyxel.KEY_P)
    pilot.key(pyxel.KEY_RIGHT)
    assert not cursor(app).shown


@pytest.mark.parametrize("shape", SHAPES)
def test_the_cursor_is_a_complement_frame_inside_the_square(make_app, shape):
    app, pilot = shaped(make_app, shape)
    field = app.mine_window.field
    geometry = app.mine_window.canvas.geometry
    cell = app.game.topology.index(2, 2)
    frame = edge_pixels(geometry, cell)
    assert frame and all(geometry.cell_at(x, y) == cell for x, y in frame)
    pilot.move(300, 240)  # the pointer away from the board
    before = [pyxel.screen.pget(field.ax + x, field.ay + y) for x, y in frame]
    walk_to(pilot, app, cell)
    after = [pyxel.screen.pget(field.ax + x, field.ay + y) for x, y in frame]
    assert after == [complement(pen) for pen in before]
    pilot.click_cell(cell, Button.RIGHT)  # the mouse plays (a mark): the frame goes
    assert app.game.mark(cell) == Mark.MINE and not cursor(app).shown


def test_a_keyboard_game_goes_into_evf_as_clicks_on_its_squares(app_pilot):
    from amigasweeper.replay.evf import to_evf
    from amigasweeper.replay.files import parse_replay

    app, pilot = app_pilot
    got = []
    keep = app.session.on_end
    app.session.on_end = lambda end: (got.append(end.recording), keep(end))
    pilot.move(300, 240)  # the pointer far from the board: only the keys say where
    pilot.key(pyxel.KEY_RIGHT)
    walk_to(pilot, app, pilot.cell_at(3, 2))
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    game = app.game
    covered = next(c for c in game.topology.cells() if not game.is_open(c))
    walk_to(pilot, app, covered)
    pilot.key(pyxel.KEY_RETURN)
    app.session.new_game()
    back = parse_replay(to_evf(got[0]))
    presses = [(e.button.value, e.cell) for e in back.events if e.kind is EventKind.PRESS]
    assert presses == [("left", pilot.cell_at(3, 2)), ("right", covered)]
