"""One game of the TriMinesweeper challenge (seed 003), as a bot sees it.

The bot gets a flat board of ints and a ``make_move`` callback. Unlike the
Workbench game, the callback never opens more than the one cell asked for (a
0 does not ripple), a mark is final (a wrong one loses at once), and the game
is won only when every bomb has been marked.

Board values follow the seed's ``char`` board read as signed bytes:
``UNKNOWN`` (-128, the seed's ``(char)0x80``) for a cell not yet known,
``BOMB`` (-1, the seed's ``(char)0xFF``) for a marked or detonated bomb, and
0..12 for a safe cell, the number of bombs among its neighbours.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Collection
from enum import Enum
from typing import NamedTuple, SupportsIndex

from amigasweeper.engine import Topology
from amigasweeper.engine.layouts import random_layout

UNKNOWN = -128  # kUnknown, (char)0x80 as a signed char
BOMB = -1  # kBomb, (char)0xFF as a signed char


class ChallengeError(ValueError):
    """A move or a setting the challenge's rules do not allow."""


class RuleViolation(ChallengeError):
    """A move the rules forbid; every bot gets this same type, and it costs the game.

    The subclasses say which rule: a move after the end, a cell off the
    board, a cell already known (which includes marking a bomb twice).
    """


class GameOverError(RuleViolation):
    """A move after the game was won, lost or handed back to the harness."""


class OffBoardError(RuleViolation):
    """A row or column outside the board (or not a whole number)."""


class KnownCellError(RuleViolation):
    """A move on a cell that already shows a number or a bomb (a second mark included)."""


class Outcome(str, Enum):
    """How a game ended, from the harness's point of view."""

    PLAYING = "playing"
    WON = "won"  # every bomb marked, no wrong mark
    HIT_BOMB = "hit bomb"  # played a cell holding a bomb
    WRONG_MARK = "wrong mark"  # marked a safe cell
    UNFINISHED = "unfinished"  # the player returned while the game went on
    RULE_VIOLATION = "rule violation"  # a move the rules forbid (see RuleViolation)
    TIMED_OUT = "timed out"  # the player went past the time limit and was stopped
    CRASHED = "crashed"  # the player raised, or its process died

    @property
    def over(self) -> bool:
        return self is not Outcome.PLAYING

    @property
    def won(self) -> bool:
        return self is Outcome.WON


class MoveReply(NamedTuple):
    """What ``make_move`` returns; unpacks as the seed's three out-parameters."""

    bombs_remaining: int
    you_lose: bool
    you_win: bool


