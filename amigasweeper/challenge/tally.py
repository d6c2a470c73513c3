"""A player's results as running sums, so a run's memory does not grow with its length.

A tournament of 10^8 games cannot keep every game's record (about 400
bytes a game and player). The report needs only sums: games, wins, the
milliseconds (compensated, so a long run's total is as exact as one summed
at the end), the outcomes, a few of the games with something to say, the
board-blocks the ranking's bootstrap resamples (see ``ranking``), and the
luck audit chained in game-number order (see ``audit``).

Games end out of order (many tables, some games slower), and the audit's
bound holds only for its products taken in an order fixed in advance: a
game's factor is held back in a small reorder buffer until every earlier
game of the player has been counted or is known never to come (``skip``: a
game named missing). The buffer holds only the games that ended while an
earlier one was still being played: its size is bounded by how many games
a run plays in the longest time a game may take, whatever the run's
length. What it still holds at the end (games after one that was never
played: a run interrupted) is chained in game-number order then, as the
whole run's records were.
"""

from __future__ import annotations

import heapq
from collections import Counter
from typing import Generic, Protocol, TypeVar

from amigasweeper.solver.luck import LAMBDAS, GameLuck, RunningLuck

from .challenge_game import Outcome

BLOCKS = 1000  # board-blocks the bootstrap resamples: board i is in block i mod BLOCKS (see ``ranking``)
PROBLEMS_KEPT = 100  # games with an error kept to show (the lowest game numbers); the rest are counted


class Played(Protocol):
    """What the tally reads of a game's record (``harness.GameRecord``, a frozen dataclass: read-only)."""

    @property
    def index(self) -> int: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def ms(self) -> float: ...
    @property
    def wall_ms(self) -> float: ...
    @property
    def error(self) -> str: ...
    @property
    def luck(self) -> GameLuck | None: ...


PlayedT = TypeVar("PlayedT", bound=Played)  # the kind of record a tally is given, and gives back


class Sum:
    """A float sum with Neumaier's compensation: a hundred million games add up as exactly as ``math.fsum``
    of them would, to well within a millisecond."""

    __slots__ = ("total", "compensation")

    def __init__(self) -> None:
        self.total = 0.0
        self.compensation = 0.0

    def add(self, value: float) -> None:
        total = self.total + value
        if abs(self.total) >= abs(value):
            self.compensation += (self.total - total) + value
        else:
            self.compensation += (value - total) + self.total
        self.total = total

    @property
    def value(self) -> float:
        return self.total + self.compensation


class PlayerTally(Generic[PlayedT]):
    """One player's games as running sums; ``first``: the first game of the run's range (the audit's start);
    ``keep_records`` and ``keep_path`` keep every record and the audit's path too (not flat: small runs only)."""

    def __init__(self, cells: int, first: int = 0, keep_records: bool = False, keep_path: bool = False) -> None:
        self.cells = cells
        self.games = 0
        self.wins = 0
        self.ms = Sum()
        self.wall_ms = Sum()
        self.outcomes: Counter[Outcome] = Counter()
        self.problem_count = 0
        self._problems: list[tuple[int, int, PlayedT]] = []  # a heap of (-game, order, record): the lowest kept
        self.block_scores = [0.0] * BLOCKS  # the score's part of the boards in each block
        self.block_games = [0] * BLOCKS  # how many of this player's games each block holds
        self.luck = RunningLuck(LAMBDAS, keep_path=keep_path)
        self._next = first  # the next game the audit chains
        self._waiting: dict[int, GameLuck | None] = {}  # games ended before an earlier one: the reorder buffer
        self._skipped: set[int] = set()  # games past the next one that will never come (named missing)
        self.most_waiting = 0  # the buffer's largest size in the run (for the benchmark and the tests)
        self.records: list[PlayedT] | None = [] if keep_records else None

    def add(self, record: PlayedT) -> None:
        """Count one game (each game once: see ``has``)."""
        self.games += 1
        self.wins += record.outcome.won
        self.ms.add(record.ms)
        self.wall_ms.add(record.wall_ms)
        self.outcomes[record.outcome] += 1
        block = record.index % BLOCKS
        self.block_scores[block] += self.cells * record.outcome.won - record.ms
        self.block_games[block] += 1
        if record.error:
            self._keep_problem(record)
        if self.records is not None:
            self.records.append(record)
        self._waiting[record.index] = record.luck
        self.most_waiting = max(self.most_waiting, len(self._waiting))
        self._chain()

    def has(self, game: int) -> bool:
        """Whether game ``game`` was counted (or is waiting to be chained): a second record of it is not."""
        return game in self._waiting or game < self._next  # (a game skipped is not counted if it comes late)

    def skip(self, game: int) -> None:
        """Game ``game`` will never be counted (it is missing): the audit chains past it."""
        if game >= self._next:
            self._skipped.add(game)
            self._chain()

    def finish(self) -> None:
        """The run is over: chain what still waits behind a game never played, in game-number order."""
        for game in sorted(self._waiting):
            if game in self._waiting:
                self._next = game
                self._chain()
        self._waiting.clear()
        self._skipped.clear()

    def problems(self) -> list[PlayedT]:
        """The kept games with an error, in game-number order."""
        return [record for _, _, record in sorted(self._problems, reverse=True)]

    def _chain(self) -> None:
        while True:
            if self._next in self._waiting:
                luck = self._waiting.pop(self._next)
                if luck is not None:
                    self.luck.add(luck)
            elif self._next in self._skipped:
                self._skipped.discard(self._next)
            else:
                return
            self._next += 1

    def _keep_problem(self, record: PlayedT) -> None:
        self.problem_count += 1
        entry = (-record.index, self.problem_count, record)
        if len(self._problems) < PROBLEMS_KEPT:
            heapq.heappush(self._problems, entry)
        elif entry > self._problems[0]:  # a lower game number than the highest kept
            heapq.heapreplace(self._problems, entry)
