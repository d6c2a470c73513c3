"""The Statistics window's words and numbers, as text (no pyxel here): a
row's name, its figures in lines of a given width, and the list of games
in columns that fit it."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from amigasweeper.records import KeptGame, RowKey, RowSummary
from amigasweeper.records.rows import COMPLETION_NAMES, SHAPE_NAMES

NONE = "-"
RESULT_WORDS = {"won": "Won", "lost": "Lost", "abandoned": "Left"}


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


def row_name(key: RowKey) -> str:
    """The chooser's line: the board and its shape ("Expert 30x16, square")."""
    return f"{key.board}, {SHAPE_NAMES.get(key.shape, key.shape)}"


def row_detail(key: RowKey) -> str:
    """The line under it: the completion mode and the board's kind."""
    return f"{COMPLETION_NAMES.get(key.completion, key.completion)}, {key.kind} boards"


def best_time_text(s: RowSummary, room: int = 99) -> str:
    """The best time with its game's 3BV and 3BV/s in ``room`` characters, or a dash."""
    if s.best_ms is None:
        return NONE
    time_text, rate = seconds_text(s.best_ms), ratio_text(s.best_time_bbbv_per_s)
    full = f"{time_text} s (3BV {s.best_time_bbbv}, {rate} 3BV/s)"
    return full if len(full) <= room else f"{time_text} s (3BV {s.best_time_bbbv}, {rate})"


def figure_lines(s: RowSummary, chars: int) -> list[str]:
    """Every figure of a row: two to a line, the best time on a line of its
    own, when they fit in ``chars``; else one a line."""
    pairs = [
        (("Played", str(s.played)), ("Won", f"{s.won} ({percent_text(s.win_percent)})")),
        (("Streak now", str(s.current_streak)), ("Best streak", str(s.best_streak))),
        (("Best time", best_time_text(s, chars - len("Best time "))),),
        (("Best 3BV/s", ratio_text(s.best_bbbv_per_s)), ("Avg 3BV/s", ratio_text(s.average_bbbv_per_s))),
        (("Avg IOE", ratio_text(s.average_ioe)), ("Avg RQP", ratio_text(s.average_rqp))),
        (("Abandoned", str(s.abandoned)), ("Helped", str(s.helped_played))),  # helped: out of win % and bests
    ]
    half = (chars - 2) // 2

    def cell(label: str, value: str, width: int) -> str:
        return f"{label} {value.rjust(width - len(label) - 1)}"

    if all(len(label) + len(value) + 1 <= (half if len(line) == 2 else chars)
           for line in pairs for label, value in line):
        return ["  ".join(cell(label, value, half) for label, value in line) if len(line) == 2
                else f"{line[0][0]} {line[0][1]}" for line in pairs]
    return [cell(label, value, chars)[:chars] for line in pairs for label, value in line]


# ---------------------------------------------------------------- the games
@dataclass(frozen=True)
class Column:
    title: str
    width: int
    text: Callable[[KeptGame], str]
    left: bool = False  # left-aligned (the date); numbers are right-aligned


def _date(record: KeptGame, pattern: str) -> str:
    return time.strftime(pattern, time.localtime(record.date_ms / 1000))


COLUMNS = (
    Column("Date", 11, lambda r: _date(r, "%m-%d %H:%M"), left=True),
    Column("3BV", 4, lambda r: str(r.bbbv)),
    Column("Time", 7, lambda r: seconds_text(r.time_ms)),
    Column("3BV/s", 6, lambda r: ratio_text(r.metrics.bbbv_per_s)),
    Column("IOE", 5, lambda r: ratio_text(r.metrics.ioe)),
    Column("Result", 7, lambda r: RESULT_WORDS.get(r.result, r.result)),
    Column("Help", 5, lambda r: "Demo" if r.demo else "yes" if r.helped else ""),
)
# Issue 42's figures, added at the end of the list while they fit (a HighRes screen holds them all).
EXTRA_COLUMNS = (
    Column("STNB", 6, lambda r: NONE if r.stnb is None else f"{r.stnb:.1f}"),
    Column("cls", 5, lambda r: ratio_text(r.metrics.clicks_per_s)),
    Column("ces", 5, lambda r: ratio_text(r.metrics.effective_clicks_per_s)),
    Column("Flags", 6, lambda r: NONE if r.flags is None else str(r.flags)),
    Column("NF", 3, lambda r: NONE if r.no_flag is None else "NF" if r.no_flag else ""),
    Column("Path", 7, lambda r: NONE if r.path is None else f"{r.path:.0f}"),
)
SHORT_DATE = Column("Date", 5, lambda r: _date(r, "%m-%d"), left=True)
LONG_DATE = Column("Date", 17, lambda r: _date(r, "%Y-%m-%d %H:%M"), left=True)
SHORT_RESULT = Column("Res", 5, lambda r: RESULT_WORDS.get(r.result, r.result))
SHORT_HELP = Column("H", 2, lambda r: "D" if r.demo else "H" if r.helped else "")


def columns_for(chars: int) -> tuple[Column, ...]:
    """The columns of the list of games that fit ``chars`` characters: the
    date shortened, then the result and help titles, on a narrow screen."""
    for date in (LONG_DATE, COLUMNS[0], SHORT_DATE):
        for tail in (COLUMNS[5:], (SHORT_RESULT, SHORT_HELP)):
            chosen = (date, *COLUMNS[1:5], *tail)
            if sum(c.width for c in chosen) <= chars:
                return _with_extras(chosen, chars)
    return (SHORT_DATE, *COLUMNS[1:5], SHORT_RESULT, SHORT_HELP)


def _with_extras(chosen: tuple[Column, ...], chars: int) -> tuple[Column, ...]:
    """The EXTRA_COLUMNS that fit after ``chosen``, in their order."""
    used = sum(c.width for c in chosen)
    extras = []
    for column in EXTRA_COLUMNS:
        if used + column.width > chars:
            break
        extras.append(column)
        used += column.width
    return (*chosen, *extras)


def _cells(columns: tuple[Column, ...], texts: list[str]) -> str:
    return "".join(t[: c.width].ljust(c.width) if c.left else t[: c.width - 1].rjust(c.width)
                   for c, t in zip(columns, texts)).rstrip()


def games_header(columns: tuple[Column, ...]) -> str:
    return _cells(columns, [c.title for c in columns])


def game_line(record: KeptGame, columns: tuple[Column, ...]) -> str:
    return _cells(columns, [c.text(record) for c in columns])
