"""The menus of the MineSweeper window, as data.

Pure data (no pyxel), so the manual's test can check that every item and hotkey
is documented. The menu strip draws these; the app carries out the Commands.
"""

from __future__ import annotations

from collections.abc import Hashable
from enum import Enum

from amigasweeper.engine import Completion, Shape

from ..intuition.menus import ItemKind, Menu, MenuItem
from ..scaling.rule import ScaleChoice


class Command(str, Enum):
    NEW = "new"
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"
    CUSTOM = "custom"
    MARKS = "marks"
    BEST_TIMES = "best_times"
    STATISTICS = "statistics"
    REPLAY = "replay"
    DUEL = "duel"
    ABOUT = "about"
    PAUSE = "pause"
    QUIT = "quit"
    LOOK_KICKSTART3 = "kickstart3"
    LOOK_KICKSTART2 = "kickstart2"
    SCREEN_LOWRES = "lowres"
    SCREEN_HIRES = "hires"
    NO_GUESS = "no_guess"
    HINT = "hint"
    SHOW_SAFE = "show_safe"
    SHOW_PROBABILITIES = "show_probabilities"
    DEMO = "demo"
    STRONG_DEMO = "strong_demo"
    MANUAL = "manual"
    TOUCH = "touch"
    SCALE_AUTO = "scale_auto"
    SCALE_1 = "scale_1"
    SCALE_2 = "scale_2"
    SCALE_3 = "scale_3"
    SCALE_4 = "scale_4"
    NARRATOR = "narrator"
    PALETTE = "palette"
    FLASH_SCREEN = "flash_screen"
    FLASH_BORDER = "flash_border"
    FLASH_NONE = "flash_none"
    RIPPLE_ANIMATED = "ripple_animated"
    RIPPLE_INSTANT = "ripple_instant"
    # The Settings menu's items that hold sub-items (chosen through those only)
    LOOK = "look"
    SCREEN_MODE = "screen_mode"
    BOARD_SHAPE = "board_shape"
    FLASH = "flash"
    RIPPLE = "ripple"
    WINDOW_SCALE = "window_scale"


# Settings > Window Scale: window pixels to an Amiga pixel (ui/scaling).
SCALE_COMMANDS = {
    Command.SCALE_AUTO: ScaleChoice.AUTO,
    Command.SCALE_1: ScaleChoice.X1,
    Command.SCALE_2: ScaleChoice.X2,
    Command.SCALE_3: ScaleChoice.X3,
    Command.SCALE_4: ScaleChoice.X4,
}
# Settings > Flash and Ripple: how a DisplayBeep and an opening show.
FLASH_COMMANDS = {Command.FLASH_SCREEN: "screen", Command.FLASH_BORDER: "border", Command.FLASH_NONE: "none"}
RIPPLE_COMMANDS = {Command.RIPPLE_ANIMATED: "animated", Command.RIPPLE_INSTANT: "instant"}
# Every letter and the number row are taken: these are reached by the menu
# walk (F10) and the mouse, with no Right-Amiga key.
WALK_ONLY = frozenset({*FLASH_COMMANDS, *RIPPLE_COMMANDS, Command.PALETTE, Command.STRONG_DEMO})
# The Completion menu and Settings > Board Shape are the engine's modes and
# shapes, in its order, under its titles: the item's command is the mode or
# the shape itself. Their Right-Amiga keys are the window's own (a mode or
# shape added to the engine has an item with no key until it is given one).
COMPLETION_KEYS = {Completion.ALL_MINES: "1", Completion.ALL_NON_MINES: "2", Completion.BOTH: "3",
                   Completion.EITHER: "4"}
SHAPE_KEYS = {Shape.SQUARE: "U", Shape.HEX: "X", Shape.TRIANGLE: "V"}
# The Window Scale's hotkeys: the keys along the number row after Completion's 1 to 4, leaving
# out 8, 9 and 0, which Pyxel keeps for itself with Alt (integer scale, screen
# filter, performance monitor) before the program sees them.
SCALE_KEYS = dict(zip(SCALE_COMMANDS, ("5", "6", "7", "-", "=")))


def _choice(label: str, command: Hashable, group: str, key: str | None = None, bar: bool = False) -> MenuItem:
    return MenuItem(label, command, key, ItemKind.CHOICE, group, bar)


