"""Long work done a slice at a time, so the frame loop never waits for it.

Reading a long replay (a 20-minute game has some 60,000 mouse events),
making its timeline and working out a large board's ZiNi take longer than
a frame. Such work is written as a
generator that yields between slices of about SLICE items and returns its
result; :func:`finish` runs one to the end at once (tests, tools, small
files), and :class:`Sliced` runs it for a time budget each frame (the
Replay window's loading, and the browser, which has no threads).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Generic, TypeVar

T = TypeVar("T")
Steps = Generator[None, None, T]  # work that yields between slices and returns T
SLICE = 512  # events between two yields: well under a millisecond of work each


def finish(steps: Steps[T]) -> T:
    """Run the work to its end and give its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class Sliced(Generic[T]):
    """Work run a budget of time at a time; ``advance`` says when it is done."""

    def __init__(self, steps: Steps[T], clock: Callable[[], float] = time.perf_counter) -> None:
        self.steps = steps
        self.clock = clock
        self.done = False
        self.value: T | None = None

    def advance(self, budget_s: float) -> bool:
        """Work for about ``budget_s`` seconds (one slice at least); True when finished.
        What the work raises comes out of here."""
        end = self.clock() + budget_s
        while not self.done:
            try:
                next(self.steps)
            except StopIteration as finished:
                self.done, self.value = True, finished.value
            if self.clock() >= end:
                break
        return self.done
