"""The tournament: several bots, the same seeded boards, every core, and a ranked table.

The coordinator (this module, in the command's own process) never plays a
game and holds no layout, nor a secret seed while bots play: it starts a
keeper (see ``keeper``), which makes the seed when none was given and hands
each table its setup, then ``jobs`` tables (see ``table``); it hands each
table a game at a time and collects the records. Game ``i`` is built from ``(seed, i)`` whichever
table plays it, so the results do not depend on ``jobs``; only the times do,
a little, as the cores are shared. No two players ever play the same board
at the same time: every player's game ``i`` goes to the table already
playing board ``i``, if one is, so nothing one bot learns of a board can
help another on it while it plays (a bot that shares its knowledge through
some channel only ever reaches a player that has finished that board).

Ctrl-C stops the tables (and through them the workers) and returns what was
played, marked as interrupted.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection, wait

from .harness import (
    BUILTIN_PLAYERS,
    ChallengeConfig,
    ChallengeReport,
    GameRecord,
    PlayerLoadError,
)
from .keeper import SEED_PLEASE
from .keeper import main as keeper_main
from .processes import forbid_memory_reads, interrupts_held, spawn_context
from .rules import Outcome
from .sandbox import Sandbox, SandboxMode, choose
from .table import LOAD_LIMIT, Ready, Seat, Setup, Task
from .table import main as table_main
from .walls import Walls

DEFAULT_TIME_LIMIT = 60.0  # seconds a game; the reference player needs milliseconds on a 32x32 board
PREFETCH = 2  # tasks queued at a table, so it never waits for the coordinator between games
FAILURES_IN_A_ROW = 3  # failed games (time-outs, dead or stopped processes) that stop a player
STALL_GRACE = 30.0  # seconds past the longest a game can take before a silent table is given up
STOP_WAIT = 5.0  # seconds a table gets to leave before it is killed
NOT_PLAYED = "not played: the player had been stopped"

OnRecord = Callable[[int, GameRecord], None]


@dataclass(frozen=True)
class TournamentReport:
    config: ChallengeConfig
    reports: tuple[ChallengeReport, ...]  # one per player, in the order they were given
    time_limit: float
    interrupted: bool = False
    sandbox: Sandbox | None = None  # how the workers ran (None: not said)
    stopped: dict[str, str] = field(default_factory=dict)  # player -> why it was stopped
    walls: Walls | None = None  # what held, as the first table found it (None: no table loaded)
    wall_limit: float = 0.0  # wall seconds a game

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
            players.append({"rank": rank, **report.figures(), "stopped": self.stopped.get(report.player, "")})
        sealed = self.sandbox is not None and self.sandbox.sealed
        return {
            **self.config.to_dict(),
            "games": self.config.games,
            "time_limit": self.time_limit,
            "wall_limit": self.wall_limit,
            "interrupted": self.interrupted,
            "sealed": sealed,
            "sandbox": self.sandbox.describe() if self.sandbox is not None else "",
            "walls": self.walls.to_dict() if self.walls is not None else {},
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
    """The coordinator's side of one table process, with the tasks sent to it.

    The table is started with nothing but its pipes; its ``Setup`` (with the
    seed) comes from the keeper, written straight into the table's setup
    pipe once the table has made itself non-dumpable.
    """

    def __init__(self, keeper: _Keeper, seat: Seat) -> None:
        context = spawn_context()
        self.conn, child = context.Pipe()
        keeper_end, setup_end = context.Pipe()
        self.process = context.Process(target=table_main, args=(child, setup_end, seat), name="amigasweeper table")
        with interrupts_held():
            self.process.start()
        child.close()
        setup_end.close()
        keeper.hand_setup(keeper_end)
        self.sent: deque[Task] = deque()
        self.since = time.monotonic()  # when the task at the head of ``sent`` began

    def send(self, task: Task) -> None:
        if not self.sent:
            self.since = time.monotonic()
        self.sent.append(task)
        with contextlib.suppress(OSError):  # a table that has died is found by the wait for its answer
            self.conn.send(task)

    def finished_one(self) -> Task:
        self.since = time.monotonic()
        return self.sent.popleft()

    def exit_code(self) -> int | None:
        self.process.join(1)
        return self.process.exitcode

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
    sandbox: Sandbox | None = None,
    wall_limit: float = 0.0,
) -> TournamentReport:
    """Play ``config.games`` boards with each player (a ``module:function`` or a built-in name).

    ``config.seed`` None plays a fresh secret series, its seed in the report.
    ``on_record(player, record)`` is called as each game ends, in the order
    games end. ``sandbox`` is how workers run (default: ``sandbox.choose("auto")``).
    ``time_limit`` is CPU seconds a game; ``wall_limit`` wall seconds (0: see
    ``table.default_wall_limit``).
    Raises ``PlayerLoadError`` when a player does not load (no game is played
    then). This process becomes non-dumpable: it starts the tables.
    """
    forbid_memory_reads()
    if not specs:
        raise PlayerLoadError("name at least one player")
    for spec in specs:
        _check_spec(spec)
    sandbox = sandbox if sandbox is not None else choose(SandboxMode.AUTO)
    jobs = max(1, jobs or os.cpu_count() or 1)
    results: dict[tuple[int, int], GameRecord] = {}
    tasks = deque(Task(player, game) for game in range(config.games) for player in range(len(specs)))
    names = player_names(specs)
    setup = Setup(config, time_limit, list(specs), sandbox, wall_limit)
    run = _Run(setup, min(jobs, len(tasks)), names)
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
    config = replace(config, seed=run.seed)  # the games are over: now the seed may be shown
    reports = tuple(
        ChallengeReport(config, name, tuple(sorted((r for (p, _), r in results.items() if p == player),
                                                   key=lambda r: r.index)))
        for player, name in enumerate(names)
    )
    return TournamentReport(config, reports, time_limit, interrupted, sandbox, dict(run.stopped), run.walls,
                            setup.wall)


class _Keeper:
    """The coordinator's side of the keeper process (see ``keeper``)."""

    def __init__(self, setup: Setup) -> None:
        context = spawn_context()
        self.conn, child = context.Pipe()
        self.process = context.Process(target=keeper_main, args=(child,), name="amigasweeper keeper")
        with interrupts_held():
            self.process.start()
        child.close()
        self.conn.send(setup)

    def hand_setup(self, table_end: Connection) -> None:
        """Have the keeper write the setup into a new table's setup pipe (this process never reads it)."""
        with contextlib.suppress(OSError):  # a keeper that has gone leaves the table without: it ends
            self.conn.send(table_end)
        table_end.close()

    def seed(self) -> int | None:
        try:
            self.conn.send(SEED_PLEASE)
            return self.conn.recv()
        except (EOFError, OSError):
            return None

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.send(None)
        self.process.join(STOP_WAIT)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


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
    """The tables of one run, the tasks in flight, and the players' failures.

    A failed game (a time-out, a worker that died or broke the protocol, a
    table that died or went silent) costs its player that game; a table that
    is lost is replaced and its other tasks go back to the queue. After
    ``FAILURES_IN_A_ROW`` failed games a player is stopped: its remaining
    games are lost without being played. Other players are not touched.
    """

    def __init__(self, setup: Setup, tables: int, names: list[str]) -> None:
        self.setup, self.count, self.names = setup, tables, names
        self.seed = setup.config.seed  # the given seed; a secret one is learned from the keeper at the end
        self.keeper: _Keeper | None = None
        self.tables: list[_TableHandle] = []
        self.finished = False
        self.failures = [0] * len(setup.specs)
        self.stopped: dict[str, str] = {}
        self.walls: Walls | None = None
        # The longest a table may stay silent over one game: loading a worker, the game, stopping it.
        self.stall_limit = max(LOAD_LIMIT, setup.wall) + setup.wall + STALL_GRACE
        self.specs, self.sandbox = setup.specs, setup.sandbox

    def start(self) -> None:
        """Start every table and wait until each has loaded every player."""
        self.keeper = _Keeper(self.setup)
        self.setup = None  # the keeper holds it now
        self.tables = [_TableHandle(self.keeper, self._seat(n, load_now=True)) for n in range(self.count)]
        for table in self.tables:
            try:
                ready: Ready = table.conn.recv()
            except (EOFError, OSError):
                raise PlayerLoadError(f"a table process ended (exit code {table.exit_code()}) while the players "
                                      "were loading; one of them may have stopped it") from None
            self.walls = self.walls or ready.walls
            if ready.failure:
                raise PlayerLoadError(ready.failure)

    def play(self, tasks: deque[Task]) -> Iterator[tuple[int, GameRecord]]:
        """Hand out the tasks and yield (player, record) as games end."""
        for table in self.tables:
            self._feed(table, tasks)
        while any(table.sent for table in self.tables):
            busy = {table.conn: table for table in self.tables if table.sent}
            now = time.monotonic()
            timeout = max(0.0, min(table.since for table in busy.values()) + self.stall_limit - now)
            answered = wait(list(busy), timeout)
            for conn in answered:
                table = busy[conn]
                try:
                    record = conn.recv()
                except (EOFError, OSError):
                    why = f"the table playing this game ended (exit code {table.exit_code()})"
                    yield from self._lose_table(table, tasks, why)
                    continue
                task = table.finished_one()
                yield from self._count(task.player, record, tasks)
                for idle in [table, *self.tables]:  # a board this one freed may be what another waited for
                    self._feed(idle, tasks)
            if not answered:
                for table in [t for t in busy.values() if time.monotonic() - t.since >= self.stall_limit]:
                    why = f"the table playing this game stopped answering for {self.stall_limit:g} s"
                    yield from self._lose_table(table, tasks, why)
        self.finished = True

    def _count(self, player: int, record: GameRecord, tasks: deque[Task]) -> Iterator[tuple[int, GameRecord]]:
        """Yield the record; stop the player (and yield its lost games) after too many failures in a row."""
        yield player, record
        self.failures[player] = self.failures[player] + 1 if record.failed else 0
        name = self.names[player]
        if self.failures[player] < FAILURES_IN_A_ROW or name in self.stopped:
            return
        left = [task for task in tasks if task.player == player]
        self.stopped[name] = (f"stopped after {FAILURES_IN_A_ROW} failed games in a row, the last: {record.error}; "
                              f"its {len(left)} games not yet played count as lost")
        for task in left:
            tasks.remove(task)
            yield player, GameRecord(task.game, Outcome.CRASHED, 0, 0.0, NOT_PLAYED)

    def _seat(self, place: int, load_now: bool) -> Seat:
        return Seat(self.specs, self.sandbox, load_now, self._cpu(place), self.count)

    def _cpu(self, place: int) -> int | None:
        """The processor of the table at ``place`` (see ``processes.share_a_cpu``), or None: free to move.

        Each table and its workers keep to a processor of their own whenever
        there are enough: a bot that burns processor time in the background
        then slows only its own table. (On a loaded machine a pinned pair may
        wait for its processor while another is free: wall time, which is no
        longer what a bot is charged; see docs/BENCHMARKS.md.)
        """
        if not hasattr(os, "sched_getaffinity"):
            return None
        cpus = sorted(os.sched_getaffinity(0))
        return cpus[place] if self.count <= len(cpus) else None

    def _feed(self, table: _TableHandle, tasks: deque[Task]) -> None:
        """Queue tasks at ``table``: the first whose board no other table is playing or has queued."""
        while tasks and len(table.sent) < PREFETCH:
            elsewhere = {task.game for other in self.tables if other is not table for task in other.sent}
            task = next((task for task in tasks if task.game not in elsewhere), None)
            if task is None:
                return  # every board left is at another table: this one waits for it to free one
            tasks.remove(task)
            table.send(task)

    def _lose_table(self, table: _TableHandle, tasks: deque[Task], why: str) -> Iterator[tuple[int, GameRecord]]:
        """A table died or went silent: its game is lost for its player, its other tasks go back, first."""
        lost = table.sent.popleft()
        tasks.extendleft(reversed(table.sent))
        table.sent.clear()
        table.stop(politely=False)
        place = self.tables.index(table)
        fresh = _TableHandle(self.keeper, self._seat(place, load_now=False))  # players load as needed
        self.tables[place] = fresh
        yield from self._count(lost.player, GameRecord(lost.game, Outcome.CRASHED, 0, 0.0, why, stopped=True), tasks)
        self._feed(fresh, tasks)

    def stop(self) -> None:
        for table in self.tables:
            table.stop(politely=self.finished)
        self.tables = []
        if self.keeper is not None:
            if self.seed is None:
                self.seed = self.keeper.seed()
            self.keeper.stop()
            self.keeper = None
