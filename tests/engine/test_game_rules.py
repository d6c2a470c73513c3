"""The Game's rules, on boards drawn as text."""

import pytest

from amigasweeper.engine import (
    Completion,
    Game,
    GameSetup,
    GameStatus,
    Mark,
    Shape,
    Tile,
    make_topology,
)
from amigasweeper.engine.textboard import game_from_text, render


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def cell(game, col, row):
    return game.topology.index(col, row)


# ------------------------------------------------------------------ first move
@pytest.mark.parametrize("shape", list(Shape))
def test_first_uncover_is_never_a_mine_even_on_a_crowded_board(shape):
    topo = make_topology(shape, 6, 6)
    for seed in range(30):
        for first in (0, 14, 35):
            game = Game(GameSetup(width=6, height=6, mines=35, seed=seed, shape=shape))
            game.uncover(first)
            assert not game.is_mine(first)
            assert game.status is GameStatus.WON  # only one safe square: it is this one
            assert len(game.mine_cells()) == 35 == topo.size - 1


def test_same_seed_and_first_square_give_the_same_board():
    a = Game(GameSetup(width=16, height=16, mines=40, seed=7))
    b = Game(GameSetup(width=16, height=16, mines=40, seed=7))
    c = Game(GameSetup(width=16, height=16, mines=40, seed=8))
    for game in (a, b, c):
        game.uncover(100)
    assert a.mine_cells() == b.mine_cells() != c.mine_cells()


def test_placement_does_not_touch_the_global_rng():
    import random

    random.seed(1)
    expected = random.random()
    random.seed(1)
    Game(GameSetup(width=8, height=8, mines=10, seed=3)).uncover(0)
    assert random.random() == expected


# ------------------------------------------------------------------- uncover
def test_uncovering_a_number_shows_only_that_square():
    game = game_from_text(["*.", "..", ".."])
    result = game.uncover(cell(game, 1, 1))
    assert result.rings == [[cell(game, 1, 1)]]
    assert render(game) == "##\n#1\n##"


def test_blank_square_ripples_outward_ring_by_ring():
    game = game_from_text(
        """
        .....
        .....
        .....
        .....
        ....*
        """
    )
    result = game.uncover(0)
    assert [len(r) for r in result.rings] == [1, 3, 5, 7, 8]
    assert render(game) == ".....\n.....\n.....\n...11\n...1F"  # won: the mine is marked
    assert game.status is GameStatus.WON


@pytest.mark.parametrize("shape", list(Shape))
def test_largest_board_with_one_mine_opens_in_one_call(shape):
    game = Game(GameSetup(width=32, height=32, mines=1, seed=1, shape=shape))
    result = game.uncover(0)
    assert game.status is GameStatus.WON
    assert len(result.uncovered) == 1023


def test_marked_squares_are_protected_from_uncover_and_opening():
    game = game_from_text(["f..", "...", "..*"])
    assert not game.uncover(0).accepted
    game.uncover(cell(game, 0, 2))
    assert game.tile(0) == Tile.MARKED
    assert game.status is GameStatus.PLAYING


def test_question_marks_can_be_uncovered_and_are_swept_by_openings():
    game = game_from_text(["?..", "...", "..*"])
    game.uncover(cell(game, 0, 2))
    assert game.is_open(0) and game.mark(0) == Mark.NONE


def test_stepping_on_a_mine_loses_and_shows_the_board():
    game = game_from_text(["*f.", "...", "..*"])
    game.uncover(cell(game, 2, 0))
    game.uncover(0)
    assert game.status is GameStatus.LOST
    assert game.exploded == 0
    assert game.wrong_marks() == [1]
    assert render(game) == "Xx.\n#21\n##*"


# --------------------------------------------------------------------- marks
def test_mark_cycle_with_marks_on_and_off():
    game = game_from_text(["*.", ".."])
    sequence = []
    for _ in range(3):
        game.toggle_mark(0)
        sequence.append(game.mark(0))
    assert sequence == [Mark.MINE, Mark.QUESTION, Mark.NONE]
    game.set_marks(False)
    game.toggle_mark(0)
    game.toggle_mark(0)
    assert game.mark(0) == Mark.NONE


def test_switching_marks_off_leaves_question_marks_cyclable_to_blank():
    game = game_from_text(["*.", ".."])
    game.toggle_mark(0)
    game.toggle_mark(0)
    assert game.mark(0) == Mark.QUESTION
    game.set_marks(False)
    game.toggle_mark(0)
    assert game.mark(0) == Mark.NONE


def test_counter_counts_every_mark_and_may_go_negative():
    game = game_from_text(["*..", "...", "..."])
    for c in range(3):
        game.toggle_mark(c)
    assert game.mines_left == -2


def test_uncovered_squares_cannot_be_marked():
    game = game_from_text(["*.", ".o"])
    assert not game.toggle_mark(3).accepted


