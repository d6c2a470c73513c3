"""A table's handle on one bot's worker: started sealed, put in a group of its own, timed, frozen, stopped.

The table starts the worker's program (in bwrap when the run is sealed) with
the system-call filter, its output drained through ``botoutput``, and waits
for the interpreter to say it is up. Before the bot is named, the worker's
whole tree of processes (bwrap's and Python) goes into the worker's control
group (see ``cgroups``), whose caps then hold for everything the bot starts.

Time is CPU time: ``cpu`` reads the group's counter (every process the bot
ever ran), or without a group, sealed, the sandbox's whole process tree
(its PID namespace's init reaps what the bot leaves running), else the
worker's own clock plus its reaped children's. Started by root, each worker
runs as a user id of its own (see ``Sandbox.for_worker``). Between its games the worker is frozen (the group's freezer, or
SIGSTOP to each of its processes), so it burns nothing while other bots
think. Writes to it have deadlines: a worker that stops reading its answers
cannot hold its table.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from multiprocessing.connection import Connection

from . import protocol, sealed_view
from .bot_worker import main_connection as worker_main_connection
from .botoutput import BotOutput
from .cgroups import Feature, Plan, WorkerGroup
from .channel import Channel, ChannelClosed, close_ends
from .processes import (
    children_of,
    descendants,
    interrupts_held,
    kill_group,
    signal_all,
    spawn_context,
)
from .protocol import MAX_MESSAGE, MessageKind
from .sandbox import Sandbox
from .walls import one_process

_CONTEXT = spawn_context()
LINUX = sys.platform.startswith("linux")
CPU_CHECK_EVERY = 0.25  # seconds a wait goes on before the bot's CPU time is checked against its limit
JAM_GRACE = 1.0  # seconds a write to a worker may wait for room: an honest one has read every answer
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
SANDBOX_PROCESSES = 2  # bwrap's init and the worker's interpreter, in the worker's user namespace
_SERIALS = itertools.count()  # this table's workers, in the order started (their user ids, as root)
# Fields of /proc/PID/stat after the command's ")": utime, stime, and cutime, cstime (its reaped children's).
UTIME, STIME, CUTIME, CSTIME = 11, 12, 13, 14


class TimedOut(Exception):
    """The worker went past the game's time limit (CPU) or wall limit; the message says which."""


class Jammed(TimedOut):
    """The worker's pipe is full: it sends moves without reading the answers."""


class WorkerGone(Exception):
    """The worker's process ended, or its pipe broke, or it sent what no worker may."""


