"""What the tournament asks of the operating system, in one place, for every platform.

The coordinator, its tables (referees) and the bots' workers are separate
processes started with the ``spawn`` method everywhere, so a worker begins as
a fresh interpreter that inherits no objects and no open files but its pipe.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import wait
from multiprocessing.context import SpawnContext

# from <linux/prctl.h>
PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_CHILD_SUBREAPER = 36
PARENT_POLL = 0.5  # seconds between a worker's checks that its table is still there (not Linux)


def spawn_context() -> SpawnContext:
    return multiprocessing.get_context("spawn")


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Start children with Ctrl-C held back, so none can be hit before it ignores it.

    A blocked signal stays blocked across exec, and the child ignores SIGINT
    as its first act, which also drops a held one. The parent gets a Ctrl-C
    pressed meanwhile as soon as this block ends. (Windows has no signal
    masks; there a child ignores Ctrl-C from its first line.)
    """
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def ignore_interrupts() -> None:
    """Leave Ctrl-C to the coordinator: it stops the run and prints what was played."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def leave_the_terminal() -> None:
    """Start a session of its own (a table), with no controlling terminal, for its workers too.

    A process whose session owns the terminal could push keystrokes into the
    user's shell (the TIOCSTI ioctl); a worker started from here has no
    terminal at all, sealed or not. Ctrl-C is the coordinator's business anyway.
    """
    if hasattr(os, "setsid"):
        with contextlib.suppress(OSError):
            os.setsid()


def own_process_group() -> None:
    """Put this process (a bot's worker) in a group of its own.

    Then stopping it stops whatever it started too (see ``kill_group``), and
    a Ctrl-C at the terminal, sent to the terminal's group, does not reach it.
    """
    if hasattr(os, "setpgid"):
        with contextlib.suppress(OSError):
            os.setpgid(0, 0)


def kill_group(process: multiprocessing.process.BaseProcess) -> None:
    """Stop a worker at once, with any processes it started in its group."""
    if process.pid is None:
        return
    if hasattr(os, "killpg"):
        with contextlib.suppress(OSError):
            if os.getpgid(process.pid) == process.pid:
                os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError, ValueError):
        process.kill()
    process.join(5)


def _prctl(option: int, value: int) -> bool:
    """Linux's prctl(2) through ctypes; False where there is none."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def forbid_memory_reads() -> None:
    """Keep other processes out of this one's memory (Linux): call it first thing.

    A non-dumpable process's /proc/PID/mem, environ and ptrace are closed to
    every user but root (and a worker run by root drops to ``nobody``). Other
    systems already refuse this without privileges (macOS), or need the bots
    run under another account to be sure (Windows).
    """
    _prctl(PR_SET_DUMPABLE, 0)


def adopt_orphans() -> None:
    """Make this process (a table) the parent of whatever its workers leave behind (Linux).

    A process a bot detaches (``setsid``, a double fork) is re-parented here
    rather than to init when its parent dies, so ``kill_orphans`` finds it.
    """
    _prctl(PR_SET_CHILD_SUBREAPER, 1)


def kill_orphans(keep: set[int]) -> None:
    """Kill and reap every child of this process but ``keep`` (Linux; see ``adopt_orphans``)."""
    if not sys.platform.startswith("linux"):
        return
    me = os.getpid()
    for _ in range(10):  # an orphan may fork again while we look; a few rounds catch its offspring
        found = [pid for pid in children_of(me) if pid not in keep]
        if not found:
            return
        for pid in found:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        for pid in found:
            with contextlib.suppress(OSError):
                os.waitpid(pid, 0)


def children_of(parent: int) -> list[int]:
    """The children of ``parent``: from its threads' lists where Linux keeps them, else from all of /proc."""
    listed: set[int] = set()
    try:
        for task in os.scandir(f"/proc/{parent}/task"):
            with open(f"/proc/{parent}/task/{task.name}/children", "rb") as children:
                listed.update(int(pid) for pid in children.read().split())
        return sorted(listed)
    except (OSError, ValueError):
        pass  # a kernel without CONFIG_PROC_CHILDREN, or the process has gone
    found: list[int] = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
        except OSError:
            continue  # ended meanwhile
        if len(fields) > 1 and int(fields[1]) == parent:
            found.append(int(entry.name))
    return found


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (Linux), parents before their children."""
    found, frontier = [], [root]
    while frontier:
        children = [child for parent in frontier for child in children_of(parent)]
        found += children
        frontier = children
    return found


def signal_all(pids: list[int], number: int) -> None:
    """Send a signal to each process; those that have gone meanwhile are skipped."""
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, number)


def die_with_parent(parent: int) -> None:
    """End this process (a worker) when ``parent`` (its table) ends, as early as possible.

    Linux delivers SIGKILL at the parent's death (set here, after any change
    of user, which clears it); elsewhere a thread checks the parent every
    ``PARENT_POLL`` seconds. ``parent`` 0 means a sandbox sees to it (bwrap's
    ``--die-with-parent``; inside, the table's process id means nothing).
    """
    if parent <= 0:
        return
    if _prctl(PR_SET_PDEATHSIG, signal.SIGKILL):
        if os.getppid() != parent:
            os._exit(0)  # the table ended before the signal was set
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def share_a_cpu(cpu: int | None) -> None:
    """Keep this process (a table) and the workers it starts on one processor (Linux).

    A table and its worker take turns, one message each way a move: on one
    processor each hands over to the other at once, where across two the
    other must be woken on its own processor first, which on a virtual
    machine whose other processor is idle costs tens of microseconds a move.
    """
    if cpu is None or not hasattr(os, "sched_setaffinity"):
        return
    with contextlib.suppress(OSError):
        os.sched_setaffinity(0, {cpu})


def on_parent_exit(action: Callable[[], None]) -> None:
    """Run ``action`` (which should end this process) when the parent process ends.

    Nothing is left behind when a parent is killed outright: its children see
    its sentinel close and leave too.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        action()

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
