"""A table: the referee's process, which plays games against the bots' workers.

The coordinator starts one table per job. A table holds the layouts (it
builds each game from the seed and the game's number), starts one worker
per player (inside the sandbox when the run has one, see ``sandbox``),
answers their moves, times the bot from its own side of the pipe, keeps the
time limit, and stops and replaces a worker that runs over it, dies or talks
nonsense, with whatever that worker left behind. Each game comes back to the
coordinator as a ``GameRecord``. A table is non-dumpable, in a session of
its own (its workers have no terminal), and gets its setup, with the seed,
from the keeper (see ``keeper``).

Why a referee per job rather than one for the whole run: every move is a
round trip, and a single referee answering every worker would be one more
process wanting a core for each move of each game; a table and its worker
take turns, so N tables with their workers keep N cores busy.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection

from . import protocol
from .channel import Channel, ChannelClosed, close_ends
from .harness import ChallengeConfig, GameRecord, finish_record
from .processes import (
    adopt_orphans,
    forbid_memory_reads,
    ignore_interrupts,
    interrupts_held,
    kill_group,
    kill_orphans,
    leave_the_terminal,
    on_parent_exit,
    share_a_cpu,
    spawn_context,
)
from .protocol import ANSWER, MAX_MESSAGE, Kind, ProtocolError
from .rules import ChallengeGame, OffBoardError, Outcome, RuleViolation
from .sandbox import Sandbox
from .worker import main_connection as worker_main_connection

_CONTEXT = spawn_context()
MOVE_KIND = Kind.MOVE.value
DONE_KIND = Kind.DONE.value
BAD_MOVE_KIND = Kind.BAD_MOVE.value
ANSWER_KIND = Kind.ANSWER.value
# Starting a worker (a fresh interpreter importing the bot) takes a while on a
# busy machine, and is not the bot's thinking: it has its own, looser limit.
LOAD_LIMIT = 60.0


class TimedOut(Exception):
    """The worker went past the game's deadline."""


class WorkerGone(Exception):
    """The worker's process ended, or its pipe broke, or it sent what no worker may."""


@dataclass(frozen=True)
class Task:
    player: int  # index into the table's players
    game: int  # the game's number: its board is seeded by (seed, game)


class Worker:
    """The table's handle on one bot's worker process."""

    def __init__(self, spec: str, sandbox: Sandbox) -> None:
        self.conn, child = Channel.pair(_CONTEXT)
        self.process = _start(child, sandbox)
        close_ends(child)  # the worker holds the only other ends: its death reads as end-of-file here
        self.conn.send(json.dumps({"spec": spec, "path": sys.path, "user": sandbox.user,
                                   "memory_mb": sandbox.memory_mb}).encode())

    def ready(self, limit: float) -> str:
        """Wait for the bot to load: "" when it did, else why not."""
        try:
            message = self.receive(time.monotonic() + limit)
        except TimedOut:
            return f"loading the bot took longer than {limit:g} s"
        except WorkerGone as gone:
            return str(gone)
        if message == Kind.READY.value:
            return ""
        if message[:1] == Kind.LOAD_FAILED.value:
            return protocol.text(message[1:])
        return "the bot's process sent something else than 'ready'"

    def receive(self, deadline: float) -> bytes:
        """The next message, waiting no later than ``deadline`` (time.monotonic)."""
        try:
            return self.conn.recv(MAX_MESSAGE, deadline)
        except TimeoutError:
            raise TimedOut from None
        except ChannelClosed as closed:
            raise WorkerGone(self.gone(str(closed))) from None

    def gone(self, why: str) -> str:
        """Why the worker is no longer there (its process is reaped first)."""
        code = self.process.wait(1)
        if code is None:
            return f"the bot's process broke its pipe: {why}"
        return f"the bot's process ended (exit code {code})"

    def stop(self) -> None:
        self.process.kill()
        self.conn.close()


class _Popen:
    """A worker started as a program (POSIX): its process group is killed with it."""

    def __init__(self, argv: list[str], options: dict, keep: tuple[int, ...]) -> None:
        self._process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=2,
                                         pass_fds=keep, **options)
        self.pid = self._process.pid

    def wait(self, timeout: float) -> int | None:
        try:
            return self._process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self._process.kill()
        self.wait(5)


