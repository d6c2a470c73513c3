"""The games still to be dealt to the tables, made as they are needed, so a run's memory stays flat.

Games go out in game-number order, every player's game ``i`` after one
another, as a list made up front would have them; nothing is made before it
is asked for. Ahead of them come the tasks handed back: a lost table's
(see ``tournament._TournamentRun``) and those looked at but not yet taken, because
their board was at another table (every player's game ``i`` goes to the
table already playing board ``i``). Those wait in ``ahead``, which holds at
most the players' tasks of the boards the tables hold, plus what lost
tables handed back: bounded by the tables, never by the run's length.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from .table import Task

Done = Callable[[int, int], bool]  # (player, game) -> already counted (a run resumed)


class TaskQueue:
    def __init__(self, games: range, players: int, done: Done) -> None:
        self.games, self.players, self.done = games, players, done
        self.ahead: deque[Task] = deque()
        self.stopped: set[int] = set()
        self._game, self._player = games.start, 0  # the next fresh task's place
        self.most_ahead = 0  # the largest ``ahead`` of the run (for the tests and the benchmark)

    def __bool__(self) -> bool:
        """Whether any task is left (a fresh one is made to know)."""
        if self.ahead:
            return True
        task = self._fresh()
        if task is None:
            return False
        self.ahead.append(task)
        return True

    def take(self, fits: Callable[[Task], bool]) -> Task | None:
        """The first task that ``fits`` (None: none left that does); tasks that don't wait in ``ahead``."""
        for waiting in self.ahead:
            if fits(waiting):
                self.ahead.remove(waiting)
                return waiting
        while (task := self._fresh()) is not None:
            if fits(task):
                return task
            self.ahead.append(task)
            self.most_ahead = max(self.most_ahead, len(self.ahead))
        return None

    def hand_back(self, tasks: list[Task]) -> None:
        """Tasks a lost table held: first in line, in their order."""
        self.ahead.extendleft(reversed(tasks))
        self.most_ahead = max(self.most_ahead, len(self.ahead))

    def stop_player(self, player: int) -> tuple[int, Iterator[int]]:
        """No more tasks of ``player``: how many of its games were left, and their numbers, one at a time."""
        self.stopped.add(player)
        held = [task.game for task in self.ahead if task.player == player]
        self.ahead = deque(task for task in self.ahead if task.player != player)
        fresh = range(self._game if player >= self._player else self._game + 1, self.games.stop)
        return len(held) + sum(1 for _ in self._unplayed(player, fresh)), self._left(held, player, fresh)

    def drain(self) -> Iterator[Task]:
        """Every task left, taken out (the run can go no further)."""
        while self.ahead:
            yield self.ahead.popleft()
        while (task := self._fresh()) is not None:
            yield task

    def _left(self, held: list[int], player: int, fresh: range) -> Iterator[int]:
        yield from held
        yield from self._unplayed(player, fresh)

    def _unplayed(self, player: int, games: range) -> Iterator[int]:
        """``player``'s games of ``games`` not counted yet (the fresh tasks skip it from now on)."""
        return (game for game in games if not self.done(player, game))

    def _fresh(self) -> Task | None:
        while self._game < self.games.stop:
            game, player = self._game, self._player
            self._player += 1
            if self._player == self.players:
                self._game, self._player = self._game + 1, 0
            if player not in self.stopped and not self.done(player, game):
                return Task(player, game)
        return None
