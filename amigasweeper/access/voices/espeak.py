"""espeak-ng, the speech Linux distributions ship, as one long-lived process.

`espeak-ng --stdin` reads its standard input a line at a time and speaks each
line as it arrives (the program's "line by line input" mode), so one process
serves the game. It says nothing about finishing a line, so the voice paces
itself by the estimate in base.py: the Narrator hands it nothing while a
line is still being said by the estimate, and lines never pile up inside it.

It cannot be told to stop mid-line either. To cut a line off, the process is
ended and a new one started: espeak-ng makes its first sound 20 to 140 ms
after it starts (the median of 20 starts, on an idle and a busy machine;
tools/bench_reading.py measures it), where waiting for a cursor line to end
takes 0.74 s on average (half of a 1.48 s line), so the next line is heard
sooner. Cuts are rare: a cursor line is handed over only
once the keys are still.
"""

from __future__ import annotations

import time

from .base import Clock
from .pipe import PipeProcess
from .voice_thread import WorkerVoice

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
        """Cut off what is being said: a new process in place of the old."""
        self.pipe.kill()
        self.pipe = PipeProcess("espeak-ng", self.pipe.argv)
        self.pipe.start()

    def poll(self) -> bool | None:
        self.pipe.check()
        return None

    def close(self) -> None:
        self.pipe.close()


def espeak_voice(program: str, clock: Clock = time.monotonic) -> WorkerVoice:
    return WorkerVoice("espeak-ng", lambda: EspeakSession(program), clock)
