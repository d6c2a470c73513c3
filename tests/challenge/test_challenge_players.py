"""The bundled players: the solver-backed reference wins, the naive one is the yardstick."""

from __future__ import annotations

import pytest

from amigasweeper.challenge import ChallengeConfig, Outcome, play_game, run_challenge
from amigasweeper.challenge.players import naive, solver
from amigasweeper.engine import Shape, make_topology

TRIANGLES = ChallengeConfig(size=10, bombs=15, games=40, seed=7)


@pytest.fixture(scope="module")
def reports():
    """Both players on the same 40 seeded triangle boards, with and without a safe first move."""
    found = {}
    for safe_first in (False, True):
        config = ChallengeConfig(size=10, bombs=15, games=40, seed=7, safe_first=safe_first)
        for player in (solver, naive):
            found[player.__name__, safe_first] = run_challenge(player, config)
    return found


@pytest.mark.parametrize("safe_first", [False, True])
def test_the_reference_player_wins_most_triangle_boards(reports, safe_first):
    report = reports["solver", safe_first]
    # 15% bombs on 10x10 triangles: it wins about 65% under the seed's rule
    # (a first move loses 15% of the time) and about 85% with a safe first move.
    assert report.wins >= (22 if not safe_first else 30), report.outcomes()


@pytest.mark.parametrize("safe_first", [False, True])
def test_the_reference_player_only_loses_by_guessing(reports, safe_first):
    # Its marks are proofs, so it never marks wrongly, never gives up, never crashes.
    for record in reports["solver", safe_first].records:
        assert record.outcome in (Outcome.WON, Outcome.HIT_BOMB), record
        assert not record.error
        if safe_first and record.outcome is Outcome.HIT_BOMB:
            assert record.moves > 1


@pytest.mark.parametrize("safe_first", [False, True])
def test_the_naive_player_scores_worse(reports, safe_first):
    smart, simple = reports["solver", safe_first], reports["naive", safe_first]
    assert simple.wins < smart.wins
    assert simple.score < smart.score
    assert all(r.outcome in (Outcome.WON, Outcome.HIT_BOMB, Outcome.WRONG_MARK) for r in simple.records)


def test_the_reference_player_is_deterministic():
    config = ChallengeConfig(size=8, bombs=10, games=6, seed=3)
    first = [(r.outcome, r.moves) for r in run_challenge(solver, config).records]
    assert first == [(r.outcome, r.moves) for r in run_challenge(solver, config).records]


@pytest.mark.parametrize("shape, size, bombs", [(Shape.SQUARE, 9, 10), (Shape.HEX, 10, 14)])
def test_the_reference_player_plays_other_shapes(shape, size, bombs):
    report = run_challenge(solver, ChallengeConfig(shape=shape, size=size, bombs=bombs, games=20, seed=2,
                                                   safe_first=True))
    assert report.wins >= 14 and not report.errors(), report.outcomes()


def test_the_reference_player_opens_in_a_corner():
    config = ChallengeConfig(size=10, bombs=15, seed=1)
    game = config.new_game(0)
    first = []

    def spy(row, col, mark):
        first.append((row, col, mark))
        raise StopIteration  # end the game after one look

    with pytest.raises(StopIteration):
        solver(config.size, config.bombs, game.board, spy)
    corners = {divmod(c, config.size) for c in make_topology(Shape.TRIANGLE, 10, 10).corners()}
    assert first[0][:2] in corners and first[0][2] is False


def test_the_reference_player_marks_a_board_of_bombs_without_playing():
    record = play_game(solver, ChallengeConfig(size=3, bombs=9), 0)
    assert record.outcome is Outcome.WON and record.moves == 9


def test_the_reference_player_takes_over_a_game_in_progress():
    config = ChallengeConfig(size=10, bombs=15, seed=4, safe_first=True)
    for index in range(5):
        game = config.new_game(index)
        game.make_move(5, 5, False)  # someone else made the first move
        solver(config.size, config.bombs, game.board, game.make_move)
        assert game.outcome in (Outcome.WON, Outcome.HIT_BOMB)


def test_the_reference_player_returns_at_once_from_a_finished_board():
    game = ChallengeConfig(size=2, bombs=4).new_game(0)
    for cell in range(4):
        game.make_move(*divmod(cell, 2), True)
    solver(2, 4, game.board, game.make_move)  # must neither loop nor move
    assert game.outcome is Outcome.WON and game.moves == 4