class BotWorker:
    """The table's handle on one bot's worker process."""

    def __init__(self, spec: str, sandbox: Sandbox, plan: Plan, cpu: int | None, name: str) -> None:
        sandbox = sandbox.for_worker(os.getpid(), next(_SERIALS))  # as root, a user id of its own
        self.spec, self.sandbox = spec, sandbox
        self.conn, child = Channel.pair(_CONTEXT)
        self.output = BotOutput(spec) if not isinstance(child, Connection) else None
        self.group = _group(plan, sandbox, cpu, name)
        try:
            self.process = _start(child, sandbox, spec, self.output, one_process(sandbox, plan))
        except BaseException:
            self.conn.close()
            if self.group is not None:
                self.group.remove()
            if self.output is not None:
                self.output.start()  # closes the write end; the thread ends on the empty pipe
            raise
        finally:
            close_ends(child)  # the worker holds the only other ends: its death reads as end-of-file here
        if self.output is not None:
            self.output.start()
        self.conn.writes_never_block()
        self.one_process = one_process(sandbox, plan)
        self.pid: int | None = None  # the worker's interpreter, as this process sees it (inside bwrap when sealed)
        self.frozen = False
        self.budget: tuple[float, float] | None = None  # (CPU seconds at the game's start, the limit)
        self.loading: float | None = None  # the CPU clock before the bot was loaded, till its first game
        self.too_slow = False  # its loading ran out of time (see ``ready``)

    # ------------------------------------------------------------ loading
    def ready(self, limit: float, cpu_limit: float = 0.0) -> str:
        """Wait for the interpreter, put its processes in the group, name the bot, wait for it to load.

        "" when it loaded, else why not (``too_slow`` then says whether it ran
        out of time). Loading the bot (its import) may take ``cpu_limit`` CPU
        seconds (0: no CPU limit) and ``limit`` wall seconds; the CPU it takes
        is charged to its first game (see ``start_game``), so nothing a bot
        computes while it is imported is free.
        """
        deadline = time.monotonic() + limit
        try:
            booted = self.receive(deadline)
            if booted != MessageKind.BOOTED.value:
                return "the bot's process sent something else than its first word"
            self._gather()
            loading = self.cpu()
            self.budget = (loading, cpu_limit) if loading is not None and cpu_limit > 0 else None
            self.conn.send_by(self._hello(), deadline)
            message = self.receive(deadline)
        except TimedOut as over:
            self.too_slow = True
            if str(over) == "cpu":
                return f"loading the bot took more than {cpu_limit:g} s of CPU (its time limit for a game)"
            return f"loading the bot took longer than {limit:g} s"
        except WorkerGone as gone:
            return str(gone)
        except OSError as error:
            return f"the bot's process could not be reached ({error})"
        finally:
            self.budget = None
        if message == MessageKind.READY.value:
            self.loading = loading
            return ""
        if message[:1] == MessageKind.LOAD_FAILED.value:
            return protocol.text(message[1:])
        return "the bot's process sent something else than 'ready'"

    def _gather(self) -> None:
        """Find the worker's interpreter and move its whole tree into the group, before the bot runs."""
        tree = [self.process.pid, *descendants(self.process.pid)] if LINUX else [self.process.pid]
        self.pid = tree[-1]  # bwrap, its init, then Python: nothing else runs before the hello
        if self.group is not None:
            self.group.join(tree)

    def _hello(self) -> bytes:
        caps = self.sandbox.caps
        rlimit_processes = 0 if self.group is not None and self.group.has(Feature.PROCESSES) else caps.processes
        if rlimit_processes and self.sandbox.sealed and not self.sandbox.privileged:
            rlimit_processes += SANDBOX_PROCESSES  # counted in the worker's own user namespace
        elif rlimit_processes:
            rlimit_processes += _processes_of(self.sandbox.uid)  # counted per user, not per bot: add what runs
        return json.dumps({
            "spec": self.spec, "path": sys.path, "user": self.sandbox.user, "memory_mb": caps.memory_mb,
            "processes": rlimit_processes, "file_mb": caps.file_mb,
            "filter": self.sandbox.filtered and not self.sandbox.sealed,  # sealed, bwrap has loaded it
            "one_process": self.one_process,
        }).encode()

    # ------------------------------------------------------------ messages
    def receive(self, deadline: float) -> bytes:
        """The next message, waiting no later than ``deadline`` (time.monotonic) nor past the CPU budget."""
        while True:
            check = time.monotonic() + CPU_CHECK_EVERY
            try:
                return self.conn.recv(MAX_MESSAGE, min(check, deadline))
            except TimeoutError:
                if time.monotonic() >= deadline:
                    raise TimedOut("wall") from None
                if self.budget is not None and self.used() > self.budget[1]:
                    raise TimedOut("cpu") from None
            except ChannelClosed as closed:
                raise WorkerGone(self.gone(str(closed))) from None

    def send(self, message: bytes, deadline: float) -> None:
        try:
            self.conn.send_by(message, min(deadline, time.monotonic() + JAM_GRACE))
        except TimeoutError:
            raise Jammed from None

    def gone(self, why: str) -> str:
        """Why the worker is no longer there (its process is reaped first)."""
        code = self.process.wait(1)
        if self.group is not None and self.group.out_of_memory():
            return f"the bot's processes went over their memory cap of {self.sandbox.caps.memory_mb} MB " \
                   f"and the kernel stopped one (exit code {code})"
        if code is None:
            return f"the bot's process broke its pipe: {why}"
        return f"the bot's process ended (exit code {code})"

    # ------------------------------------------------------------ time and freezing
    def cpu(self) -> float | None:
        """CPU seconds of the worker's processes so far, or None where there is no CPU clock (wall then)."""
        if self.group is not None:
            seconds = self.group.cpu_seconds()
            if seconds is not None:
                return seconds
        if not (LINUX and self.pid):
            return None
        own = _process_cpu(self.pid)
        if own is None or not self.sandbox.sealed:
            return own
        return own + _others_cpu(self.process.pid, self.pid)

    def start_game(self, limit: float) -> float | None:
        """Thaw the worker and start its CPU budget for a game; the CPU clock's reading (None: none).

        A worker's first game starts from the clock before its bot was loaded: the import is charged."""
        self.thaw()
        now = self.loading if self.loading is not None else self.cpu()
        self.loading = None
        self.budget = (now, limit) if now is not None else None
        return now

    def used(self) -> float:
        if self.budget is None:
            return 0.0
        now = self.cpu()
        return (now - self.budget[0]) if now is not None else 0.0

    @property
    def frozen_by_group(self) -> bool:
        """Whether freezing holds every process the bot ever started (a group's freezer), not only its tree."""
        return self.group is not None and self.group.has(Feature.FREEZER)

    def freeze(self) -> None:
        """Stop every process of the worker until its next game (see ``thaw``)."""
        self._hold(True)

    def thaw(self) -> None:
        self._hold(False)

    def _hold(self, frozen: bool) -> None:
        if self.frozen == frozen:
            return
        self.frozen = frozen
        if self.group is not None and self.group.freeze(frozen):
            return
        number = getattr(signal, "SIGSTOP" if frozen else "SIGCONT", None)  # Windows has neither
        if number is not None:
            signal_all(self._tree(), number)

    def _tree(self) -> list[int]:
        return [self.process.pid, *descendants(self.process.pid)] if LINUX else [-self.process.pid]

    def kill(self) -> None:
        """End every process of the worker now."""
        self.process.kill()
        if self.group is not None:
            self.group.remove()

    def stop(self) -> None:
        self.kill()
        self.conn.close()
        if self.output is not None:
            self.output.close()


