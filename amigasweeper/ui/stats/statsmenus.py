"""The Statistics window's menus, as data (no pyxel)."""

from __future__ import annotations

from enum import Enum

from amigasweeper.records.filters import BBBV_THRESHOLDS, Flagging, Period

from ..intuition.menus import ItemKind, Menu, MenuItem


class StatsCommand(str, Enum):
    RESET = "stats_reset"
    PLAYER_NAME = "stats_player_name"
    GUESSES = "stats_guesses"
    CLOSE = "stats_close"
    QUIT = "stats_quit"
    NO_FILTER = "stats_no_filter"


# A filter item's command: ("filter", what it sets, the value); see StatsControl.choose_filter.
PERIOD_ITEMS = (("All dates", Period.ALL), ("Today", Period.TODAY), ("Last 7 days", Period.WEEK),
                ("Last 30 days", Period.MONTH), ("Last 365 days", Period.YEAR))
FLAG_ITEMS = (("Any", Flagging.ANY), ("Flagging", Flagging.FLAGGING), ("No flag", Flagging.NO_FLAG))
BBBV_ITEMS = (("None", 0), *((f"{name.title()} (3BV >= {n})", n) for name, n in BBBV_THRESHOLDS.items()))
SHAPE_ITEMS = (("Any", None), ("Square", "square"), ("Hexagonal", "hex"), ("Triangular", "triangle"))
KIND_ITEMS = (("Any", None), ("Random", False), ("No-guess", True))
FILTER_PARTS = (("Dates", "period", PERIOD_ITEMS), ("Flags", "flagging", FLAG_ITEMS),
                ("3BV minimum", "min_bbbv", BBBV_ITEMS), ("Shape", "shape", SHAPE_ITEMS),
                ("Boards", "no_guess", KIND_ITEMS))


def filter_command(part: str, value) -> tuple:
    return ("filter", part, value)


STATS_MENUS: tuple[Menu, ...] = (
    Menu(
        "Statistics",
        (
            MenuItem("Reset...", StatsCommand.RESET, "R"),
            MenuItem("Player Name...", StatsCommand.PLAYER_NAME, "N"),
            MenuItem("Game's Guesses...", StatsCommand.GUESSES, "G"),
            MenuItem("Close", StatsCommand.CLOSE, "K", bar_before=True),
            MenuItem("Quit", StatsCommand.QUIT, "Q"),
        ),
    ),
    Menu(
        "Filter",
        (
            *(MenuItem(title, filter_command(part, None), sub=tuple(
                MenuItem(label, filter_command(part, value), kind=ItemKind.CHOICE, group=part)
                for label, value in items))
              for title, part, items in FILTER_PARTS),
            MenuItem("No Filter", StatsCommand.NO_FILTER, bar_before=True),
        ),
    ),
)
