"""The limits of every saved value, and the checks that enforce them.

Each check returns the (normalised) value or raises ValueError with a short
reason meant for the player.
"""

from __future__ import annotations

import re
from typing import Any

from ..engine.levels import MAX_SIDE, MIN_SIDE, LevelName
from ..engine.rules import Completion
from ..engine.topology import Shape

LEVELS = tuple(name.value for name in LevelName)
COMPLETIONS = tuple(mode.value for mode in Completion)
LOOKS = ("kickstart3", "kickstart2")
SCREEN_MODES = ("lowres", "hires")
SHAPES = tuple(shape.value for shape in Shape)
TOUCH_MODES = ("auto", "on", "off")  # auto: on in a browser on a touch screen
WINDOW_SCALES = ("auto", "1", "2", "3", "4")  # window pixels to an Amiga pixel; auto: the most that fit
FLASHES = ("screen", "border", "none")  # Settings > Flash: how DisplayBeep shows (screen: as 2.4 did)
RIPPLES = ("animated", "instant")  # Settings > Ripple: an opening spreads ring by ring, or at once
# Settings > Palette...: the presets of access/colour/presets.py, by name (a test keeps the two the same),
# and the pens edited on top, "8:#00F,9:#274": at most 64 pens, each a pen number and a 12-bit colour.
CURSORS = ("complement", "bold")  # Palette window: the board cursor as 3.1's focus frame, or a thick ring
SHADINGS = ("colours", "steps")  # Palette window: the shading's own colours, or bands stepped in lightness
PALETTES = ("workbench31", "kickstart2", "deuteranopia", "protanopia", "tritanopia", "redgreen", "high_contrast")
PALETTE_PENS = re.compile(r"(?:[0-9]{1,3}:#[0-9A-Fa-f]{3}(?:,[0-9]{1,3}:#[0-9A-Fa-f]{3}){0,63})?")


def check_palette_pens(value: Any) -> str:
    if type(value) is str and PALETTE_PENS.fullmatch(value):
        return value
    raise ValueError(f"{show(value)} is not a list of pens like 8:#00F,9:#274")
DUEL_RESULTS = ("win", "loss", "draw")
COMPUTER_OPPONENTS = ("computer-easy", "computer-normal", "computer-hard")

MAX_PLACE = 4096  # the largest coordinate or size a snapshot keeps (a screen is at most 640x512)
MAX_PLACES = 32  # icons whose places a snapshot keeps
MIN_MINES, MAX_MINES = 1, 1023
MAX_SECONDS = 999
MAX_NAME_LENGTH = 24
MAX_COUNT = 999_999_999
DEFAULT_NAME = "Anonymous"


def show(value: Any) -> str:
    """A short, always printable rendering of a value for a message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) > 10**12:
        return "a huge number"
    if value is None:
        return "null"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    text = repr(value)
    return text if len(text) <= 20 else text[:17] + "..."


def label(name: str) -> str:
    """A key as the player reads it: ``custom_width`` -> ``custom width``."""
    return name.replace("_", " ")


def check_choice(value: Any, options: tuple[str, ...]) -> str:
    if type(value) is str and value in options:
        return value
    raise ValueError(f"{show(value)} is not one of {', '.join(options)}")


def check_int(value: Any, low: int, high: int) -> int:
    if type(value) is not int:
        raise ValueError(f"{show(value)} is not a whole number")
    if not low <= value <= high:
        raise ValueError(f"{show(value)} is not between {low} and {high}")
    return value


def check_flag(value: Any) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{show(value)} is not true or false")
    return value


def check_places(value: Any) -> tuple[tuple[str, int, int], ...]:
    """Icons' places kept by Snapshot: a list of [name, x, y], each name a
    short lower-case word, each coordinate a whole number 0..MAX_PLACE;
    returned sorted by name, one entry per name."""
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{show(value)} is not a list of icon places")
    if len(value) > MAX_PLACES:
        raise ValueError(f"more than {MAX_PLACES} icon places")
    places: dict[str, tuple[int, int]] = {}
    for entry in value:
        if not isinstance(entry, (list, tuple)) or len(entry) != 3:
            raise ValueError(f"{show(entry)} is not [name, x, y]")
        name, x, y = entry
        if not (type(name) is str and 0 < len(name) <= 32 and name.replace("_", "").isalpha() and name.islower()
                and name.isascii()):
            raise ValueError(f"{show(name)} is not an icon's name")
        places[name] = (check_int(x, 0, MAX_PLACE), check_int(y, 0, MAX_PLACE))
    return tuple((name, x, y) for name, (x, y) in sorted(places.items()))


def check_box(value: Any) -> tuple[int, ...]:
    """A window's place and size kept by Snapshot: [x, y, width, height] in
    whole numbers (0..MAX_PLACE, the sizes at least 1), or [] for none."""
    if not isinstance(value, (list, tuple)) or len(value) not in (0, 4):
        raise ValueError(f"{show(value)} is not [x, y, width, height]")
    if not value:
        return ()
    x, y, w, h = value
    return check_int(x, 0, MAX_PLACE), check_int(y, 0, MAX_PLACE), check_int(w, 1, MAX_PLACE), check_int(h, 1, MAX_PLACE)


def clean_name(value: Any) -> str:
    """A player's name made safe: printable characters only, trimmed, at most
    MAX_NAME_LENGTH characters. Raises ValueError if it is not text."""
    if not isinstance(value, str):
        raise ValueError(f"{show(value)} is not a name")
    printable = "".join(ch for ch in value if ch.isprintable())
    return printable.strip()[:MAX_NAME_LENGTH].rstrip()


def opponent_key(name: Any) -> str:
    """The key a Duel opponent is counted under (its cleaned name)."""
    key = clean_name(name)
    if not key:
        raise ValueError("an opponent needs a name")
    return key


def level_key(name: Any) -> str:
    if name not in LEVELS:
        raise ValueError("is not a level")  # unknown keys are skipped by the caller
    return name


def max_mines(width: int, height: int) -> int:
    """The most mines a Custom board of this size takes (one square stays safe)."""
    return max(MIN_MINES, min(MAX_MINES, width * height - 1))


def check_custom(width: Any, height: Any, mines: Any) -> None:
    """Raise ValueError saying what is allowed if a Custom size is not.

    The UI may narrow this further to what fits its screen mode."""
    check_int(width, MIN_SIDE, MAX_SIDE)
    check_int(height, MIN_SIDE, MAX_SIDE)
    check_int(mines, MIN_MINES, max_mines(width, height))


def clamp_seconds(seconds: int) -> int:
    return min(max(int(seconds), 0), MAX_SECONDS)
