"""Processes a test starts, and never leaves behind.

A test that starts the program, a tournament or a helper in a process of its
own must not leave it running when the test fails, is interrupted, or pytest
itself is killed: once a killed run left `amigasweeper.challenge.cli --games
100000` and its bots busy for ten minutes. The `child_processes` fixture
(tests/conftest.py) hands a test a `ChildProcesses`, whose `start()` is
`subprocess.Popen` with three guards:

- The child gets a process group of its own (a new session on POSIX, a new
  process group on Windows), so the teardown reaches it and whatever it
  started in one stroke, and a Ctrl-C meant for pytest is not also a signal
  the test did not send.
- On Linux the kernel is asked to send the child SIGTERM when the test
  process ends, however it ends, even by SIGKILL (PR_SET_PDEATHSIG). A small
  launcher sets it and then becomes the command (exec: the same process id),
  because setting it between fork and exec from Python (preexec_fn) is not
  safe in a process that runs threads, as a test process with pyxel does.
  The launcher also gives the child Ctrl-C's default meaning: a run started
  in the background (`pytest &`, nohup) ignores SIGINT and would pass that
  on, and a test that sends its child SIGINT would wait forever.
- At teardown (the test passed, failed, or was interrupted: pytest tears
  fixtures down after a KeyboardInterrupt too) a child still running is sent
  SIGTERM with its whole group, so a tournament ends its own workers; after
  a grace period, SIGKILL goes to the group and to every process found
  below the child (a process that left the group with setsid).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

GRACE_SECONDS = 5.0  # a child's time to end cleanly on SIGTERM before SIGKILL
PR_SET_PDEATHSIG = 1  # linux/prctl.h

# Runs as `python -I -S -c LAUNCHER PARENT_PID COMMAND...`: isolated from the
# environment's PYTHON* variables (a test may hand the child a hostile one) and
# without site, so it starts in a few milliseconds.
LAUNCHER = (
    "import ctypes, os, signal, sys\n"
    "signal.signal(signal.SIGINT, signal.SIG_DFL)\n"  # see below
    f"ctypes.CDLL(None, use_errno=True).prctl({PR_SET_PDEATHSIG}, signal.SIGTERM)\n"
    "if os.getppid() != int(sys.argv[1]):\n"  # the test process ended before the prctl: end too
    "    os._exit(128 + signal.SIGTERM)\n"
    "os.execvp(sys.argv[2], sys.argv[2:])\n"
)


def dies_with_parent_available() -> bool:
    return sys.platform.startswith("linux")


def launched(command: Sequence[str]) -> list[str]:
    """The command, behind the launcher where the system has PR_SET_PDEATHSIG."""
    command = [os.fspath(part) for part in command]
    if not dies_with_parent_available():
        return command
    return [sys.executable, "-I", "-S", "-c", LAUNCHER, str(os.getpid()), *command]


def _stat_fields(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the name (which may hold spaces and
    parentheses); None when the process is gone or there is no /proc."""
    try:
        stat = Path("/proc", str(pid), "stat").read_bytes()
    except OSError:
        return None
    return stat.rpartition(b")")[2].decode("ascii", "replace").split()


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (Linux: read from /proc; elsewhere none are found)."""
    if not Path("/proc").is_dir():
        return []
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        fields = _stat_fields(entry) if entry.isdigit() else None
        if fields:
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _identity(pid: int) -> tuple[int, str] | None:
    """A process id with its start time (field 22 of stat): a number the system
    may give to a new process later names the same process only with both."""
    fields = _stat_fields(pid)
    return (pid, fields[19]) if fields and len(fields) > 19 else None


class ChildProcesses:
    """Starts processes for one test and ends every one still running at its end."""

    def __init__(self, grace: float = GRACE_SECONDS) -> None:
        self.grace = grace
        self.started: list[subprocess.Popen] = []

    def start(self, command: Sequence[str], **options) -> subprocess.Popen:
        """subprocess.Popen(command, **options), guarded as the module says."""
        if os.name == "nt":
            options["creationflags"] = options.get("creationflags", 0) | subprocess.CREATE_NEW_PROCESS_GROUP
        else:
            options["start_new_session"] = True
        process = subprocess.Popen(launched(command), **options)
        self.started.append(process)
        return process

    def stop_all(self) -> list[int]:
        """End every child still running, and all below it; the ids of those that were."""
        running = [process for process in self.started if process.poll() is None]
        for process in running:
            _stop(process, self.grace)
        for process in self.started:
            _close_pipes(process)
        return [process.pid for process in running]


def _stop(process: subprocess.Popen, grace: float) -> None:
    if os.name == "nt":  # no groups to signal: taskkill ends the tree
        subprocess.run(["taskkill", "/T", "/F", "/PID", str(process.pid)], capture_output=True, check=False)
        process.wait(timeout=60)
        return
    below = _identities(process.pid)  # before SIGTERM: once the child ends, its orphans are no longer below it
    _signal_group(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    if process.poll() is None:
        below |= _identities(process.pid)
    _signal_group(process.pid, signal.SIGKILL)
    for pid, started in below:
        if _identity(pid) == (pid, started):  # still that process, not a new one given its number
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
    process.wait(timeout=60)


def _identities(pid: int) -> set[tuple[int, str]]:
    return {identity for identity in map(_identity, descendants(pid)) if identity}


def _signal_group(pid: int, signum: int) -> None:
    try:
        os.killpg(pid, signum)  # the child leads its own session: its group id is its process id
    except OSError:  # the group is empty
        pass


def _close_pipes(process: subprocess.Popen) -> None:
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()