# -------------------------------------------------------------- clear around
CLEAR_BOARD = """
    *....
    .....
    ....*
"""


def test_clear_around_needs_exactly_the_number_of_marks():
    game = game_from_text(CLEAR_BOARD)
    centre = cell(game, 1, 1)
    game.uncover(centre)
    assert game.number(centre) == 1
    assert not game.clear_around(centre).accepted  # too few marks
    game.toggle_mark(0)
    game.toggle_mark(2)
    assert not game.clear_around(centre).accepted  # too many
    game.toggle_mark(2)
    game.toggle_mark(2)  # ? then blank
    result = game.clear_around(centre)
    assert result.accepted
    assert game.status is GameStatus.WON  # the opening reached every safe square
    assert render(game).splitlines()[0].startswith("F1.")


def test_clear_around_with_a_wrong_mark_can_lose():
    game = game_from_text(CLEAR_BOARD)
    centre = cell(game, 1, 1)
    game.uncover(centre)
    game.toggle_mark(1)  # wrong: the mine is at 0
    game.clear_around(centre)
    assert game.status is GameStatus.LOST
    assert game.exploded == 0
    assert game.tile(1) == Tile.WRONG_MARK


def test_clear_around_on_a_covered_square_does_nothing():
    game = game_from_text(CLEAR_BOARD)
    assert not game.clear_around(cell(game, 1, 1)).accepted


@pytest.mark.parametrize("shape", [Shape.HEX, Shape.TRIANGLE])
def test_clear_around_on_other_shapes(shape):
    game = game_from_text(["....", ".*..", "....", "...."], shape=shape)
    mine = cell(game, 1, 1)
    near = game.topology.neighbours[mine][0]
    game.uncover(near)
    assert game.number(near) == 1
    game.toggle_mark(mine)
    game.clear_around(near)
    others = [n for n in game.topology.neighbours[near] if n != mine]
    assert all(game.is_open(n) for n in others)


# ---------------------------------------------------------------- completion
WIN_BOARD = ["*.", ".."]


def test_all_non_mines_wins_and_marks_the_remaining_mines():
    game = game_from_text(WIN_BOARD)
    for c in (1, 2, 3):
        game.uncover(c)
    assert game.status is GameStatus.WON
    assert game.tile(0) == Tile.MARKED
    assert game.mines_left == 0


def test_all_mines_mode_needs_every_mine_marked_and_no_wrong_mark():
    game = game_from_text(["*.", "o."], completion=Completion.ALL_MINES)
    game.toggle_mark(1)  # wrong
    game.toggle_mark(0)
    assert game.status is GameStatus.PLAYING
    assert game.mines_left == -1
    game.toggle_mark(1)  # ? mark
    game.toggle_mark(1)  # blank
    assert game.status is GameStatus.WON


def test_counter_can_read_zero_while_the_game_goes_on():
    game = game_from_text(["*.", "o."], completion=Completion.ALL_MINES)
    game.toggle_mark(1)
    assert game.mines_left == 0 and game.status is GameStatus.PLAYING


def test_both_mode_needs_both():
    game = game_from_text(["*.", "o."], completion=Completion.BOTH)
    game.toggle_mark(0)
    assert game.status is GameStatus.PLAYING
    game.uncover(1)
    game.uncover(3)
    assert game.status is GameStatus.WON


def test_either_mode_takes_either():
    game = game_from_text(["*.", "o."], completion=Completion.EITHER)
    game.toggle_mark(0)
    assert game.status is GameStatus.WON


# --------------------------------------------------------------------- clock
def test_timer_starts_at_first_uncover_and_stops_at_the_end():
    clock = FakeClock()
    game = game_from_text(["*...", "....", "...."], clock=clock)
    game.status = GameStatus.READY
    clock.now += 50
    assert game.seconds == 0
    game.uncover(cell(game, 1, 1))
    assert game.seconds == 1  # as Windows 3.1: 1 from the first uncover, never a 0-second game
    clock.now += 12.7
    assert game.seconds == 13
    game.uncover(cell(game, 3, 2))
    assert game.status is GameStatus.WON
    clock.now += 100
    assert game.seconds == 13


def test_timer_stops_at_999():
    clock = FakeClock()
    game = Game(GameSetup(seed=1), clock=clock)
    game.uncover(0)
    clock.now += 5000
    assert game.seconds == 999


def test_pause_stops_the_clock_and_blocks_moves():
    clock = FakeClock()
    game = Game(GameSetup(seed=2, width=16, height=16, mines=40), clock=clock)
    game.uncover(0)
    clock.now += 3
    game.pause()
    clock.now += 60
    assert game.seconds == 4
    assert not game.uncover(255).accepted
    game.resume()
    clock.now += 2
    assert game.seconds == 6
    assert [m.kind.value for m in game.moves] == ["uncover", "pause", "resume"]
