"""The Workbench window's menus, as data (no pyxel)."""

from __future__ import annotations

from enum import Enum

from ..intuition.menus import Menu, MenuItem


class WorkbenchCommand(str, Enum):
    ABOUT = "wb_about"
    QUIT = "wb_quit"
    OPEN = "wb_open"


WORKBENCH_MENUS: tuple[Menu, ...] = (
    Menu(
        "Workbench",
        (
            MenuItem("About...", WorkbenchCommand.ABOUT, "?"),
            MenuItem("Quit", WorkbenchCommand.QUIT, "Q", bar_before=True),
        ),
    ),
    Menu("Icons", (MenuItem("Open", WorkbenchCommand.OPEN, "O"),)),
)
