"""espeak-ng, the speech Linux distributions ship, as one long-lived process.

`espeak-ng --stdin` reads its standard input a line at a time and speaks each
line as it arrives (the program's "line by line input" mode), so one process
serves the whole game. It says nothing about finishing a line, so the voice
paces itself by the estimate in base.py, and it cannot be cut off in the
middle of a line: the voice says so (``cuts`` False), and the Narrator hands
it nothing until the line being said is done by the estimate, keeping only
the latest cursor or menu line waiting meanwhile.
"""

from __future__ import annotations

import time

from .base import Clock
from .pipe import PipeProcess
from .worker import WorkerVoice

PROGRAMS = ("espeak-ng", "espeak")
LONGEST_BYTES = 990  # espeak-ng reads at most 1000 bytes of a line


def fit_bytes(text: str, limit: int = LONGEST_BYTES) -> str:
    """The text cut to ``limit`` UTF-8 bytes, never in the middle of a character."""
    return text.encode("utf-8")[:limit].decode("utf-8", "ignore")


class EspeakSession:
    def __init__(self, program: str) -> None:
        self.pipe = PipeProcess("espeak-ng", [program, "--stdin"])

    def open(self) -> None:
        self.pipe.start()

    def speak(self, text: str) -> None:
        self.pipe.send(fit_bytes(" ".join(text.split())))  # one line in, one line said

    def stop(self) -> None:
        """espeak-ng cannot be cut off mid-line: the estimate has already let go."""

    def poll(self) -> bool | None:
        self.pipe.check()
        return None

    def close(self) -> None:
        self.pipe.close()


def espeak_voice(program: str, clock: Clock = time.monotonic) -> WorkerVoice:
    return WorkerVoice("espeak-ng", lambda: EspeakSession(program), clock, cuts=False)
