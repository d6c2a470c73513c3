"""RecordStore: every game's line, appended and never rewritten from a stale copy.

On the desktop the records are one text file in the data folder,
``amigasweeper-games.txt``: a first line naming the format, then one game a
line (see :mod:`.game_record`). A game is added by appending its line under
the folder's lock and fsyncing, so copies running at once all keep theirs
and a kill -9 loses at most the line being written: a last line without its
newline is ignored when read, and the next append starts a fresh line. A line
that cannot be read is skipped and counted, never fatal.

Reset (the Statistics window's) deletes nothing: it appends a line
``reset DATE_MS``, and the statistics count only the games after the last
one. The games before it stay in the file (``Loaded.earlier``).

In the browser the records are one localStorage value, rewritten on each
add (localStorage cannot append). It holds at most BROWSER_CAP games: at
about 80 characters a game that is 1.2 million characters (2.4 MB as browsers
count them, two bytes a character), leaving room within the ~5 MB a page gets
for the settings and best times; past that the oldest games are dropped there.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..storage.backend import Backend
from ..storage.locking import LOCK_TIMEOUT, FolderLock
from ..storage.memory_backend import MemoryBackend
from .game_record import GameRecord

GAMES_FILE = "amigasweeper-games.txt"
HEADER = "AmigaSweeper games 1"
BROWSER_CAP = 15_000


RESET_WORD = "reset"
MAX_READ_BYTES = 64 * 1024 * 1024  # about 800,000 games; of a bigger file the newest part is read


@dataclass
class Loaded:
    records: list[GameRecord]  # the games since the last reset
    damaged_lines: int
    earlier: list[GameRecord] = field(default_factory=list)  # games before the last reset
    reset_ms: int | None = None  # when the last reset was made
    unread_bytes: int = 0  # the oldest part of a file too big to read whole


def parse(text: str) -> Loaded:
    lines = text.split("\n")
    if lines and lines[0].startswith("AmigaSweeper games"):
        lines = lines[1:]
    torn = bool(lines and lines[-1])  # the last piece has no newline: a torn line, or ""
    records: list[GameRecord] = []
    earlier: list[GameRecord] = []
    damaged, reset_ms = 0, None
    batch: list[str] = []
    for line in lines[:-1]:
        if line.startswith(RESET_WORD + " ") and line[len(RESET_WORD) + 1 :].isdigit():
            read, bad = _read_batch(batch)
            earlier += records + read
            records, batch, damaged = [], [], damaged + bad
            reset_ms = int(line[len(RESET_WORD) + 1 :])
        elif line:
            batch.append(line)
    read, bad = _read_batch(batch)
    return Loaded(records + read, damaged + bad + torn, earlier, reset_ms)


def _read_batch(lines: list[str]) -> tuple[list[GameRecord], int]:
    records, damaged = [], 0
    from_line = GameRecord.from_line
    for line in lines:
        try:
            records.append(from_line(line))
        except (ValueError, KeyError, TypeError):
            damaged += 1
    return records, damaged


def _open_plain_file(path: Path, flags: int) -> int:
    """Open without waiting (a FIFO where the file should be would block
    forever) and refuse anything but a plain file, with an OSError."""
    flags |= getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    handle = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(f"{path.name} in the data folder is not a plain file")
    except BaseException:
        os.close(handle)
        raise
    return handle


class RecordStore:
    """The records of one data folder (``folder``), of a back end without
    files (``backend``, the browser's), or, given neither, of memory only
    (a headless run with no data folder)."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, backend: Backend | None = None) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.backend = backend if backend is not None or folder is not None else MemoryBackend()

    @property
    def path(self) -> Path | None:
        return None if self.folder is None else self.folder / GAMES_FILE

    def load(self) -> Loaded:
        if self.folder is not None:
            try:
                handle = _open_plain_file(self.path, os.O_RDONLY)
            except FileNotFoundError:
                return Loaded([], 0)
            with os.fdopen(handle, "rb") as file:
                size = os.fstat(file.fileno()).st_size
                skip = max(0, size - MAX_READ_BYTES)
                file.seek(skip)
                data = file.read(MAX_READ_BYTES)
            if skip:  # start at the first whole line of the newest part
                cut = data.find(b"\n") + 1
                skip, data = skip + cut, data[cut:]
            loaded = parse(data.decode("utf-8", "replace"))
            loaded.unread_bytes = skip
            return loaded
        data = self.backend.read(GAMES_FILE)
        return parse(data.decode("utf-8", "replace")) if data else Loaded([], 0)

    def append(self, record: GameRecord, lock_timeout: float = LOCK_TIMEOUT) -> None:
        """Add a game. Raises OSError when it cannot be kept (LockTimeout when
        another copy held the folder's lock longer than ``lock_timeout``)."""
        self._append_line(record.to_line() + "\n", lock_timeout)

    def reset(self, date_ms: int) -> None:
        """Start the statistics afresh from now; the games so far are kept."""
        self._append_line(f"{RESET_WORD} {int(date_ms)}\n", LOCK_TIMEOUT)

    def _append_line(self, line: str, lock_timeout: float) -> None:
        if self.folder is not None:
            self._append_to_file(line, lock_timeout)
        else:
            self._append_to_backend(line)

    def _append_to_file(self, line: str, lock_timeout: float) -> None:
        with FolderLock(self.folder, timeout=lock_timeout):
            handle = _open_plain_file(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
            try:
                size = os.fstat(handle).st_size
                prefix = "" if size else HEADER + "\n"
                if size and not self._ends_with_newline(size):
                    prefix = "\n"  # a line torn by a crash stays alone, and is ignored
                os.write(handle, (prefix + line).encode("utf-8"))
                os.fsync(handle)
            finally:
                os.close(handle)

    def _ends_with_newline(self, size: int) -> bool:
        with open(self.path, "rb") as file:
            file.seek(size - 1)
            return file.read(1) == b"\n"

    def _append_to_backend(self, line: str) -> None:
        with self.backend.lock():
            data = self.backend.read(GAMES_FILE)
            text = data.decode("utf-8", "replace") if data else HEADER + "\n"
            if not text.endswith("\n"):
                text += "\n"
            lines = text.split("\n")[1:-1]
            lines.append(line.rstrip("\n"))
            lines = lines[-BROWSER_CAP:]
            self.backend.write(GAMES_FILE, ("\n".join([HEADER, *lines]) + "\n").encode("utf-8"))
