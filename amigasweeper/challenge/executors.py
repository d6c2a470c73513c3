"""Where the tables run: on this machine (``LocalTables``), or on a Ray cluster (``cluster.RayTables``).

The coordinator (``tournament``) deals games to tables and counts what comes
back; an executor starts the tables, carries each task to its table and
each record back, and says when a table is lost. A lost table (a machine
gone, a table killed or frozen from outside) costs nothing but time: every
game it held goes back to be played elsewhere (see ``tournament``).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections import deque
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Protocol

from .harness import GameRecord, PlayerLoadError
from .keeper import KeeperHandle
from .processes import interrupts_held, spawn_context
from .table import Ready, Seat, Setup, Task
from .table import main as table_main
from .walls import Walls

STOP_WAIT = 5.0  # seconds a table gets to leave before it is killed


@dataclass(frozen=True)
class Lost:
    """A table that can play no more: why, and whether its whole node went with it."""

    why: str
    node_lost: bool = False
    silent: bool = False  # it stopped answering (frozen, or its machine out of reach): no new table goes there


@dataclass
class NodeReport:
    """One machine of the run, as the results show it."""

    node: str
    sandbox: str = ""  # how its tables seal their bots (Sandbox.describe), "" when it refused
    refused: str = ""  # why it took no table
    tables: int = 0  # tables that started there during the run
    games: int = 0
    walls: Walls | None = None
    lost: bool = False  # it left the cluster during the run

    def to_dict(self) -> dict:
        return {"node": self.node, "sealed": bool(self.sandbox) and self.sandbox.startswith("sealed"),
                "sandbox": self.sandbox, "refused": self.refused, "tables": self.tables, "games": self.games,
                "lost": self.lost, "walls": self.walls.to_dict() if self.walls is not None else {}}


class Handle:
    """The coordinator's side of one table: the tasks sent to it, oldest first.

    ``prefetch`` tasks are kept at a table so it never waits for the
    coordinator between games, dealt ``batch`` at a time: a table far away
    gets its games in batches, so what each costs the coordinator (one call
    and one wait, not one a game) does not cap a large cluster.
    """

    node = ""  # the machine it runs on, when that is worth saying
    prefetch = 2  # tasks queued at a table
    batch = 1  # tasks dealt at once

    def __init__(self) -> None:
        self.sent: deque[Task] = deque()
        self.since = time.monotonic()  # when the task at the head of ``sent`` began

    def send(self, task: Task) -> None:
        if not self.sent:
            self.since = time.monotonic()
        self.sent.append(task)
        self.deliver(task)

    def deliver(self, task: Task) -> None:
        raise NotImplementedError

    def flush(self) -> None:
        """Send on what was delivered since the last flush (a table that takes batches sends them here)."""

    def in_play(self) -> bool:
        """Whether the task at the head of ``sent`` may have begun (a table still starting has begun none)."""
        return True

    def finished_one(self) -> Task:
        self.since = time.monotonic()
        return self.sent.popleft()


class Executor(Protocol):
    name: str  # "local" or "ray", as the JSON says it
    walls: Walls | None  # what held, as the first table found it
    nodes: dict[str, NodeReport]  # by node, for a cluster ({} on one machine)

    def start(self, setup: Setup, keeper: KeeperHandle, jobs: int | None, tasks: int) -> list[Handle]:
        """Start the tables and wait until each has loaded every player (PlayerLoadError if one did not)."""

    def wait(self, busy: list[Handle], timeout: float) -> list[tuple[Handle, GameRecord | Lost]]:
        """Answers from the busy tables (each the record of its oldest task, or Lost), within ``timeout``."""

    def replace(self, lost: Handle, why: Lost) -> Handle | None:
        """Stop a lost table and start another in its place (None: there is no room for one)."""

    def stop(self, tables: list[Handle], politely: bool) -> None:
        """End the tables: after their games (politely), or at once; then let go of what the run used."""


# ------------------------------------------------------------------ one machine
class TableProcess:
    """A table process (``table.main``), started with nothing but its pipes.

    Its setup goes in through ``setup_end``: from the keeper (with the seed) on
    this machine, or from a cluster node's agent (without it). The caller
    hands that end on and closes it.
    """

    def __init__(self, seat: Seat) -> None:
        context = spawn_context()
        self.conn, child = context.Pipe()
        self.setup_end, table_setup = context.Pipe()
        self.process = context.Process(target=table_main, args=(child, table_setup, seat), name="amigasweeper table")
        with interrupts_held():
            self.process.start()
        child.close()
        table_setup.close()

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


class _LocalHandle(Handle):
    """A table process on this machine, its setup (with the seed) written into its pipe by the keeper
    once the table has made itself non-dumpable."""

    def __init__(self, keeper: KeeperHandle, seat: Seat) -> None:
        super().__init__()
        self.table = TableProcess(seat)
        self.conn, self.process = self.table.conn, self.table.process
        keeper.hand_setup(self.table.setup_end)

    def deliver(self, task: Task) -> None:
        with contextlib.suppress(OSError):  # a table that has died is found by the wait for its answer
            self.conn.send(task)

    def exit_code(self) -> int | None:
        return self.table.exit_code()

    def stop(self, politely: bool) -> None:
        self.table.stop(politely)


@dataclass
class LocalTables:
    """``--jobs N``: N table processes on this machine, each on a processor of its own where there are enough."""

    name: str = "local"
    walls: Walls | None = None
    nodes: dict[str, NodeReport] = field(default_factory=dict)

    def start(self, setup: Setup, keeper: KeeperHandle, jobs: int | None, tasks: int) -> list[Handle]:
        self.keeper, self.specs, self.sandbox = keeper, setup.specs, setup.sandbox
        self.count = min(max(1, jobs or os.cpu_count() or 1), tasks)
        self.places: dict[int, int] = {}  # id(handle) -> its place, for its processor
        tables = [self._table(n, load_now=True) for n in range(self.count)]
        for table in tables:
            try:
                ready: Ready = table.conn.recv()
            except (EOFError, OSError):
                raise PlayerLoadError(f"a table process ended (exit code {table.exit_code()}) while the players "
                                      "were loading; one of them may have stopped it") from None
            self.walls = self.walls or ready.walls
            if ready.failure:
                raise PlayerLoadError(ready.failure)
        return list(tables)  # a list of Handles (a list of _LocalHandles is not one to mypy)

    def _table(self, place: int, load_now: bool) -> _LocalHandle:
        table = _LocalHandle(self.keeper, Seat(self.specs, self.sandbox, load_now, self._cpu(place), self.count))
        self.places[id(table)] = place
        return table

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

    def wait(self, busy: list[Handle], timeout: float) -> list[tuple[Handle, GameRecord | Lost]]:
        by_conn = {id(table.conn): table for table in map(_local, busy)}  # wait() gives back the connections
        answers: list[tuple[Handle, GameRecord | Lost]] = []
        for conn in wait([table.conn for table in by_conn.values()], timeout):
            table = by_conn[id(conn)]
            try:
                answers.append((table, table.conn.recv()))
            except (EOFError, OSError):
                answers.append((table, Lost(f"the table playing this game ended (exit code {table.exit_code()})")))
        return answers

    def replace(self, lost: Handle, why: Lost) -> Handle:
        _local(lost).stop(politely=False)
        return self._table(self.places.pop(id(lost)), load_now=False)  # players load as needed

    def stop(self, tables: list[Handle], politely: bool) -> None:
        for table in tables:
            _local(table).stop(politely)


def _local(table: Handle) -> _LocalHandle:
    """A handle ``LocalTables`` was given back: one of the handles it made (TypeError for another's)."""
    if not isinstance(table, _LocalHandle):
        raise TypeError(f"not a table of this machine: {table!r}")
    return table
