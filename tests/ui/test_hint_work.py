"""The Hint menu never holds a frame up: the solver's work is spread over frames,
the old shading stays with the busy pointer, and estimates say they are.

The hints' clock is the solver's work meter (one unit of work = a microsecond),
so a frame's budget is a budget of work: the tests count work and frames, never time.
"""

from __future__ import annotations

import random

import pytest
import pyxel

from amigasweeper.engine import LevelName
from amigasweeper.play.assist import assist as assist_module
from amigasweeper.play.assist import frames as frames_module
from amigasweeper.play.assist import position as position_work
from amigasweeper.play.assist.answers import SquareVerdict
from amigasweeper.play.played import Action
from amigasweeper.solver import all_certain
from amigasweeper.solver import analysis as analysis_module
from amigasweeper.solver.cdcl import WORK_PER_PAUSE
from amigasweeper.solver.constraints import constraints_of
from amigasweeper.solver.counting import clear_cache
from amigasweeper.solver.deadlines import CHUNK, METER
from amigasweeper.solver.propagate import PAIRS_PER_PAUSE, propagate
from amigasweeper.ui.intuition.atlas import POINTER, WAIT_POINTER
from amigasweeper.ui.intuition.palette import Pen
from amigasweeper.ui.screenbar import legend_x as app_legend_x

UNIT = 1e-6
FRAME_WORK = 200  # a frame's share of the work in these tests: small, so that counts span frames


@pytest.fixture(autouse=True)
def small_frames(monkeypatch):
    monkeypatch.setattr(frames_module, "FRAME_BUDGET", FRAME_WORK * UNIT)


def crowded_expert(make_app, opens=120):
    """Expert with scores of safe squares uncovered at random: a long frontier, many squares
    provable, and (with these seeds) a count of about 9,000 units of work."""
    app, pilot = make_app(level=LevelName.EXPERT, seed=21)
    app.mine_window.hints.clock = METER.clock(UNIT)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    game = app.game
    rng = random.Random(1)
    safe = [c for c in game.topology.cells() if not game.is_mine(c)]
    rng.shuffle(safe)
    for cell in safe[:opens]:
        if not game.is_open(cell):
            app.mine_window.act(Action.UNCOVER, cell)
    app.mine_window.canvas.finish_ripple()
    clear_cache()
    analysis_module._CUTS.found.clear()
    return app, pilot


def pointer_sprite_drawn(x: int, y: int, pointer) -> bool:
    sprite = pointer.sprite
    image = pyxel.images[sprite.bank]
    for dy in range(sprite.h):
        for dx in range(sprite.w):
            colour = image.pget(sprite.x + dx, sprite.y + dy)
            if colour != pointer.colkey and pyxel.screen.pget(x - pointer.hot_x + dx, y - pointer.hot_y + dy) != colour:
                return False
    return True


def test_probabilities_are_counted_over_frames_with_the_busy_pointer(make_app):
    app, pilot = crowded_expert(make_app)
    hints = app.mine_window.hints
    pilot.move(300, 240)
    pilot.key(pyxel.KEY_W, amiga=True)
    frames, work = 0, []
    while hints.work is None or hints.work.analysis is None:
        assert app.screen.busy and pointer_sprite_drawn(300, 240, WAIT_POINTER)
        before = METER.work
        pilot.step()
        work.append(METER.work - before)
        frames += 1
        assert frames < 500
    assert frames > 3  # this position takes many frames' work ...
    assert max(work) <= FRAME_WORK + max(CHUNK, PAIRS_PER_PAUSE, WORK_PER_PAUSE)  # ... and no frame more than its share
    assert not app.screen.busy and pointer_sprite_drawn(300, 240, POINTER)
    chances = hints.shading().chances
    assert all((chances[c] is None) == (app.game.is_open(c) or app.game.mark(c) != 0) for c in app.game.topology.cells())


def test_the_old_shading_stays_while_the_next_is_counted(make_app):
    app, pilot = crowded_expert(make_app)
    hints = app.mine_window.hints
    pilot.key(pyxel.KEY_W, amiga=True)
    while hints.work.analysis is None:
        pilot.step()
    old = list(hints.shading().chances)
    game = app.game
    cell = next(c for c in game.topology.cells() if not game.is_mine(c) and not game.is_open(c) and old[c] not in (0.0, None))
    clear_cache()
    analysis_module._CUTS.found.clear()
    app.mine_window.act(Action.UNCOVER, cell)
    pilot.step()
    if hints.work.analysis is None:  # still counting: the board keeps the old shading
        assert app.screen.busy
        assert hints.shading().chances == old
    while hints.work.analysis is None:
        pilot.step()
    assert hints.shading().chances != old


