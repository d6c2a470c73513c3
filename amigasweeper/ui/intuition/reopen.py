"""A screen mode change, made as Intuition makes one: a screen's mode and
size are fixed while it is open (intuition.library OpenScreenTagList: the
display mode is given when the screen opens, and nothing changes it after),
so the screen is closed and opened again at the new mode's size, at the top
of the display, and its windows are opened again on it.

What survives is what the program keeps apart from the screen: the game,
its clock, every window and what it shows. Each window keeps its size in
the new mode's metrics and has its place scaled (Window.reopen). A press or
a drag in progress is let go, as closing the screen lets go of it. The
pointer stays over the thing it was over: the same gadget, square or icon,
at the same spot on it, or where a widget grew or shrank with the screen
(the backdrop), at the same share of it; the display moves the pointer
there where the system allows (scaling/put_pointer.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from . import pointer
from .screen import WorkbenchScreen
from .widgets import Widget
from .window import SCREEN_TOP
from .wm import WindowManager


class Display(Protocol):
    """What shows the screen (scaling.pixels.WholePixels)."""

    def show(self, size: tuple[int, int]) -> None: ...

    def put_pointer(self, x: int, y: int) -> None: ...


@dataclass(frozen=True)
class PointerMark:
    """What the pointer is over: a widget, the spot on it, and its size then."""

    widget: Widget
    dx: int
    dy: int
    w: int
    h: int


def mark_pointer(screen: WorkbenchScreen) -> PointerMark:
    x, y = pointer.position()
    widget = screen.hit(x, y) or screen  # above a dragged screen: a point of the screen all the same
    return PointerMark(widget, x - widget.ax, y - widget.ay, max(1, widget.w), max(1, widget.h))


def pointer_after(mark: PointerMark, screen: WorkbenchScreen, old_size: tuple[int, int]) -> tuple[int, int]:
    """Where the marked spot is on the reopened screen."""
    widget = mark.widget
    if widget is screen or not _on(widget, screen):
        return _scaled_on_screen(mark.dx, mark.dy, old_size, (screen.w, screen.h))
    dx = mark.dx if widget.w == mark.w else mark.dx * widget.w // mark.w
    dy = mark.dy if widget.h == mark.h else mark.dy * widget.h // mark.h
    x = widget.ax + max(0, min(widget.w - 1, dx))
    y = widget.ay + max(0, min(widget.h - 1, dy))
    return max(0, min(screen.w - 1, x)), max(0, min(screen.h - 1, y))


def _on(widget: Widget, screen: WorkbenchScreen) -> bool:
    """Whether a widget is still shown on the screen."""
    node: Widget | None = widget
    while node is not None and node is not screen:
        if not node.visible:
            return False
        node = node.parent
    return node is screen


def _scaled_on_screen(x: int, y: int, old: tuple[int, int], new: tuple[int, int]) -> tuple[int, int]:
    """A bare point of the screen: across, the same share of the width; down,
    the same line in the title bar (it is as tall in every mode), else the
    same share of what lies below it."""
    x = x * new[0] // old[0]
    if y >= SCREEN_TOP:
        y = SCREEN_TOP + (y - SCREEN_TOP) * (new[1] - SCREEN_TOP) // (old[1] - SCREEN_TOP)
    return max(0, min(new[0] - 1, x)), max(0, min(new[1] - 1, y))


def reopen_screen(wm: WindowManager, size: tuple[int, int], display: Display) -> None:
    """Close the screen and open it again at ``size``, with its windows (a
    window not open now adapts when it opens: WindowManager.open)."""
    screen = wm.screen
    old_size = (screen.w, screen.h)
    mark = mark_pointer(screen)
    wm.cancel_drag()
    wm.dispatcher.cancel()
    display.show(size)
    screen.reopen(size)
    for window in list(wm.windows):
        window.reopen(old_size, size)
    display.put_pointer(*pointer_after(mark, screen, old_size))
