"""No-guess boards, each proved by an independent check through the engine and the public hint API."""

import random

import pytest

from amigasweeper.engine import Game, GameSetup, GameStatus, LayoutKind, LayoutUnavailable, Shape, make_topology
from amigasweeper.solver import all_certain, noguess
from amigasweeper.solver.noguess import GaveUp, generate_no_guess, no_guess_layout, why_not_proved


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


class TickingClock:
    """A clock that moves on by ``tick`` seconds every time it is read: time measured in work."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick
        self.reads = 0

    def __call__(self) -> float:
        self.now += self.tick
        self.reads += 1
        return self.now


@pytest.mark.parametrize("width, height, mines", [(16, 16, 128), (9, 9, 50)])
def test_dense_boards_stop_at_the_time_limit_unproven(width, height, mines):
    topology = make_topology(Shape.SQUARE, width, height)
    clock = TickingClock(0.01)
    board = generate_no_guess(topology, mines, 0, random.Random(3), time_limit=0.5, clock=clock)
    assert not board.proven and len(board.mines) == mines and 0 not in board.mines
    assert clock.reads <= 0.5 / 0.01 + 2  # stopped as soon as the limit was seen


def test_the_maker_never_hands_over_an_unproven_board(monkeypatch):
    monkeypatch.setattr(noguess, "CLOCK", TickingClock(0.05))
    with pytest.raises(LayoutUnavailable, match="16x16.*ordinary board"):
        no_guess_layout(make_topology(Shape.SQUARE, 16, 16), 128, 0, random.Random(1))


def test_the_message_says_the_time_ran_out_when_it_did(monkeypatch):
    monkeypatch.setattr(noguess, "CLOCK", TickingClock(0.05))
    with pytest.raises(LayoutUnavailable) as raised:
        no_guess_layout(make_topology(Shape.SQUARE, 16, 16), 128, 0, random.Random(1))
    why = str(raised.value)
    assert why.startswith("The time for finding a board of 128 mines on 16x16 that needs no guessing ran out (0.5 s of work, ")
    assert "boards tried" in why or "1 board tried" in why
    assert why.endswith("so this is an ordinary board: it may need a guess.")


def test_the_message_says_the_generator_gave_up_after_its_attempts(monkeypatch):
    monkeypatch.setattr(noguess, "MAX_ATTEMPTS", 3)
    monkeypatch.setattr(noguess, "STALL_LIMIT", 2)
    topology = make_topology(Shape.SQUARE, 16, 16)
    board = generate_no_guess(topology, 128, 0, random.Random(1), time_limit=None)
    assert not board.proven and board.gave_up is GaveUp.ATTEMPTS and board.attempts == 3
    assert why_not_proved(board, 128, topology) == (
        "The generator gave up after 3 boards tried without finding a board of 128 mines on 16x16 "
        "that needs no guessing, so this is an ordinary board: it may need a guess."
    )


def test_a_proved_board_has_nothing_to_explain():
    topology = make_topology(Shape.SQUARE, 9, 9)
    board = generate_no_guess(topology, 10, 0, random.Random(1), time_limit=None)
    assert board.proven and board.gave_up is GaveUp.NO


def test_a_game_asked_for_no_guess_on_a_dense_board_tells_the_player_it_is_ordinary(monkeypatch):
    monkeypatch.setattr(noguess, "CLOCK", TickingClock(0.05))
    setup = GameSetup(width=16, height=16, mines=128, seed=8, layout=LayoutKind.NO_GUESS)
    game = Game(setup)
    game.uncover(0)
    assert game.layout_note.startswith("The time for finding a board of 128 mines on 16x16 that needs no guessing ran out")
    assert game.setup.layout is LayoutKind.RANDOM  # the record says what the board is
    same = Game(game.setup)
    same.uncover(0)
    assert same.mine_cells() == game.mine_cells() and not same.layout_note  # and a replay makes it again


def test_the_engine_uses_whatever_layout_maker_it_is_given():
    def corner_mines(topology, mines, first, rng):
        return frozenset(range(topology.size - mines, topology.size))

    game = Game(GameSetup(width=5, height=5, mines=3), layout_maker=corner_mines)
    game.uncover(0)
    assert game.mine_cells() == frozenset({22, 23, 24})


def test_the_time_limit_counts_the_work_done_not_the_wall_clock(monkeypatch):
    """The fault: the 0.5 s were wall time, so on a loaded machine (the
    process waiting for a core) the player who asked for no-guess got a
    random board. Here the first board waits 0.8 s before it is looked at,
    without working, as a process does when other programs hold the cores:
    more than the whole limit of wall time, next to no CPU."""
    import time

    assert noguess.CLOCK in (time.thread_time, time.process_time)
    original, waits = noguess._LayoutSolve.__init__, []

    def descheduled(run, *args):
        if not waits:
            waits.append(time.sleep(0.8))
        original(run, *args)

    monkeypatch.setattr(noguess._LayoutSolve, "__init__", descheduled)
    started = time.perf_counter()
    board = generate_no_guess(make_topology(Shape.SQUARE, 9, 9), 10, 0, random.Random(1), time_limit=0.5)
    assert time.perf_counter() - started >= 0.8 and waits
    assert board.proven and board.gave_up is GaveUp.NO


def test_a_python_without_thread_time_falls_back_to_the_process_clock(monkeypatch):
    """The fault: a browser's Python (Pyodide) has no time.thread_time, and
    naming it raised AttributeError when the module loaded: the web page
    could not start."""
    import time

    monkeypatch.delattr(time, "thread_time")
    assert noguess._cpu_clock() is time.process_time
    monkeypatch.delattr(time, "process_time")
    assert noguess._cpu_clock() is time.perf_counter
