"""A message too long for the screen's title bar, scrolled through it."""

from __future__ import annotations

MARQUEE_HOLD = 90  # frames a long message rests at its start (and again at its end)
MARQUEE_STEP = 8  # frames per character while it scrolls


def marquee(text: str, width: int, frames: int) -> str:
    """Text that does not fit the bar, ``frames`` after it appeared: first its
    start, held long enough to read; then it scrolls a character every few
    frames until its end shows, rests there, and starts again from the start."""
    if len(text) <= width:
        return text
    travel = len(text) - width
    cycle = MARQUEE_HOLD + travel * MARQUEE_STEP + MARQUEE_HOLD
    moving = frames % cycle - MARQUEE_HOLD
    start = max(0, min(travel, moving // MARQUEE_STEP))
    return text[start : start + width]
