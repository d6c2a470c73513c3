"""A table: the referee's process, which plays games against the bots' workers.

The coordinator starts one table per job. A table holds the layouts (it
builds each game from its key, an HMAC of the seed and the game's number:
see ``envelope``), starts one worker
per player (inside the sandbox when the run has one, see ``sandbox``),
answers their moves, charges each bot the CPU time its processes spent on
the game (see ``workers``), keeps the time and wall limits, freezes the
workers between their games, and stops and replaces a worker that runs
over a limit, dies, jams its pipe or talks nonsense, with whatever that
worker left behind. Each game comes back to the
coordinator as a ``GameRecord``. A table is non-dumpable, in a session of
its own (its workers have no terminal), and gets its setup, with the seed,
from the keeper (see ``keeper``); a *keyed* table (on a cluster node, see
``cluster``) gets a setup without the seed, and each game's key sealed
for it alone with the game's task.

Why a referee per job rather than one for the whole run: every move is a
round trip, and a single referee answering every worker would be one more
process wanting a core for each move of each game; a table and its worker
take turns, so N tables with their workers keep N cores busy.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection

from . import cgroups, protocol, sealed_view, syscalls
from .challenge_game import ChallengeGame, OffBoardError, Outcome, RuleViolation
from .envelope import EnvelopeError, Opener
from .harness import ChallengeConfig, GameRecord, audited, finish_record
from .processes import (
    adopt_orphans,
    forbid_memory_reads,
    ignore_interrupts,
    kill_orphans,
    leave_the_terminal,
    on_parent_exit,
    share_a_cpu,
    signal_all,
)
from .protocol import ANSWER, MessageKind, ProtocolError
from .sandbox import Sandbox
from .walls import Walls, describe
from .workers import BotWorker, Jammed, TimedOut, WorkerGone, orphans

MOVE_KIND = MessageKind.MOVE.value
DONE_KIND = MessageKind.DONE.value
BAD_MOVE_KIND = MessageKind.BAD_MOVE.value
ANSWER_KIND = MessageKind.ANSWER.value
# Starting a worker (a fresh interpreter importing the bot) takes a while on a
# busy machine: it has its own, looser wall limit. The CPU the bot's import
# takes is bounded by the time limit of a game and charged to its first game.
LOAD_LIMIT = 60.0
# The wall limit, when not given: CPU time is what is charged, but a bot that waits (sleeps, blocks)
# must still end, and the wall time each game took is counted with it (``GameRecord.wall_ms``).
WALL_SLACK = 10.0  # seconds past the time limit: room for the machine's load, not for a bot to idle in


@dataclass(frozen=True)
class Task:
    player: int  # index into the table's players
    game: int  # the game's number: its board is laid out from its key, an HMAC of (seed, game)
    sealed: tuple[int, bytes] | None = None  # for a keyed table: (the keeper's half, the key's envelope)
    fresh: bool = False  # played again after its table was lost: on a worker started for it (see ``tournament``)


@dataclass(frozen=True)
class Setup:
    """The run, as the keeper tells each table once it is running (never in its spawn arguments)."""

    config: ChallengeConfig
    time_limit: float  # CPU seconds a game
    specs: list[str]
    sandbox: Sandbox
    wall_limit: float = 0.0  # wall seconds a game (0: see ``default_wall_limit``)

    @property
    def wall(self) -> float:
        return self.wall_limit or default_wall_limit(self.time_limit)


def default_wall_limit(time_limit: float) -> float:
    """Near the time limit: a bot that sleeps or blocks is charged no CPU, so waiting must end soon after."""
    return time_limit + WALL_SLACK


@dataclass(frozen=True)
class Seat:
    """What a table is given when it is started: nothing secret, so its workers start at once."""

    specs: list[str]
    sandbox: Sandbox
    load_now: bool  # start every player's worker at once and say whether all loaded
    cpu: int | None = None  # the one processor for this table and its workers (see ``share_a_cpu``)
    tables: int = 1  # how many tables the run has (for the results' words)
    keyed: bool = False  # its setup has no seed: each task brings its game's key, sealed (see ``envelope``)


@dataclass(frozen=True)
class Ready:
    """A first table's answer once every player loaded (or one did not): what held on its machine."""

    failure: str
    walls: Walls
    public: int = 0  # a keyed table's half of the key agreement with the keeper


