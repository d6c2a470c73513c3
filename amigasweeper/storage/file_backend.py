"""The desktop back end: documents as files in one folder.

* Writes are atomic: a temporary file beside the target (``.NAME.xxxx.tmp``),
  flushed, fsynced and renamed over it, so a crash leaves the old file whole.
  Temporary files an interrupted save left are removed at the next start.
* A data file that is a symbolic link is written through the link: the file
  it points to is replaced, the link stays.
* Nothing blocks: a FIFO, device, folder or other non-file where a data file
  should be is opened without waiting (``O_NONBLOCK``) and refused, so the
  caller sets it aside.
* Only the names the caller gives are touched (the store uses names that
  start with ``amigasweeper``), plus the lock file and temporary files.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from ..atomicfile import write_atomically
from ..plainfiles import NotPlainFile, open_plain
from .backend import BaseBackend, aside_names, reason
from .documents import MAX_DOCUMENT_BYTES
from .locking import LOCK_TIMEOUT, FolderLock


class NotAFile(OSError):
    """Something other than a plain file stands where a data file should be."""


Signature = tuple[int, int, int] | None  # (inode, size, mtime_ns) or None when absent


class FileBackend(BaseBackend):
    """Documents as files in one folder (created when first written)."""

    def __init__(
        self,
        folder: str | os.PathLike[str],
        now: Callable[[], datetime.datetime] = datetime.datetime.now,
        lock_timeout: float = LOCK_TIMEOUT,
    ) -> None:
        self.folder = Path(folder)
        self._now = now
        self.lock_timeout = lock_timeout
        self._seen: dict[str, Signature] = {}

    def __repr__(self) -> str:
        return f"FileBackend({str(self.folder)!r})"

    # -- reading ------------------------------------------------------------

    def read(self, name: str) -> bytes | None:
        path = self.folder / name
        try:
            handle = open_plain(path)
        except (FileNotFoundError, NotADirectoryError):
            self._seen[name] = None
            return None
        except NotPlainFile as error:
            raise NotAFile(f"it {error.why}") from None
        try:
            info = os.fstat(handle)
            data = _read_at_most(handle, MAX_DOCUMENT_BYTES + 1)
        finally:
            os.close(handle)
        self._seen[name] = _signature(info)
        return data

    def changed(self, name: str) -> bool:
        if name not in self._seen:
            return True
        return _stat_signature(self.folder / name) != self._seen[name]

    # -- writing ------------------------------------------------------------

    def write(self, name: str, data: bytes) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self._through_links(self.folder / name)
        write_atomically(target, data)
        _sync_folder(target.parent)
        self._seen[name] = _stat_signature(self.folder / name)

    @staticmethod
    def _through_links(path: Path) -> Path:
        """Where writing ``path`` should go: the file a symbolic link points to."""
        if not path.is_symlink():
            return path
        return Path(os.path.realpath(path))

    def set_aside(self, name: str) -> str:
        source = self.folder / name
        for candidate in aside_names(name, self._now()):
            target = self.folder / candidate
            if not os.path.lexists(target):
                os.rename(source, target)
                _sync_folder(self.folder)
                self._seen.pop(name, None)
                return candidate
        raise AssertionError("unreachable")  # pragma: no cover

    # -- the folder ---------------------------------------------------------

    def lock(self, create: bool = True, timeout: float | None = None) -> FolderLock:
        return FolderLock(self.folder, create=create, timeout=self.lock_timeout if timeout is None else timeout)

    def check(self) -> str | None:
        try:
            with os.scandir(self.folder):
                pass
        except (FileNotFoundError, NotADirectoryError):
            if os.path.lexists(self.folder):
                return f"{self.folder} is not a folder"
            return _creatable(self.folder)
        except OSError as error:
            return f"{self.folder} cannot be read ({reason(error)})"
        return None

    def tidy(self, names: Iterable[str]) -> None:
        places = {self.folder: set(names)}
        for name in list(places[self.folder]):
            path = self.folder / name
            if path.is_symlink():
                target = self._through_links(path)
                places.setdefault(target.parent, set()).add(target.name)
        for folder, owned in places.items():
            remove_temporaries(folder, owned)


def remove_temporaries(folder: Path, owned: set[str]) -> None:
    """Remove ``.NAME.xxxx.tmp`` files of these names that are plain files."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(".tmp")):
            continue
        if not any(name.startswith(f".{own}.") for own in owned):
            continue
        try:
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
        except OSError:
            pass


def _creatable(folder: Path) -> str | None:
    """Why a missing folder could not be made, or None if it probably can."""
    parent = folder
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        return f"{folder} cannot be made: {parent} is not a folder"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"{folder} cannot be made in {parent} (permission denied)"
    return None


def _read_at_most(handle: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = os.read(handle, min(65536, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _signature(info: os.stat_result) -> Signature:
    return info.st_ino, info.st_size, info.st_mtime_ns


def _stat_signature(path: Path) -> Signature:
    try:
        return _signature(os.stat(path))
    except OSError:
        return None


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (POSIX only; elsewhere it is best effort)."""
    if os.name != "posix":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
