"""Where the program's own manual is, and the names of its pages.

The Help menu opens the manual at the page about what the player is doing;
these names are the contract between the program and
docs/AmigaGuide/AmigaSweeper.guide (a test checks every one exists).
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from amigasweeper import resources

from .model import Document
from .parser import parse_file

MANUAL_FILE = resources.MANUAL.name


class ManualPage(str, Enum):
    """Node names of the manual's pages."""

    MAIN = "Main"
    ABOUT = "About"
    HISTORY = "History"
    RULES = "Rules"
    MOUSE = "Mouse"
    KEYBOARD = "Keyboard"
    MENUS = "Menus"
    GAME_MENU = "GameMenu"
    COMPLETION_MENU = "CompletionMenu"
    SETTINGS_MENU = "SettingsMenu"
    HINT_MENU = "HintMenu"
    HELP_MENU = "HelpMenu"
    COMPLETION = "Completion"
    MARKS = "Marks"
    BEST_TIMES = "BestTimes"
    REQUESTERS = "Requesters"
    PAUSE = "Pause"
    LOOKS = "Looks"
    ACCESSIBILITY = "Accessibility"
    SCREEN_MODES = "ScreenModes"
    CUSTOM = "Custom"
    STRATEGY = "Strategy"
    SOLVER = "Solver"
    SHAPES = "Shapes"
    NO_GUESS = "NoGuess"
    DUEL = "Duel"
    STATS = "Stats"
    STATS_WINDOWS = "StatsWindows"
    REPLAYS = "Replays"
    WINDOWS = "Windows"
    SCREEN = "Screen"
    WORKBENCH = "Workbench"
    BOT_API = "BotAPI"
    SCRIPTS = "Scripts"
    VIEWER = "Viewer"
    GUIDES = "Guides"
    OPTIONS = "Options"
    RELIABILITY = "Reliability"
    CREDITS = "Credits"
    INDEX = "Index"


def manual_path() -> Path | None:
    """The manual file, in a built copy or in the checkout (see
    amigasweeper.resources); None if it is in neither place."""
    return resources.find(resources.MANUAL)


def load_manual() -> Document:
    """The parsed manual (a document with a problem if the file is missing)."""
    return parse_file(resources.path_of(resources.MANUAL))
