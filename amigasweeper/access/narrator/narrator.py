"""The Narrator: lines in from the game, out to a voice and the log.

``say`` files a line (never waits); ``update``, once a frame, hands the next
line to the voice when it has finished the last one. With no voice, or once
the voice has died, lines still go to the log and are otherwise let go.

Keeping up: a cursor, menu or counter line cuts off one of its kind being
said. A voice is handed nothing while it is still saying a line (by its own
word, or by the estimate for espeak-ng, which gives none), so lines never
pile up inside a voice: the one waiting here keeps being replaced by the
latest. A voice that cannot be cut at all (the browser's live region alone)
goes on to the end of its line first. A cursor line waits for the keys to
be still (stillness.py) before it is handed over at all.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..voices.base import Voice
from .lines import QUEUE_LIMIT, Line, LineKind
from .log import NarrationLog
from .queue import LineQueue
from .spelling import voiced
from .stillness import Stillness


class Narrator:
    def __init__(self, voice: Voice | None = None, log: NarrationLog | None = None, limit: int = QUEUE_LIMIT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.voice = voice
        self.log = log
        self.queue = LineQueue(limit)
        self.stillness = Stillness(clock)
        self.current: Line | None = None  # the line the voice is saying
        self.spoken = 0  # lines handed to the voice

    @property
    def problem(self) -> str | None:
        """Why nothing is heard, for Settings: the voice's reason, or the log's."""
        voice = self.voice.problem if self.voice is not None else None
        return voice or (self.log.problem if self.log is not None else None)

    def _live_voice(self) -> Voice | None:
        """The voice, while it can speak."""
        return self.voice if self.voice is not None and self.voice.problem is None else None

    def say(self, line: Line | LineKind, text: str | None = None) -> None:
        """File a line: ``say(Line(kind, text))`` or ``say(kind, text)``."""
        if not isinstance(line, Line):
            line = Line(line, text or "")
        if not line.text:
            return
        if self.log is not None:
            self.log.write(line)
        if line.kind is LineKind.CURSOR:
            self.stillness.moved()
        voice = self._live_voice()
        if voice is None:
            return
        if self.queue.add(line, self.current):
            voice.stop()
            if voice.cuts:
                self.current = None  # cut off: the voice is free at once

    def _ready(self, line: Line) -> bool:
        return line.kind is not LineKind.CURSOR or self.stillness.still()

    def update(self) -> None:
        """Once a frame: pass the next line to the voice if it is free."""
        if self.log is not None:
            self.log.tick()
        voice = self._live_voice()
        if voice is None:
            self.queue.clear()
            self.current = None
            return
        if self.current is not None and not voice.speaking():
            self.current = None
        if self.current is None:
            line = self.queue.next(self._ready)
            if line is not None:
                voice.speak(voiced(line.text))
                self.current = line
                self.spoken += 1

    def silence(self) -> None:
        """Stop speaking and forget what waits (the Narrator switched off, a new game)."""
        self.queue.clear()
        voice = self._live_voice() if self.current is not None else None
        if voice is not None:
            voice.stop()
            if not voice.cuts:
                return  # it goes on to the end of its line: nothing more until then
        self.current = None

    def close(self) -> None:
        """The end of the program: what waits is let go, and the voice closed
        (not cut off first: cutting espeak-ng off would start it again)."""
        self.queue.clear()
        self.current = None
        if self.voice is not None:
            self.voice.close()
        if self.log is not None:
            self.log.close()
