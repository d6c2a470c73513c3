"""Proportional gadgets (scrollers) for a window's contents, vertical and horizontal."""

from __future__ import annotations


from ..intuition.gfx import bevel
from ..intuition.input import Button, Frame
from ..intuition.palette import Pen
from ..intuition.widgets import Widget

SCROLLER_W = 11


class Scroller(Widget):
    """A proportional gadget: the knob's size is the visible share of the page.

    ``viewer`` is anything scrollable: total_lines, rows, top, scroll_by, scroll_to.
    """

    def __init__(self, viewer) -> None:
        super().__init__(0, 0, SCROLLER_W, 10)
        self.viewer = viewer
        self.grab: int | None = None  # pointer offset into the knob while dragging

    def knob(self) -> tuple[int, int]:
        total, shown = self.viewer.total_lines, self.viewer.rows
        track = self.h - 4
        if total <= shown:
            return 0, track
        size = max(6, track * shown // total)
        top = (track - size) * self.viewer.top // max(1, total - shown)
        return top, size

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is not Button.LEFT:
            return
        top, size = self.knob()
        offset = frame.y - (self.ay + 2)
        if top <= offset < top + size:
            self.grab = offset - top
        else:
            self.viewer.scroll_by(self.viewer.rows if offset >= top + size else -self.viewer.rows)

    def on_drag(self, frame: Frame) -> None:
        if self.grab is None:
            return
        top, size = self.knob()
        track = self.h - 4
        wanted = frame.y - (self.ay + 2) - self.grab
        room = max(1, track - size)
        span = max(0, self.viewer.total_lines - self.viewer.rows)
        self.viewer.scroll_to(round(max(0, min(room, wanted)) * span / room))

    def on_release(self, frame: Frame, button: Button) -> None:
        self.grab = None

    def draw(self) -> None:
        x, y = self.ax, self.ay
        bevel(x, y, self.w, self.h, recessed=True, fill=Pen.GREY)
        top, size = self.knob()
        bevel(x + 2, y + 2 + top, self.w - 4, size, fill=Pen.BLUE)


class HScroller(Widget):
    """A horizontal proportional gadget under a page: the knob is the visible
    share of the widest line. ``view`` has widest, columns, left, scroll_sideways_to."""

    def __init__(self, view) -> None:
        super().__init__(0, 0, 10, SCROLLER_W)
        self.view = view
        self.grab: int | None = None

    def knob(self) -> tuple[int, int]:
        total, shown = self.view.widest, self.view.columns
        track = self.w - 4
        if total <= shown:
            return 0, track
        size = max(6, track * shown // total)
        left = (track - size) * self.view.left // max(1, total - shown)
        return min(left, track - size), size

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is not Button.LEFT:
            return
        left, size = self.knob()
        offset = frame.x - (self.ax + 2)
        if left <= offset < left + size:
            self.grab = offset - left
        else:
            step = self.view.columns if offset >= left + size else -self.view.columns
            self.view.scroll_sideways_to(self.view.left + step)

    def on_drag(self, frame: Frame) -> None:
        if self.grab is None:
            return
        _left, size = self.knob()
        room = max(1, self.w - 4 - size)
        wanted = frame.x - (self.ax + 2) - self.grab
        span = max(0, self.view.widest - self.view.columns)
        self.view.scroll_sideways_to(round(max(0, min(room, wanted)) * span / room))

    def on_release(self, frame: Frame, button: Button) -> None:
        self.grab = None

    def draw(self) -> None:
        bevel(self.ax, self.ay, self.w, self.h, recessed=True, fill=Pen.GREY)
        left, size = self.knob()
        bevel(self.ax + 2 + left, self.ay + 2, size, self.h - 4, fill=Pen.BLUE)
