"""The tournament: several bots, the same seeded boards, every core, and a ranked table.

The coordinator (this module, in the command's own process) never plays a
game. It starts ``jobs`` tables (see ``table``), hands each a game at a time
and collects the records. Game ``i`` is built from ``(seed, i)`` whichever
table plays it, so the results do not depend on ``jobs``; only the times do,
a little, as the cores are shared.

Ctrl-C stops the tables (and through them the workers) and returns what was
played, marked as interrupted.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import wait

from .harness import BUILTIN_PLAYERS, ChallengeConfig, ChallengeReport, GameRecord, PlayerLoadError
from .processes import interrupts_held, spawn_context
from .table import Task
from .table import main as table_main

DEFAULT_TIME_LIMIT = 60.0  # seconds a game; the reference player needs milliseconds on a 32x32 board
PREFETCH = 2  # tasks queued at a table, so it never waits for the coordinator between games
MAX_TABLE_RESTARTS = 8  # a table that keeps dying is a fault of the harness, not of a bot
STOP_WAIT = 5.0  # seconds a table gets to leave before it is killed

OnRecord = Callable[[int, GameRecord], None]


@dataclass(frozen=True)
class TournamentReport:
    config: ChallengeConfig
    reports: tuple[ChallengeReport, ...]  # one per player, in the order they were given
    time_limit: float
    interrupted: bool = False

    def ranked(self) -> list[ChallengeReport]:
        """Best first: the challenge's score, then wins; ties keep the order given."""
        order = {id(report): n for n, report in enumerate(self.reports)}
        return sorted(self.reports, key=lambda r: (-r.score, -r.wins, order[id(r)]))

    @property
    def games_played(self) -> int:
        return sum(report.games for report in self.reports)

    def to_dict(self) -> dict:
        players = []
        for rank, report in enumerate(self.ranked(), 1):
            players.append({"rank": rank, **report.figures()})
        return {
            **self.config.to_dict(),
            "games": self.config.games,
            "time_limit": self.time_limit,
            "interrupted": self.interrupted,
            "players": players,
        }


def player_names(specs: Sequence[str]) -> list[str]:
    """How each player is shown: as given, numbered when the same one is given twice."""
    names, seen = [], {}
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec} #{seen[spec]}")
    return names


class _TableHandle:
    """The coordinator's side of one table process, with the tasks sent to it."""

    def __init__(self, config: ChallengeConfig, time_limit: float, specs: list[str]) -> None:
        context = spawn_context()
        self.conn, child = context.Pipe()
        self.process = context.Process(target=table_main, args=(child, config, time_limit, specs),
                                       name="amigasweeper table")
        with interrupts_held():
            self.process.start()
        child.close()
        self.sent: deque[Task] = deque()
        self.ready = False

    def send(self, task: Task) -> None:
        self.sent.append(task)
        self.conn.send(task)

    def stop(self, politely: bool) -> None:
        """End the table: after its games (politely), or at once (it stops its workers)."""
        if politely:
            with contextlib.suppress(OSError):
                self.conn.send(None)
            self.process.join(STOP_WAIT)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(STOP_WAIT)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


def run_tournament(
    specs: Sequence[str],
    config: ChallengeConfig,
    jobs: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    on_record: OnRecord | None = None,
) -> TournamentReport:
    """Play ``config.games`` boards with each player (a ``module:function`` or a built-in name).

    ``on_record(player, record)`` is called as each game ends, in the order
    games end. Raises ``PlayerLoadError`` when a player does not load (no
    game is played then).
    """
    if not specs:
        raise PlayerLoadError("name at least one player")
    for spec in specs:
        _check_spec(spec)
    jobs = max(1, jobs or os.cpu_count() or 1)
    results: dict[tuple[int, int], GameRecord] = {}
    tasks = deque(Task(player, game) for game in range(config.games) for player in range(len(specs)))
    run = _Run(config, time_limit, list(specs), min(jobs, len(tasks)))
    interrupted = False
    try:
        with _no_second_interrupt_during(run):
            run.start()
            for player, record in run.play(tasks):
                results[player, record.index] = record
                if on_record is not None:
                    on_record(player, record)
    except KeyboardInterrupt:
        interrupted = True
    reports = tuple(
        ChallengeReport(config, name, tuple(sorted((r for (p, _), r in results.items() if p == player),
                                                   key=lambda r: r.index)))
        for player, name in enumerate(player_names(specs))
    )
    return TournamentReport(config, reports, time_limit, interrupted)


def _check_spec(spec: str) -> None:
    """Refuse a malformed player name here; whether it imports is learned in a worker."""
    path = BUILTIN_PLAYERS.get(spec, spec)
    module, colon, attribute = path.partition(":")
    if not (colon and module and attribute):
        names = ", ".join(BUILTIN_PLAYERS)
        raise PlayerLoadError(f"a player is named module:function (or one of {names}), not {spec!r}")


@contextlib.contextmanager
def _no_second_interrupt_during(run: _Run) -> Iterator[None]:
    """Whatever ends the run (its end, Ctrl-C, an error), stop the tables with Ctrl-C held off."""
    try:
        yield
    finally:
        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            run.stop()
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)


class _Run:
    """The tables of one run and the tasks in flight."""

    def __init__(self, config: ChallengeConfig, time_limit: float, specs: list[str], tables: int) -> None:
        self.config, self.time_limit, self.specs = config, time_limit, specs
        self.count = tables
        self.tables: list[_TableHandle] = []
        self.finished = False
        self.restarts = 0

    def _new_table(self) -> _TableHandle:
        return _TableHandle(self.config, self.time_limit, self.specs)

    def start(self) -> None:
        """Start every table and wait until each has loaded every player."""
        self.tables = [self._new_table() for _ in range(self.count)]
        for table in self.tables:
            self._await_ready(table)

    def _await_ready(self, table: _TableHandle) -> None:
        try:
            failure = table.conn.recv()
        except (EOFError, OSError):
            raise RuntimeError("a table process ended while starting the players") from None
        if failure:
            raise PlayerLoadError(failure)
        table.ready = True

    def play(self, tasks: deque[Task]) -> Iterator[tuple[int, GameRecord]]:
        """Hand out the tasks and yield (player, record) as games end."""
        for table in self.tables:
            self._feed(table, tasks)
        while any(table.sent for table in self.tables):
            busy = {table.conn: table for table in self.tables if table.sent}
            for conn in wait(list(busy)):
                table = busy[conn]
                try:
                    record = conn.recv()
                except (EOFError, OSError):
                    self._replace(table, tasks)
                    continue
                task = table.sent.popleft()
                yield task.player, record
                self._feed(table, tasks)
        self.finished = True

    def _feed(self, table: _TableHandle, tasks: deque[Task]) -> None:
        while tasks and len(table.sent) < PREFETCH:
            table.send(tasks.popleft())

    def _replace(self, table: _TableHandle, tasks: deque[Task]) -> None:
        """A table died (not a bot: bots die in workers): its games go back in the queue, first."""
        self.restarts += 1
        if self.restarts > MAX_TABLE_RESTARTS:
            raise RuntimeError(f"table processes keep ending (exit code {table.process.exitcode})")
        tasks.extendleft(reversed(table.sent))
        table.sent.clear()
        table.stop(politely=False)
        fresh = self._new_table()
        self.tables[self.tables.index(table)] = fresh
        self._await_ready(fresh)
        self._feed(fresh, tasks)

    def stop(self) -> None:
        for table in self.tables:
            table.stop(politely=self.finished)
        self.tables = []