class _MultiprocessingProcess:
    """A worker started by ``multiprocessing`` (Windows, where descriptors do not pass to a program)."""

    def __init__(self, child: Connection) -> None:
        self._process = _CONTEXT.Process(target=worker_main_connection, args=(child,), name="amigasweeper bot")
        with interrupts_held():
            self._process.start()
        self.pid = self._process.pid

    def wait(self, timeout: float) -> int | None:
        self._process.join(timeout)
        return self._process.exitcode

    def kill(self) -> None:
        kill_group(self._process)


def _start(child: tuple[int, int] | Connection, sandbox: Sandbox) -> _Popen | _MultiprocessingProcess:
    if isinstance(child, Connection):
        return _MultiprocessingProcess(child)
    read_fd, write_fd = child
    parent = 0 if sandbox.sealed else os.getpid()
    boot = f"from amigasweeper.challenge.worker import main_fds; main_fds({read_fd}, {write_fd}, {parent})"
    argv = sandbox.worker_command(boot, [*sys.path, os.getcwd()])
    with interrupts_held():
        return _Popen(argv, sandbox.popen_options(), child)


@dataclass(frozen=True)
class Setup:
    """The run, as the keeper tells each table once it is running (never in its spawn arguments)."""

    config: ChallengeConfig
    time_limit: float
    specs: list[str]
    sandbox: Sandbox


@dataclass(frozen=True)
class Seat:
    """What a table is given when it is started: nothing secret, so its workers start at once."""

    specs: list[str]
    sandbox: Sandbox
    load_now: bool  # start every player's worker at once and say whether all loaded
    cpu: int | None = None  # the one processor for this table and its workers (see ``share_a_cpu``)


class Table:
    """Plays tasks one after another for every player, a worker per player."""

    def __init__(self, setup: Setup) -> None:
        self.config = setup.config
        self.time_limit = setup.time_limit
        self.specs = setup.specs
        self.sandbox = setup.sandbox
        self.workers: dict[int, Worker] = {}

    def await_ready(self) -> str:
        """Wait for every player's worker to load; "" when all did, else the first failure."""
        for player, worker in self.workers.items():
            failure = worker.ready(max(LOAD_LIMIT, self.time_limit))
            if failure:
                return f"{self.specs[player]}: {failure}"
        return ""

    def close(self) -> None:
        for worker in self.workers.values():
            worker.stop()
        self.workers.clear()
        kill_orphans(keep=set())

    def play(self, task: Task) -> GameRecord:
        """One game, whatever the bot does; a worker that misbehaved is replaced for the next."""
        worker = self._worker(task.player)
        game = self.config.new_game(task.game)
        if isinstance(worker, str):
            game.close()
            return GameRecord(task.game, Outcome.CRASHED, 0, 0.0, worker, stopped=True)
        started = time.perf_counter()
        clock = _Clock()
        try:
            clock.bot_turn()  # before the write: the bot may start before the referee runs again
            worker.conn.send(protocol.start(self.config.size, self.config.bombs, self.config.shape.value))
            error = self._referee(worker, game, time.monotonic() + self.time_limit, clock)
        except TimedOut:
            self._retire(task.player)
            game.close()
            return GameRecord(task.game, Outcome.TIMED_OUT, game.moves, self.time_limit * 1000.0,
                              f"stopped after the time limit of {self.time_limit:g} s", stopped=True)
        except (WorkerGone, ProtocolError, OSError) as gone:
            self._retire(task.player)
            reason = _why_gone(gone)
            game.close()
            return GameRecord(task.game, Outcome.CRASHED, game.moves, (time.perf_counter() - started) * 1000.0,
                              reason, stopped=True)
        if clock.thinking > self.time_limit:
            game.close()
            return GameRecord(task.game, Outcome.TIMED_OUT, game.moves, self.time_limit * 1000.0,
                              f"went past the time limit of {self.time_limit:g} s")
        return finish_record(task.game, game, clock.thinking, error)

    def _worker(self, player: int) -> Worker | str:
        """The player's worker, started again if it was retired; a string when it will not load."""
        worker = self.workers.get(player)
        if worker is None:
            worker = Worker(self.specs[player], self.sandbox)
            failure = worker.ready(max(LOAD_LIMIT, self.time_limit))
            if failure:
                worker.stop()
                return failure
            self.workers[player] = worker
        return worker

    def _retire(self, player: int) -> None:
        worker = self.workers.pop(player, None)
        if worker is not None:
            worker.stop()
        kill_orphans(keep={w.process.pid for w in self.workers.values()})  # what it left behind

    @staticmethod
    def _referee(worker: Worker, game: ChallengeGame, deadline: float, clock: _Clock) -> str:
        """Answer the worker's moves until it reports the game done; return what the bot raised."""
        receive, send, answer = worker.receive, worker.conn.send, game.answer
        pack = ANSWER.pack
        bot_turn, referee_turn = clock.bot_turn, clock.referee_turn
        while True:
            message = receive(deadline)
            referee_turn()
            kind = message[:1]
            if kind == MOVE_KIND:
                row, col, mark = protocol.read_move(message)
                try:
                    value, bombs_remaining, you_lose, you_win = answer(row, col, mark)
                except RuleViolation as broken:
                    reply = protocol.refused(broken)
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
            bot_turn()
            send(reply)


