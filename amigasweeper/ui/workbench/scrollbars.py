"""The scroll bars of the Workbench window (Backdrop off), as Workbench 3.1
draws a drawer window's: a proportional gadget in the right border with an
up and a down arrow above the size gadget, and one in the bottom border with
a left and a right arrow beside it. The knobs show what share of the icons'
area is in sight; an arrow held down keeps scrolling."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..intuition import font
from ..intuition.atlas import FONT, Glyph
from ..intuition.gfx import button_box
from ..intuition.input import Button, Frame
from ..intuition.palette import Pen
from ..intuition.scrollers import HScroller, Scroller
from ..intuition.widgets import Widget

ARROW_W, ARROW_H = 16, 11  # the bottom border's arrows (the right border's are as wide as it is)
STEP = 8  # pixels an arrow click scrolls
REPEAT_AFTER, REPEAT_EVERY = 15, 3  # frames: an arrow held down scrolls on, as Intuition's do


@dataclass
class ViewAxis:
    """One direction of the view: how long the icons' area is, how much of
    it shows, where the shown part starts, and how to move it."""

    length: Callable[[], int]
    shown: Callable[[], int]
    first: Callable[[], int]
    move: Callable[[int], None]


class AxisView:
    """A view in the terms the proportional gadgets read (intuition/scrollers.py)."""

    def __init__(self, across: ViewAxis, down: ViewAxis) -> None:
        self.across, self.down = across, down

    # vertical
    @property
    def total_lines(self) -> int:
        return self.down.length()

    @property
    def rows(self) -> int:
        return self.down.shown()

    @property
    def top(self) -> int:
        return self.down.first()

    def scroll_to(self, top: int) -> None:
        self.down.move(top)

    # horizontal
    @property
    def widest(self) -> int:
        return self.across.length()

    @property
    def columns(self) -> int:
        return self.across.shown()

    @property
    def left(self) -> int:
        return self.across.first()

    def scroll_sideways_to(self, left: int) -> None:
        self.across.move(left)


class ScrollArrow(Widget):
    """An arrow gadget: pressed, the view moves a step its way, and keeps
    moving while it is held."""

    def __init__(self, glyph: Glyph, axis: ViewAxis, way: int, w: int, h: int) -> None:
        super().__init__(0, 0, w, h)
        self.glyph, self.axis, self.way = glyph, axis, way
        self.held_frames: int | None = None  # frames held, None when not held

    def step(self) -> None:
        self.axis.move(self.axis.first() + self.way * STEP)

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is Button.LEFT:
            self.held_frames = 0
            self.step()

    def on_drag(self, frame: Frame) -> None:
        if self.held_frames is None:
            return
        self.held_frames += 1
        late = self.held_frames - REPEAT_AFTER
        if late >= 0 and late % REPEAT_EVERY == 0 and self.contains(frame.x, frame.y):
            self.step()

    def on_release(self, frame: Frame, button: Button) -> None:
        self.held_frames = None

    def on_cancel(self) -> None:
        self.held_frames = None

    def draw(self) -> None:
        button_box(self.ax, self.ay, self.w, self.h, pressed=self.held_frames is not None)
        font.draw_glyph(self.ax + (self.w - FONT.cell) // 2, self.ay + (self.h - FONT.cell) // 2, self.glyph, Pen.BLACK)


class ScrollBars:
    """The four arrows and two proportional gadgets of a window's borders."""

    def __init__(self, owner: Widget, view: AxisView) -> None:
        self.vertical = owner.add(Scroller(view))
        self.horizontal = owner.add(HScroller(view))
        self.up = owner.add(ScrollArrow(Glyph.ARROW_UP, view.down, -1, ARROW_W, ARROW_H))
        self.down = owner.add(ScrollArrow(Glyph.ARROW_DOWN, view.down, 1, ARROW_W, ARROW_H))
        self.left = owner.add(ScrollArrow(Glyph.ARROW_LEFT, view.across, -1, ARROW_W, ARROW_H))
        self.right = owner.add(ScrollArrow(Glyph.ARROW_RIGHT, view.across, 1, ARROW_W, ARROW_H))

    @property
    def gadgets(self) -> tuple[Widget, ...]:
        return self.vertical, self.horizontal, self.up, self.down, self.left, self.right

    def show(self, visible: bool) -> None:
        for gadget in self.gadgets:
            gadget.visible = visible

    def place(self, w: int, h: int, top: int, right_border: int, bottom_border: int, size_h: int) -> None:
        """Lay the gadgets into the borders of a window w x h whose interior
        starts ``top`` down: the right border from the top to the size
        gadget, the bottom border from the left to it."""
        x = w - right_border
        self.up.w = self.down.w = right_border
        self.up.h = self.down.h = ARROW_H
        self.down.x = self.up.x = x
        self.down.y = h - size_h - ARROW_H
        self.up.y = self.down.y - ARROW_H
        self.vertical.x, self.vertical.y = x + 1, top + 1
        self.vertical.w, self.vertical.h = right_border - 2, max(4, self.up.y - top - 2)
        y = h - bottom_border
        self.left.h = self.right.h = bottom_border
        self.right.x = x - ARROW_W
        self.left.x = self.right.x - ARROW_W
        self.left.y = self.right.y = y
        self.horizontal.x, self.horizontal.y = 4, y + 1
        self.horizontal.w, self.horizontal.h = max(4, self.left.x - 5), bottom_border - 2
