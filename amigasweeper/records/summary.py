"""Statistics per level and shape, and chart data of the last games.

A loss or an abandoned game never counts towards best or average time; the
best 3BV/s and IOE are of won games too. A streak is a run of won games;
an abandoned game breaks it as a loss does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .game_record import GameRecord


@dataclass(frozen=True)
class LevelSummary:
    level: str
    shape: str
    played: int
    won: int
    best_ms: int | None
    average_ms: float | None
    best_bbbv_per_s: float | None
    best_ioe: float | None
    current_streak: int
    longest_streak: int

    @property
    def win_percent(self) -> float | None:
        return 100 * self.won / self.played if self.played else None


@dataclass(frozen=True)
class ChartPoint:
    date_ms: int
    time_ms: int
    bbbv_per_s: float | None
    won: bool


def _best(values: Iterable[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return max(present) if present else None


def summarise(records: Iterable[GameRecord]) -> list[LevelSummary]:
    groups: dict[tuple[str, str], list[GameRecord]] = {}
    for record in sorted(records, key=lambda r: r.date_ms):
        groups.setdefault((record.level, record.shape), []).append(record)
    out = []
    for (level, shape), games in groups.items():
        wins = [g for g in games if g.result == "won"]
        current = longest = 0
        for g in games:
            current = current + 1 if g.result == "won" else 0
            longest = max(longest, current)
        times = [g.time_ms for g in wins]
        out.append(LevelSummary(
            level, shape, len(games), len(wins),
            min(times) if times else None,
            sum(times) / len(times) if times else None,
            _best(g.metrics.bbbv_per_s for g in wins),
            _best(g.metrics.ioe for g in wins),
            current, longest,
        ))
    order = {"beginner": 0, "intermediate": 1, "expert": 2, "custom": 3}
    shapes = {"square": 0, "hex": 1, "triangle": 2}
    return sorted(out, key=lambda s: (shapes.get(s.shape, 9), order.get(s.level, 9)))


def chart(records: Iterable[GameRecord], level: str, shape: str, last: int = 50) -> list[ChartPoint]:
    """The last ``last`` games of a level and shape, oldest first."""
    games = sorted((r for r in records if r.level == level and r.shape == shape), key=lambda r: r.date_ms)
    return [ChartPoint(g.date_ms, g.time_ms, g.metrics.bbbv_per_s, g.result == "won") for g in games[-last:]]


def record_setting(records: Iterable[GameRecord]) -> set[str]:
    """Replay names of the games that hold a best: time, 3BV/s or IOE per level and shape."""
    best: dict[tuple, tuple[float, str]] = {}
    for r in records:
        if r.result != "won" or not r.replay_name:
            continue
        m = r.metrics
        for key, score in (("time", -r.time_ms), ("bbbv_s", m.bbbv_per_s), ("ioe", m.ioe)):
            if score is None:
                continue
            slot = (r.level, r.shape, key)
            if slot not in best or score > best[slot][0]:
                best[slot] = (score, r.replay_name)
    return {name for _, name in best.values()}
