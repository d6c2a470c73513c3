"""No-guess boards, each proved by an independent check through the engine and the public hint API."""

import random

import pytest

from amigasweeper.engine import Game, GameSetup, GameStatus, LayoutKind, Shape, make_topology
from amigasweeper.solver import all_certain
from amigasweeper.solver.noguess import generate_no_guess, no_guess_layout


def solved_without_guessing(shape, width, height, mines, first):
    """Play the board with all_certain only; True if it is won without a guess."""
    game = Game.with_mines(GameSetup(width=width, height=height, mines=len(mines), shape=shape), mines)
    game.uncover(first)
    while game.status is GameStatus.PLAYING:
        certain = all_certain(game.player_view())
        assert certain.consistent
        if not certain.safe:
            return False
        for cell in sorted(certain.safe):
            game.uncover(cell)
    return game.status is GameStatus.WON


@pytest.mark.parametrize(
    "shape, width, height, mines",
    [(Shape.SQUARE, 9, 9, 10), (Shape.SQUARE, 16, 16, 40), (Shape.SQUARE, 32, 16, 99), (Shape.HEX, 16, 12, 40), (Shape.TRIANGLE, 16, 12, 30)],
)
def test_generated_boards_need_no_guess(shape, width, height, mines):
    topology = make_topology(shape, width, height)
    for seed in range(4):
        first = random.Random(seed).randrange(topology.size)
        board = generate_no_guess(topology, mines, first, random.Random(seed))
        assert board.proven and len(board.mines) == mines and first not in board.mines
        assert not set(topology.neighbours[first]) & board.mines  # the game opens with an area
        assert solved_without_guessing(shape, width, height, board.mines, first)


def test_generation_is_deterministic():
    topology = make_topology(Shape.SQUARE, 16, 16)
    boards = [no_guess_layout(topology, 40, 17, random.Random(99)) for _ in range(2)]
    assert boards[0] == boards[1]


def test_the_engine_makes_no_guess_games():
    setup = GameSetup(width=16, height=16, mines=40, seed=4, layout=LayoutKind.NO_GUESS)
    game = Game(setup)
    game.uncover(0)
    assert game.status is GameStatus.PLAYING
    assert solved_without_guessing(Shape.SQUARE, 16, 16, game.mine_cells(), 0)


def test_crowded_boards_still_keep_the_first_square_safe():
    topology = make_topology(Shape.SQUARE, 5, 5)
    board = generate_no_guess(topology, 20, 12, random.Random(1))
    assert 12 not in board.mines and len(board.mines) == 20
