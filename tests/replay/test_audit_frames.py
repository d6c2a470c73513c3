"""The luck audit made over frames (replay/audit_frames.py): the whole-file audit's numbers a move at a
time, the words the Replay window's status line says at each event, stepping from guess to guess, the
Statistics window's figures, and the files it cannot audit."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from amigasweeper.engine import GameSetup, MoveKind
from amigasweeper.engine.layouts import LayoutKind
from amigasweeper.replay import load_replay
from amigasweeper.replay.audit import audit_recording
from amigasweeper.replay.audit_frames import (
    COUNTING,
    NO_GUESSES,
    NOT_AUDITED,
    FrameAudit,
    GuessSummary,
    Stage,
    summary_lines,
)
from amigasweeper.replay.events import Result
from amigasweeper.replay.scripted import ScriptedPlayer

from .test_replay_audit import MINES, SMALL, brute_safe, recording

SAMPLES = Path(__file__).parent / "samples"


def run(frames: FrameAudit) -> int:
    """Tick with no time to spare (one move a tick) until done: the ticks it took."""
    ticks = 0
    while not frames.tick(0.0):
        ticks += 1
        assert ticks < 100_000
    return ticks + 1


def same(a, b) -> None:
    assert a.rule is b.rule and a.proved == b.proved and a.guesses == b.guesses
    assert a.luck == b.luck and a.log10_max == b.log10_max and a.log10_e == b.log10_e


@pytest.mark.parametrize("seed", range(4))
def test_a_scripted_game_sliced_gives_the_whole_files_numbers(seed):
    played = ScriptedPlayer(GameSetup(width=9, height=9, mines=10, seed=seed), seed=seed).play()
    whole = audit_recording(played)
    frames = FrameAudit(played)
    assert frames.status(-1) == COUNTING and frames.guess_at(5) is None and frames.next_guess(-1) is None
    ticks = run(frames)
    same(frames.audit, whole)
    opening_moves = whole.proved + len(whole.guesses)
    assert ticks > len(whole.guesses)  # a yield after each guess at least: it was cut in slices
    assert ticks >= opening_moves - whole.proved  # never all at once
    for guess in whole.guesses:  # each guess knows the event that played it
        event = played.events[guess.event]
        assert any(m.cell == guess.cell and m.kind is guess.kind for m in event.moves) and event.t_ms == guess.t_ms


def test_another_programs_file_sliced_gives_the_same_numbers():
    clone = load_replay(SAMPLES / "clone_expert.mvf")
    frames = FrameAudit(clone)
    run(frames)
    same(frames.audit, audit_recording(clone))
    assert frames.audit.guesses  # this file has guesses: the comparison above is not empty


def test_the_status_line_at_each_event_and_stepping_from_guess_to_guess():
    # 5 shows a 1; 14 is a guess (event 1); a mark (event 2); 12 is a guess too (event 3).
    moves = [(MoveKind.UNCOVER, 5), (MoveKind.UNCOVER, 14), (MoveKind.MARK, 0), (MoveKind.UNCOVER, 12)]
    game = recording(SMALL, MINES, moves)
    frames = FrameAudit(game)
    run(frames)
    first, second = frames.audit.guesses
    assert (first.event, second.event) == (1, 3)
    assert frames.guess_at(-1) is None and frames.status(-1) == "2 guesses: G goes to the first"
    assert frames.guess_at(0) == (first, Stage.NEXT)
    assert frames.guess_at(1) == (first, Stage.PLAYED)
    assert frames.guess_at(2) == (second, Stage.NEXT)
    assert frames.guess_at(3) == (second, Stage.PLAYED)
    assert frames.guess_at(9) == (second, Stage.EARLIER)
    best = f"{float(first.best):.0%}"
    words = (f"{float(first.p):.0%} safe; the safest there was" if first.safest
             else f"{float(first.p):.0%} safe; the safest square was {best}")
    assert frames.status(0) == f"Guess 1/2 next: {words}"
    assert frames.status(1) == f"Guess 1/2: {words}"
    # Stepping: to the board before each guess, both ways, and nothing past the ends.
    assert frames.next_guess(-1) is first and frames.next_guess(0) is second and frames.next_guess(2) is None
    assert frames.previous_guess(3) is second and frames.previous_guess(2) is first
    assert frames.previous_guess(0) is None


def test_a_guess_that_hit_a_mine_says_so_and_odds_are_exact():
    game = recording(SMALL, MINES, [(MoveKind.UNCOVER, 5), (MoveKind.UNCOVER, 15)], result=Result.LOST)
    frames = FrameAudit(game)
    run(frames)
    (guess,) = frames.audit.guesses
    assert not guess.safe and guess.p == brute_safe(SMALL, 2, {5: 1}, [15])
    assert frames.status(1).endswith(": a mine")
    assert not frames.status(5).endswith(": a mine")  # later, the latest guess is named without its end


def test_summary_figures_of_a_game():
    moves = [(MoveKind.UNCOVER, 5), (MoveKind.UNCOVER, 14), (MoveKind.MARK, 0), (MoveKind.UNCOVER, 12)]
    audit = audit_recording(recording(SMALL, MINES, moves))
    s = GuessSummary.of(audit)
    assert (s.count, s.weighed, s.judged) == (2, 2, 2)
    assert s.safest == sum(1 for g in audit.guesses if g.p >= g.best)
    assert s.mean_p == pytest.approx(sum(float(g.p) for g in audit.guesses) / 2)
    assert s.log10_e == audit.log10_e and s.flagged is False
    lines = summary_lines(audit)
    assert lines[0] == "Guesses: 2" and lines[1] == f"The safest square available: {s.safest} of 2"
    assert lines[2] == f"Mean odds: {s.mean_p:.0%} safe"
    assert lines[3] == f"Luck total: log10 {audit.log10_e:+.2f} (highest {audit.log10_max:+.2f})"
    assert lines[4] == "Verdict: no sign of more than luck"


def test_a_seer_is_called_luckier_than_chance_allows():
    setup = GameSetup(width=10, height=10, mines=35)
    rng = random.Random(4)
    mines = set(rng.sample(range(100), 35))
    safe = [c for c in range(100) if c not in mines]
    rng.shuffle(safe)
    audit = audit_recording(recording(setup, mines, [(MoveKind.UNCOVER, c) for c in safe]), alpha=1e-3)
    assert audit.flagged and summary_lines(audit)[-1] == "Verdict: luckier than chance allows"


def test_no_guess_boards_and_games_without_guesses_say_so():
    no_guess = GameSetup(width=4, height=4, mines=2, layout=LayoutKind.NO_GUESS)
    frames = FrameAudit(recording(no_guess, MINES, [(MoveKind.UNCOVER, 5), (MoveKind.UNCOVER, 14)]))
    run(frames)
    assert frames.status(0) == NOT_AUDITED and summary_lines(frames.audit) == [NOT_AUDITED]
    assert frames.next_guess(-1) is None
    sure = FrameAudit(recording(SMALL, MINES, [(MoveKind.UNCOVER, 5)]))
    run(sure)
    assert sure.status(0) == NO_GUESSES and summary_lines(sure.audit) == [NO_GUESSES, "Moves proved safe: 1"]


def test_a_board_that_contradicts_itself_is_said_not_raised():
    # One mine by the header, two in the board: 1 and 14 each show a 1, with no square beside both.
    liar = GameSetup(width=4, height=4, mines=1)
    frames = FrameAudit(recording(liar, {0, 15}, [(MoveKind.UNCOVER, 1), (MoveKind.UNCOVER, 14),
                                                  (MoveKind.UNCOVER, 3)]))
    for _ in range(50):
        frames.tick(0.0)
    assert not frames.ready and frames.problem.startswith("Luck audit: not possible")
    assert frames.status(2) == frames.problem


def innermost(steps) -> str:
    """The generator a paused audit waits in: where the pause is."""
    while steps.gi_yieldfrom is not None:
        steps = steps.gi_yieldfrom
    return steps.gi_code.co_name


def slice_by_slice(game, budget: int | None = None) -> tuple[object, Counter]:
    """The audit run one yield at a time, every count forgotten at each pause (whatever the frame does
    between two slices): the audit, and how many pauses each generator made."""
    from amigasweeper.replay.audit import audit_steps
    from amigasweeper.solver.counting import clear_cache

    steps = audit_steps(game) if budget is None else audit_steps(game, budget=budget)
    pauses: Counter = Counter()
    clear_cache()  # nothing counted before: every count is made in pieces
    while True:
        try:
            next(steps)
        except StopIteration as done:
            clear_cache()
            return done.value, pauses
        pauses[innermost(steps)] += 1
        clear_cache()
        assert sum(pauses.values()) < 2_000_000  # each pause did a piece of the work: it ends


@pytest.mark.parametrize("name", ["clone_expert.mvf", "scripted 16x16"])
def test_a_moves_weighing_pauses_between_its_pieces_and_gives_the_same_numbers(name):
    """A move's weighing pauses after the components are found, after every chunk of a count, of the
    combining and after every box weighed, and goes on where it was: the whole audit's numbers, even
    with every count forgotten at every pause (a paused count is the audit's own, not the cache's)."""
    game = (load_replay(SAMPLES / name) if name.endswith(".mvf")
            else ScriptedPlayer(GameSetup(width=16, height=16, mines=40, seed=2), seed=2).play())
    paused, pauses = slice_by_slice(game)
    same(paused, audit_recording(game))
    assert paused.guesses and paused.luck.skipped == 0
    for piece in ("count_steps", "combine_steps", "_read_chances", "_chances_steps", "audit_steps"):
        assert pauses[piece] > 0, piece
    assert pauses["count_steps"] > len(paused.guesses)  # counts were cut, not only moves


def test_a_count_over_the_work_budget_is_let_go_in_pieces_and_skipped_alike():
    """A count that passes the work budget pauses while its lines are freed (at once, a large one held
    a frame 40 ms), and the move is skipped as the whole audit skips it."""
    game = ScriptedPlayer(GameSetup(width=30, height=16, mines=99, seed=4), seed=4).play()
    budget = 400
    paused, pauses = slice_by_slice(game, budget)
    whole = audit_recording(game, budget=budget)
    same(paused, whole)
    assert whole.luck.skipped > 0 and whole.luck.audited > 0
    assert pauses["count_steps"] > 0

