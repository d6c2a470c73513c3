"""The difficulty levels, and the checks on a Custom board."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .numbers import plain_int

MAX_SIDE = 32
MIN_SIDE = 2


class LevelError(ValueError):
    """A Custom board that cannot be played; the message says what is allowed."""


class LevelName(str, Enum):
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"
    CUSTOM = "custom"

    # The levels' title, as Shape and Completion have theirs; it hides
    # str.title, which no caller of a LevelName wants.
    @property
    def title(self) -> str:  # type: ignore[override]
        return self.value.capitalize()


@dataclass(frozen=True)
class Level:
    name: LevelName
    width: int
    height: int
    mines: int

    @property
    def cells(self) -> int:
        return self.width * self.height


BEGINNER = Level(LevelName.BEGINNER, 8, 8, 10)
INTERMEDIATE = Level(LevelName.INTERMEDIATE, 16, 16, 40)
# The Amiga's Expert board is 32 squares wide, not the 30 of the Windows game.
EXPERT = Level(LevelName.EXPERT, 32, 16, 99)
STANDARD_LEVELS = {level.name: level for level in (BEGINNER, INTERMEDIATE, EXPERT)}
# The Windows game's Expert, which the competitive community plays: not a
# level of 2.4, but a board the statistics and the replay names keep apart.
COMMUNITY_EXPERT = Level(LevelName.CUSTOM, 30, 16, 99)


@dataclass(frozen=True)
class BoardName:
    """What a board of a known size is called: ``word`` in file names,
    ``title`` on the screen."""

    word: str
    title: str


BOARD_NAMES = {
    **{(level.width, level.height, level.mines): BoardName(level.name.value, level.name.title)
       for level in STANDARD_LEVELS.values()},
    (COMMUNITY_EXPERT.width, COMMUNITY_EXPERT.height, COMMUNITY_EXPERT.mines): BoardName("expert30x16", "Expert 30x16"),
}


def board_name(width: int, height: int, mines: int) -> BoardName | None:
    """The name of a board of 2.4's levels or the community's Expert; None for any other."""
    return BOARD_NAMES.get((width, height, mines))


def _as_int(value: object, what: str, allowed: str) -> int:
    if isinstance(value, bool):
        raise LevelError(f"{what} must be a whole number: {allowed}")
    if isinstance(value, int):
        return value
    text = str(value).strip()
    number = plain_int(text)
    if number is None:
        shown = repr(text if len(text) <= 12 else text[:9] + "...") if text else "nothing"
        raise LevelError(f"{what} must be a whole number, not {shown}: {allowed}")
    return number


def custom_level(
    width: object,
    height: object,
    mines: object,
    *,
    max_width: int = MAX_SIDE,
    max_height: int = MAX_SIDE,
) -> Level:
    """A Custom level from numbers or typed text.

    ``max_width``/``max_height`` narrow the limits to what fits the screen; the
    message of the LevelError names the allowed range so a requester can show it.
    """
    max_width = min(max_width, MAX_SIDE)
    max_height = min(max_height, MAX_SIDE)
    w_range = f"Width {MIN_SIDE} to {max_width}"
    h_range = f"Height {MIN_SIDE} to {max_height}"
    w = _as_int(width, "Width", w_range)
    h = _as_int(height, "Height", h_range)
    if not MIN_SIDE <= w <= max_width:
        raise LevelError(_side_message(w_range, w, max_width))
    if not MIN_SIDE <= h <= max_height:
        raise LevelError(_side_message(h_range, h, max_height))
    most = w * h - 1
    m_range = f"Mines 1 to {most} (at most {most} mines on {w}x{h})"
    m = _as_int(mines, "Mines", m_range)
    if not 1 <= m <= most:
        raise LevelError(m_range)
    return Level(LevelName.CUSTOM, w, h, m)


def _side_message(allowed: str, value: int, limit: int) -> str:
    if limit < MAX_SIDE and limit < value <= MAX_SIDE:
        return f"{allowed}: a larger board does not fit this screen"
    return allowed
