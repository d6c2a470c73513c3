"""Proportional gadgets (scrollers) for a window's contents, vertical and horizontal."""

from __future__ import annotations

from collections.abc import Callable

from .gfx import bevel
from .input import Button, Frame
from .palette import Pen
from .widgets import Widget

SCROLLER_W = 11


class Scroller(Widget):
    """A proportional gadget: the knob's size is the visible share of the page.

    ``viewer`` is anything scrollable: total_lines, rows, top and scroll_to
    (and scroll_by) for the vertical gadget; widest, columns, left and
    scroll_sideways_to for the horizontal one (:class:`HScroller`).
    """

    horizontal = False

    def __init__(self, viewer) -> None:
        super().__init__(0, 0, *((10, SCROLLER_W) if self.horizontal else (SCROLLER_W, 10)))
        self.viewer = viewer
        self.grab: int | None = None  # pointer offset into the knob while dragging

    def _axis(self) -> tuple[int, int, int, Callable[[int], None]]:
        """(total, shown, first shown, move to) along the gadget."""
        v = self.viewer
        if self.horizontal:
            return v.widest, v.columns, v.left, v.scroll_sideways_to
        if hasattr(v, "vertical_axis"):
            return v.vertical_axis()  # a page not yet laid out to its end measures itself otherwise
        return v.total_lines, v.rows, v.top, v.scroll_to

    @property
    def _track(self) -> int:
        return (self.w if self.horizontal else self.h) - 4

    def _offset(self, frame: Frame) -> int:
        """The pointer's place along the track."""
        return frame.x - (self.ax + 2) if self.horizontal else frame.y - (self.ay + 2)

    def knob(self) -> tuple[int, int]:
        """(start, size) of the knob along the track."""
        total, shown, first, _move = self._axis()
        track = self._track
        if total <= shown:
            return 0, track
        size = max(6, track * shown // total)
        start = (track - size) * first // max(1, total - shown)
        return min(start, track - size), size

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is not Button.LEFT:
            return
        start, size = self.knob()
        offset = self._offset(frame)
        if start <= offset < start + size:
            self.grab = offset - start
        else:
            _total, shown, first, move = self._axis()
            move(first + (shown if offset >= start + size else -shown))  # a page at a time

    def on_drag(self, frame: Frame) -> None:
        if self.grab is None:
            return
        _start, size = self.knob()
        total, shown, _first, move = self._axis()
        room = max(1, self._track - size)
        wanted = self._offset(frame) - self.grab
        move(round(max(0, min(room, wanted)) * max(0, total - shown) / room))

    def on_release(self, frame: Frame, button: Button) -> None:
        self.grab = None

    def draw(self) -> None:
        bevel(self.ax, self.ay, self.w, self.h, recessed=True, fill=Pen.GREY)
        start, size = self.knob()
        if self.horizontal:
            bevel(self.ax + 2 + start, self.ay + 2, size, self.h - 4, fill=Pen.BLUE)
        else:
            bevel(self.ax + 2, self.ay + 2 + start, self.w - 4, size, fill=Pen.BLUE)


class HScroller(Scroller):
    """The horizontal gadget under a page: the knob is the visible share of the widest line."""

    horizontal = True
