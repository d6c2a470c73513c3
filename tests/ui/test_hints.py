"""The Hint menu through the real app: hint, safe and mines, probabilities, demo."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus, LevelName, Shape
from amigasweeper.play.assist.answers import SquareVerdict
from amigasweeper.play.played import Help
from amigasweeper.ui.game.shading_legend import KICKSTART3_STEPS as RAMP
from amigasweeper.ui.intuition.atlas import Cell


def expert_in_progress(make_app):
    app, pilot = make_app(level=LevelName.EXPERT, seed=20)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    return app, pilot


def answered(app, pilot, most: int = 600) -> None:
    """Frames until the Hint menu's request is answered: the count runs in
    slices within each frame's budget, so on a loaded machine it may take a
    few frames more than the key press itself."""
    for _ in range(most):
        if not app.mine_window.hints.pending:
            return
        pilot.step()
    raise AssertionError(f"no answer after {most} frames")


def test_hint_names_the_rule_and_marks_what_it_proves(make_app):
    app, pilot = expert_in_progress(make_app)
    pilot.key(pyxel.KEY_H, amiga=True)
    answered(app, pilot)
    hints = app.mine_window.hints
    assert hints.message.startswith("Rule ")
    assert hints.marks
    for cell, kind in hints.marks.items():
        assert app.game.is_mine(cell) == (kind is SquareVerdict.MINE)
    assert app.session.played.helped  # the game knows: no best time, and its replay says so
    assert app.session.played.helps == {Help.HINT}  # and which kind of help it was
    shown = app.screen_title()
    assert shown in (hints.message + "   ") * 2  # the message, scrolling through the bar if long


def test_show_safe_and_mines_marks_only_truths_until_the_next_move(make_app):
    app, pilot = expert_in_progress(make_app)
    pilot.key(pyxel.KEY_S, amiga=True)
    answered(app, pilot)
    marks = dict(app.mine_window.hints.marks)
    assert marks and app.session.played.helps == {Help.SAFE_AND_MINES}
    assert all(app.game.is_mine(c) == (k is SquareVerdict.MINE) for c, k in marks.items())
    pilot.move(300, 240)
    field = app.mine_window.field
    safe = next(c for c, k in marks.items() if k is SquareVerdict.SAFE)
    ox, oy = app.mine_window.canvas.geometry.origin(safe)
    sprite = Cell.HINT_SAFE.sprite
    assert pyxel.screen.pget(field.ax + ox + 3, field.ay + oy + 3) == pyxel.images[sprite.bank].pget(
        sprite.x + 3, sprite.y + 3
    )
    pilot.click_cell(safe)
    assert not app.mine_window.hints.marks


def test_probabilities_shade_squares_and_name_the_chance_under_the_pointer(make_app):
    app, pilot = expert_in_progress(make_app)
    pilot.key(pyxel.KEY_W, amiga=True)
    covered = next(c for c in app.game.topology.cells() if not app.game.is_open(c))
    pilot.move(*pilot.cell_xy(covered))
    assert app.screen_title().startswith("Mine chance ")
    field = app.mine_window.field
    ox, oy = app.mine_window.canvas.geometry.origin(covered)
    assert pyxel.screen.pget(field.ax + ox + 2, field.ay + oy + 2) in RAMP
    pilot.key(pyxel.KEY_W, amiga=True)
    assert not app.mine_window.hints.show_probabilities and app.session.played.helps == {Help.PROBABILITIES}


def test_a_game_with_a_hint_does_not_enter_best_times(make_app, win_game):
    app, pilot = make_app(seed=5)
    pilot.key(pyxel.KEY_H, amiga=True)
    win_game(app, pilot)
    assert app.game.status is GameStatus.WON
    assert not app.requesters
    assert app.storage.best_times["beginner"].seconds == 999


def test_demo_plays_until_the_end_or_a_key(make_app):
    app, pilot = make_app(seed=7)
    pilot.key(pyxel.KEY_Y, amiga=True)
    assert app.mine_window.hints.demo.on and app.session.played.helps == {Help.DEMO}
    pilot.step(40)
    assert app.game.status is not GameStatus.READY
    pilot.key(pyxel.KEY_SPACE)
    assert not app.mine_window.hints.demo.on
    moves = len(app.game.moves)
    pilot.step(40)
    assert len(app.game.moves) == moves
    pilot.key(pyxel.KEY_Y, amiga=True)
    for _ in range(200):
        pilot.step(10)
        if app.game.status.over:
            break
    assert app.game.status.over and not app.mine_window.hints.demo.on


@pytest.mark.parametrize("shape", [Shape.HEX, Shape.TRIANGLE])
def test_hints_and_demo_on_other_shapes(make_app, shape):
    app, pilot = make_app(seed=11, level=LevelName.INTERMEDIATE)
    app.commands.choose_shape(shape)
    pilot.key(pyxel.KEY_Y, amiga=True)  # Demo opens the board
    pilot.step(30)
    pilot.key(pyxel.KEY_SPACE)
    if app.game.status.over:
        return
    pilot.key(pyxel.KEY_S, amiga=True)
    for cell, kind in app.mine_window.hints.marks.items():
        assert app.game.is_mine(cell) == (kind is SquareVerdict.MINE)
    pilot.key(pyxel.KEY_Y, amiga=True)
    for _ in range(300):
        pilot.step(10)
        if app.game.status.over:
            break
    assert app.game.status.over


def test_demo_marks_the_mines_when_the_completion_mode_needs_them(make_app):
    from amigasweeper.engine import Completion

    app, pilot = make_app(seed=3)
    app.commands.choose_completion(Completion.ALL_MINES)
    pilot.key(pyxel.KEY_Y, amiga=True)
    for _ in range(400):
        pilot.step(10)
        if app.game.status.over:
            break
    game = app.game
    assert game.status.over
    if game.status is GameStatus.WON:
        assert all(game.mark(c) == 1 for c in game.topology.cells() if game.is_mine(c))
