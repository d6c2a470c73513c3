"""The figures of one row of the statistics, kept up to date game by game.

A RowTally is folded one game at a time, in the order the games were kept,
so the figures never need the games again: saving a game costs the same
with 100,000 games behind it as with none (see :mod:`.index`).

What counts:

* played and won: won and lost games, helped ones too. An abandoned game (left by a new
  game, the close gadget or Quit after at least one uncover) is counted
  apart, never as played or lost, and it does not break a streak;
* a game helped by a hint, Show Safe and Mines, Show Probabilities or the
  Demo is played (and won, if it was) but kept out of the win percent
  (unhelped wins / unhelped games), the streaks and every best: it neither
  extends a streak nor ends one, as Minesweeper Online's win rate and
  streaks are the player's alone;
* a streak is a run of won games; a loss ends it;
* a practice game (``KeptGame.practice``) is counted apart too, as
  practised: never played, won, lost or abandoned, no streak, no best;
* the best time, the best 3BV/s, the averages of 3BV/s, IOE and RQP, and
  the figures and pictures of :mod:`.figures` are of the wins that count as
  a best time (:func:`.rows.counts_as_best`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TypeGuard

from .kept_game import KeptGame
from .row_figures import Pictures
from .rows import BestTimeTable, RowKey, counts_as_best

LAST_GAMES = 60  # the newest games of a row kept with its figures: the chart and the list of games


def _number(value: object) -> TypeGuard[float]:
    """A finite number, not negative (a bool is none)."""
    return (type(value) is int or type(value) is float) and value >= 0 and value == value and value != float("inf")


@dataclass
class Best:
    """A best figure and the game that set it."""

    value: float
    date_ms: int
    replay: str  # its replay file's name, "" when it has none
    bbbv: int = 0
    bbbv_per_s: float | None = None

    def as_list(self) -> list:
        return [self.value, self.date_ms, self.replay, self.bbbv, self.bbbv_per_s]

    @classmethod
    def from_list(cls, values) -> Best | None:
        if values is None:
            return None
        value, date_ms, replay, bbbv, rate = values
        if not (_number(value) and type(date_ms) is int and isinstance(replay, str) and type(bbbv) is int
                and bbbv >= 0 and (rate is None or _number(rate))):
            raise ValueError("a best figure is out of shape")
        return cls(value, date_ms, replay, bbbv, rate)


@dataclass
class RowTally:
    played: int = 0
    won: int = 0
    abandoned: int = 0
    practice: int = 0  # practice games: counted apart, in no other figure
    streak: int = 0
    best_streak: int = 0
    counted: int = 0  # wins that count for the best figures
    best_time: Best | None = None  # time_ms
    best_rate: Best | None = None  # 3BV/s
    best_ioe: Best | None = None
    rate_sum: float = 0.0
    ioe_sum: float = 0.0
    ioe_n: int = 0
    rqp_sum: float = 0.0
    rqp_n: int = 0
    last: list[str] | None = None  # the newest LAST_GAMES games' lines, oldest first
    helped_played: int = 0  # played games (counted in ``played``) where help was used
    helped_won: int = 0  # and those of them won (counted in ``won``)
    pictures: Pictures | None = None  # made at the first game folded

    def fold(self, record: KeptGame, line: str) -> None:
        if self.last is None:
            self.last = []
        self.last.append(line)
        if len(self.last) > LAST_GAMES:
            del self.last[0]
        if record.practice:
            self.practice += 1
            return
        if record.result == "abandoned":
            self.abandoned += 1
            return
        self.played += 1
        if record.helped:
            self.helped_played += 1
            if record.won:
                self.won += 1
                self.helped_won += 1
            return
        if self.pictures is None:
            self.pictures = Pictures()
        self.pictures.fold_played(record)
        if not record.won:
            self.streak = 0
            return
        self.won += 1
        self.streak += 1
        self.best_streak = max(self.best_streak, self.streak)
        if counts_as_best(True, record.helped, record.by_marks, BestTimeTable.STATISTICS_ROW):
            self._fold_counted(record)
            self.pictures.fold_counted(record)

    def _fold_counted(self, record: KeptGame) -> None:
        m = record.metrics
        rate, ioe, rqp = m.bbbv_per_s, m.ioe, m.rqp
        self.counted += 1
        self.rate_sum += rate or 0.0
        if ioe is not None:
            self.ioe_sum, self.ioe_n = self.ioe_sum + ioe, self.ioe_n + 1
        if rqp is not None:
            self.rqp_sum, self.rqp_n = self.rqp_sum + rqp, self.rqp_n + 1
        name = record.replay_name
        if self.best_time is None or record.time_ms < self.best_time.value:
            self.best_time = Best(record.time_ms, record.date_ms, name, record.bbbv, rate)
        if rate is not None and (self.best_rate is None or rate > self.best_rate.value):
            self.best_rate = Best(rate, record.date_ms, name, record.bbbv, rate)
        if ioe is not None and (self.best_ioe is None or ioe > self.best_ioe.value):
            self.best_ioe = Best(ioe, record.date_ms, name, record.bbbv, rate)

    def copy(self) -> RowTally:
        """Another tally to fold into (a Best is never changed, only replaced)."""
        return replace(self, last=list(self.last or []), pictures=self.pictures.copy() if self.pictures else None)

    def records(self) -> list[KeptGame]:
        return [KeptGame.from_line(line) for line in self.last or []]

    # --------------------------------------------------------------- saved form
    COUNTS = ("played", "won", "abandoned", "practice", "streak", "best_streak", "counted", "ioe_n", "rqp_n",
              "helped_played", "helped_won")
    SUMS = ("rate_sum", "ioe_sum", "rqp_sum")
    BESTS = ("best_time", "best_rate", "best_ioe")

    def as_dict(self) -> dict:
        data = {name: getattr(self, name) for name in self.COUNTS + self.SUMS}
        data.update({name: best.as_list() if best else None for name in self.BESTS for best in [getattr(self, name)]})
        data["last"] = list(self.last or [])
        data["pictures"] = self.pictures.as_dict() if self.pictures else None
        return data

    @classmethod
    def from_dict(cls, data) -> RowTally:
        """ValueError for anything but what :meth:`as_dict` writes."""
        if not isinstance(data, dict):
            raise ValueError("a row is not an object")
        tally = cls()
        for name in cls.COUNTS:
            value = data.get(name)
            if type(value) is not int or value < 0:
                raise ValueError(f"{name} is not a count")
            setattr(tally, name, value)
        for name in cls.SUMS:
            value = data.get(name)
            if not _number(value):
                raise ValueError(f"{name} is not a sum")
            setattr(tally, name, float(value))
        for name in cls.BESTS:
            try:
                setattr(tally, name, Best.from_list(data.get(name)))
            except (TypeError, ValueError):
                raise ValueError(f"{name} is out of shape") from None
        last = data.get("last")
        if not isinstance(last, list) or len(last) > LAST_GAMES or not all(isinstance(x, str) for x in last):
            raise ValueError("the row's last games are out of shape")
        for line in last:
            KeptGame.from_line(line)  # raises ValueError or KeyError for a bad line
        tally.last = last
        pictures = data.get("pictures")
        tally.pictures = None if pictures is None else Pictures.from_dict(pictures)
        if tally.won > tally.played or tally.counted > tally.won or tally.best_streak > tally.won \
                or tally.helped_played > tally.played or tally.helped_won > min(tally.helped_played, tally.won):
            raise ValueError("the row's counts do not add up")
        return tally


@dataclass(frozen=True)
class RowSummary:
    """One row's figures, as the Statistics window, --stats and its JSON show them."""

    key: RowKey
    played: int
    won: int
    abandoned: int
    current_streak: int
    best_streak: int
    best_ms: int | None  # the best time, of a win that counts
    best_time_bbbv: int | None  # that game's 3BV
    best_time_bbbv_per_s: float | None  # and its 3BV/s
    best_bbbv_per_s: float | None
    average_bbbv_per_s: float | None
    average_ioe: float | None
    average_rqp: float | None
    helped_played: int = 0
    helped_won: int = 0
    pictures: Pictures | None = None
    practice: int = 0  # practice games, counted in no other figure

    @property
    def win_percent(self) -> float | None:
        """Unhelped wins / unhelped games: help makes a win the helper's too."""
        played = self.played - self.helped_played
        return 100 * (self.won - self.helped_won) / played if played else None

    @classmethod
    def of(cls, key: RowKey, tally: RowTally) -> RowSummary:
        best = tally.best_time
        return cls(
            key, tally.played, tally.won, tally.abandoned, tally.streak, tally.best_streak,
            int(best.value) if best else None, best.bbbv if best else None, best.bbbv_per_s if best else None,
            tally.best_rate.value if tally.best_rate else None,
            tally.rate_sum / tally.counted if tally.counted else None,
            tally.ioe_sum / tally.ioe_n if tally.ioe_n else None,
            tally.rqp_sum / tally.rqp_n if tally.rqp_n else None,
            tally.helped_played, tally.helped_won, tally.pictures, tally.practice,
        )

    def as_json(self) -> dict[str, object]:
        key = self.key
        return {
            "board": key.board, "title": key.title, "shape": key.shape, "width": key.width, "height": key.height,
            "mines": key.mines, "completion": key.completion, "no_guess": key.no_guess,
            "played": self.played, "won": self.won, "win_percent": self.win_percent, "abandoned": self.abandoned,
            "current_streak": self.current_streak, "best_streak": self.best_streak, "best_ms": self.best_ms,
            "best_time_bbbv": self.best_time_bbbv, "best_time_bbbv_per_s": self.best_time_bbbv_per_s,
            "best_bbbv_per_s": self.best_bbbv_per_s, "average_bbbv_per_s": self.average_bbbv_per_s,
            "average_ioe": self.average_ioe, "average_rqp": self.average_rqp, "practice": self.practice,
            "helped_played": self.helped_played, "helped_won": self.helped_won,
            **(self.pictures or Pictures()).summary(),
        }


@dataclass(frozen=True)
class ChartPoint:
    date_ms: int
    time_ms: int
    bbbv_per_s: float | None
    won: bool


def chart_points(tally: RowTally) -> list[ChartPoint]:
    """The row's newest played games, oldest first: abandoned ones are not played, so not drawn."""
    return [ChartPoint(r.date_ms, r.time_ms, r.metrics.bbbv_per_s, r.won)
            for r in tally.records() if r.result != "abandoned" and not r.practice]


def summarise(records: Iterable[KeptGame]) -> list[RowSummary]:
    """The rows of some games, in the order the games are given (the order
    they were kept in). For tests and tools: the program folds its index."""
    tallies: dict[RowKey, RowTally] = {}
    for record in records:
        tallies.setdefault(RowKey.of(record), RowTally()).fold(record, record.to_line())
    return [RowSummary.of(key, tallies[key]) for key in sorted(tallies, key=RowKey.sort_key)]
