"""The statistics as labelled lines a screen reader can follow.

One row of the statistics a line, each figure with its label beside it
(never a column heading lines above): ``--stats`` prints them, and the
text mode's `stats` says them. A figure a row does not have yet (no win
that counts, so no best time) is left out rather than said as a dash.
"""

from __future__ import annotations

from .rows import COMPLETION_NAMES, SHAPE_NAMES, RowKey
from .summary import RowSummary

USUAL_SHAPE = "square"
USUAL_COMPLETION = "all_non_mines"


def row_name(key: RowKey) -> str:
    """"Beginner, random"; a shape or completion mode other than the usual is said too:
    "Custom 20x10/50, hexagonal, All Mines Found, no-guess"."""
    parts = [key.board]
    if key.shape != USUAL_SHAPE:
        parts.append(SHAPE_NAMES.get(key.shape, key.shape))
    if key.completion != USUAL_COMPLETION:
        parts.append(COMPLETION_NAMES.get(key.completion, key.completion))
    parts.append(key.kind)
    return ", ".join(parts)


def _number(value: float, places: int) -> str:
    return f"{value:.{places}f}"


def figures(s: RowSummary) -> list[tuple[str, str]]:
    """(label, value) of every figure the row has, in the Statistics window's order."""
    pairs = [("played", str(s.played)), ("won", str(s.won))]
    if s.win_percent is not None:
        pairs.append(("win percent", f"{s.win_percent:.0f}"))
    pairs += [("current streak", str(s.current_streak)), ("best streak", str(s.best_streak))]
    if s.best_ms is not None:
        pairs.append(("best time", f"{s.best_ms / 1000:.1f} seconds"))
        if s.best_time_bbbv is not None:
            pairs.append(("its 3BV", str(s.best_time_bbbv)))
        if s.best_time_bbbv_per_s is not None:
            pairs.append(("its 3BV per second", _number(s.best_time_bbbv_per_s, 2)))
    optional = (("best 3BV per second", s.best_bbbv_per_s, 2), ("average 3BV per second", s.average_bbbv_per_s, 2),
                ("average IOE", s.average_ioe, 2), ("average RQP", s.average_rqp, 1))
    pairs += [(label, _number(value, places)) for label, value, places in optional if value is not None]
    pairs.append(("abandoned", str(s.abandoned)))
    if s.practice:
        pairs.append(("practice games", str(s.practice)))
    return pairs


def spoken_row(s: RowSummary) -> str:
    """"Beginner, random: played 12, won 7, win percent 58, ..." (the text mode)."""
    return f"{row_name(s.key)}: " + ", ".join(f"{label} {value}" for label, value in figures(s))


def labelled_row(s: RowSummary) -> str:
    """"Beginner, random. played: 12; won: 7; win percent: 58; ..." (--stats)."""
    return f"{row_name(s.key)}. " + "; ".join(f"{label}: {value}" for label, value in figures(s))
