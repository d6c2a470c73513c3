"""`amigasweeper --audit FILE`: each guess with its odds and the best odds, the luck, the verdict, and
what is not audited (no-guess boards) or only assumed (another program's rule)."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from amigasweeper.__main__ import main
from amigasweeper.engine import GameSetup, Move, MoveKind
from amigasweeper.engine.layouts import LayoutKind
from amigasweeper.replay.audit import LayingRule, audit_recording
from amigasweeper.replay.events import EventKind, InputEvent, Result
from amigasweeper.replay.files import replay_bytes
from amigasweeper.replay.recording import Recording
from amigasweeper.replay.scripted import ScriptedPlayer

SAMPLES = Path(__file__).parent / "samples"


def recording(setup: GameSetup, mines: set[int], moves: list[tuple[MoveKind, int]], software: str | None = None,
              result: Result = Result.WON) -> Recording:
    events = tuple(InputEvent(100 * n, EventKind.PRESS, cell=cell, moves=(Move(kind, cell),))
                   for n, (kind, cell) in enumerate(moves))
    extra = {} if software is None else {"software": software}
    return Recording(setup, frozenset(mines), events, result, 1000, **extra)


# A 4x4 board, mines at 0 and 15. Uncovering 5 shows a 1 (only 0 touches it) and opens nothing more.
SMALL = GameSetup(width=4, height=4, mines=2)
MINES = {0, 15}


def brute_safe(setup, mines_total, shown: dict[int, int], squares) -> Fraction:
    """The chance every square of ``squares`` is safe, over the layouts that fit the numbers shown
    and leave the first square uncovered safe."""
    topology = setup.topology
    fits = safe = 0
    for layout in itertools.combinations(range(topology.size), mines_total):
        mines = set(layout)
        if any(c in mines or sum(n in mines for n in topology.neighbours[c]) != v for c, v in shown.items()):
            continue
        fits += 1
        safe += not mines & set(squares)
    return Fraction(safe, fits)


def test_the_first_square_is_safe_by_the_rule_and_a_guess_gets_its_exact_odds_and_the_best():
    audit = audit_recording(recording(SMALL, MINES, [(MoveKind.UNCOVER, 5), (MoveKind.UNCOVER, 14)]))
    assert audit.rule is LayingRule.OURS and audit.proved == 1
    (guess,) = audit.guesses
    assert guess.move == 2 and guess.safe and guess.opened == (14,)
    assert guess.p == brute_safe(SMALL, 2, {5: 1}, [14])
    best = max(brute_safe(SMALL, 2, {5: 1}, [c]) for c in range(16) if c != 5)
    assert guess.best == best and guess.safest == (guess.p >= best)


def test_a_chord_is_one_move_whose_odds_are_that_every_square_it_opens_is_safe():
    # 5 shows 1; a flag on 4 (wrong: the mine is at 0) lets a chord on 5 open 0, 1, 2, 6, 8, 9, 10.
    moves = [(MoveKind.UNCOVER, 5), (MoveKind.MARK, 4), (MoveKind.CLEAR, 5)]
    audit = audit_recording(recording(SMALL, MINES, moves, result=Result.LOST))
    (chord,) = audit.guesses
    assert chord.kind is MoveKind.CLEAR and set(chord.opened) == {0, 1, 2, 6, 8, 9, 10}
    assert not chord.safe
    # The flag is not a fact: the odds are the same as if 4 were only covered, so 4 may hold the mine.
    assert chord.p == brute_safe(SMALL, 2, {5: 1}, chord.opened) == Fraction(1, 8)


def test_flags_change_no_odds():
    plain = audit_recording(recording(SMALL, MINES, [(MoveKind.UNCOVER, 5), (MoveKind.UNCOVER, 14)]))
    flagged = audit_recording(recording(SMALL, MINES, [(MoveKind.UNCOVER, 5), (MoveKind.MARK, 1), (MoveKind.MARK, 9),
                                                       (MoveKind.UNCOVER, 14)]))
    assert [g.p for g in flagged.guesses] == [g.p for g in plain.guesses]
    assert [g.best for g in flagged.guesses] == [g.best for g in plain.guesses]


def test_a_clairvoyant_person_is_flagged_and_an_honest_random_one_is_not():
    """One game is short: a seer who opens every safe square of a crowded board, in a random order,
    passes 10^3 (flagged at α = 0.001); a blind clicker is not."""
    setup = GameSetup(width=10, height=10, mines=35)
    rng = random.Random(4)
    mines = set(rng.sample(range(100), 35))
    safe = [c for c in range(100) if c not in mines]
    rng.shuffle(safe)
    seer = audit_recording(recording(setup, mines, [(MoveKind.UNCOVER, c) for c in safe]), alpha=1e-3)
    assert seer.flagged and seer.log10_max >= 3 and seer.luck.audited > 20
    assert all(g.safe for g in seer.guesses)
    for seed in range(5):
        order = random.Random(seed).sample(range(100), 100)
        order.insert(0, order.pop(order.index(safe[seed])))  # the first square is safe, by the rule
        blind = audit_recording(recording(setup, mines, [(MoveKind.UNCOVER, c) for c in order], result=Result.LOST),
                                alpha=1e-3)
        assert not blind.flagged and blind.guesses and not blind.guesses[-1].safe


def test_a_no_guess_board_is_not_audited_and_says_why(tmp_path, capsys):
    setup = GameSetup(width=4, height=4, mines=2, layout=LayoutKind.NO_GUESS)
    audit = audit_recording(recording(setup, MINES, [(MoveKind.UNCOVER, 5), (MoveKind.UNCOVER, 14)]))
    assert audit.rule is LayingRule.NO_GUESS and not audit.audited and not audit.guesses
    assert main(["--audit", str(SAMPLES / "metasweeper_v3_beginner.evf")]) == 0
    out = capsys.readouterr().out
    assert "a no-guess board" in out and "verdict: not audited" in out


def test_another_programs_file_says_the_rule_it_assumes(capsys):
    assert main(["--audit", str(SAMPLES / "clone_expert.mvf")]) == 0
    out = capsys.readouterr().out
    assert "the file does not say how" in out and "assumed uniformly at random" in out
    assert "flags: a person's flags are never checked" in out
    assert "the safest square was 91.3%" in out and "verdict: no sign of more than luck" in out
    assert "probability at most 1e-06" in out
    # Squares by the names the game gives them everywhere (column 18, row 6 is R6; column 30, AD).
    assert "move   2 at 0.18 s: uncover R6: 79.2% safe" in out and "uncover AD16: 50.0% safe" in out


def test_our_own_replay_file_is_audited_with_our_rule(tmp_path, capsys):
    played = ScriptedPlayer(GameSetup(width=9, height=9, mines=10, seed=12), seed=3).play()
    path = tmp_path / "game.evf"
    path.write_bytes(replay_bytes(played))
    assert main(["--audit", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    here = audit_recording(played)
    assert data["rule"] == "ours" and data["audited"] is True and here.rule is LayingRule.OURS
    assert data["moves_proved"] == here.proved >= 1
    assert data["moves_audited"] == here.luck.audited
    assert [g["p"] for g in data["guesses"]] == [None if g.p is None else float(g.p) for g in here.guesses]
    assert data["log10_e"] == pytest.approx(here.log10_e)


@pytest.mark.parametrize("argv, status, message", [
    (["--audit"], 2, "FILE"), (["--audit", "x.evf", "--alpha", "0"], 2, "--alpha is a probability"),
    (["--audit", "/no/such/file.evf"], 1, "amigasweeper --audit: error:")])
def test_bad_arguments_and_unreadable_files(capsys, argv, status, message):
    assert main(argv) == status
    assert message in capsys.readouterr().err


def test_a_file_that_is_no_replay_is_refused_with_status_1(tmp_path, capsys):
    path = tmp_path / "not.evf"
    path.write_bytes(b"\xff not a replay")
    assert main(["--audit", str(path)]) == 1
    assert "amigasweeper --audit: error:" in capsys.readouterr().err
