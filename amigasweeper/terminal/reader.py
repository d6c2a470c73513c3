"""Lines from the player, read in a thread of their own, whatever comes.

The program's loop must go on while the player thinks: the Narrator's
voice is handed its next line, games that ended are written, saves that
waited for another copy are tried again. So a thread reads standard input
and the loop takes its lines from a small queue, waiting a twentieth of a
second at most.

The thread reads the raw stream (os-level reads, no buffered reader): a
buffered reader's lock, held by a thread still waiting for input, would
stop the interpreter from closing standard input when the program ends.
Reading bytes, not text, means nothing the player sends can stop the
reading: a line is cut at LONGEST bytes (the rest of it is read and
dropped, so a megabyte on one line costs no memory), bytes that are not
UTF-8 become U+FFFD, and a line ends with the newline, whatever the
system (a CR before it is dropped too). The queue holds a few lines: a
player (or a program) typing far ahead waits in the pipe, not in memory.
"""

from __future__ import annotations

import queue
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO

LONGEST = 1024  # bytes of a line kept: commands are short, a name is at most 24 characters
WAITING = 8  # lines read ahead of the program
CHUNK = 64 * 1024  # bytes read at a time
REPLACEMENT = "\ufffd"


@dataclass(frozen=True)
class InputLine:
    text: str  # the line without its end, at most LONGEST bytes of it
    too_long: bool = False  # more came on the line, and was dropped

    def problem(self) -> str | None:
        """What makes the line no command, said for the player, or None."""
        if self.too_long:
            return (f"that line was longer than {LONGEST} characters: commands are short, like go C5 "
                    "(help lists them)")
        if REPLACEMENT in self.text:
            return "that line is not text (it has bytes that are not UTF-8): type a command, like go C5"
        if any(unicodedata.category(ch) == "Cc" and ch != "\t" for ch in self.text):
            return ("that line has control characters in it: type a command, like go C5; a line ends "
                    "with Return")
        return None


class EndOfInput:
    """Standard input has ended (end of file, or it cannot be read)."""


END = EndOfInput()


class LineSplitter:
    """Whole lines out of the chunks ``read(n)`` gives (b"" at the end of input)."""

    def __init__(self, read: Callable[[int], bytes | None]) -> None:
        self._read = read
        self._held = b""  # read past the last line given
        self._ended = False

    def _more(self) -> bool:
        chunk = b"" if self._ended else self._read(CHUNK)
        if not chunk:
            self._ended = True
            return False
        self._held += chunk
        return True

    def line(self) -> InputLine | None:
        """The next line; None at the end of the input."""
        while b"\n" not in self._held and len(self._held) <= LONGEST and self._more():
            pass
        end = self._held.find(b"\n")
        if end < 0 and len(self._held) > LONGEST:
            kept = self._held[:LONGEST]
            self._drop_rest()
            return _decoded(kept, too_long=True)
        if end < 0:  # the input ended without a newline after its last line
            raw, self._held = self._held, b""
            return _decoded(raw) if raw else None
        raw, self._held = self._held[:end], self._held[end + 1:]
        if len(raw) > LONGEST:
            return _decoded(raw[:LONGEST], too_long=True)
        return _decoded(raw)

    def _drop_rest(self) -> None:
        """Read on to the end of a line too long to keep, holding none of it."""
        while True:
            end = self._held.find(b"\n")
            if end >= 0:
                self._held = self._held[end + 1:]
                return
            self._held = b""
            if not self._more():
                return


def _decoded(raw: bytes, too_long: bool = False) -> InputLine:
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    return InputLine(raw.decode("utf-8", errors="replace"), too_long)


class LineReader:
    """Reads ``stream`` in a thread; :meth:`get` takes the next line."""

    def __init__(self, stream: BinaryIO, waiting: int = WAITING) -> None:
        self._lines_in = LineSplitter(getattr(stream, "raw", stream).read)
        self._lines: queue.Queue[InputLine | EndOfInput] = queue.Queue(waiting)
        self._thread = threading.Thread(target=self._run, name="text-mode-input", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while (line := self._lines_in.line()) is not None:
                self._lines.put(line)
        except (OSError, ValueError):
            pass  # an input that cannot be read has ended, as far as the game is concerned
        self._lines.put(END)

    def get(self, timeout: float) -> InputLine | EndOfInput | None:
        """The next line, END once the input has ended, or None if nothing came within ``timeout``."""
        try:
            return self._lines.get(timeout=timeout)
        except queue.Empty:
            return None
