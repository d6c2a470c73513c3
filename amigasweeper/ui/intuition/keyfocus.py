"""Reaching every gadget and window by keys: Tab between the gadgets of the
active window, F9 from window to window.

Tab lights the next gadget of the active window (Shift-Tab the one before):
its buttons, cycle gadgets and text gadgets, in reading order, then round to none lit, where the window's own keys work as before (on the
MineSweeper window, the board cursor). A lit button or cycle gadget is drawn
with a complement frame, as 3.1 draws a keyboard focus, and Return or Space
presses it; a lit text gadget takes the typing, as a click in it does. Esc,
or a click, puts the light out (and Esc goes on to the window as before).
Title-bar gadgets are left out: a window is closed with its own keys.

Windows whose Tab means something else keep it (``keeps_tab``: the file
requester moves between its own gadgets, the help viewer between links),
and so does a text gadget that completes names with Tab.

F9 brings the window at the back to the front and makes it active, so
that pressing it again and again visits every window; Shift-F9 sends the
front window to the back and activates the one that was behind it; the Workbench's backdrop is left out, and a window waiting for
its requester passes the keys to the requester, as a click would.

Nothing here knows the game: it sees windows and gadgets.
"""

from __future__ import annotations

from collections.abc import Iterator

import pyxel

from .input import Frame
from .requester import Requester
from .stringgadget import StringGadget
from .widgets import PushGadget, Widget
from .window import SystemGadget, Window

CYCLE_KEY = pyxel.KEY_F9
PRESS_KEYS = (pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER, pyxel.KEY_SPACE)


def gadgets_of(window: Window) -> list[Widget]:
    """The gadgets Tab reaches in a window, in reading order: by rows from
    the top, each row from the left."""
    return sorted((w for w in _walk(window) if _reachable(w)), key=lambda w: (w.ay, w.ax))


def _walk(widget: Widget) -> Iterator[Widget]:
    for child in widget.children:
        yield child
        yield from _walk(child)


def _reachable(widget: Widget) -> bool:
    if not widget.visible or isinstance(widget, SystemGadget):
        return False
    return isinstance(widget, (PushGadget, StringGadget))


def _shown(widget: Widget) -> bool:
    """Visible, and every parent too."""
    node: Widget | None = widget
    while node is not None:
        if not node.visible:
            return False
        node = node.parent
    return True


def _completes(gadget: object) -> bool:
    """A text gadget of its own kind, whose editing may use Tab (name completion)."""
    return isinstance(gadget, StringGadget) and type(gadget).edit is not StringGadget.edit


class FocusRing:
    def __init__(self) -> None:
        self.window: Window | None = None
        self.focused: Widget | None = None

    def follow(self, window: Window | None) -> None:
        """The light goes out when its window is no longer the active one or the gadget went."""
        if window is not self.window or (self.focused is not None and not _shown(self.focused)):
            self.window, self.focused = window, None

    def keeps_tab(self, window: Window) -> bool:
        active = window.active_gadget if isinstance(window, Requester) else None
        return bool(getattr(window, "keeps_tab", False)) or _completes(active)

    def take(self, frame: Frame, window: Window | None) -> bool:
        """This frame's Tab, or Return/Space/Esc on a lit gadget: True when used here."""
        self.follow(window)
        if window is None or frame.amiga:
            return False
        if frame.pressed:
            self.focused = None
            return False
        if frame.key(pyxel.KEY_TAB) and not self.keeps_tab(window):
            self._next(window, -1 if frame.shift else 1)
            return True
        if isinstance(self.focused, PushGadget):
            if frame.key(*PRESS_KEYS):
                self._press(self.focused)
                return True
            if frame.key(pyxel.KEY_ESCAPE):
                self.focused = None
        return False

    def _next(self, window: Window, step: int) -> None:
        ring: list[Widget | None] = [None, *gadgets_of(window)]
        now = self.focused
        if now is None and isinstance(window, Requester) and window.active_gadget is not None:
            now = window.active_gadget  # a requester starts with its first text gadget taking the typing
        index = ring.index(now) if now in ring else 0
        self.focused = ring[(index + step) % len(ring)]
        if isinstance(window, Requester):  # the requester's own rule: one text gadget at most takes the typing
            window.focus(self.focused if isinstance(self.focused, StringGadget) else None)

    @staticmethod
    def _press(gadget: PushGadget) -> None:
        if getattr(gadget, "mouse_only", False):
            return  # a requester's button that only a click may choose
        gadget.activate()

    def draw(self) -> None:
        """The lit button's complement frame (a lit text gadget shows its own cursor)."""
        gadget = self.focused
        if isinstance(gadget, PushGadget) and _shown(gadget):
            from .wm import complement_rect

            complement_rect(gadget.ax - 2, gadget.ay - 2, gadget.w + 4, gadget.h + 4)


def cycle_windows(wm, frame: Frame) -> bool:
    """F9 (Shift-F9 backwards): the next window to the front and active."""
    if not frame.key(CYCLE_KEY) or frame.amiga:
        return False
    stack = [w for w in wm.windows if not w.backdrop and w.owner is None]
    if not stack:
        return True
    if frame.shift and len(stack) > 1:
        wm.depth(stack[-1])  # the front window goes behind the others; the next one comes up
        target = stack[-2]
    else:
        target = stack[0]  # the window at the back comes to the front
        wm.to_front(target)
    for requester in [w for w in wm.windows if w.owner is target]:
        wm.to_front(requester)
    wm.activate(target)
    return True
