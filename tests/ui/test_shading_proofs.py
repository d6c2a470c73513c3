"""The probability shading never contradicts a proof, at any frame, on any shape.

The real program runs headless with Show Probabilities on over crowded
boards, frame by frame through the hints' own per-frame work (the clock is
the solver's work meter, so a frame's budget is a budget of work), and every
frame's shading is checked against an independent SAT solver
(tests/sat_checker.py) that knows the numbers and the mine total:

* a square shown settled is never one the checker contradicts (a settled 0%
  or 100% must be proved so; a settled chance in between must not be provable);
* a square the checker proves is never shown with any value but its proof
  (it may be not shaded yet, while the solver works);
* once the count is done, every square the checker proves is shown settled;
* on screen, a settled square is a filled swatch and an estimate a hollow one.
"""

from __future__ import annotations

import random

import pytest
import pyxel
from sat_checker import proved_by_checker

from amigasweeper.engine import LevelName, Shape
from amigasweeper.play.assist import frames as frames_module
from amigasweeper.play.assist import position as position_work
from amigasweeper.play.played import Action
from amigasweeper.solver.counting import clear_cache
from amigasweeper.solver.deadlines import METER
from amigasweeper.ui.game.shading_legend import KICKSTART3_STEPS, step_of
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.palette import Pen

UNIT = 1e-6
FRAME_WORK = 10_000  # a frame's share of the work here: the slow counts and the decision still span many frames

BOARDS = [  # shape, width, height, mines, squares uncovered at random, seed, counted within a frame or two
    (Shape.SQUARE, 32, 32, 400, 250, 2, False),
    (Shape.HEX, 32, 16, 190, 150, 0, True),  # six neighbours: small components, however crowded
    (Shape.TRIANGLE, 32, 16, 190, 110, 0, False),
]


@pytest.fixture(autouse=True)
def frames_of_work(monkeypatch):
    monkeypatch.setattr(frames_module, "FRAME_BUDGET", FRAME_WORK * UNIT)
    monkeypatch.setattr(position_work, "PATIENCE", 100_000 * UNIT)  # the counts give up sooner: the estimate path runs


def crowded(make_app, shape, width, height, mines, opens, seed, quick=False):
    app, pilot = make_app(level=LevelName.EXPERT, seed=seed, screen=ScreenMode.HIRES)
    app.session.set_shape(shape)
    app.session.choose_custom(width, height, mines)
    app.mine_window.relayout()
    app.mine_window.hints.clock = METER.clock(UNIT)
    game = app.game
    app.mine_window.act(Action.UNCOVER, game.topology.size // 2)
    safe = [c for c in game.topology.cells() if not game.is_mine(c)]
    random.Random(seed).shuffle(safe)
    for cell in safe[:opens]:
        if not game.is_open(cell):
            app.mine_window.act(Action.UNCOVER, cell)
    app.mine_window.canvas.finish_ripple()
    assert not game.status.over
    clear_cache()
    pilot.move(2, 250)
    return app, pilot


def check_frame(shading, game, safe: set[int], mines: set[int]) -> int:
    """Every shaded square against the checker; the number of squares shown settled."""
    settled_count = 0
    for cell, (chance, settled) in enumerate(zip(shading.chances, shading.settled)):
        if chance is None or game.is_open(cell) or game.mark(cell):
            continue
        proof = 0.0 if cell in safe else 1.0 if cell in mines else None
        if proof is not None:
            assert chance == proof and settled, (cell, chance, proof)  # a provable square shows its proof or nothing
        elif settled:
            assert 0.0 < chance < 1.0, (cell, chance)  # no settled 0% or 100% the checker can refute
        settled_count += settled
    return settled_count


def swatch_is(field, geometry, cell: int, chance: float, settled: bool) -> bool:
    cx, cy = geometry.centre(cell)
    x, y = field.ax + cx - 2, field.ay + cy - 2
    colour = KICKSTART3_STEPS[step_of(chance)]
    ring = pyxel.screen.pget(x, y) == colour
    middle = pyxel.screen.pget(x + 1, y + 1)
    return ring and middle == (colour if settled else Pen.GREY)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"{b[0].value}-{b[1]}x{b[2]}-{b[3]}")
def test_every_frame_of_the_shading_agrees_with_an_independent_checker(make_app, board):
    app, pilot = crowded(make_app, *board)
    hints, game, field = app.mine_window.hints, app.game, app.mine_window.field
    safe, mines = proved_by_checker(game.player_view())
    assert len(safe) + len(mines) > 20
    pilot.key(pyxel.KEY_W, amiga=True)
    frames, seen_open, seen_partial = 0, False, False
    while hints.work.analysis is None:
        pilot.step()
        frames += 1
        assert frames < 5_000
        shading = hints.shading()
        settled = check_frame(shading, game, safe, mines)
        shown = sum(chance is not None for chance in shading.chances)
        seen_partial |= 0 < settled < shown  # proofs and estimates on the board together
        seen_open |= shading.estimated
    shading = hints.shading()
    check_frame(shading, game, safe, mines)
    assert all(shading.settled[c] and shading.chances[c] == 0.0 for c in safe)  # the count is done: every proof shows
    assert all(shading.settled[c] and shading.chances[c] == 1.0 for c in mines)
    if not board[-1]:
        assert frames > 20 and seen_open and seen_partial  # the stages were there to be checked
    geometry = app.mine_window.canvas.geometry
    drawn = [c for c, p in enumerate(shading.chances) if p is not None and not game.is_open(c) and not game.mark(c)]
    assert all(swatch_is(field, geometry, c, shading.chances[c], shading.settled[c]) for c in drawn)
    assert any(not shading.settled[c] for c in drawn) == hints.estimated


def test_after_a_move_the_old_shading_is_shown_as_estimates_until_the_new_one_comes(make_app):
    app, pilot = crowded(make_app, *BOARDS[0])
    hints, game, field = app.mine_window.hints, app.game, app.mine_window.field
    pilot.key(pyxel.KEY_W, amiga=True)
    while hints.work.analysis is None:
        pilot.step()
    old = hints.shading()
    cell = next(c for c in game.topology.cells() if not game.is_open(c) and old.chances[c] == 0.0)
    clear_cache()
    app.mine_window.act(Action.UNCOVER, cell)
    pilot.step()
    geometry = app.mine_window.canvas.geometry
    stale_frames = 0
    while hints.work.shading is None:
        shading = hints.shading()
        assert shading.chances is old.chances and not any(shading.settled)  # another position's proofs: no longer final
        assert hints.estimated
        drawn = [c for c, p in enumerate(shading.chances) if p is not None and not game.is_open(c) and not game.mark(c)]
        assert drawn and all(swatch_is(field, geometry, c, shading.chances[c], False) for c in drawn)  # all hollow
        stale_frames += 1
        pilot.step()
    assert stale_frames > 0