def test_over_its_patience_the_shading_is_an_estimate_and_says_so(make_app, monkeypatch):
    monkeypatch.setattr(position_work, "PATIENCE", 300 * UNIT)
    app, pilot = crowded_expert(make_app)
    hints = app.mine_window.hints
    view = app.game.player_view()
    proved = propagate(constraints_of(view.topology, view.cells))
    assert len(proved.safe) > 50
    pilot.key(pyxel.KEY_W, amiga=True)
    while hints.work.analysis is None:
        pilot.step()
    assert hints.estimated and not hints.work.analysis.exact
    chances = hints.shading().chances
    assert all(chances[c] == 0.0 for c in proved.safe)  # the proofs still stand ...
    assert all(chances[c] == 1.0 for c in proved.mines)
    assert all(not app.game.is_mine(c) for c in proved.safe)
    guess = next(c for c in view.topology.cells() if chances[c] is not None and 0.0 < chances[c] < 1.0)
    assert "(estimate)" in hints.chance_text(guess)  # ... and the rest say what they are
    assert hints.chance_text(min(proved.safe)).startswith("Mine chance 0.0%")
    pilot.move(*pilot.cell_xy(guess))
    assert app.screen_title() in (hints.chance_text(guess) + "   ") * 2  # scrolling through the bar
    legend_x = app_legend_x(app.screen.w, estimated=True)
    mark = [(x, y) for x in range(legend_x, legend_x + 32) for y in range(1, 9)]
    assert any(pyxel.screen.pget(x, y) == Pen.BLACK for x, y in mark)  # "est." in the bar, before the key


def test_a_hint_that_needs_a_count_comes_a_few_frames_later(make_app, monkeypatch):
    app, pilot = crowded_expert(make_app, opens=0)
    hints = app.mine_window.hints
    monkeypatch.setattr(assist_module, "simple_hint", lambda view: None)  # as if rules 1-4 found nothing
    pilot.key(pyxel.KEY_H, amiga=True)
    for _ in range(200):
        if hints.message:
            break
        assert hints.pending
        pilot.step()
    assert hints.message.startswith(("Rule 5", "Rule 6", "No square is certain"))
    for cell, kind in hints.marks.items():
        assert app.game.is_mine(cell) == (kind is SquareVerdict.MINE)


@pytest.mark.parametrize("level", [LevelName.EXPERT])
def test_the_demo_waits_for_the_count_without_holding_a_frame(make_app, level):
    app, pilot = make_app(level=level, seed=3)
    hints = app.mine_window.hints
    hints.clock = METER.clock(UNIT)
    pilot.key(pyxel.KEY_W, amiga=True)
    pilot.key(pyxel.KEY_Y, amiga=True)
    worst = 0
    for _ in range(300):
        if app.game.status.over:
            break
        before = METER.work
        pilot.step()
        worst = max(worst, METER.work - before)
    assert app.game.status.over or len(app.game.moves) > 20
    assert worst <= FRAME_WORK + max(CHUNK, PAIRS_PER_PAUSE) or worst == 0


def test_every_square_the_hints_can_settle_is_shaded_0_or_100_even_in_an_estimate(make_app, monkeypatch):
    # Patience so short that the count gives estimates: the estimate path runs.
    monkeypatch.setattr(position_work, "PATIENCE", 300 * UNIT)
    monkeypatch.setattr(position_work, "PREVIEW", 2 * FRAME_WORK * UNIT)
    app, pilot = crowded_expert(make_app)
    hints, game = app.mine_window.hints, app.game
    view = game.player_view()
    settled = all_certain(view)  # rules 1-6 with all the time they need
    assert settled.exact and len(settled.safe) > 50 and len(settled.mines) > 30
    clear_cache()
    analysis_module._CUTS.found.clear()
    pilot.key(pyxel.KEY_W, amiga=True)
    stages, frames, work = [], 0, []
    while hints.work.analysis is None:
        before = METER.work
        pilot.step()
        work.append(METER.work - before)
        frames += 1
        chances = hints.shading().chances
        if any(p is not None for p in chances) and (not stages or stages[-1] is not chances):
            stages.append(chances)
    assert hints.estimated and not hints.work.analysis.exact
    # The settling is spread over frames like the counts: no frame does much more than its share.
    assert max(work) <= FRAME_WORK + 2 * max(CHUNK, PAIRS_PER_PAUSE, WORK_PER_PAUSE), max(work)
    stages.append(hints.shading().chances)
    assert len(stages) >= 3  # the settled squares, the sketch, the count
    first = stages[0]
    assert all(p in (0.0, 1.0, None) for p in first)  # the first shading shows proofs only ...
    assert sum(p is not None for p in first) > 50
    for chances in stages:  # ... and no stage ever shows a settled square on the wrong side
        assert all(chances[c] in (0.0, None) for c in settled.safe)
        assert all(chances[c] in (1.0, None) for c in settled.mines)
    final = stages[-1]
    assert all(final[c] == 0.0 for c in settled.safe) and all(final[c] == 1.0 for c in settled.mines)
    assert all(0.0 < p < 1.0 for c, p in enumerate(final) if p is not None and c not in settled.safe | settled.mines)
    # Show Safe and Mines reads the same count: it names every settled square.
    hints.show_safe_and_mines()
    assert {c for c, kind in hints.marks.items() if kind is SquareVerdict.SAFE} == set(settled.safe)
    assert {c for c, kind in hints.marks.items() if kind is SquareVerdict.MINE} == set(settled.mines)
