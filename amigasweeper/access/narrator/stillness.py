"""When the keys have been still long enough for the cursor's square to be said.

A cursor line waits until no cursor key has come for a moment, so walking
across the board says only where the walk stops. The moment is SETTLE_SECONDS
(a quarter of a second) for a single press or keys held down. Keys pressed
one by one in a steady rhythm would otherwise leave that quarter second free
after every press, and each square would be handed to the voice only to be
cut off by the next press a moment later: so while the presses come less than
RHYTHM_SECONDS apart, the moment grows to RHYTHM_FACTOR times the last gap
(at most RHYTHM_SECONDS), and a pause as long as the rhythm itself is needed.
A press after a longer gap starts again from a quarter of a second.
"""

from __future__ import annotations

from collections.abc import Callable

SETTLE_SECONDS = 0.25
RHYTHM_SECONDS = 0.6  # gaps shorter than this are a walk in progress
RHYTHM_FACTOR = 1.5


class Stillness:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._last: float | None = None  # when the last cursor line came
        self._gap: float | None = None  # the time between the last two

    def moved(self) -> None:
        now = self.clock()
        self._gap = None if self._last is None else now - self._last
        self._last = now

    def moment(self) -> float:
        """How long the keys must be still, by the rhythm of the last two presses."""
        gap = self._gap
        if gap is None or gap >= RHYTHM_SECONDS:
            return SETTLE_SECONDS
        return min(RHYTHM_SECONDS, max(SETTLE_SECONDS, RHYTHM_FACTOR * gap))

    def still(self) -> bool:
        return self._last is None or self.clock() - self._last >= self.moment()
