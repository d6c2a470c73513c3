"""RecordStore: every game's line, appended and never rewritten from a stale copy.

On the desktop the records are one text file in the data folder,
``amigasweeper-games.txt``: a first line naming the format, then one game a
line (see :mod:`.kept_game`). A game is added by appending its line under
the folder's lock and fsyncing, so copies running at once all keep theirs
and a kill -9 loses at most the line being written: a last line without its
newline is ignored when read, and the next append starts a fresh line. A line
that cannot be read is skipped and counted, never fatal.

Reset (the Statistics window's) deletes nothing: it appends a line
``reset DATE_MS``, and the statistics count only the games after the last
one. The games before it stay in the file (``LoadedGames.earlier``).

Beside the games the store keeps their index (:mod:`.index`): each append
folds the new game into it under the same lock, when it is current, so a
save never reads the games again; the index is written out when it has
moved INDEX_LAG_BYTES past the saved one (not at each save: its cost grows
with the rows), and :meth:`RecordStore.catch_up` brings an index that is
behind up to date a slice at a time.

In the browser the records are one localStorage value, rewritten on each
add (localStorage cannot append). It holds at most BROWSER_CAP games: at
about 80 characters a game that is 1.2 million characters (2.4 MB as browsers
count them, two bytes a character), leaving room within the ~5 MB a page gets
for the settings and best times; past that the oldest games are dropped there.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path

from ..atomicfile import write_atomically
from ..plainfiles import open_plain
from ..storage.backend import Backend
from ..storage.locking import LOCK_TIMEOUT, FolderLock
from ..storage.memory_backend import MemoryBackend
from .index import INDEX_FILE, MAX_INDEX_BYTES, MAX_LINE_BYTES, RESET_WORD, SET_ASIDE, StatsIndex, reset_date
from .kept_game import KeptGame

GAMES_FILE = "amigasweeper-games.txt"
HEADER = "AmigaSweeper games 1"
BROWSER_CAP = 15_000

MAX_READ_BYTES = 64 * 1024 * 1024  # about 800,000 games; of a bigger file the newest part is read
# How far the saved index may lag behind the games: writing it whole at
# each save would cost as much as its rows (274 ms at 3,000 Custom rows);
# behind by at most this much, a reader catches up in a slice or two.
INDEX_LAG_BYTES = 256 * 1024
SCAN_BYTES = 16 * 1024 * 1024  # of a line too long to be a game, looked through at a step (a few ms)


@dataclass
class LoadedGames:
    records: list[KeptGame]  # the games since the last reset
    damaged_lines: int
    earlier: list[KeptGame] = field(default_factory=list)  # games before the last reset
    reset_ms: int | None = None  # when the last reset was made
    unread_bytes: int = 0  # the oldest part of a file too big to read whole


def parse(text: str) -> LoadedGames:
    lines = text.split("\n")
    if lines and lines[0].startswith("AmigaSweeper games"):
        lines = lines[1:]
    torn = bool(lines and lines[-1])  # the last piece has no newline: a torn line, or ""
    records: list[KeptGame] = []
    earlier: list[KeptGame] = []
    damaged, reset_ms = 0, None
    batch: list[str] = []
    for line in lines[:-1]:
        date = reset_date(line)
        if date is not None:
            read, bad = _read_batch(batch)
            earlier += records + read
            records, batch, damaged = [], [], damaged + bad
            reset_ms = date
        elif line:
            batch.append(line)
    read, bad = _read_batch(batch)
    return LoadedGames(records + read, damaged + bad + torn, earlier, reset_ms)


def _read_batch(lines: list[str]) -> tuple[list[KeptGame], int]:
    records, damaged = [], 0
    from_line = KeptGame.from_line
    for line in lines:
        try:
            records.append(from_line(line))
        except (ValueError, KeyError, TypeError):
            damaged += 1
    return records, damaged


class RecordStore:
    """The records of one data folder (``folder``), of a back end without
    files (``backend``, the browser's), or, given neither, of memory only
    (a headless run with no data folder)."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, backend: Backend | None = None) -> None:
        # Where the games are: the data folder, else the back end (memory's when none is given).
        self._where: Path | Backend = Path(folder) if folder is not None else \
            backend if backend is not None else MemoryBackend()
        self._long_line: tuple[int, int] | None = None  # (start, bytes looked at) of a line set aside
        self._index_at: int | None = None  # how much of the games the saved index covers, as last seen

    @property
    def folder(self) -> Path | None:
        return self._where if isinstance(self._where, Path) else None

    @property
    def backend(self) -> Backend | None:
        """The back end holding the games when there is no data folder."""
        return None if isinstance(self._where, Path) else self._where

    @property
    def path(self) -> Path | None:
        return self._where / GAMES_FILE if isinstance(self._where, Path) else None

    # ------------------------------------------------------------ reading
    def load(self) -> LoadedGames:
        """Every game, read at once (tools and tests; the program reads the index)."""
        where = self._where
        if isinstance(where, Path):
            try:
                handle = open_plain(where / GAMES_FILE, os.O_RDONLY)
            except FileNotFoundError:
                return LoadedGames([], 0)
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
        kept = where.read(GAMES_FILE)
        return parse(kept.decode("utf-8", "replace")) if kept else LoadedGames([], 0)

    def size(self) -> int:
        """The games' bytes as they are now (0 when there are none)."""
        where = self._where
        if not isinstance(where, Path):
            return len(where.read(GAMES_FILE) or b"")
        try:
            handle = open_plain(where / GAMES_FILE, os.O_RDONLY)
        except FileNotFoundError:
            return 0
        try:
            return os.fstat(handle).st_size
        finally:
            os.close(handle)

    def read_range(self, start: int, end: int) -> bytes:
        """The games' bytes from ``start`` up to ``end`` (fewer at the end of the file)."""
        where = self._where
        if not isinstance(where, Path):
            return (where.read(GAMES_FILE) or b"")[start:end]
        try:
            handle = open_plain(where / GAMES_FILE, os.O_RDONLY)
        except FileNotFoundError:
            return b""
        with os.fdopen(handle, "rb") as file:
            file.seek(start)
            return file.read(max(0, end - start))

    def lines(self, start: int = 0, chunk: int = 1 << 20) -> Iterator[tuple[str, int]]:
        """Each whole line from byte ``start`` on, with the byte just past it,
        read ``chunk`` bytes at a time: memory stays flat however many games
        there are. A last line with no newline is being written (or was torn)
        and is not given. A line longer than any game is given as SET_ASIDE,
        never held whole, however long."""
        position, rest, offset = start, b"", start  # ``offset``: where ``rest`` starts
        skipping = False  # inside a line too long to be a game: only its end is looked for
        while True:
            if skipping:
                position = self._next_data(position, self.size())
            data = self.read_range(position, position + chunk)
            if not data:
                return
            read_from, position = position, position + len(data)
            if skipping:
                cut = data.find(b"\n")
                if cut < 0:
                    continue
                skipping, offset, data = False, read_from + cut + 1, data[cut + 1:]
                yield SET_ASIDE, offset
            pieces = (rest + data).split(b"\n")
            rest = pieces.pop()
            for piece in pieces:
                offset += len(piece) + 1
                yield (SET_ASIDE if len(piece) > MAX_LINE_BYTES else piece.decode("utf-8", "replace")), offset
            if len(rest) > MAX_LINE_BYTES:
                skipping, rest = True, b""

    def _next_data(self, position: int, size: int) -> int:
        """Where the file's next written bytes after ``position`` are: a hole
        of a sparse file reads as NULs and holds no newline, so a long line
        of them is stepped over without reading it (``size`` past the last)."""
        seek_data = getattr(os, "SEEK_DATA", None)
        where = self._where
        if not isinstance(where, Path) or seek_data is None:
            return position
        try:
            handle = open_plain(where / GAMES_FILE, os.O_RDONLY)
        except OSError:
            return position
        try:
            return os.lseek(handle, position, seek_data)
        except OSError as error:  # ENXIO: nothing but a hole up to the end
            return size if error.errno == errno.ENXIO else position
        finally:
            os.close(handle)

    # ------------------------------------------------------------ the index
    def load_index(self) -> StatsIndex | None:
        """The index as saved (written whole, so readable without the lock);
        None when there is none or it cannot be used."""
        where = self._where
        try:
            if not isinstance(where, Path):
                data = where.read(INDEX_FILE)
            else:
                handle = open_plain(where / INDEX_FILE, os.O_RDONLY)
                with os.fdopen(handle, "rb") as file:
                    data = file.read(MAX_INDEX_BYTES + 1)
            index = StatsIndex.from_bytes(data) if data else None
        except (OSError, ValueError):
            return None
        if index is not None:
            self._index_at = index.covers
        return index

    def fits(self, index: StatsIndex, size: int | None = None) -> bool:
        """Whether ``index`` took in the first ``index.covers`` bytes of these
        games (and not of another file put in their place)."""
        size = self.size() if size is None else size
        if index.covers > size:
            return False
        if index.covers == 0:
            return not index.tail
        try:
            tail = index.tail.encode("utf-8", "surrogateescape") + b"\n"
        except UnicodeEncodeError:  # not a tail we wrote
            return False
        start = index.covers - len(tail)
        if start < 0:
            return False
        if start == 0 or len(tail) > MAX_LINE_BYTES:  # the first line, or the last bytes of a line set aside
            return self.read_range(start, index.covers) == tail
        return self.read_range(start - 1, index.covers) == b"\n" + tail

    def catch_up(self, index: StatsIndex, most: int = 256 * 1024) -> bool:
        """Fold at most ``most`` more bytes of whole lines into ``index``
        (without the lock: the games are only ever appended). True when it
        has taken in every whole line there is: a last line without its
        newline is not a line yet (being written, or torn by a crash) and is
        taken in once it has its end. A line longer than any game is set
        aside (counted as damaged) by looking for its end SCAN_BYTES at a
        time, never read whole."""
        size = self.size()
        start = index.covers
        if self._long_line is not None and self._long_line[0] == start:
            return self._skip_long_line(index, size, self._long_line)
        if start >= size:
            return True
        data = self.read_range(start, min(size, start + max(most, MAX_LINE_BYTES + 1)))
        cut = data.rfind(b"\n") + 1
        if cut:
            index.fold_bytes(data[:cut])
            return index.covers >= size
        if len(data) <= MAX_LINE_BYTES:
            return True  # a last line still being written (or torn): taken in once whole
        self._long_line = (start, start + len(data))
        return self._skip_long_line(index, size, self._long_line)

    @property
    def setting_aside(self) -> tuple[int, int] | None:
        """(where, bytes read) of a line too long to be a game whose end is being looked for."""
        return self._long_line

    def _skip_long_line(self, index: StatsIndex, size: int, long_line: tuple[int, int]) -> bool:
        """Look on for the end of the long line at ``index.covers`` (``long_line``:
        where it starts, and how far it was looked through), at most
        SCAN_BYTES this time; True when every whole line is taken in."""
        start, reached = long_line
        stop = min(size, reached + SCAN_BYTES)
        while reached < stop:
            reached = self._next_data(reached, size)
            if reached >= stop:
                break
            data = self.read_range(reached, min(stop, reached + (1 << 20)))
            if not data:
                break
            cut = data.find(b"\n")
            if cut >= 0:
                end = reached + cut + 1
                index.set_aside(end, self.read_range(max(start, end - 1 - MAX_LINE_BYTES), end - 1))
                self._long_line = None
                return end >= size
            reached += len(data)
        reached = min(reached, size)
        self._long_line = (start, reached)
        index.long_tail = reached - start if reached >= size else 0
        return reached >= size

    def save_index(self, index: StatsIndex, lock_timeout: float = 0) -> bool:
        """Write ``index`` if it is current (it took in every game there is);
        True if it was written. LockTimeout when another copy holds the lock."""
        with self._lock(lock_timeout):
            if index.covers != self.size() or not self.fits(index, index.covers):
                return False
            self._write_index(index)
            return True

    def _write_index(self, index: StatsIndex) -> None:
        where = self._where
        if not isinstance(where, Path):
            where.write(INDEX_FILE, index.to_bytes())
        else:
            write_atomically(where / INDEX_FILE, index.to_bytes())
        self._index_at = index.covers

    # ------------------------------------------------------------ writing
    def append(self, record: KeptGame, lock_timeout: float = LOCK_TIMEOUT,
               index: StatsIndex | None = None) -> StatsIndex | None:
        """Add a game. Raises OSError when it cannot be kept (LockTimeout when
        another copy held the folder's lock longer than ``lock_timeout``).
        Returns the index with the game in it, saved beside the games, when
        the saved one or ``index`` was current; else None (the index is
        behind: :meth:`catch_up` brings it up to date)."""
        return self._append_line(record.to_line() + "\n", lock_timeout, index)

    def reset(self, date_ms: int, index: StatsIndex | None = None,
              lock_timeout: float = LOCK_TIMEOUT) -> StatsIndex | None:
        """Start the statistics afresh from now; the games so far are kept."""
        return self._append_line(f"{RESET_WORD} {int(date_ms)}\n", lock_timeout, index)

    def _lock(self, timeout: float) -> AbstractContextManager[None]:
        where = self._where
        return FolderLock(where, timeout=timeout) if isinstance(where, Path) else where.lock()

    def _append_line(self, line: str, lock_timeout: float, index: StatsIndex | None) -> StatsIndex | None:
        with self._lock(lock_timeout):
            size = self.size()
            current = self._current_index(size, index)
            where = self._where
            if isinstance(where, Path):
                added = self._append_to_file(where / GAMES_FILE, line)
            else:
                added = self._append_to_backend(where, line)
            if current is None:
                return None
            current.fold_bytes(added)
            if not isinstance(where, Path):
                current.covers = self.size()  # the browser's cap may have dropped the oldest games
            if isinstance(where, Path) and self._index_at is not None \
                    and current.covers - self._index_at < INDEX_LAG_BYTES:
                return current  # the saved index stays a little behind: whoever reads it catches up
            # (In the browser it is written each time: the cap shifts the games, and an index
            # behind them could not be caught up, only made again from the games still there.)
            try:
                self._write_index(current)
            except OSError:
                return None  # the game is kept; the index is made again from it later
            return current

    def _current_index(self, size: int, mine: StatsIndex | None) -> StatsIndex | None:
        """``mine``, else the saved index, if it took in every game there is
        (``mine`` first: it is in memory already)."""
        if mine is not None and mine.covers == size and self.fits(mine, size):
            return mine.copy()  # never changed in place: the window may be reading it
        saved = self.load_index()
        if saved is None and size == 0:
            return StatsIndex()  # no games yet: a new index holds them all
        return saved if saved is not None and saved.covers == size and self.fits(saved, size) else None

    def _append_to_file(self, path: Path, line: str) -> bytes:
        """Append ``line``; the bytes added (a newline first after a torn
        line). Every byte is written, or the file is cut back to where it
        was and OSError raised: never half a game (a full disk, a file size
        limit)."""
        handle = open_plain(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        try:
            size = os.fstat(handle).st_size
            prefix = "" if size else HEADER + "\n"
            if size and not self._ends_with_newline(path, size):
                prefix = "\n"  # a line torn by a crash stays alone, and is ignored
            added = (prefix + line).encode("utf-8")
            try:
                write_all(handle, added)
                os.fsync(handle)
            except OSError:
                _cut_back(handle, size)
                raise
        finally:
            os.close(handle)
        return added

    @staticmethod
    def _ends_with_newline(path: Path, size: int) -> bool:
        with open(path, "rb") as file:
            file.seek(size - 1)
            return file.read(1) == b"\n"

    @staticmethod
    def _append_to_backend(backend: Backend, line: str) -> bytes:
        data = backend.read(GAMES_FILE)
        text = data.decode("utf-8", "replace") if data else HEADER + "\n"
        added = "" if data else HEADER + "\n"
        if not text.endswith("\n"):
            text += "\n"
            added += "\n"
        lines = text.split("\n")[1:-1]
        lines.append(line.rstrip("\n"))
        lines = lines[-BROWSER_CAP:]
        backend.write(GAMES_FILE, ("\n".join([HEADER, *lines]) + "\n").encode("utf-8"))
        return (added + line).encode("utf-8")


def write_all(handle: int, data: bytes) -> None:
    """Write every byte of ``data`` (os.write may write fewer); OSError when
    the system takes none (ENOSPC when it says nothing of why)."""
    view = memoryview(data)
    while view:
        written = os.write(handle, view)
        if written <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


def _cut_back(handle: int, size: int) -> None:
    """Take off what a failed append wrote (under the lock: nobody else
    appended meanwhile). Should even that fail, the torn end is a line
    without its newline: never read as a game, closed by the next append."""
    try:
        os.ftruncate(handle, size)
    except OSError:
        pass
