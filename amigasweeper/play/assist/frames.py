"""How much solver work a tick may do, and what it has done so far.

No front end waits for the solver: each tick (a frame of the window, a turn
of the text mode's loop) gives the work at most ``budget`` seconds of the
solver's clock, less what the same tick already spent on it (a Hint asked
in that frame, the Demo's move). ``FRAME_BUDGET`` is a window frame's share.
"""

from __future__ import annotations

from collections.abc import Callable

FRAME_BUDGET = 0.0015  # seconds of solver work one frame may do (a frame is 16.7 ms; with
# drawing and the move itself, 2 ms left the 99th-percentile frame on 32x32/400 at 3.9-4.7 ms)


class FrameBudget:
    """The solver's clock and the seconds of it the current tick has left."""

    def __init__(self, clock: Callable[[], float], budget: float | None = None) -> None:
        self.clock = clock  # injectable: tests measure the solver's work, not time
        self.budget = FRAME_BUDGET if budget is None else budget
        self.spent = 0.0  # clock time this tick has given the solver so far

    def left(self, started: float) -> float:
        """Seconds of solver work this tick may still do (its slice began at ``started``)."""
        return self.budget - self.spent - (self.clock() - started)

    def charge(self, started: float) -> None:
        """A slice that began at ``started`` is over: what it took comes off this tick."""
        self.spent += self.clock() - started

    def next_tick(self) -> None:
        """The next tick has its whole budget again."""
        self.spent = 0.0

    @property
    def fresh(self) -> bool:
        """No solver work yet in this tick."""
        return self.spent == 0.0
