"""A frame's solver budget covers all of the solver's work in it, the Demo's
guesses are worked out in the frames it waits (and are the player's own), and
the cycle collector is kept off what lives for good.

The hints' clock is injected (the work meter, or a clock the test moves), so
these tests count work and frames, never time.
"""

from __future__ import annotations

import gc

import pytest
import pyxel

from amigasweeper.engine import LevelName
from amigasweeper.play.assist import frames as frames_module
from amigasweeper.play.assist import position as position_module
from amigasweeper.solver import best_move
from amigasweeper.solver.deadlines import METER
from amigasweeper.ui import collector

UNIT = 1e-6


class HandClock:
    """A clock that moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_building_a_new_positions_frontier_comes_out_of_the_frames_budget(make_app, monkeypatch):
    app, pilot = make_app(level=LevelName.EXPERT, seed=3)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    hints = app.mine_window.hints
    clock = hints.clock = HandClock()
    built = position_module.PositionWork.__init__

    def slow_build(work, game, work_clock):
        built(work, game, work_clock)
        clock.now += frames_module.FRAME_BUDGET  # as if building the frontier took the whole budget

    monkeypatch.setattr(position_module.PositionWork, "__init__", slow_build)
    hints.show_probabilities = True
    hints.tick()
    assert hints.work is not None and hints.work._job.steps == 0  # nothing more in this frame
    hints.tick()
    assert hints.work._job.steps > 0  # the next frame counts


def test_a_frame_that_gave_its_budget_to_a_hint_does_not_count_again_in_its_update(make_app):
    app, pilot = make_app(level=LevelName.EXPERT, seed=3)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    hints = app.mine_window.hints
    clock = hints.clock = HandClock()
    hints.show_probabilities = True
    hints._slice()  # as a Hint asked in this frame does
    steps = hints.work._job.steps
    clock.now += frames_module.FRAME_BUDGET
    hints.frames.spent += frames_module.FRAME_BUDGET  # the Hint's slice used the budget up
    hints.tick()  # the frame's own tick: nothing left for it
    assert hints.work._job.steps == steps


@pytest.mark.parametrize("strong", [False, True], ids=["default", "strong demo"])
def test_the_demo_works_out_its_guesses_while_it_waits_and_they_are_the_players(make_app, strong):
    app, pilot = make_app(level=LevelName.EXPERT, seed=3)
    hints = app.mine_window.hints
    if strong:
        app.commands.toggle_strong_demo()  # Hint > Strong Demo: the look-ahead player's guesses
    hints.clock = METER.clock(UNIT)
    demo_step = hints.demo_step
    planned_moves, thinking_in_move_frames = [], []

    def watched():
        game = app.game
        planned = hints.current.is_for(game) and hints.demo.planned() is not None
        view, before = game.player_view(), METER.total
        move = demo_step()
        if move is not None and planned:
            planned_moves.append((view, move.square))
            thinking_in_move_frames.append(METER.total - before)
        return move

    hints.demo_step = watched
    pilot.key(pyxel.KEY_Y, amiga=True)
    for _ in range(3000):
        if app.game.status.over or len(planned_moves) >= 4:
            break
        pilot.step()
    assert planned_moves, "the Demo met no guess to work out ahead"
    assert thinking_in_move_frames == [0] * len(planned_moves)  # the move frame only plays the move
    for view, cell in planned_moves:
        assert best_move(view, look_ahead=strong or None).cell == cell  # the same square the player picks with time to spare
    pilot.key(pyxel.KEY_SPACE)


@pytest.fixture
def thawed():
    """Leave the collector as other tests expect it: nothing frozen."""
    yield
    gc.unfreeze()
    collector._STATE.frames_left = None
    collector._STATE.started = False


def test_what_start_up_made_is_frozen_and_a_thaw_freezes_again_a_few_frames_later(thawed):
    collector.freeze_long_lived()
    assert gc.get_freeze_count() > 0
    collector.thaw()
    assert gc.get_freeze_count() == 0
    for _ in range(collector.SETTLE_FRAMES - 1):
        collector.tick()
    assert gc.get_freeze_count() == 0  # the closed page has time to go first
    collector.tick()
    assert gc.get_freeze_count() > 0


def test_closing_the_guide_viewer_thaws_and_the_frames_freeze_again(app_pilot, thawed):
    app, pilot = app_pilot
    collector.freeze_long_lived()
    pilot.key(pyxel.KEY_F1)
    viewer = app.viewer
    assert viewer is not None
    viewer.close()
    assert gc.get_freeze_count() == 0
    pilot.step(collector.SETTLE_FRAMES)
    assert gc.get_freeze_count() > 0 and app.viewer is None


def test_the_shading_worked_out_once_follows_the_window_and_the_board(make_app, monkeypatch):
    from amigasweeper.ui.game.shading_legend import KICKSTART3_STEPS, step_of

    app, pilot = make_app(level=LevelName.EXPERT, seed=3)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    hints, window, game = app.mine_window.hints, app.mine_window, app.game
    field = window.field
    pilot.key(pyxel.KEY_W, amiga=True)
    while hints.work is None or hints.work.analysis is None:
        pilot.step()
    chances = hints.shading().chances
    cell = next(c for c in game.topology.cells() if chances[c] is not None and 0 < chances[c] < 1)

    def corner(cell: int) -> tuple[int, int]:
        """Where the square's shading starts on the screen now."""
        cx, cy = window.canvas.geometry.centre(cell)
        return field.ax + cx - 2, field.ay + cy - 2

    def shaded(cell: int) -> bool:
        x, y = corner(cell)
        listed = (x, y, step_of(chances[cell]), True) in field.shaded_squares()  # settled: the count was exact
        return listed and pyxel.screen.pget(x + 1, y + 1) == KICKSTART3_STEPS[step_of(chances[cell])]

    pilot.step()
    assert shaded(cell)
    before = field.ax
    window.x += 3  # the window moves: the shading goes with it
    pilot.step()
    assert field.ax == before + 3 and shaded(cell)
    hints.frames.budget = 0.0  # the next count will not come in
    assert game.toggle_mark(cell).accepted  # a mark on the square: its shading goes at once ...
    pilot.step()
    assert hints.shading().chances is chances and not shaded(cell)  # ... with the old chances still shown
