"""The manual's page about each menu, by the menu's title: Help (F1) with a
menu held open shows it."""

from __future__ import annotations

from amigasweeper.guide import ManualPage

MENU_PAGES = {
    "Game": ManualPage.GAME_MENU,
    "Completion": ManualPage.COMPLETION_MENU,
    "Settings": ManualPage.SETTINGS_MENU,
    "Hint": ManualPage.HINT_MENU,
    "Help": ManualPage.HELP_MENU,
    "Project": ManualPage.VIEWER,  # the help viewer's menus
    "Navigate": ManualPage.VIEWER,
    "Workbench": ManualPage.WORKBENCH,  # the Workbench's menus
    "Window": ManualPage.WORKBENCH,
    "Icons": ManualPage.WORKBENCH,
    "Tools": ManualPage.WORKBENCH,
    "Duel": ManualPage.DUEL,  # the Duel window's
    "Statistics": ManualPage.STATS_WINDOWS,
    "Replay": ManualPage.STATS_WINDOWS,
}
