"""The Duel window's menus, as data (no pyxel)."""

from __future__ import annotations

from enum import Enum

from ..intuition.menus import Menu, MenuItem


class DuelCommand(str, Enum):
    NEW = "duel_new"
    CLOSE = "duel_close"
    QUIT = "duel_quit"


DUEL_MENUS: tuple[Menu, ...] = (
    Menu(
        "Duel",
        (
            MenuItem("New Duel...", DuelCommand.NEW, "N"),
            MenuItem("Close", DuelCommand.CLOSE, "K"),
            MenuItem("Quit", DuelCommand.QUIT, "Q", bar_before=True),
        ),
    ),
)
