"""The Statistics window's menus, as data (no pyxel)."""

from __future__ import annotations

from enum import Enum

from ..intuition.menus import Menu, MenuItem


class StatsCommand(str, Enum):
    RESET = "stats_reset"
    PLAYER_NAME = "stats_player_name"
    GUESSES = "stats_guesses"
    CLOSE = "stats_close"
    QUIT = "stats_quit"


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
)
