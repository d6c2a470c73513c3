"""What every voice offers the Narrator, and the pieces they share.

A voice is one long-lived process or connection to the system's speech,
never a process per line. Its methods return at once: ``speak`` and ``stop``
only leave a request for the voice's own worker (a thread on the desktop; in
the browser the Web Speech API queues by itself). A voice that dies says why
in ``problem``, and the Narrator stops using it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

Clock = Callable[[], float]

# How long a line takes to say, for voices that cannot tell us when they are
# done (espeak-ng reading its standard input): about 15 characters a second
# at espeak-ng's default 175 words a minute, and a moment to start.
CHARACTERS_PER_SECOND = 15.0
START_SECONDS = 0.15


class Voice(Protocol):
    name: str  # "speech-dispatcher", "espeak-ng", "SAPI", "macOS", "Web Speech"

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


def estimated_seconds(text: str, rate: float = CHARACTERS_PER_SECOND) -> float:
    return START_SECONDS + len(text) / rate


class SpeechEstimate:
    """When a voice gives no word of finishing, a line is taken as being said
    for ``estimated_seconds`` after it was sent."""

    def __init__(self, clock: Clock = time.monotonic, rate: float = CHARACTERS_PER_SECOND) -> None:
        self.clock, self.rate = clock, rate
        self._until = 0.0

    def started(self, text: str) -> None:
        self._until = self.clock() + estimated_seconds(text, self.rate)

    def stopped(self) -> None:
        self._until = 0.0

    def speaking(self) -> bool:
        return self.clock() < self._until


class NoVoice(Exception):
    """No voice could be started here; the message says why, for Settings."""
