"""What a bot prints, shown as text: control characters escaped, lines cut, the whole bounded.

A worker's stdout and stderr go into a pipe its table drains in a thread of
its own, so a bot that prints a lot never blocks on a full pipe and nothing
it writes reaches the terminal raw (no title, alternate-screen or cursor
escapes, no carriage returns forging lines). Each line is shown on the
table's stderr after the player's name. Past ``SHOWN`` bytes from one worker
the rest is read and dropped, and the user is told once.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from typing import TextIO

from .protocol import escape

SHOWN = 64 * 1024  # bytes of one worker's output shown; the rest is dropped
LONGEST_LINE = 1000  # characters of one line shown; the rest of it is dropped
CHUNK = 65536


class BotOutput:
    """The pipe a worker writes its output into, and the thread that shows it."""

    def __init__(self, label: str, sink: TextIO | None = None) -> None:
        self.label = label
        self.sink = sink
        self.read_fd, self.write_fd = os.pipe()
        self.shown = 0
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Begin draining, once the worker holds the write end (closed here)."""
        with contextlib.suppress(OSError):
            os.close(self.write_fd)
        self._thread = threading.Thread(target=self._drain, name=f"bot output {self.label}", daemon=True)
        self._thread.start()

    def close(self, wait: float = 1.0) -> None:
        """After the worker has gone: let the thread show what is left, then close."""
        if self._thread is not None:
            self._thread.join(wait)
        if self._thread is None or not self._thread.is_alive():
            with contextlib.suppress(OSError):
                os.close(self.read_fd)

    def _drain(self) -> None:
        pending = b""
        while True:
            try:
                chunk = os.read(self.read_fd, CHUNK)
            except OSError:
                chunk = b""
            if not chunk:
                break
            lines = (pending + chunk).split(b"\n")
            pending = lines.pop()[:LONGEST_LINE * 4]  # an unended line is kept only as far as it is shown
            for line in lines:
                self._show(line)
        if pending:
            self._show(pending)

    def _show(self, line: bytes) -> None:
        if self.shown > SHOWN:
            return
        self.shown += len(line) + 1
        if self.shown > SHOWN:
            self._write(f"{self.label}: ... more output not shown (past {SHOWN // 1024} KiB)")
            return
        text = line.decode("utf-8", errors="replace")
        cut = " ..." if len(text) > LONGEST_LINE else ""
        self._write(f"{self.label}: {escape(text[:LONGEST_LINE])}{cut}")

    def _write(self, text: str) -> None:
        sink = self.sink or sys.stderr
        with contextlib.suppress(OSError, ValueError):
            sink.write(text + "\n")
            sink.flush()
