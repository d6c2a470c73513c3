"""The narration log (`--narration-log FILE`): every line the Narrator says,
with the time it was said, whether or not a voice speaks it.

Writing never holds up the frame loop. Lines are kept in memory and handed
over at most once every ``interval`` seconds, as one chunk of whole lines;
on the desktop a thread of the log's own opens the file and writes the
chunks, so a slow disk or network folder costs the game nothing (in the
browser, which has no threads, the chunk is written at once). Each chunk is
one write() on a file opened for appending, so lines from two copies of the
program never interleave within a chunk (POSIX systems; Windows appends with
a seek and a write, which a second writer can interleave). A file that cannot
be written, or a path that is not a regular file (a folder, a device, a
pipe), stops the log with a reason in ``problem``; the game goes on.
"""

from __future__ import annotations

import datetime
import os
import queue
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from ...plainfiles import open_plain
from .lines import Line

FLUSH_INTERVAL = 1.0  # seconds between hand-overs at most
CHUNKS_WAITING = 64  # chunks the writing thread may be behind before some are dropped


class ChunkWriter(Protocol):
    @property
    def problem(self) -> str | None:
        """Why the log is no longer written, once it is not."""

    def append(self, data: bytes) -> None: ...

    def close(self) -> None: ...


def open_for_appending(path: Path) -> int:
    """A descriptor appending to ``path`` (made if missing), which must be a
    plain file (plainfiles.open_plain: a named pipe never holds the open)."""
    return open_plain(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)


class FileAppender:
    """Appends chunks to a file, opening it on the first chunk."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.problem: str | None = None
        self._fd: int | None = None

    def append(self, data: bytes) -> None:
        if self.problem is not None:
            return
        try:
            if self._fd is None:
                self._fd = open_for_appending(self.path)
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view):]
        except OSError as error:
            self.problem = f"the narration log {self.path} cannot be written: {error.strerror or error}"
            self.close()

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                os.close(fd)
            except OSError:
                pass


class ThreadedAppender:
    """Hands chunks to a thread that writes them with ``inner``."""

    def __init__(self, inner: ChunkWriter) -> None:
        import threading  # desktop only: the browser uses FileAppender directly

        self.inner = inner
        self.lost = 0  # chunks dropped because the thread was too far behind
        self._chunks: queue.Queue[bytes | None] = queue.Queue(CHUNKS_WAITING)
        self._thread = threading.Thread(target=self._run, name="narration-log", daemon=True)
        self._thread.start()

    @property
    def problem(self) -> str | None:
        return self.inner.problem

    def _run(self) -> None:
        while (chunk := self._chunks.get()) is not None:
            self.inner.append(chunk)

    def append(self, data: bytes) -> None:
        try:
            self._chunks.put_nowait(data)
        except queue.Full:
            self.lost += 1

    def close(self, wait: float = 2.0) -> None:
        try:
            self._chunks.put(None, timeout=wait)
        except queue.Full:
            pass
        self._thread.join(wait)
        self.inner.close()


def default_writer(path: Path) -> ChunkWriter:
    appender = FileAppender(path)
    return appender if sys.platform == "emscripten" else ThreadedAppender(appender)


def timestamp(now: float) -> str:
    """Local time to the millisecond, ISO 8601: 2024-05-01T14:03:09.250."""
    return datetime.datetime.fromtimestamp(now).isoformat(timespec="milliseconds")


class NarrationLog:
    """``wall`` gives the time written beside each line; ``clock`` paces the
    hand-overs (both injectable so tests need no sleeping)."""

    def __init__(
        self,
        writer: ChunkWriter,
        *,
        wall: Callable[[], float] = time.time,
        clock: Callable[[], float] = time.monotonic,
        interval: float = FLUSH_INTERVAL,
    ) -> None:
        self.writer = writer
        self.wall, self.clock, self.interval = wall, clock, interval
        self._lines: list[str] = []
        self._last = clock()

    @classmethod
    def to_file(cls, path: Path, **kwargs) -> NarrationLog:
        return cls(default_writer(Path(path)), **kwargs)

    @property
    def problem(self) -> str | None:
        return self.writer.problem

    def write(self, line: Line) -> None:
        # Line has already made its text one clean line: nothing in it can start another.
        self._lines.append(f"{timestamp(self.wall())} {line.kind.value}: {line.text}\n")

    def tick(self) -> None:
        """Once a frame: hand over what waits if ``interval`` has passed."""
        if self._lines and self.clock() - self._last >= self.interval:
            self.flush()

    def flush(self) -> None:
        self._last = self.clock()
        if self._lines:
            chunk, self._lines = "".join(self._lines), []
            self.writer.append(chunk.encode("utf-8"))

    def close(self) -> None:
        self.flush()
        self.writer.close()