def _group(plan: Plan, sandbox: Sandbox, cpu: int | None, name: str) -> WorkerGroup | None:
    """The worker's control group with its caps, or None where this process can make none."""
    if not plan.places:
        return None
    try:
        group = WorkerGroup(plan, name)
    except OSError:
        return None
    group.cap_memory(sandbox.caps.memory_mb)
    group.cap_processes(sandbox.caps.processes)
    group.keep_to(cpu)
    return group


def _process_cpu(pid: int) -> float | None:
    """The process's CPU time (its live threads and ended ones, to the nanosecond) and its reaped children's."""
    clock = ((~pid) << 3) | 2  # Linux's CPU clock of another process: MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)
    try:
        own = time.clock_gettime(clock)
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rpartition(b")")[2].split()
        return own + (int(fields[CUTIME]) + int(fields[CSTIME])) / TICKS
    except (OSError, ValueError, IndexError):
        return None


def _others_cpu(root: int, worker: int) -> float:
    """CPU seconds of every process of a sealed worker's tree but the interpreter ``worker``: bwrap, its
    init, and whatever the bot started, each with the children it reaped. The sandbox has a PID namespace
    of its own, whose init (bwrap's) adopts and reaps what the bot leaves running, so nothing the bot
    starts can run outside this tree, and an ended helper's time stays in it, in its reaper's count."""
    total = 0
    for pid in (root, *descendants(root)):
        if pid == worker:
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
            total += sum(int(fields[index]) for index in (UTIME, STIME, CUTIME, CSTIME))
        except (OSError, ValueError, IndexError):
            continue  # it ended meanwhile: its time is now its reaper's
    return total / TICKS


def _processes_of(uid: int | None) -> int:
    """How many processes (threads included) the user runs now: RLIMIT_NPROC counts them all."""
    uid = os.getuid() if uid is None and hasattr(os, "getuid") else uid
    if uid is None or not LINUX:
        return 0
    count = 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if entry.stat().st_uid == uid:
                    count += len(os.listdir(f"/proc/{entry.name}/task"))
    return count


def orphans(workers: list[BotWorker]) -> list[int]:
    """This table's children that are no worker: what a bot detached, unsealed, came back to the table."""
    if not LINUX:
        return []
    mine = {worker.process.pid for worker in workers}
    return [pid for pid in children_of(os.getpid()) if pid not in mine]


class _Popen:
    """A worker started as a program (POSIX): its process group is killed with it."""

    def __init__(self, argv: list[str], options: dict, keep: tuple[int, ...], output: BotOutput) -> None:
        self._process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=output.write_fd,
                                         stderr=output.write_fd, pass_fds=keep, **options)
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
        with contextlib.suppress(OSError):
            os.killpg(self.pid, signal.SIGCONT)  # a stopped process dies of SIGKILL only once running
        self.wait(5)


class _MultiprocessingProcess:
    """A worker started by ``multiprocessing`` (Windows, where descriptors do not pass to a program)."""

    def __init__(self, child: Connection) -> None:
        self._process = _CONTEXT.Process(target=worker_main_connection, args=(child,), name="amigasweeper bot")
        with interrupts_held():
            self._process.start()
        pid = self._process.pid
        assert pid is not None  # a started process has its id
        self.pid: int = pid

    def wait(self, timeout: float) -> int | None:
        self._process.join(timeout)
        return self._process.exitcode

    def kill(self) -> None:
        kill_group(self._process)


def _start(child: tuple[int, int] | Connection, sandbox: Sandbox, spec: str,
           output: BotOutput | None, one: bool = False) -> _Popen | _MultiprocessingProcess:
    if isinstance(child, Connection):
        return _MultiprocessingProcess(child)
    assert output is not None  # the worker's BotOutput, made for every worker started from descriptors
    read_fd, write_fd = child
    parent = 0 if sandbox.sealed else os.getpid()
    boot = f"from amigasweeper.challenge.bot_worker import main_fds; main_fds({read_fd}, {write_fd}, {parent})"
    seccomp = sandbox.filter_descriptor(one)
    try:
        argv = sandbox.worker_command(boot, sealed_view.bot_files(spec, sys.path), seccomp)
        keep = (*child, *(() if seccomp is None else (seccomp,)))
        with interrupts_held():
            return _Popen(argv, sandbox.popen_options(), keep, output)
    finally:
        if seccomp is not None:
            os.close(seccomp)
