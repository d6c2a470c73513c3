"""Which games a view of the statistics takes: a date range, flagging or
no-flag, a 3BV minimum, the board's shape, no-guess or random boards.

The 3BV minimum may be named after the community's record thresholds: a
Beginner record needs 3BV >= 2, an Intermediate one >= 30, an Expert one
>= 100. A filter says in words what it filters (:meth:`GameFilter.words`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum

from .kept_game import KeptGame
from .rows import SHAPE_NAMES

DAY_MS = 86_400_000


class Period(Enum):
    """A date range, up to now: today since local midnight, else the last 7, 30 or 365 days."""

    TODAY = "today"
    WEEK = "week"
    MONTH = "month"
    YEAR = "year"
    ALL = "all"


PERIOD_DAYS = {Period.WEEK: 7, Period.MONTH: 30, Period.YEAR: 365}
PERIOD_WORDS = {Period.TODAY: "today", Period.WEEK: "the last 7 days", Period.MONTH: "the last 30 days",
                Period.YEAR: "the last 365 days", Period.ALL: "all dates"}
BBBV_THRESHOLDS = {"beginner": 2, "intermediate": 30, "expert": 100}  # the community's record thresholds


class Flagging(Enum):
    ANY = "any"
    FLAGGING = "flagging"  # at least one flag put down
    NO_FLAG = "no-flag"  # none put down (older lines, which do not say, are left out)


def period_start_ms(period: Period, now: float) -> int | None:
    """The first millisecond a period takes in (None: no bound)."""
    if period is Period.ALL:
        return None
    if period is Period.TODAY:
        local = time.localtime(now)
        return int(time.mktime((local.tm_year, local.tm_mon, local.tm_mday, 0, 0, 0, 0, 0, -1)) * 1000)
    return int(now * 1000) - PERIOD_DAYS[period] * DAY_MS


def bbbv_minimum(text: str) -> int:
    """A number, or beginner / intermediate / expert; ValueError otherwise."""
    named = BBBV_THRESHOLDS.get(text.lower())
    if named is not None:
        return named
    if not text.isdigit():
        raise ValueError(f"a 3BV minimum is a whole number or one of {', '.join(BBBV_THRESHOLDS)}, not {text!r}")
    return int(text)


@dataclass(frozen=True)
class GameFilter:
    period: Period = Period.ALL
    flagging: Flagging = Flagging.ANY
    min_bbbv: int = 0
    shape: str | None = None  # "square", "hex", "triangle"
    no_guess: bool | None = None  # True: no-guess boards only, False: random ones only
    now: float = 0.0  # the time the period counts back from (seconds since 1970)

    @property
    def active(self) -> bool:
        return self != GameFilter(now=self.now)

    def takes(self, record: KeptGame, start_ms: int | None) -> bool:
        if start_ms is not None and record.date_ms < start_ms:
            return False
        if self.flagging is not Flagging.ANY and record.no_flag is not (self.flagging is Flagging.NO_FLAG):
            return False
        if record.bbbv < self.min_bbbv:
            return False
        if self.shape is not None and record.shape != self.shape:
            return False
        return self.no_guess is None or record.no_guess == self.no_guess

    def predicate(self):
        """``takes`` with the period's start worked out once."""
        start = period_start_ms(self.period, self.now)
        return lambda record: self.takes(record, start)

    def words(self) -> str:
        """What is filtered, for a heading: "" when nothing is."""
        parts = []
        if self.period is not Period.ALL:
            parts.append(PERIOD_WORDS[self.period])
        if self.flagging is not Flagging.ANY:
            parts.append("flagging games" if self.flagging is Flagging.FLAGGING else "no-flag games")
        if self.min_bbbv:
            named = [name.title() for name, n in BBBV_THRESHOLDS.items() if n == self.min_bbbv]
            parts.append(f"3BV >= {self.min_bbbv}" + (f" ({named[0]} record threshold)" if named else ""))
        if self.shape is not None:
            parts.append(f"{SHAPE_NAMES[self.shape]} boards")
        if self.no_guess is not None:
            parts.append("no-guess boards" if self.no_guess else "random boards")
        return "; ".join(parts)
