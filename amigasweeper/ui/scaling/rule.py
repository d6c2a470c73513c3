"""Which whole number of window pixels shows one Amiga pixel (no pyxel here).

The window is the framebuffer scaled by a whole number k, never 1.5 or 1.76:
Topaz and the bevels keep every pixel's edge. By default (Settings > Window
Scale > Auto) k is the largest for which the window, with the frame the
desktop draws around it, fits the display's usable area (what the taskbars
and panels leave); 1x to 4x ask for that k, taken down to what fits when the
display is too small for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

MOST = 4  # the largest scale the menu offers


class ScaleChoice(str, Enum):
    """Settings > Window Scale, as saved (storage.WINDOW_SCALES)."""

    AUTO = "auto"
    X1 = "1"
    X2 = "2"
    X3 = "3"
    X4 = "4"

    @property
    def factor(self) -> int | None:
        """The scale asked for; None for Auto."""
        return None if self is ScaleChoice.AUTO else int(self.value)

    @property
    def label(self) -> str:
        return "Auto" if self is ScaleChoice.AUTO else f"{self.value}x"


@dataclass(frozen=True)
class Area:
    """A rectangle of the desktop, in its pixels."""

    x: int
    y: int
    w: int
    h: int


@dataclass(frozen=True)
class WindowFrame:
    """The desktop's decorations around a window's picture, in pixels."""

    top: int = 0
    left: int = 0
    bottom: int = 0
    right: int = 0


def largest_fit(screen: tuple[int, int], usable: Area, frame: WindowFrame = WindowFrame()) -> int:
    """The largest whole scale whose window, framed, fits the usable area (at least 1)."""
    screen_w, screen_h = screen
    room_w = usable.w - frame.left - frame.right
    room_h = usable.h - frame.top - frame.bottom
    return max(1, min(room_w // screen_w, room_h // screen_h))


def whole_scale(choice: ScaleChoice, screen: tuple[int, int], usable: Area | None, frame: WindowFrame = WindowFrame()) -> int:
    """The scale to show ``screen`` at: the one chosen when it fits, else the
    largest that fits; with the display unknown, the one chosen (Auto: 1)."""
    if usable is None:
        return choice.factor or 1
    fit = largest_fit(screen, usable, frame)
    return fit if choice.factor is None else min(choice.factor, fit)


def fits(choice: ScaleChoice, screen: tuple[int, int], usable: Area | None, frame: WindowFrame = WindowFrame()) -> bool:
    """Whether a choice can be shown as asked (Auto always can)."""
    return choice.factor is None or usable is None or choice.factor <= largest_fit(screen, usable, frame)


def placed(position: tuple[int, int], size: tuple[int, int], usable: Area, frame: WindowFrame = WindowFrame()) -> tuple[int, int]:
    """A window's place moved just enough for the window, framed, to be whole
    in the usable area (its top left corner first, when it cannot be)."""
    x, y = position
    w, h = size
    x = max(usable.x + frame.left, min(x, usable.x + usable.w - frame.right - w))
    y = max(usable.y + frame.top, min(y, usable.y + usable.h - frame.bottom - h))
    return x, y
