"""A lock that keeps two copies of the program from saving at the same time.

The lock is a file in the data folder (``amigasweeper.lock``, empty, never
removed). It is locked with ``fcntl.flock`` on POSIX systems and with
``msvcrt.locking`` on Windows; either lock ends when its holder ends, even by
``kill -9``, so a crashed copy never leaves the folder locked.

A copy that cannot get the lock in ``timeout`` seconds gives up with
:class:`LockTimeout` (an OSError): its save is reported as failed and its
changes stay in memory until the next save.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

LOCK_FILE = "amigasweeper.lock"
LOCK_TIMEOUT = 5.0  # seconds; a save holds the lock for milliseconds
_RETRY_EVERY = 0.005

try:  # POSIX
    import fcntl
except ImportError:  # Windows, or the browser (which never locks: see browser_backend)
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt  # type: ignore[import-not-found]
except ImportError:
    msvcrt = None  # type: ignore[assignment]


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
        deadline = time.monotonic() + self.timeout
        while not _try_lock(handle):
            if time.monotonic() > deadline:
                os.close(handle)
                raise LockTimeout(
                    "another copy of AmigaSweeper kept the data folder locked"
                )
            time.sleep(_RETRY_EVERY)
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
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    handle = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(f"{LOCK_FILE} in the data folder is not a plain file")
    except BaseException:
        os.close(handle)
        raise
    return handle
