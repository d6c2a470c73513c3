"""STNB, the community's score that sets a time against its board's 3BV,
as ms-toollib works it out.

    STNB = C * 3BV solved / t^1.7 * sqrt(3BV solved / 3BV)

with ``t`` the time in seconds and ``C`` a constant of the board: 36 for
Beginner (8x8, 10 mines), 162 for Intermediate (16x16, 40) and 435 for
Expert (30x16, 99). ms-toollib defines it for those three boards only; on
any other (2.4's 32x16 Expert too) there is none.
"""

from __future__ import annotations

STNB_CONSTANTS = {(8, 8, 10): 36.0, (16, 16, 40): 162.0, (30, 16, 99): 435.0}  # (width, height, mines): C


def stnb(width: int, height: int, mines: int, bbbv: int, bbbv_solved: int, time_ms: int) -> float | None:
    """The STNB of a game, None on a board ms-toollib gives none for, or
    when there is no time or no 3BV to divide by."""
    constant = STNB_CONSTANTS.get((width, height, mines))
    if constant is None or time_ms <= 0 or bbbv <= 0:
        return None
    return constant * bbbv_solved / (time_ms / 1000) ** 1.7 * (bbbv_solved / bbbv) ** 0.5
