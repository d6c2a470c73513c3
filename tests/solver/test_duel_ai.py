"""The Duel's computer opponent: sound choices, determinism, and strengths that rank."""

from __future__ import annotations

import random

import pytest

from amigasweeper.engine import COVERED, PlayerView, Shape, make_topology
from amigasweeper.engine.duel import Duel
from amigasweeper.engine.duel_moves import DuelMove, DuelMoveKind, DuelPoints, DuelSetup
from amigasweeper.engine.view import KNOWN_SAFE
from amigasweeper.solver import all_certain
from amigasweeper.solver.duel_ai import DuelAI, Strength, guess_value, play_duel, rough_chances

UNCOVER, GUESS = DuelMoveKind.UNCOVER, DuelMoveKind.GUESS
POINTS = DuelPoints()


def midgame_duels(count: int, seed: int = 0):
    """Duels stopped after a random number of random legal moves, never over."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        duel = Duel(DuelSetup(seed=rng.randrange(10**6)))
        for _ in range(rng.randrange(2, 40)):
            covered = [c for c in duel.topology.cells() if not duel.is_visible(c)]
            cell = rng.choice(covered)
            guess = rng.random() < 0.4 and cell not in duel.wrong_guesses(duel.turn)
            duel.play(DuelMove(duel.turn, GUESS if guess else UNCOVER, cell))
            if duel.over:
                break
        if not duel.over:
            found.append(duel)
    return found


@pytest.fixture(scope="module")
def positions():
    """Sixty mid-game Duels, made once for the tests that need them (and not at
    import, where they cost every collection of the suite several seconds)."""
    return midgame_duels(60)


def match(strong: Strength, weak: Strength, games: int) -> list[int]:
    """[strong's wins, weak's wins, draws], the first move alternating."""
    tally = [0, 0, 0]
    for seed in range(games):
        players = [DuelAI(strong, random.Random(seed)), DuelAI(weak, random.Random(seed + 1))]
        first = seed % 2
        duel = play_duel(DuelSetup(seed=seed), (players[first], players[1 - first]))
        winner = duel.winner
        tally[2 if winner is None else (0 if winner == first else 1)] += 1
    return tally


def test_guessing_pays_above_two_in_seven():
    assert guess_value(POINTS, 2 / 7) == pytest.approx(0.0)
    assert guess_value(POINTS, 1.0) == 5 and guess_value(POINTS, 0.0) == -2


@pytest.mark.parametrize("strength", [Strength.NORMAL, Strength.HARD])
@pytest.mark.slow
def test_never_uncovers_a_certain_mine_and_always_takes_one(strength, positions):
    ai = DuelAI(strength)
    took = 0
    for duel in positions:
        view = duel.private_view(duel.turn)
        choice = ai.choose(view, POINTS)
        mines = all_certain(view).mines
        assert view.cells[choice.cell] in (COVERED, KNOWN_SAFE)
        if choice.kind is UNCOVER:
            assert choice.cell not in mines
        if mines:
            assert choice.kind is GUESS and choice.cell in mines
            took += 1
    assert took >= 5, "the sample should hold positions with a certain mine"


@pytest.mark.slow
def test_easy_never_uncovers_a_mine_it_can_see(positions):
    ai = DuelAI(Strength.EASY, random.Random(4))
    for duel in positions:
        view = duel.private_view(duel.turn)
        choice = ai.choose(view, POINTS)
        if choice.kind is UNCOVER:
            assert rough_chances(view).get(choice.cell, 0.0) < 1.0


@pytest.mark.parametrize("strength", [Strength.NORMAL, Strength.HARD])
def test_its_own_wrong_guesses_count_as_safe(strength):
    """One mine, the inner ring safe by the 0, every border square but one a wrong guess of its own."""
    topology = make_topology(Shape.SQUARE, 5, 5)
    cells = [COVERED] * 25
    cells[12] = 0
    border = [c for c in topology.cells() if len(topology.neighbours[c]) < 8]
    for cell in border[1:]:
        cells[cell] = KNOWN_SAFE
    choice = DuelAI(strength).choose(PlayerView(topology, 1, tuple(cells)), POINTS)
    assert (choice.kind, choice.cell) == (GUESS, border[0])


@pytest.mark.parametrize("strength", list(Strength))
def test_it_decides_from_the_view_alone(strength):
    """Two boards that look the same give the same decision."""
    first, second = Duel(DuelSetup(seed=1)), Duel(DuelSetup(seed=2))
    assert first.public_view() == second.public_view()
    one = DuelAI(strength, random.Random(9)).move(first)
    other = DuelAI(strength, random.Random(9)).move(second)
    assert one == other


@pytest.mark.slow
def test_the_same_seed_plays_the_same_game():
    def game(seed):
        players = (DuelAI(Strength.EASY, random.Random(seed)), DuelAI(Strength.HARD, random.Random(seed)))
        return play_duel(DuelSetup(seed=3), players).moves

    assert game(5) == game(5)
    assert game(5) != game(6)


@pytest.mark.parametrize("shape", [Shape.HEX, Shape.TRIANGLE])
def test_it_plays_every_shape_to_the_end(shape):
    duel = play_duel(DuelSetup(shape=shape, seed=4), (DuelAI(Strength.HARD), DuelAI(Strength.EASY, random.Random(1))))
    assert duel.over
    assert duel.mines_hidden == 0


@pytest.mark.slow
def test_hard_beats_easy_in_most_games():
    wins, losses, draws = match(Strength.HARD, Strength.EASY, 40)
    assert wins >= 34, (wins, losses, draws)


@pytest.mark.slow
def test_hard_beats_normal_more_often_than_not():
    wins, losses, draws = match(Strength.HARD, Strength.NORMAL, 40)
    assert wins >= 26, (wins, losses, draws)
