"""Budgets of time for the counting, and the meter of all solver work done
(tests build their clocks on it, so a budget of time becomes one of work)."""

from __future__ import annotations

import time
from collections.abc import Callable


class Deadline:
    """A budget of time, read from an injectable clock (tests pass a fake one).

    ``seconds=None`` never expires. The clock is only read between chunks of
    work, so a deadline is overrun by at most one chunk (CHUNK transitions).
    """

    def __init__(self, seconds: float | None, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.ends = None if seconds is None else clock() + seconds

    def expired(self) -> bool:
        return self.ends is not None and self.clock() >= self.ends

    def left(self) -> float:
        return float("inf") if self.ends is None else max(0.0, self.ends - self.clock())


NEVER = Deadline(None)


class WatchedDeadline(Deadline):
    """A deadline that remembers whether any work found it passed (``cut``):
    then something was cut short, and a result reached under it may be a
    lesser one than time to spare would give."""

    def __init__(self, seconds: float | None, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(seconds, clock)
        self.cut = False

    def expired(self) -> bool:
        if super().expired():
            self.cut = True
        return self.cut


class WorkMeter:
    """Every unit of solver work done in this process.

    ``work`` is the counting (DP transitions, pairs of numbers compared): what
    a cached count saves. ``reading`` is what turns counts into chances each
    time (products of big integers summed when components are combined and
    boxes weighed, squares rescaled by an estimate). Time varies with the
    machine; work does not. Tests build their clock on this meter so that a
    "budget of time" becomes a budget of work they can reason about, while the
    program's clock stays the real one.
    """

    def __init__(self) -> None:
        self.work = 0
        self.reading = 0

    @property
    def total(self) -> int:
        return self.work + self.reading

    def clock(self, unit: float = 1e-6) -> Callable[[], float]:
        """A clock whose seconds are ``unit`` per unit of work (of either kind)."""
        return lambda: (self.work + self.reading) * unit


METER = WorkMeter()
CHUNK = 256  # DP transitions (of a component of up to 16 boxes) between two looks at the clock