MENUS: tuple[Menu, ...] = (
    Menu(
        "Game",
        (
            MenuItem("New", Command.NEW, "N"),
            _choice("Beginner", Command.BEGINNER, "level", "B", bar=True),
            _choice("Intermediate", Command.INTERMEDIATE, "level", "I"),
            _choice("Expert", Command.EXPERT, "level", "E"),
            _choice("Custom...", Command.CUSTOM, "level", "C"),
            MenuItem("Marks (?)", Command.MARKS, "M", ItemKind.TOGGLE, bar_before=True),
            MenuItem("Best Times...", Command.BEST_TIMES, "T", bar_before=True),
            MenuItem("Statistics...", Command.STATISTICS, "F"),
            MenuItem("Replay...", Command.REPLAY, "Z"),
            MenuItem("Duel...", Command.DUEL, "D"),
            MenuItem("About...", Command.ABOUT, "?"),
            MenuItem("Pause", Command.PAUSE, "P", bar_before=True),
            MenuItem("Quit", Command.QUIT, "Q"),
        ),
    ),
    Menu(
        "Completion",
        tuple(_choice(mode.title, mode, "completion", COMPLETION_KEYS.get(mode)) for mode in Completion),
    ),
    # Settings groups its choices in sub-items, as a 3.1 program does, so no
    # menu runs taller than the LowRes screen (Intuition's sub-items, one level).
    Menu(
        "Settings",
        (
            MenuItem("Look", Command.LOOK, sub=(
                _choice("Kickstart 3", Command.LOOK_KICKSTART3, "look", "K"),
                _choice("Kickstart 2", Command.LOOK_KICKSTART2, "look", "J"),
            )),
            MenuItem("Screen Mode", Command.SCREEN_MODE, sub=(
                _choice("PAL LowRes 320x256", Command.SCREEN_LOWRES, "screen", "L"),
                _choice("PAL HighRes Laced 640x512", Command.SCREEN_HIRES, "screen", "R"),
            )),
            MenuItem("Board Shape", Command.BOARD_SHAPE, sub=tuple(
                _choice(shape.title, shape, "shape", SHAPE_KEYS.get(shape)) for shape in Shape
            )),
            MenuItem("No-Guess Boards", Command.NO_GUESS, "G", ItemKind.TOGGLE),
            MenuItem("Touch Controls", Command.TOUCH, "O", ItemKind.TOGGLE, bar_before=True),
            MenuItem("Narrator", Command.NARRATOR, ".", ItemKind.TOGGLE),  # every letter is taken
            MenuItem("Palette...", Command.PALETTE),
            MenuItem("Flash", Command.FLASH, bar_before=True, sub=(
                _choice("Screen", Command.FLASH_SCREEN, "flash"),
                _choice("Border", Command.FLASH_BORDER, "flash"),
                _choice("None", Command.FLASH_NONE, "flash"),
            )),
            MenuItem("Ripple", Command.RIPPLE, sub=(
                _choice("Animated", Command.RIPPLE_ANIMATED, "ripple"),
                _choice("Instant", Command.RIPPLE_INSTANT, "ripple"),
            )),
            MenuItem("Window Scale", Command.WINDOW_SCALE, sub=tuple(
                _choice(choice.label, command, "scale", SCALE_KEYS[command])
                for command, choice in SCALE_COMMANDS.items()
            )),
        ),
    ),
    Menu(
        "Hint",
        (
            MenuItem("Hint", Command.HINT, "H"),
            MenuItem("Show Safe and Mines", Command.SHOW_SAFE, "S"),
            MenuItem("Show Probabilities", Command.SHOW_PROBABILITIES, "W", ItemKind.TOGGLE),
            MenuItem("Demo", Command.DEMO, "Y", ItemKind.TOGGLE, bar_before=True),
            MenuItem("Strong Demo", Command.STRONG_DEMO, None, ItemKind.TOGGLE),  # no key left: the Narrator has "."
        ),
    ),
    Menu("Help", (MenuItem("Manual...", Command.MANUAL, "A"),)),
)


def hotkeys() -> dict[str, MenuItem]:
    """Right-Amiga letter -> item (letters are unique across the menus)."""
    table: dict[str, MenuItem] = {}
    for menu in MENUS:
        for item in menu.every_item():
            if item.key:
                if item.key in table:
                    raise ValueError(f"hotkey {item.key} used twice")
                table[item.key] = item
    return table
