"""Writing a whole file so that a reader, another copy of the program or a
crash mid-write sees either the old contents or the new, never a mixture.

The bytes go to a temporary file beside the target, are flushed to the disk,
and the temporary file then replaces the target in one rename; on any failure
the temporary file is removed and the target is left as it was.

Permissions are those a person expects of a program that saves a file: a
file that is replaced keeps its permission bits (and, where the system lets
us, its owner and group), and a new file gets what the umask allows of
read and write for everyone (0o666), as a file made by ``open(path, "w")``
does. Every writer shares this: the storage's own files (settings, best
times), the replays folder and the help viewer's Save As. None of them is
made private on purpose: the game's data is no secret, the records file
beside them has always followed the umask, and a person who wants the data
folder private says so with a umask or by closing the folder itself.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

NEW_FILE_MODE = 0o666  # what the umask is applied to, as for any new file
_CREATE = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
           | getattr(os, "O_NOFOLLOW", 0))
_NAME_TRIES = 100  # random names tried before giving up (a clash is one in 2**64)
_NEVER_KEPT = stat.S_ISUID | stat.S_ISGID  # a rewritten file is no longer what was trusted to run as its owner


def write_atomically(target: Path, data: bytes) -> None:
    """Replace ``target`` with ``data`` in one step; raises OSError on failure."""
    before = _existing(target)
    handle, temporary = _create_beside(target, NEW_FILE_MODE if before is None else 0o600)
    try:
        with os.fdopen(handle, "wb") as file:
            if before is not None:
                _keep_permissions(file.fileno(), before)
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass  # already gone: nothing is left behind either way
        raise


def _existing(target: Path) -> os.stat_result | None:
    """The details of the plain file being replaced (None for a new one)."""
    try:
        info = os.stat(target)
    except (OSError, ValueError):
        return None
    return info if stat.S_ISREG(info.st_mode) else None


def _create_beside(target: Path, mode: int) -> tuple[int, str]:
    """A new, empty temporary file in the target's folder, opened for
    writing, created with ``mode`` (the umask applies, as it does to any
    new file); ``(descriptor, path)``."""
    for _ in range(_NAME_TRIES):
        temporary = os.path.join(target.parent, f".{target.name}.{secrets.token_hex(8)}.tmp")
        try:
            return os.open(temporary, _CREATE, mode), temporary
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {target.name}")


def _keep_permissions(handle: int, before: os.stat_result) -> None:
    """The replaced file's permission bits, owner and group on the new one
    (the owner only where the system allows it: a user cannot give a file
    away, but can keep a group it belongs to)."""
    fchmod, fchown = getattr(os, "fchmod", None), getattr(os, "fchown", None)
    if fchown is not None:
        for owner in (before.st_uid, -1):
            try:
                fchown(handle, owner, before.st_gid)
                break
            except OSError:
                continue  # not allowed: the new file keeps ours, as any program's would
    if fchmod is not None:
        fchmod(handle, stat.S_IMODE(before.st_mode) & ~_NEVER_KEPT)