class _Clock:
    """The bot's thinking time as the referee sees it: every wait for the bot's next message.

    It starts as a message to the bot is about to be written and stops when
    the bot's answer has arrived, so it holds the bot's own work and the pipe's
    delivery both ways (as the 2002 challenge counted the callback), and
    nothing the referee does between. Nothing the bot sends changes it.
    """

    __slots__ = ("thinking", "_since")

    def __init__(self) -> None:
        self.thinking = 0.0
        self._since = 0.0

    def bot_turn(self) -> None:
        self._since = time.perf_counter()

    def referee_turn(self) -> None:
        self.thinking += time.perf_counter() - self._since


def _why_gone(gone: Exception) -> str:
    if isinstance(gone, WorkerGone):
        return str(gone)
    if isinstance(gone, ProtocolError):
        return f"the bot's process sent {gone}"
    return f"the bot's process could not be reached ({gone})"  # it ended between games


def main(conn: Connection, setup_conn: Connection, seat: Seat) -> None:
    """The table's entry point (``multiprocessing.Process`` target).

    Its first act makes it non-dumpable. It starts its players' workers
    (when told to load them now), and meanwhile reads its ``Setup`` (with the
    seed) from ``setup_conn``, written there by the run's keeper (see
    ``keeper``), never by the coordinator. Then it reads tasks (``Task``, or
    None to stop) and answers each with a ``GameRecord``; first, when told to
    load every player now, it answers "" (ready) or why one would not load.
    """
    forbid_memory_reads()
    ignore_interrupts()
    adopt_orphans()
    leave_the_terminal()
    # spawn hands a child its parent's sys.argv; the command line (with its
    # --seed) is none of a worker's business, and workers are started from here.
    sys.argv = sys.argv[:1]
    share_a_cpu(seat.cpu)
    starting = {player: Worker(spec, seat.sandbox) for player, spec in enumerate(seat.specs)} if seat.load_now else {}
    try:
        setup: Setup = setup_conn.recv()
    except (EOFError, OSError):
        setup = None
    finally:
        setup_conn.close()
    if setup is None:  # the keeper has gone: nothing to play
        for worker in starting.values():
            worker.stop()
        return
    table = Table(setup)
    table.workers = starting
    on_parent_exit(lambda: _leave(table))
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, lambda *_: _leave(table))
    if seat.load_now:  # a first table says whether every player loads; a replacement loads them as needed
        failure = table.await_ready()
        conn.send(failure)
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


def _leave(table: Table) -> None:
    """Stop every worker and end the table now (the coordinator is stopping the run)."""
    with contextlib.suppress(Exception):
        for worker in list(table.workers.values()):
            worker.process.kill()
        kill_orphans(keep=set())
    os._exit(0)
