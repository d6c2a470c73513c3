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
from collections.abc import Callable, Iterator
from multiprocessing.connection import wait
from multiprocessing.context import SpawnContext

PR_SET_DUMPABLE = 4  # from <linux/prctl.h>


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


def forbid_memory_reads() -> None:
    """Keep other processes of the same user out of this one's memory (Linux).

    A non-dumpable process's /proc/PID/mem and ptrace are closed to everyone
    but root, so a bot cannot read the referee's layout from outside. Other
    systems already refuse this without privileges (macOS), or need the bots
    run under another account to be sure (Windows).
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # no prctl here: the separate process is still the main wall


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
