"""A lock that keeps two copies of the program from saving at the same time.

The lock is a file in the data folder (``amigasweeper.lock``, empty, never
removed). It is locked with ``fcntl.flock`` on POSIX systems and with
``msvcrt.locking`` on Windows; either lock ends when its holder ends, even by
``kill -9``, so a crashed copy never leaves the folder locked.

A copy waits for the lock inside the kernel where it can (flock in the main
thread, cut short by a timer), so copies take fair turns; elsewhere it polls.
A copy that cannot get the lock in ``timeout`` seconds gives up with
:class:`LockTimeout` (an OSError): its save is reported as failed and its
changes stay in memory until the next save. With a timeout of 0 it does not
wait at all: the game's frame loop asks so, and tries again on a later
frame (see Storage.retry_waiting), so a copy stopped while holding the lock
never freezes another's screen.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ..plainfiles import open_plain

LOCK_FILE = "amigasweeper.lock"
LOCK_TIMEOUT = 5.0  # seconds; a save holds the lock for milliseconds
_RETRY_EVERY = 0.005
RETRY_EVERY = 0.25  # seconds between a frame's tries of a save that found the lock taken
TELL_AFTER = 3.0  # seconds a save may wait for the lock before the player is told


@dataclass
class LockWait:
    """The rule for a save that found the lock taken and waits in memory
    (the settings and best times, Storage; the games' ends, play's
    EndQueue): a frame tries it again every RETRY_EVERY seconds, and the
    player is told once, when it has waited TELL_AFTER seconds."""

    since: float | None = None  # when the first try found the lock taken
    last_try: float = float("-inf")
    told: bool = False

    @property
    def waiting(self) -> bool:
        return self.since is not None

    def due(self, now: float) -> bool:
        """Whether a frame may try again now."""
        return now - self.last_try >= RETRY_EVERY

    def locked(self, now: float) -> None:
        """A try found the lock taken."""
        if self.since is None:
            self.since = now

    def tried(self, now: float) -> None:
        self.last_try = now

    def tell(self, now: float) -> bool:
        """Whether the player is to be told now (once a wait is long enough)."""
        if self.told or self.since is None or now - self.since < TELL_AFTER:
            return False
        self.told = True
        return True

    def free(self) -> None:
        """Nothing waits any more: the next wait is timed from its own start."""
        self.since, self.told = None, False

# Each system's own lock, imported only where it exists: in the browser (which
# never locks: see browser_backend) Pyxel's web runtime answers an import it
# cannot find by fetching the module from the page's host, so even a guarded
# `import fcntl` there costs a request that fails.
if sys.platform == "win32":
    import msvcrt  # type: ignore[import-not-found]

    fcntl = None
elif sys.platform == "emscripten":
    fcntl = msvcrt = None
else:  # POSIX
    import fcntl

    msvcrt = None


def _try_lock(handle: int) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    if msvcrt is not None:
        os.lseek(handle, 0, os.SEEK_SET)
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)  # the first byte stands for the file
        except OSError:
            return False
        return True
    return True  # no way to lock here: a single copy is all there can be


def _unlock(handle: int) -> None:
    if fcntl is not None:
        fcntl.flock(handle, fcntl.LOCK_UN)
    elif msvcrt is not None:
        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)


class LockTimeout(OSError):
    """Another copy held the lock for too long."""

    def __init__(self) -> None:
        super().__init__("another copy of AmigaSweeper kept the data folder locked")


def _wait_in_kernel(handle: int, timeout: float) -> bool:
    """Wait for the lock inside flock, cut short by a timer; False where that
    cannot be done (no flock, no SIGALRM, not the main thread).

    Waiting in the kernel is fair: a waiter is woken the moment the lock is
    let go. Polling is not: a copy saving in a tight loop takes the lock
    again before a polling one looks, and the poller gives up."""
    if fcntl is None or not hasattr(signal, "setitimer"):
        return False

    def expire(signum: int, frame: object) -> None:
        raise LockTimeout()

    try:
        previous = signal.signal(signal.SIGALRM, expire)
    except ValueError:  # not the main thread
        return False
    try:
        signal.setitimer(signal.ITIMER_REAL, timeout)
        fcntl.flock(handle, fcntl.LOCK_EX)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
    return True


def _poll(handle: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not _try_lock(handle):
        if time.monotonic() > deadline:
            raise LockTimeout()
        time.sleep(_RETRY_EVERY)


class FolderLock:
    """``with FolderLock(folder): ...`` holds the folder's lock for the block.

    With ``create`` the folder is made if missing; without it, a missing
    folder is not locked (there is nothing in it to protect)."""

    def __init__(self, folder: Path, create: bool = True, timeout: float = LOCK_TIMEOUT) -> None:
        self.folder = folder
        self.create = create
        self.timeout = timeout
        self._handle: int | None = None

    def __enter__(self) -> None:
        if self.create:
            self.folder.mkdir(parents=True, exist_ok=True)
        elif not self.folder.is_dir():
            return
        handle = _open_lock_file(self.folder / LOCK_FILE)
        try:
            if _try_lock(handle):
                pass
            elif self.timeout <= 0:
                raise LockTimeout()  # asked not to wait (a timer of 0 would never go off)
            elif not _wait_in_kernel(handle, self.timeout):
                _poll(handle, self.timeout)
        except BaseException:
            os.close(handle)  # closing also lets go of a lock got at the last moment
            raise
        self._handle = handle

    def __exit__(self, *exc_info: object) -> None:
        handle, self._handle = self._handle, None
        if handle is None:
            return
        try:
            _unlock(handle)
        finally:
            os.close(handle)


def _open_lock_file(path: Path) -> int:
    return open_plain(path, os.O_RDWR | os.O_CREAT)
