"""The pieces a recording is made of."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..engine.rules import Move
from ..metrics.clicks import Click, Mouse

# More events than any game makes (a 20-minute record game has some 60,000):
# a file claiming more is refused before it fills the memory.
MAX_EVENTS = 300_000
TOO_MANY_EVENTS = f"the replay has more than {MAX_EVENTS:,} events, far more than any game"


class RecordedButton(str, Enum):
    LEFT = "left"
    RIGHT = "right"
    MIDDLE = "middle"  # only in files from other programs


class EventKind(str, Enum):
    MOVE = "move"  # the pointer moved
    PRESS = "press"  # a button went down
    RELEASE = "release"  # a button went up
    KEY = "key"  # a keyboard action on the square under the pointer


class Result(str, Enum):
    WON = "won"
    LOST = "lost"
    ABANDONED = "abandoned"  # a new game or Quit before the end


@dataclass(frozen=True)
class InputEvent:
    """One thing the player did, and the moves it made.

    ``t_ms`` counts from the first press of the game, without the time the
    clock was held. ``x``/``y`` are pixels from the board's top-left corner and
    ``cell`` the square under the pointer; all three are None off the board.
    ``moves`` are the engine moves this event caused, in order (mostly none or
    one). ``click`` says what a KEY event was (M/G: right, U/1: left, L/A: chord).
    """

    t_ms: int
    kind: EventKind
    x: int | None = None
    y: int | None = None
    cell: int | None = None
    button: RecordedButton | None = None
    click: Click | None = None
    moves: tuple[Move, ...] = ()


@dataclass(frozen=True)
class MouseEvent:
    """One mouse event as the EVF format has it. ``x``/``y`` are board pixels;
    off the board both are the board's width and height in pixels."""

    t_ms: int
    mouse: Mouse
    x: int
    y: int
