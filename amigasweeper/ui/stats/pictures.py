"""The Statistics window's pictures of a row, as data (no pyxel): each
chart is a list of bars, oldest or smallest first, and a line saying what
they are and where their top is. The window draws them (chart.py) in the
screen's pens, whole pixels only.

Chart.LAST_GAMES is the chart of the last games (chart.py draws it from
ChartPoints); the others come from the row's pictures (records/row_figures.py):
the wins by 3BV, the wins by whole seconds, the running best time, the win
rate of each month and the best time at each 3BV.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from amigasweeper.records.row_figures import Pictures


class Chart(Enum):
    LAST_GAMES = "Last games"
    BBBV = "Wins by 3BV"
    TIME = "Wins by time"
    RUNNING_BEST = "Running best"
    MONTHS = "Win rate by month"
    BEST_BY_BBBV = "Best time by 3BV"


CHART_ORDER = tuple(Chart)


def next_chart(chart: Chart, step: int = 1) -> Chart:
    return CHART_ORDER[(CHART_ORDER.index(chart) + step) % len(CHART_ORDER)]


@dataclass(frozen=True)
class Bars:
    values: tuple[float, ...]  # a bar each, in order (left to right)
    words: str  # what they are, the first and last labels and the top


def bars_of(chart: Chart, pictures: Pictures | None) -> Bars:
    """A chart of the row's pictures (not Chart.LAST_GAMES); no bars when it has none yet."""
    if pictures is None:
        return Bars((), "No unhelped game of this board yet.")
    if chart is Chart.BBBV:
        return _counted(pictures.bbbv_counts, "3BV", "wins")
    if chart is Chart.TIME:
        return _counted(pictures.second_counts, "s", "wins")
    if chart is Chart.RUNNING_BEST:
        times = tuple(t / 1000 for _, t in pictures.running_best)
        if not times:
            return Bars((), "No win that counts yet.")
        return Bars(times, f"{len(times)} bests, {times[0]:.2f} s to {times[-1]:.2f} s")
    if chart is Chart.MONTHS:
        months = sorted(pictures.months)
        if not months:
            return Bars((), "No unhelped game yet.")
        rates = tuple(100 * pictures.months[m][1] / pictures.months[m][0] for m in months)
        return Bars(rates, f"{months[0]} to {months[-1]}, bars to 100%")
    if chart is Chart.BEST_BY_BBBV:
        by = pictures.best_by_bbbv
        if not by:
            return Bars((), "No win that counts yet.")
        low, high = min(by), max(by)
        values = tuple(by.get(b, 0) / 1000 for b in range(low, high + 1))
        return Bars(values, f"3BV {low} to {high}, bars to {max(values):.2f} s")
    raise ValueError(f"{chart} is drawn from the last games")


def _counted(counts: dict[int, int], unit: str, what: str) -> Bars:
    """Counts of every value from the smallest to the largest (0 between)."""
    if not counts:
        return Bars((), "No win that counts yet.")
    low, high = min(counts), max(counts)
    values = tuple(float(counts.get(v, 0)) for v in range(low, high + 1))
    first, last = (f"{low} {unit}", f"{high} {unit}") if unit != "3BV" else (f"3BV {low}", f"{high}")
    return Bars(values, f"{first} to {last}, bars to {max(values):.0f} {what}")
