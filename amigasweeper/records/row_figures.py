"""The community's figures of a row, each with its best, worst, average and
best-10 average, and the pictures of progress (per-3BV bests, the
distributions of 3BV and of time, the running best time, the win rate by
month), folded one game at a time as the rest of a row is (see summary.py).

Only wins that count as a best (no help, see rows.counts_as_best) feed the
figures and pictures; the monthly win rate counts the unhelped games.
"""

from __future__ import annotations

import time
from bisect import insort
from dataclasses import dataclass, field
from typing import TypeGuard

from .kept_game import KeptGame

TOP_N = 10  # the best-N average: Metasweeper's and the community's usual ten


@dataclass(frozen=True)
class Figure:
    """One figure a row keeps: its name in the JSON, its words, and whether lower is better."""

    name: str
    words: str
    lower_is_better: bool = False


FIGURES = (
    Figure("time_ms", "time", lower_is_better=True),
    Figure("bbbv_per_s", "3BV/s"),
    Figure("stnb", "STNB"),
    Figure("ioe", "IOE"),
    Figure("throughput", "throughput"),
    Figure("correctness", "correctness"),
    Figure("clicks_per_s", "cls"),
    Figure("effective_clicks_per_s", "ces"),
)
_METRIC_NAMES = ("bbbv_per_s", "ioe", "throughput", "correctness", "clicks_per_s", "effective_clicks_per_s")


def _number(value: object) -> TypeGuard[float]:
    """A finite number (a bool is none)."""
    return (type(value) is int or type(value) is float) and value == value and abs(value) != float("inf")


@dataclass
class FigureTally:
    """Best, worst, sum and count of one figure, and its best TOP_N values
    kept as "keys" that sort best first (a time as it is, a rate negated)."""

    n: int = 0
    total: float = 0.0
    best: float | None = None
    worst: float | None = None
    top: list[float] = field(default_factory=list)

    def fold(self, value: float, lower_is_better: bool) -> None:
        self.n += 1
        self.total += value
        key = value if lower_is_better else -value
        best, worst = self.best, self.worst
        if best is None or worst is None:  # the first value: the two are set together
            self.best = self.worst = value
        elif (value < best) if lower_is_better else (value > best):
            self.best = value
        elif (value > worst) if lower_is_better else (value < worst):
            self.worst = value
        top = self.top
        if len(top) < TOP_N or key < top[-1]:
            insort(top, key)
            if len(top) > TOP_N:
                top.pop()

    def spread(self, lower_is_better: bool) -> tuple[float, float, float, float] | None:
        """The best, worst, average and best-10 average; None before the first value."""
        best, worst = self.best, self.worst
        if best is None or worst is None or not self.n or not self.top:  # no value yet
            return None
        sign = 1 if lower_is_better else -1
        return best, worst, self.total / self.n, sign * sum(self.top) / len(self.top)

    def summary(self, lower_is_better: bool) -> dict[str, object]:
        sign = 1 if lower_is_better else -1
        return {
            "best": self.best, "worst": self.worst, "average": self.total / self.n if self.n else None,
            "best_10_average": sign * sum(self.top) / len(self.top) if self.top else None, "count": self.n,
        }

    def as_list(self) -> list:
        return [self.n, self.total, self.best, self.worst, list(self.top)]

    @classmethod
    def from_list(cls, values) -> FigureTally:
        if not isinstance(values, list) or len(values) != 5:
            raise ValueError("a figure's tally is a list of five values")
        n, total, best, worst, top = values
        if type(n) is not int or n < 0 or not _number(total) or not isinstance(top, list) or len(top) > TOP_N:
            raise ValueError("a figure's tally is out of shape")
        if not all(v is None or _number(v) for v in (best, worst)) or not all(_number(v) for v in top):
            raise ValueError("a figure's tally holds something not a number")
        if (n == 0) != (best is None) or (best is None) != (worst is None) or len(top) != min(n, TOP_N) \
                or top != sorted(top):
            raise ValueError("a figure's tally does not add up")
        return cls(n, float(total), best, worst, [float(v) for v in top])


_months: dict[int, str] = {}  # day number: "YYYY-MM" (UTC), worked out once a day seen


def month_of(date_ms: int) -> str:
    day = date_ms // 86_400_000
    month = _months.get(day)
    if month is None:
        month = _months[day] = time.strftime("%Y-%m", time.gmtime(day * 86_400))
    return month


