"""The Statistics window's table as text: one row per figure, one column per
level, for one board shape (no pyxel here)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from amigasweeper.engine import LevelName, Shape

LEVELS = (LevelName.BEGINNER, LevelName.INTERMEDIATE, LevelName.EXPERT, LevelName.CUSTOM)
SHAPE_TITLES = {Shape.SQUARE: "Square", Shape.HEX: "Hexagonal", Shape.TRIANGLE: "Triangular"}
NONE = "-"


def seconds_text(ms: float | None) -> str:
    """A time to the hundredth while it is short, in at most six characters."""
    if ms is None:
        return NONE
    seconds = ms / 1000
    if seconds < 100:
        return f"{seconds:.2f}"
    if seconds < 1000:
        return f"{seconds:.1f}"
    return f"{min(seconds, 999999):.0f}"


def ratio_text(value: float | None) -> str:
    return NONE if value is None else f"{value:.2f}"


def percent_text(value: float | None) -> str:
    return NONE if value is None else f"{value:.0f}%"


@dataclass(frozen=True)
class Figure:
    label: str
    text: Callable[[object], str]  # the figure of one LevelSummary


FIGURES = (
    Figure("Played", lambda s: str(s.played)),
    Figure("Won", lambda s: str(s.won)),
    Figure("Win %", lambda s: percent_text(s.win_percent)),
    Figure("Best time", lambda s: seconds_text(s.best_ms)),
    Figure("Average", lambda s: seconds_text(s.average_ms)),
    Figure("Best 3BV/s", lambda s: ratio_text(s.best_bbbv_per_s)),
    Figure("Best IOE", lambda s: ratio_text(s.best_ioe)),
    Figure("Streak now", lambda s: str(s.current_streak)),
    Figure("Longest", lambda s: str(s.longest_streak)),
)
LABEL_CHARS = max(len(f.label) for f in FIGURES)


def column_title(level: LevelName, chars: int) -> str:
    """A level's heading: its name, cut short on a narrow screen (Intermediate: Inter.)."""
    title = level.title
    return title if len(title) <= chars else title[: chars - 1] + "."


def kind_of(summary) -> tuple[LevelName, Shape] | None:
    """A summary's level and shape; None for names this version does not know
    (a games file a newer AmigaSweeper wrote, say): those are left out."""
    try:
        return LevelName(summary.level), Shape(summary.shape)
    except ValueError:
        return None


def table(summaries: Iterable, shape: Shape) -> list[list[str]]:
    """Rows of [label, Beginner, Intermediate, Expert, Custom] for one shape;
    a level with no game shows a dash."""
    by_level = {}
    for summary in summaries:
        kind = kind_of(summary)
        if kind is not None and kind[1] is shape:
            by_level[kind[0]] = summary
    rows = []
    for figure in FIGURES:
        cells = [figure.text(by_level[level]) if level in by_level else NONE for level in LEVELS]
        rows.append([figure.label, *cells])
    return rows

