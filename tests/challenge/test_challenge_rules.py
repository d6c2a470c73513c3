"""The seed's move rules: one cell per move, final marks, a win only by marking every bomb."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amigasweeper.challenge import (
    BOMB,
    UNKNOWN,
    ChallengeError,
    ChallengeGame,
    GameOverError,
    KnownCellError,
    OffBoardError,
    Outcome,
    RuleViolation,
)
from amigasweeper.engine import Shape, make_topology

TRIANGLES = make_topology(Shape.TRIANGLE, 8, 8)


def new_game(bombs: int = 10, seed: int = 3, safe_first: bool = False, topology=TRIANGLES) -> ChallengeGame:
    return ChallengeGame(topology, bombs, random.Random(seed), safe_first)


def count_around(game: ChallengeGame, cell: int) -> int:
    bombs = game.bomb_cells()
    return sum(1 for n in game.topology.neighbours[cell] if n in bombs)


def move(game: ChallengeGame, cell: int, mark: bool):
    return game.make_move(*divmod(cell, game.topology.width), mark)


def test_the_seeds_board_values_as_signed_chars():
    assert UNKNOWN == -128 and BOMB == -1  # (char)0x80 and (char)0xFF
    game = new_game()
    assert game.board == [UNKNOWN] * 64


def test_playing_a_zero_opens_that_cell_only():
    game = new_game(bombs=3, seed=1)
    bombs = game.bomb_cells()
    zero = next(c for c in TRIANGLES.cells() if c not in bombs and count_around(game, c) == 0)
    reply = move(game, zero, False)
    assert reply == (3, False, False)
    assert game.board[zero] == 0
    assert sum(1 for v in game.board if v != UNKNOWN) == 1


def test_a_number_counts_all_twelve_triangle_neighbours():
    game = new_game(bombs=40, seed=5)
    bombs = game.bomb_cells()
    inner = next(c for c in TRIANGLES.cells() if len(TRIANGLES.neighbours[c]) == 12 and c not in bombs)
    move(game, inner, False)
    assert game.board[inner] == count_around(game, inner) > 0


def test_playing_a_bomb_loses_and_shows_it():
    game = new_game()
    bomb = min(game.bomb_cells())
    bombs_left, lose, win = move(game, bomb, False)
    assert (bombs_left, lose, win) == (10, True, False)
    assert game.board[bomb] == BOMB and game.outcome is Outcome.HIT_BOMB


def test_a_wrong_mark_loses_at_once():
    game = new_game()
    safe = next(c for c in TRIANGLES.cells() if c not in game.bomb_cells())
    _, lose, win = move(game, safe, True)
    assert lose and not win and game.outcome is Outcome.WRONG_MARK
    with pytest.raises(GameOverError):
        move(game, safe ^ 1, False)


def test_a_right_mark_shows_the_bomb_and_counts_down():
    game = new_game()
    bomb = min(game.bomb_cells())
    assert move(game, bomb, True) == (9, False, False)
    assert game.board[bomb] == BOMB


def test_uncovering_every_safe_cell_does_not_win_but_marking_every_bomb_does():
    game = new_game()
    bombs = sorted(game.bomb_cells())
    for cell in TRIANGLES.cells():
        if cell not in bombs:
            assert move(game, cell, False) == (10, False, False)
    for done, bomb in enumerate(bombs, 1):
        reply = move(game, bomb, True)
        assert reply == (10 - done, False, done == 10)
    assert game.outcome is Outcome.WON


def test_marking_every_bomb_wins_without_playing_a_cell():
    game = new_game()
    replies = [move(game, bomb, True) for bomb in sorted(game.bomb_cells())]
    assert replies[-1] == (0, False, True)
    with pytest.raises(GameOverError, match="over"):
        move(game, next(c for c in TRIANGLES.cells() if game.board[c] == UNKNOWN), False)


@pytest.mark.parametrize("row, col", [(-1, 0), (0, -1), (8, 0), (0, 8), (99, 99)])
def test_moves_off_the_board_are_refused(row, col):
    game = new_game()
    with pytest.raises(OffBoardError, match="off the board"):
        game.make_move(row, col, False)
    assert game.moves == 0 and game.board == [UNKNOWN] * 64


def test_a_row_must_be_a_whole_number():
    with pytest.raises(OffBoardError, match="whole numbers"):
        new_game().make_move(1.5, 0, False)


@pytest.mark.parametrize("which, mark", [("safe", False), ("safe", True), ("bomb", False), ("bomb", True)])
def test_a_move_on_a_known_cell_is_refused_and_costs_the_game(which, mark):
    game = new_game()
    safe = next(c for c in TRIANGLES.cells() if c not in game.bomb_cells())
    bomb = min(game.bomb_cells())
    move(game, safe, False)
    move(game, bomb, True)
    with pytest.raises(KnownCellError, match="already known"):
        move(game, safe if which == "safe" else bomb, mark)
    assert game.outcome is Outcome.RULE_VIOLATION and "KnownCellError" in game.violation
    assert game.moves == 2 and game.marked == 1  # the refused move changed nothing
    with pytest.raises(GameOverError, match="rule violation"):
        move(game, safe ^ 1, False)
    assert "KnownCellError" in game.violation  # the first rule broken is the one kept


def test_a_move_off_the_board_costs_the_game():
    game = new_game()
    with pytest.raises(OffBoardError):
        game.make_move(0, 8, True)
    assert game.outcome is Outcome.RULE_VIOLATION and game.reply() == (10, True, False)


def test_every_refusal_is_one_type_of_error():
    assert issubclass(ChallengeError, ValueError)
    for error in (GameOverError, OffBoardError, KnownCellError):
        assert issubclass(error, RuleViolation) and issubclass(error, ChallengeError)


def test_a_closed_game_refuses_moves_and_counts_as_unfinished():
    game = new_game()
    game.close()
    assert game.outcome is Outcome.UNFINISHED
    with pytest.raises(GameOverError):
        game.make_move(0, 0, False)


def test_bombs_that_do_not_fit_are_refused():
    with pytest.raises(ChallengeError):
        new_game(bombs=65)
    with pytest.raises(ChallengeError):
        new_game(bombs=64, safe_first=True)
    with pytest.raises(ChallengeError):
        new_game(bombs=0)


# -------------------------------------------------------------- first move
def test_the_seeds_rule_lays_bombs_before_the_first_move():
    # With 63 bombs on 64 cells the first move almost always loses.
    losses = sum(new_game(bombs=63, seed=seed).make_move(3, 3, False).you_lose for seed in range(20))
    assert losses >= 15


def test_the_safe_first_option_never_loses_on_the_first_cell():
    for seed in range(40):
        game = new_game(bombs=63, seed=seed, safe_first=True)
        assert game.bomb_cells() == frozenset()  # nothing laid yet
        first = seed % 64
        bombs_left, lose, win = move(game, first, False)
        assert (bombs_left, lose, win) == (63, False, False)
        assert game.bomb_cells() == frozenset(TRIANGLES.cells()) - {first}
        assert game.board[first] == count_around(game, first)


# ----------------------------------------------------------------- property
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), shape=st.sampled_from(list(Shape)), safe_first=st.booleans(),
       choices=st.lists(st.tuples(st.integers(0, 35), st.booleans()), min_size=1, max_size=60))
def test_each_accepted_move_changes_exactly_one_cell(seed, shape, safe_first, choices):
    topology = make_topology(shape, 6, 6)
    game = ChallengeGame(topology, 7, random.Random(seed), safe_first)
    for cell, mark in choices:
        before = list(game.board)
        try:
            reply = move(game, cell, mark)
        except KnownCellError:
            assert before[cell] != UNKNOWN and game.board == before
            assert game.outcome is Outcome.RULE_VIOLATION
            break
        except GameOverError:
            assert game.outcome.over
            break
        changed = [c for c in topology.cells() if game.board[c] != before[c]]
        assert changed == [cell]
        is_bomb = cell in game.bomb_cells()
        assert game.board[cell] == (BOMB if is_bomb else count_around(game, cell))
        assert reply.you_lose == (is_bomb != mark)
        assert reply.you_win == (game.marked == 7 and not reply.you_lose)
        assert reply.bombs_remaining == 7 - game.marked


def test_a_first_mark_is_not_protected_by_the_safe_first_option():
    # 63 bombs on 64 cells: a first mark is right unless it lands on the one safe cell.
    outcomes = {new_game(bombs=63, seed=seed, safe_first=True).make_move(0, 0, True).you_lose for seed in range(200)}
    assert outcomes == {False, True}