class ChallengeGame:
    """The hidden board and the rules: the referee's side of one game.

    ``board`` is what the moves so far have shown, and the rules are checked
    against it. Harnesses never hand this list to a bot: a bot gets its own
    copy, kept in step move by move, so writing into it changes nothing here
    (a bot that clears a marked bomb in its copy and marks it again is refused).

    With ``safe_first`` off (the seed's rule) the bombs are laid before any
    move, so the first cell played may hold one. With it on, they are laid at
    the first move and never on the first cell played.
    """

    def __init__(self, topology: Topology, bombs: int, rng: random.Random, safe_first: bool = False) -> None:
        if not 0 < bombs <= topology.size - safe_first:
            raise ChallengeError(f"{bombs} bombs do not fit a board of {topology.size} cells")
        self.topology = topology
        self.bombs = bombs
        self.safe_first = safe_first
        self.board: list[int] = [UNKNOWN] * topology.size
        self.outcome = Outcome.PLAYING
        self.moves = 0
        self.marked = 0
        self.closed = False  # set when the player has handed control back
        self.violation = ""  # the first rule broken, as "ErrorType: message"
        self.log: list[tuple[int, bool, int]] = []  # (cell, marked, what it showed) a move: the luck audit's input
        self._rng = rng
        self._bomb: list[bool] | None = None
        self._count: list[int] = []
        if not safe_first:
            self._lay(None)

    # ------------------------------------------------------------ the callback
    def make_move(self, row: int, col: int, mark: bool) -> MoveReply:
        """Play (``mark`` false) or mark as a bomb (``mark`` true) the cell at (row, col).

        A move the rules forbid raises a RuleViolation and loses the game.
        """
        self._move(row, col, mark)
        return self.reply()

    def answer(self, row: object, col: object, mark: bool) -> tuple[int, int, bool, bool]:
        """``make_move`` for a harness: (what the cell now shows, *the reply). A bot may send anything
        as the row and column: what is not a whole number is a broken rule (see ``_cell``)."""
        cell = self._move(row, col, mark)
        bombs_remaining, you_lose, you_win = self.reply()
        return self.board[cell], bombs_remaining, you_lose, you_win

    def reply(self) -> MoveReply:
        return MoveReply(self.bombs - self.marked, self.outcome.over and not self.outcome.won, self.outcome.won)

    # ---------------------------------------------------------------- harness
    def refuse(self, broken: RuleViolation) -> None:
        """Record a broken rule: the game is lost as a violation (the first one is kept)."""
        if self.closed or self.outcome is Outcome.RULE_VIOLATION:
            return  # already recorded, or the player is gone and its record made
        self.outcome = Outcome.RULE_VIOLATION
        self.violation = f"{type(broken).__name__}: {broken}"

    def close(self) -> None:
        """The player returned: no move may follow, and an open game counts as unfinished."""
        self.closed = True
        if not self.outcome.over:
            self.outcome = Outcome.UNFINISHED

    def bomb_cells(self) -> frozenset[int]:
        """Where the bombs are (for tests and reports; never shown to the player)."""
        if self._bomb is None:
            return frozenset()
        return frozenset(c for c, bomb in enumerate(self._bomb) if bomb)

    # -------------------------------------------------------------- internals
    def _move(self, row: object, col: object, mark: bool) -> int:
        """Apply one move; the cell it changed. A broken rule is recorded, then raised."""
        try:
            cell = self._cell(row, col)
        except RuleViolation as broken:
            self.refuse(broken)
            raise
        bomb = self._bomb
        if bomb is None:
            # Safe first move: only a cell *played* first is protected; a
            # first mark promises nothing, so the bombs go anywhere.
            bomb = self._lay(None if mark else cell)
        self.moves += 1
        if mark:
            self._mark(cell, bomb)
        else:
            self._play(cell, bomb)
        self.log.append((cell, mark, self.board[cell]))
        return cell

    def _cell(self, given_row: object, given_col: object) -> int:
        if self.closed or self.outcome.over:
            raise GameOverError(f"the game is over ({self.outcome.value}): no more moves")
        try:
            row, col = _whole(given_row), _whole(given_col)
        except TypeError:
            raise OffBoardError(
                f"row and column must be whole numbers, not {given_row!r} and {given_col!r}") from None
        width, height = self.topology.width, self.topology.height
        if not (0 <= row < height and 0 <= col < width):
            raise OffBoardError(f"({row}, {col}) is off the board: rows 0..{height - 1}, columns 0..{width - 1}")
        cell = row * width + col
        shown = self.board[cell]
        if shown == BOMB:
            raise KnownCellError(f"({row}, {col}) is already known: it is a marked bomb")
        if shown != UNKNOWN:
            raise KnownCellError(f"({row}, {col}) is already known: it shows {shown}")
        return cell

    def _lay(self, protected: int | None) -> list[bool]:
        """Lay the bombs (once a game); which cells hold one."""
        chosen: Collection[int]
        if protected is None:
            chosen = self._rng.sample(range(self.topology.size), self.bombs)
        else:
            chosen = random_layout(self.topology, self.bombs, protected, self._rng)
        bomb = [False] * self.topology.size
        count = [0] * self.topology.size
        neighbours = self.topology.neighbours
        for cell in chosen:
            bomb[cell] = True
            for near in neighbours[cell]:
                count[near] += 1
        self._bomb, self._count = bomb, count
        return bomb

    def _play(self, cell: int, bomb: list[bool]) -> None:
        if bomb[cell]:
            self.board[cell] = BOMB
            self.outcome = Outcome.HIT_BOMB
        else:
            self.board[cell] = self._count[cell]

    def _mark(self, cell: int, bomb: list[bool]) -> None:
        if bomb[cell]:
            self.board[cell] = BOMB
            self.marked += 1
            if self.marked == self.bombs:
                self.outcome = Outcome.WON
        else:
            # The game is lost either way; showing the cell's true number lets
            # a player (or a test) see what the wrong mark was covering.
            self.board[cell] = self._count[cell]
            self.outcome = Outcome.WRONG_MARK


def _whole(value: object) -> int:
    """``operator.index(value)`` for a value of any type: TypeError for one that is no whole number."""
    # int first: the usual move pays for no Protocol check (a slow one, tried only when int fails)
    if isinstance(value, (int, SupportsIndex)):
        return operator.index(value)
    raise TypeError(f"{value!r} is not a whole number")