class Table:
    """Plays tasks one after another for every player, a worker per player."""

    def __init__(self, setup: Setup, seat: Seat, plan: cgroups.Plan) -> None:
        self.config = setup.config
        self.time_limit = setup.time_limit
        self.wall_limit = setup.wall
        self.specs = setup.specs
        self.sandbox = setup.sandbox
        self.plan, self.cpu = plan, seat.cpu
        self.opener: Opener | None = None  # a keyed table's side of the agreement
        self.workers: dict[int, BotWorker] = {}
        self.started = 0  # workers started, to name their groups
        self.unloadable: dict[int, str] = {}  # player -> why its bot will not load (out of time)

    def new_worker(self, player: int) -> BotWorker:
        self.started += 1
        return BotWorker(self.specs[player], self.sandbox, self.plan, self.cpu, f"{player}-{self.started}")

    def await_ready(self) -> str:
        """Wait for every player's worker to load; "" when all did, else the first failure.

        A player whose loading runs out of time costs only itself: its games are lost (see ``play``),
        the run goes on. Any other failure (a bot that is not there, or raises) ends the run at once."""
        for player, worker in list(self.workers.items()):
            failure = worker.ready(*self._load_limits())
            if failure and worker.too_slow:
                self._will_not_load(player, failure)
            elif failure:
                return f"{self.specs[player]}: {failure}"
            else:
                self._rest(worker)
        return ""

    def _load_limits(self) -> tuple[float, float]:
        """Wall and CPU seconds a bot may take to load: its import is bounded like one of its games."""
        return max(LOAD_LIMIT, self.wall_limit), self.time_limit

    def _will_not_load(self, player: int, why: str) -> None:
        """The player's bot ran out of time loading: every game of it at this table is lost at once."""
        worker = self.workers.pop(player, None)
        if worker is not None:
            worker.stop()
        self.unloadable[player] = f"its bot did not load: {why}"

    def close(self) -> None:
        for worker in self.workers.values():
            worker.stop()
        self.workers.clear()
        kill_orphans(keep=set())

    def play(self, task: Task) -> GameRecord:
        """One game, whatever the bot does, with the luck audit of its moves (made here, after the game, on
        the referee's CPU); a worker that misbehaved is replaced for the next. The record counts the game's
        wall time too (its CPU time is what is charged): a bot's idling is seen; the audit's is not its own."""
        try:
            game = self.config.new_game(task.game, self._key(task))
        except EnvelopeError as broken:  # changed on its way: the game is not played
            return GameRecord(task.game, Outcome.CRASHED, 0, 0.0, str(broken), stopped=True)
        if task.fresh:  # a board this player may have begun at a lost table: no worker that lived before plays it
            self._retire(task.player)
        started = time.monotonic()
        record = replace(self._play(task, game), wall_ms=(time.monotonic() - started) * 1000.0)
        return audited(record, game, self.config)

    def _play(self, task: Task, game: ChallengeGame) -> GameRecord:
        worker = self._worker(task.player)
        if isinstance(worker, str):
            game.close()
            return GameRecord(task.game, Outcome.CRASHED, 0, 0.0, worker, stopped=True)
        started = time.monotonic()
        try:
            cpu = worker.start_game(self.time_limit)
            deadline = started + self.wall_limit
            worker.send(protocol.start(self.config.size, self.config.bombs, self.config.shape.value), deadline)
            error = self._referee(worker, game, deadline)
        except TimedOut as over:
            self._retire(task.player)
            game.close()
            return GameRecord(task.game, Outcome.TIMED_OUT, game.moves, self.time_limit * 1000.0,
                              self._why_stopped(over), stopped=True)
        except (WorkerGone, ProtocolError, OSError) as gone:
            self._retire(task.player)
            game.close()
            return GameRecord(task.game, Outcome.CRASHED, game.moves, (time.monotonic() - started) * 1000.0,
                              _why_gone(gone), stopped=True)
        now = worker.cpu()
        used = now - cpu if now is not None and cpu is not None else time.monotonic() - started
        self._rest(worker)
        if used > self.time_limit:
            game.close()
            return GameRecord(task.game, Outcome.TIMED_OUT, game.moves, self.time_limit * 1000.0,
                              f"went past the time limit of {self.time_limit:g} s")
        return finish_record(task.game, game, used, error)

    def _key(self, task: Task) -> bytes | None:
        """The game's key, opened from its envelope at a keyed table (None: made from the seed)."""
        if self.opener is None:
            return None
        if task.sealed is None:
            raise EnvelopeError(f"game {task.game} came without its key")
        return self.opener.open(task.game, *task.sealed)

    def _rest(self, worker: BotWorker) -> None:
        """Freeze a worker between its games (and, without a group's freezer, what bots detached)."""
        worker.freeze()
        if not worker.frozen_by_group and hasattr(signal, "SIGSTOP"):
            signal_all(orphans(list(self.workers.values())), signal.SIGSTOP)

    def _why_stopped(self, over: TimedOut) -> str:
        if isinstance(over, Jammed):
            return "stopped: its pipe was full (it sent moves without reading the answers)"
        if str(over) == "wall":
            return f"stopped after the wall limit of {self.wall_limit:g} s"
        return f"stopped after the time limit of {self.time_limit:g} s"

    def _worker(self, player: int) -> BotWorker | str:
        """The player's worker, started again if it was retired; a string when it will not load."""
        if player in self.unloadable:
            return self.unloadable[player]
        worker = self.workers.get(player)
        if worker is None:
            try:
                worker = self.new_worker(player)
            except OSError as error:
                return f"the bot's process could not be started: {error}"
            failure = worker.ready(*self._load_limits())
            if failure:
                worker.stop()
                if worker.too_slow:
                    self.unloadable[player] = failure = f"its bot did not load: {failure}"
                return failure
            self.workers[player] = worker
            self._rest(worker)
        return worker

    def _retire(self, player: int) -> None:
        worker = self.workers.pop(player, None)
        if worker is not None:
            worker.stop()
        kill_orphans(keep={w.process.pid for w in self.workers.values()})  # what it left behind

    @staticmethod
    def _referee(worker: BotWorker, game: ChallengeGame, deadline: float) -> str:
        """Answer the worker's moves until it reports the game done; return what the bot raised."""
        receive, send, answer = worker.receive, worker.send, game.answer
        pack = ANSWER.pack
        while True:
            message = receive(deadline)
            kind = message[:1]
            if kind == MOVE_KIND:
                row, col, mark = protocol.read_move(message)
                try:
                    value, bombs_remaining, you_lose, you_win = answer(row, col, mark)
                except RuleViolation as violation:
                    reply = protocol.refused(violation)
                else:
                    reply = pack(ANSWER_KIND, value, bombs_remaining, you_lose, you_win)
            elif kind == DONE_KIND:
                return protocol.read_done(message)
            elif kind == BAD_MOVE_KIND:
                broken = OffBoardError("row and column must be whole numbers that fit the board")
                game.refuse(broken)
                reply = protocol.refused(broken)
            else:
                raise ProtocolError(f"a message of an unknown kind ({message[:8]!r})")
            send(reply, deadline)


