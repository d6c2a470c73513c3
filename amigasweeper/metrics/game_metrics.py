"""One game's figures: the board's, the clicks', and the rates made from them.

The rates are ms-toollib's (``BaseVideo::analyse``), with the time ``t`` in
seconds:

==============  ================================================
IOE             3BV solved / clicks (index of efficiency)
correctness     effective clicks / clicks
throughput      3BV solved / effective clicks
3BV/s           3BV solved / t (on a won game, the board's 3BV / t)
RQP             t * t / 3BV solved (t divided by 3BV/s: lower is better)
cls             clicks / t (ms-toollib's cl_s, Metasweeper's cls)
ces             effective clicks / t (ms-toollib's ce_s)
==============  ================================================

A rate whose divisor is zero is None (shown as "-", written as null).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .board import BoardMetrics
from .clicks import ClickCounts


def _ratio(top: float, bottom: float) -> float | None:
    return top / bottom if bottom else None


@dataclass(frozen=True)
class GameMetrics:
    time_ms: int
    bbbv: int
    bbbv_solved: int
    openings: int
    islands: int
    zini: int | None
    left: int
    right: int
    chord: int
    left_eff: int
    right_eff: int
    chord_eff: int

    @classmethod
    def compute(cls, board: BoardMetrics, counts: ClickCounts, time_ms: int) -> GameMetrics:
        return cls(
            time_ms=time_ms,
            bbbv=board.bbbv,
            bbbv_solved=counts.bbbv_solved,
            openings=board.openings,
            islands=board.islands,
            zini=board.zini,
            left=counts.left,
            right=counts.right,
            chord=counts.chord,
            left_eff=counts.left_eff,
            right_eff=counts.right_eff,
            chord_eff=counts.chord_eff,
        )

    @property
    def seconds(self) -> float:
        return self.time_ms / 1000

    @property
    def clicks(self) -> int:
        return self.left + self.right + self.chord

    @property
    def effective_clicks(self) -> int:
        return self.left_eff + self.right_eff + self.chord_eff

    @property
    def ioe(self) -> float | None:
        return _ratio(self.bbbv_solved, self.clicks)

    @property
    def correctness(self) -> float | None:
        return _ratio(self.effective_clicks, self.clicks)

    @property
    def throughput(self) -> float | None:
        return _ratio(self.bbbv_solved, self.effective_clicks)

    @property
    def bbbv_per_s(self) -> float | None:
        return _ratio(self.bbbv_solved, self.seconds)

    @property
    def clicks_per_s(self) -> float | None:
        return _ratio(self.clicks, self.seconds)

    @property
    def effective_clicks_per_s(self) -> float | None:
        return _ratio(self.effective_clicks, self.seconds)

    @property
    def rqp(self) -> float | None:
        return _ratio(self.seconds * self.seconds, self.bbbv_solved)

    def as_dict(self) -> dict[str, object]:
        """Every stored figure and every rate, under the names the JSON uses."""
        data: dict[str, object] = asdict(self)
        for name in ("clicks", "effective_clicks", "ioe", "correctness", "throughput", "bbbv_per_s", "rqp",
                     "clicks_per_s", "effective_clicks_per_s"):
            data[name] = getattr(self, name)
        return data
