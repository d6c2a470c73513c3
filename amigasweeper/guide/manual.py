"""Where the program's own manual is, and the names of its pages.

The Help menu opens the manual at the page about what the player is doing;
these names are the contract between the program and
docs/AmigaGuide/AmigaSweeper.guide (a test checks every one exists).
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from .model import Document
from .parser import parse_file

MANUAL_FILE = "AmigaSweeper.guide"

# A packaged copy sits next to this module; a source checkout has it in docs/.
_CANDIDATES = (
    Path(__file__).with_name(MANUAL_FILE),
    Path(__file__).resolve().parents[2] / "docs" / "AmigaGuide" / MANUAL_FILE,
)


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
    PAUSE = "Pause"
    LOOKS = "Looks"
    SCREEN_MODES = "ScreenModes"
    CUSTOM = "Custom"
    STRATEGY = "Strategy"
    SHAPES = "Shapes"
    NO_GUESS = "NoGuess"
    DUEL = "Duel"
    WINDOWS = "Windows"
    BOT_API = "BotAPI"
    SCRIPTS = "Scripts"
    CREDITS = "Credits"
    INDEX = "Index"


def manual_path() -> Path | None:
    """The manual file, packaged or in the source tree; None if neither exists."""
    for candidate in _CANDIDATES:
        if candidate.is_file():
            return candidate
    return None


def load_manual() -> Document:
    """The parsed manual (a document with a problem if the file is missing)."""
    path = manual_path()
    return parse_file(path if path is not None else _CANDIDATES[-1])