@dataclass
class Pictures:
    """A row's figures and pictures (see the module's words)."""

    figures: dict[str, FigureTally] = field(default_factory=lambda: {f.name: FigureTally() for f in FIGURES})
    best_by_bbbv: dict[int, int] = field(default_factory=dict)  # 3BV: best time_ms
    bbbv_counts: dict[int, int] = field(default_factory=dict)  # 3BV: wins
    second_counts: dict[int, int] = field(default_factory=dict)  # whole seconds: wins
    running_best: list[list[int]] = field(default_factory=list)  # [date_ms, time_ms] each time the best fell
    months: dict[str, list[int]] = field(default_factory=dict)  # "YYYY-MM": [unhelped played, unhelped won]

    def fold_played(self, record: KeptGame) -> None:
        """An unhelped game won or lost."""
        month = self.months.get(month_of(record.date_ms))
        if month is None:
            month = self.months[month_of(record.date_ms)] = [0, 0]
        month[0] += 1
        month[1] += record.result == "won"

    def fold_counted(self, record: KeptGame) -> None:
        """A win that counts as a best."""
        m = record.metrics
        figures = self.figures
        time_ms, bbbv = record.time_ms, record.bbbv
        figures["time_ms"].fold(time_ms, True)
        for name in _METRIC_NAMES:
            value = getattr(m, name)
            if value is not None:
                figures[name].fold(value, False)
        value = record.stnb
        if value is not None:
            figures["stnb"].fold(value, False)
        best = self.best_by_bbbv.get(bbbv)
        if best is None or time_ms < best:
            self.best_by_bbbv[bbbv] = time_ms
        self.bbbv_counts[bbbv] = self.bbbv_counts.get(bbbv, 0) + 1
        second = time_ms // 1000
        self.second_counts[second] = self.second_counts.get(second, 0) + 1
        if not self.running_best or time_ms < self.running_best[-1][1]:
            self.running_best.append([record.date_ms, time_ms])

    def copy(self) -> Pictures:
        """Another to fold into, sharing nothing that changes."""
        return Pictures(
            {name: FigureTally(t.n, t.total, t.best, t.worst, list(t.top)) for name, t in self.figures.items()},
            dict(self.best_by_bbbv), dict(self.bbbv_counts), dict(self.second_counts),
            [list(p) for p in self.running_best], {m: list(v) for m, v in self.months.items()},
        )

    # ------------------------------------------------------------ read out
    def summary(self) -> dict[str, object]:
        """As ``--stats --json`` gives them."""
        by_bbbv = {b: {"best_ms": t, "bbbv_per_s": b / (t / 1000) if t else None}
                   for b, t in sorted(self.best_by_bbbv.items())}
        return {
            "figures": {f.name: self.figures[f.name].summary(f.lower_is_better) for f in FIGURES},
            "best_by_bbbv": {str(b): v for b, v in by_bbbv.items()},
            "bbbv_distribution": {str(b): n for b, n in sorted(self.bbbv_counts.items())},
            "time_distribution": {str(s): n for s, n in sorted(self.second_counts.items())},
            "running_best": [{"date_ms": d, "time_ms": t} for d, t in self.running_best],
            "win_rate_by_month": {m: {"played": p, "won": w, "win_percent": 100 * w / p if p else None}
                                  for m, (p, w) in sorted(self.months.items())},
        }

    # ------------------------------------------------------------ saved form
    def as_dict(self) -> dict:
        return {
            "figures": {name: tally.as_list() for name, tally in self.figures.items()},
            "best_by_bbbv": [[b, t] for b, t in self.best_by_bbbv.items()],
            "bbbv_counts": [[b, n] for b, n in self.bbbv_counts.items()],
            "second_counts": [[s, n] for s, n in self.second_counts.items()],
            "running_best": [list(p) for p in self.running_best],
            "months": {m: list(v) for m, v in self.months.items()},
        }

    @classmethod
    def from_dict(cls, data) -> Pictures:
        """ValueError for anything but what :meth:`as_dict` writes."""
        if not isinstance(data, dict):
            raise ValueError("a row's pictures are not an object")
        figures = data.get("figures")
        if not isinstance(figures, dict) or set(figures) != {f.name for f in FIGURES}:
            raise ValueError("a row's figures are out of shape")
        pictures = cls({name: FigureTally.from_list(values) for name, values in figures.items()})
        for name in ("best_by_bbbv", "bbbv_counts", "second_counts"):
            pairs = data.get(name)
            if not isinstance(pairs, list) or not all(
                    isinstance(p, list) and len(p) == 2 and all(type(v) is int and v >= 0 for v in p) for p in pairs):
                raise ValueError(f"a row's {name} is out of shape")
            setattr(pictures, name, {k: v for k, v in pairs})
        running, months = data.get("running_best"), data.get("months")
        if not isinstance(running, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(type(v) is int for v in p) for p in running):
            raise ValueError("a row's running best is out of shape")
        if not isinstance(months, dict) or not all(
                isinstance(v, list) and len(v) == 2 and all(type(n) is int and n >= 0 for n in v) and v[1] <= v[0]
                for v in months.values()):
            raise ValueError("a row's months are out of shape")
        pictures.running_best = [list(p) for p in running]
        pictures.months = {m: list(v) for m, v in months.items()}
        return pictures