def _why_gone(gone: Exception) -> str:
    if isinstance(gone, WorkerGone):
        return str(gone)
    if isinstance(gone, ProtocolError):
        return f"the bot's process sent {gone}"
    return f"the bot's process could not be reached ({gone})"  # it ended between games


def main(conn: Connection, setup_conn: Connection, seat: Seat) -> None:
    """The table's entry point (``multiprocessing.Process`` target).

    Its first act makes it non-dumpable. It learns what its machine gives
    (control groups), starts its players' workers (when told to load them
    now), and meanwhile reads its ``Setup`` (with the seed) from
    ``setup_conn``, written there by the run's keeper (see ``keeper``),
    never by the coordinator. Then it reads tasks (``Task``, or None to
    stop) and answers each with a ``GameRecord``; first, when told to load
    every player now, it answers a ``Ready``.
    """
    forbid_memory_reads()
    ignore_interrupts()
    adopt_orphans()
    leave_the_terminal()
    # spawn hands a child its parent's sys.argv; the command line (with its
    # --seed) is none of a worker's business, and workers are started from here.
    sys.argv = sys.argv[:1]
    os.environ.clear()  # nothing of the operator's for the workers (Windows's inherit this process's)
    os.environ.update(sealed_view.environment(seat.sandbox.sealed))
    share_a_cpu(seat.cpu)
    seat = replace(seat, sandbox=on_this_machine(seat.sandbox))
    plan = cgroups.probe()
    cgroups.sweep(plan)
    starting = {player: BotWorker(spec, seat.sandbox, plan, seat.cpu, f"{player}-0")  # before the setup comes
                for player, spec in enumerate(seat.specs)} if seat.load_now else {}
    try:
        setup: Setup | None = setup_conn.recv()
    except (EOFError, OSError):
        setup = None
    finally:
        setup_conn.close()
    if setup is None:  # the keeper has gone: nothing to play
        for worker in starting.values():
            worker.stop()
        return
    setup = replace(setup, sandbox=seat.sandbox)
    table = Table(setup, seat, plan)
    table.opener = Opener() if seat.keyed else None
    table.workers = starting
    on_parent_exit(lambda: _leave(table))
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, lambda *_: _leave(table))
    if seat.load_now:  # a first table says whether every player loads; a replacement loads them as needed
        failure = table.await_ready()
        public = table.opener.public if table.opener is not None else 0
        conn.send(Ready(failure, describe(setup.sandbox, plan, seat.cpu, seat.tables, seat.keyed), public))
        if failure:
            table.close()
            return
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            break
        if task is None:
            break
        conn.send(table.play(task))
    table.close()


def on_this_machine(sandbox: Sandbox) -> Sandbox:
    """The sandbox as this table's machine can give it: a filter promised where libseccomp is missing
    here is said to be missing (a table may run on another machine than the command)."""
    missing = syscalls.unavailable() if sandbox.filtered else ""
    return replace(sandbox, filtered=False, why_unfiltered=f"on this table's machine, {missing}") if missing else sandbox


def _leave(table: Table) -> None:
    """Stop every worker and end the table now (the coordinator is stopping the run)."""
    with contextlib.suppress(Exception):
        for worker in list(table.workers.values()):
            worker.kill()
        kill_orphans(keep=set())
    os._exit(0)
