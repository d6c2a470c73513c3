"""The Replay window's gadgets: tape-deck buttons in the Workbench look (their
symbols drawn with the text pen, as a 1990s VCR panel would show them) and
the slider that scrubs through the game."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

import pyxel

from ..intuition.gfx import button_box
from ..intuition.palette import Pen
from ..intuition.scrollers import HScroller
from ..intuition.widgets import PushGadget

VCR_W, VCR_H = 20, 14


class Symbol(Enum):
    REWIND = "rewind"  # |<<  to the start
    STEP_BACK = "step back"  # <|  one event back
    PLAY = "play"  # >
    PAUSE = "pause"  # ||
    STEP = "step"  # |>  one event on
    END = "end"  # >>|  to the end


class VcrButton(PushGadget):
    """A deck button; ``symbol`` may change (play becomes pause while playing)."""

    def __init__(self, symbol: Callable[[], Symbol], action: Callable[[], None]) -> None:
        super().__init__(0, 0, VCR_W, VCR_H)
        self.symbol = symbol
        self.action = action

    def activate(self) -> None:
        self.action()

    def draw(self) -> None:
        button_box(self.ax, self.ay, self.w, self.h, pressed=self.pressed)
        pen = Pen.WHITE if self.pressed else Pen.BLACK
        draw_symbol(self.symbol(), self.ax + self.w // 2, self.ay + self.h // 2, pen)


def _right(cx: int, cy: int, pen: int) -> None:
    """A triangle pointing right, 4 wide, its tip at cx + 2."""
    pyxel.tri(cx - 2, cy - 3, cx - 2, cy + 3, cx + 2, cy, pen)


def _left(cx: int, cy: int, pen: int) -> None:
    pyxel.tri(cx + 2, cy - 3, cx + 2, cy + 3, cx - 2, cy, pen)


def _bar(x: int, cy: int, pen: int) -> None:
    pyxel.rect(x, cy - 3, 2, 7, pen)


def draw_symbol(symbol: Symbol, cx: int, cy: int, pen: int) -> None:
    """A symbol 7 pixels high centred on (cx, cy): the tape-deck signs,
    a bar marking the end of the tape or of one step."""
    if symbol is Symbol.PLAY:
        _right(cx, cy, pen)
    elif symbol is Symbol.PAUSE:
        _bar(cx - 3, cy, pen)
        _bar(cx + 1, cy, pen)
    elif symbol is Symbol.STEP:  # |>, a pixel between the bar and the sign
        _bar(cx - 4, cy, pen)
        _right(cx + 1, cy, pen)
    elif symbol is Symbol.STEP_BACK:  # <|
        _left(cx - 2, cy, pen)
        _bar(cx + 2, cy, pen)
    elif symbol is Symbol.END:  # >>|
        _right(cx - 3, cy, pen)
        _right(cx + 1, cy, pen)
        _bar(cx + 4, cy, pen)
    else:  # REWIND |<<
        _bar(cx - 6, cy, pen)
        _left(cx - 1, cy, pen)
        _left(cx + 3, cy, pen)


class TimeSlider(HScroller):
    """Intuition's horizontal proportional gadget, as a position in the game:
    drag the knob to scrub, click beside it to jump a twentieth of the game.
    ``position`` and ``seek`` are in tenths of a second."""

    STEPS_PER_PAGE = 20

    def __init__(self, length: Callable[[], int], position: Callable[[], int], seek: Callable[[int], None]) -> None:
        super().__init__(self)
        self._length, self._position, self._seek = length, position, seek

    # The scroller's view of the game: a page is the knob, the game the line.
    @property
    def columns(self) -> int:
        return max(1, self._length() // self.STEPS_PER_PAGE)

    @property
    def widest(self) -> int:
        return self._length() + self.columns

    @property
    def left(self) -> int:
        return self._position()

    def scroll_sideways_to(self, left: int) -> None:
        self._seek(max(0, min(self._length(), left)))
