"""What every voice offers the Narrator, and the pieces they share.

A voice is one long-lived process or connection to the system's speech,
never a process per line. Its methods return at once: ``speak`` and ``stop``
only leave a request for the voice's own worker (a thread on the desktop; in
the browser the Web Speech API queues by itself). A voice that dies says why
in ``problem``, and the Narrator stops using it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Protocol

Clock = Callable[[], float]

# How long a line takes to say, for voices that cannot tell us when they are
# done (espeak-ng reading its standard input), at espeak-ng's default rate of
# 175 words a minute: a moment to start, then each spoken word (a letter, a
# number, a word: the game's words are short) and each pause at a comma,
# colon or semicolon. Fitted by least squares to espeak-ng's own length for
# 74 of the game's lines written to wav files (cursor lines, rows and columns
# read as runs and square by square, frontiers, ends of games; 0.6 to 20 s):
# 9 percent off a line on average. tools/bench_reading.py compares them again.
START_SECONDS = 0.63
WORD_SECONDS = 0.18
PAUSE_SECONDS = 0.4
_TOKENS = re.compile(r"[^\W\d_]+|\d+")
_PAUSES = re.compile(r"[,;:]")


class Voice(Protocol):
    @property
    def name(self) -> str:
        """"speech-dispatcher", "espeak-ng", "SAPI", "macOS", "Web Speech"."""

    @property
    def cuts(self) -> bool:
        """False for a voice that cannot be cut off (the browser's live region
        alone, which a screen reader reads whole): its stop() leaves the line
        being said to finish, and speaking() stays true until it has (by the
        estimate), so the Narrator hands it nothing in the meantime."""

    def speak(self, text: str) -> None:
        """Start saying one line (the Narrator sends one at a time)."""

    def stop(self) -> None:
        """Cut off what is being said."""

    def speaking(self) -> bool:
        """Whether the last line is still being said (or about to be)."""

    @property
    def problem(self) -> str | None:
        """Why the voice no longer speaks, once it does not."""

    def close(self) -> None:
        """Let the process or connection go (never blocks for long)."""


def spoken_words(text: str) -> int:
    """Words a voice says for ``text``: each run of letters or of digits, and a
    number above twenty that is not a whole ten twice ('twenty one')."""
    count = 0
    for token in _TOKENS.findall(text):
        count += 2 if token.isdecimal() and int(token) > 20 and int(token) % 10 else 1
    return count


def estimated_seconds(text: str) -> float:
    return START_SECONDS + WORD_SECONDS * spoken_words(text) + PAUSE_SECONDS * len(_PAUSES.findall(text))


class SpeechEstimate:
    """When a voice gives no word of finishing, a line is taken as being said
    for ``estimated_seconds`` after it was sent."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self._until = 0.0

    def started(self, text: str) -> None:
        """A line handed over: said after the one before (a voice that cannot be
        cut says its lines one after the other), for its estimated time."""
        self._until = max(self._until, self.clock()) + estimated_seconds(text)

    def stopped(self) -> None:
        self._until = 0.0

    def speaking(self) -> bool:
        return self.clock() < self._until


class NoVoice(Exception):
    """No voice could be started here; the message says why, for Settings."""
