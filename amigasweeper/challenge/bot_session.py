"""One game as the bot's side plays it: its board, its ``make_move`` and its clock.

The same code runs in a bot's worker process (where each move crosses a pipe
to the referee) and in-process for trusted players (where it calls the
referee directly). Either way the bot holds only its own copy of the board,
written from the referee's answers, and the time that counts is the bot's own
thinking: the clock stops while a move is away at the referee, so the cost of
the pipe (and of other processes on the same cores) is not charged to it.
"""

from __future__ import annotations

import inspect
import operator
import time
from collections.abc import Callable
from dataclasses import dataclass

from amigasweeper.engine import Shape

from .challenge_game import UNKNOWN, GameOverError, MoveReply, RuleViolation

Player = Callable[..., object]
Clock = Callable[[], float]
# (value the cell now shows, bombs remaining, you_lose, you_win), or the broken rule
Answer = tuple[int, int, bool, bool]
Send = Callable[[object, object, bool], "Answer | RuleViolation"]


@dataclass(frozen=True)
class SessionResult:
    seconds: float  # the bot's own thinking time
    error: str = ""  # the last line of what it raised, "" when it returned


def accepts_shape(player: Player) -> bool:
    """Whether the player can be told the board shape (a ``shape`` or ``**kwargs`` parameter)."""
    try:
        parameters = inspect.signature(player).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "shape" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)


def last_line(error: BaseException) -> str:
    """``Type: last line of the message``, the way results show what a bot raised."""
    name = type(error).__name__
    try:
        lines = str(error).strip().splitlines()
    except Exception:  # a hostile exception whose __str__ raises still gets its name shown
        lines = []
    return f"{name}: {lines[-1].strip()}" if lines else name


def play_session(player: Player, size: int, bombs: int, shape: Shape | None, send: Send,
                 clock: Clock | None = time.perf_counter,
                 losing: tuple[type[BaseException], ...] = (Exception, SystemExit)) -> SessionResult:
    """Run ``player`` on one game; ``send`` takes each move to the referee.

    ``shape`` is passed only when not None (to players that accept it).
    ``clock`` None: not timed here (a worker's referee times the bot itself),
    and the result's seconds are 0. ``losing`` is what the bot may raise and
    merely lose the game: a worker process catches everything, the trusted
    in-process runner lets Ctrl-C through to the person who pressed it.
    """
    board = [UNKNOWN] * (size * size)
    waiting = 0.0
    playing = True

    def make_move(row: int, col: int, mark: bool) -> MoveReply:
        nonlocal waiting
        if not playing:
            raise GameOverError("the game is over: the player has already returned")
        if clock is None:
            answer = send(row, col, bool(mark))
        else:
            sent = clock()
            try:
                answer = send(row, col, bool(mark))
            finally:
                waiting += clock() - sent
        if isinstance(answer, RuleViolation):
            raise answer
        value, bombs_remaining, you_lose, you_win = answer
        board[operator.index(row) * size + operator.index(col)] = value
        return MoveReply(bombs_remaining, you_lose, you_win)

    extra = {} if shape is None else {"shape": shape}
    error = ""
    started = clock() if clock is not None else 0.0
    try:
        player(size, bombs, board, make_move, **extra)
    except losing as raised:
        error = last_line(raised)
    finally:
        elapsed = clock() - started if clock is not None else 0.0
        playing = False
    return SessionResult(max(0.0, elapsed - waiting), error)
