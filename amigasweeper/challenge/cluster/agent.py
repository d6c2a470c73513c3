"""A table's agent on a cluster node: the Ray actor that seals, starts and feeds one table there.

The agent runs in a Ray worker process on its node. First it asks its own
machine whether a worker can be sealed there (``sandbox.choose`` with
``required``: a trial run of bubblewrap with the filter, as the command does
on one machine); a node that cannot seal refuses the table and says why,
and no bot is ever started on it. Otherwise it starts a table process as
the command does on one machine (``table.main``: non-dumpable, a session of
its own, a clean environment, the bots' workers sealed by its own machine's
sandbox, caps and CPU clock), hands it the run's setup, which holds no
seed, and passes tasks in and records out. The table is *keyed*: each task
brings its game's key sealed for that table alone (see ``envelope``); the
agent can open none of them.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace

from ..challenge_game import ChallengeError
from ..executors import TableProcess
from ..harness import GameRecord
from ..limits import Caps
from ..sandbox import SandboxMode, choose
from ..table import LOAD_LIMIT, Ready, Seat, Setup, Task


@dataclass(frozen=True)
class Refusal:
    """A node that cannot seal its tables: no bot runs there."""

    why: str


@dataclass(frozen=True)
class Started:
    """A table that has loaded its players (or says which did not), and how its node seals them."""

    ready: Ready
    sandbox: str  # Sandbox.describe() on that node


class TableEnded(Exception):
    """The table process on this node ended (its bot may have killed it, or it was stopped)."""


class TableAgent:
    """One table on this node (made a Ray actor by ``RayTables``)."""

    def __init__(self, setup: Setup, caps: Caps, tables: int) -> None:
        self.setup, self.caps, self.tables = setup, caps, tables
        self.table: TableProcess | None = None

    def start(self) -> Started | Refusal:
        """Seal here or refuse; then start the table and wait until it has loaded every player."""
        try:
            sandbox = choose(SandboxMode.REQUIRED, self.caps)
        except ChallengeError as error:
            return Refusal(str(error))
        seat = Seat(self.setup.specs, sandbox, load_now=True, cpu=None, tables=self.tables, keyed=True)
        self.table = TableProcess(seat)
        with contextlib.suppress(OSError):
            self.table.setup_end.send(replace(self.setup, sandbox=sandbox))
        self.table.setup_end.close()
        limit = LOAD_LIMIT + max(LOAD_LIMIT, self.setup.wall)
        if not self.table.conn.poll(limit):
            return Refusal(f"its table did not answer within {limit:g} s")
        try:
            return Started(self.table.conn.recv(), sandbox.describe())
        except (EOFError, OSError):
            raise TableEnded(f"the table process ended (exit code {self.table.exit_code()}) while the players "
                             "were loading; one of them may have stopped it") from None

    def play(self, task: Task) -> GameRecord:
        table = self.table
        if table is None:  # the coordinator deals to a table only once it has started
            raise TableEnded("the table was never started")
        try:
            table.conn.send(task)
            return table.conn.recv()
        except (EOFError, OSError):
            raise TableEnded(f"the table playing this game ended (exit code {table.exit_code()})") from None

    def stop(self, politely: bool) -> None:
        if self.table is not None:
            self.table.stop(politely)
