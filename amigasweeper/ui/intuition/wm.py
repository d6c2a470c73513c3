"""The window manager: Intuition's part of the screen. It owns the stack of
windows (frontmost last), which one is active, dragging by the title bar, and
where each frame's input goes.

- A window that opens on a screen of another size than it was made for
  (the screen mode changed while it was closed) is laid out for this one.
- Exactly one window is active: a click anywhere in a window activates it, a
  window that opens is activated, and when the active one closes the frontmost
  remaining one takes over. Only the active window draws a filled title bar.
- Keys go to the active window (Right-Amiga with a letter to its menu strip's
  hotkeys), whether or not it is in front; the right button shows its menus.
- A window with an open requester (a window whose ``owner`` it is) is blocked:
  a click on it brings the requester forward instead.
- Pressing the left button on a title bar outside its gadgets drags the window:
  while the button is held a complemented outline shows where it would go, and
  on release the window moves there, always whole on the screen. Pressing it
  on a window's size gadget resizes it the same way: the outline follows the
  pointer, and on release the window takes that size (within its limits).
- Pointer input reaches the widgets through a Dispatcher, topmost first, with
  the widget a button went down on keeping the mouse until every button is up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pyxel

from .gfx import complement
from .input import Button, Frame
from .screen import WorkbenchScreen
from .widgets import Dispatcher
from .window import Window, clamp_to_screen


@dataclass
class Drag:
    """A window being dragged: where the button went down relative to the
    window, and where its outline is now."""

    window: Window
    grab_x: int
    grab_y: int
    x: int
    y: int
    w: int = 0
    h: int = 0
    resize: bool = False  # dragging the size gadget: the outline's size follows, not its place


class WindowManager:
    def __init__(self, screen: WorkbenchScreen) -> None:
        self.screen = screen
        self.active: Window | None = None
        self.drag: Drag | None = None
        self.dispatcher = Dispatcher(screen)

    # ---------------------------------------------------------------- stack
    @property
    def windows(self) -> list[Window]:
        """Every open window, backmost first: the screen's children, to which
        only this class adds, and only windows (the list is a copy)."""
        return [w for w in self.screen.children if isinstance(w, Window)]

    def open(self, window: Window) -> None:
        """Add a window in front of the others (a backdrop behind them) and
        activate it. A press begun before it opened is called off: its release
        acts nowhere, least of all behind a requester."""
        self.dispatcher.cancel()
        window.closed = False
        size = (self.screen.w, self.screen.h)
        if window.screen_size != size:
            window.reopen(window.screen_size, size)  # made for a screen of another mode
        window.depth_request = lambda: self.depth(window)  # for a depth gadget of Window.enable_depth
        if window.backdrop:
            window.parent = self.screen
            self.screen.children.insert(0, window)
        else:
            self.screen.add(window)
        self.activate(window)

    def close(self, window: Window) -> None:
        """Take a window off the screen; if it was active, the owner it was
        modal to, or else the frontmost window left, becomes active."""
        if window not in self.windows:
            return
        if self.dispatcher.captured is not None and self._window_of(self.dispatcher.captured) is window:
            self.dispatcher.cancel()  # a button held in it is let go with it
        self.screen.remove(window)
        if self.drag is not None and self.drag.window is window:
            self.drag = None
        if self.active is window:
            self.active = None
            heir = window.owner if window.owner in self.windows else None
            heir = heir or (self.windows[-1] if self.windows else None)
            if heir is not None:
                self.activate(heir)

    def is_open(self, window: Window | None) -> bool:
        return window is not None and window in self.windows

    def activate(self, window: Window) -> None:
        """Make a window the active one (a blocked window passes it to its requester)."""
        window = self.blocker(window) or window
        if self.active is window:
            return
        for other in self.windows:
            other.active = other is window
        self.active = window

    def depth(self, window: Window) -> None:
        """The depth gadget: the frontmost window goes behind the others (but in
        front of a backdrop); any other comes to the front. Activation stays."""
        stack = [w for w in self.windows if not w.backdrop]
        if window not in stack:
            return
        children = self.screen.children
        children.remove(window)
        if stack[-1] is window and len(stack) > 1:
            backdrops = sum(1 for w in self.windows if w.backdrop)
            children.insert(backdrops, window)
        else:
            children.append(window)

    def to_front(self, window: Window) -> None:
        if window in self.windows and not window.backdrop:
            self.screen.children.remove(window)
            self.screen.children.append(window)

    def blocker(self, window: Window) -> Window | None:
        """The open requester that blocks a window (frontmost first), or the one
        that blocks that requester in turn, and so on: the one that has the input."""
        found = None
        blocked = window
        for _ in range(len(self.windows)):
            blocker = next((w for w in reversed(self.windows) if w.owner is blocked and not w.closed), None)
            if blocker is None:
                break
            found = blocked = blocker
        return found

    def window_at(self, px: int, py: int) -> Window | None:
        """The frontmost window under a point."""
        return next((w for w in reversed(self.windows) if w.contains(px, py)), None)

    def _window_of(self, widget) -> Window | None:
        while widget is not None and widget.parent is not self.screen:
            widget = widget.parent
        return widget

    # ---------------------------------------------------------------- input
    def route(self, frame: Frame, *, open_menus: Callable[[Frame], None]) -> None:
        """One frame of input: a drag in progress (keys still go to the active
        window: a hotkey may change the screen mode mid-drag), else keys to
        the active window and the pointer to the window and widget under it.
        ``open_menus`` is called when the right button asks for the menus."""
        if self.drag is not None:
            self._follow_drag(self.drag, frame)
            self._route_keys(frame)
            return
        frame.window = self.window_at(frame.x, frame.y)
        self._route_keys(frame)
        if frame.pressed and self.dispatcher.captured is None:
            if self._take_press(frame, open_menus):
                return
        self.dispatcher.dispatch(frame)

    def _route_keys(self, frame: Frame) -> None:
        window = self.active
        if self.screen.takes_key(frame):
            return  # Intuition's own Left-Amiga keys (screen.py)
        if window is None or not (frame.keys or frame.text or frame.wheel):
            return
        if frame.amiga and window.menus is not None:
            window.menus.hotkeys(frame)
        else:
            window.on_key(frame)

    def _take_press(self, frame: Frame, open_menus: Callable[[Frame], None]) -> bool:
        """A button went down with nothing captured: True when it is used up here."""
        if self.screen.drags_from(frame):
            self.dispatcher.captured = self.screen  # Left-Amiga and select: the screen drags, not a window
            return False
        if Button.RIGHT in frame.pressed:
            hit = self.screen.hit(frame.x, frame.y)
            if not (getattr(hit, "wants_right_button", False) and self._window_of(hit) is self.active):
                open_menus(frame)
                return True
            return False
        window = self.window_at(frame.x, frame.y)
        if window is None:
            return False  # the screen itself (its bar gadget) takes it through the dispatcher
        blocker = self.blocker(window)
        if blocker is not None:
            self.activate(blocker)
            self.to_front(blocker)
            return True
        self.activate(window)
        if window.in_size_gadget(frame.x, frame.y):
            self.drag = Drag(window, frame.x - window.w, frame.y - window.h, window.x, window.y,
                             window.w, window.h, resize=True)
            return True
        if window.in_drag_bar(frame.x, frame.y):
            self.drag = Drag(window, frame.x - window.x, frame.y - window.y, window.x, window.y, window.w, window.h)
            return True
        return False

    def _follow_drag(self, drag: Drag, frame: Frame) -> None:
        window = drag.window
        if drag.resize:
            drag.w, drag.h = window.fit_size(frame.x - drag.grab_x, frame.y - drag.grab_y)
            if Button.LEFT in frame.released or Button.LEFT not in frame.down:
                if (drag.w, drag.h) != (window.w, window.h):
                    window.size_to(drag.w, drag.h)
                self.drag = None
            return
        drag.x, drag.y = clamp_to_screen(
            frame.x - drag.grab_x, frame.y - drag.grab_y, window.w, window.h, (self.screen.w, self.screen.h)
        )
        if Button.LEFT in frame.released or Button.LEFT not in frame.down:
            if (drag.x, drag.y) != (window.x, window.y):
                window.x, window.y = drag.x, drag.y
                window.moved = True
            self.drag = None

    def cancel_drag(self) -> None:
        self.drag = None

    # ----------------------------------------------------------------- draw
    def draw_over_windows(self) -> None:
        """What goes over every window: Intuition 3.1's drag frame (the outline
        of a window being dragged, in complement mode), and what a window drags
        (the Workbench's icons)."""
        for window in self.windows:
            window.draw_over()
        if self.drag is None:
            return
        drag = self.drag
        complement_rect(drag.x, drag.y, drag.w, drag.h)


_scratch: dict[tuple[int, int], pyxel.Image] = {}


def complement_rect(x: int, y: int, w: int, h: int) -> None:
    """A one-pixel rectangle outline drawn by complementing what is under it:
    each edge is copied off the screen and blitted back through a palette that
    complements every pen (four blits, not a pixel at a time). Call with the
    screen's palette unmapped; it is unmapped again afterwards."""
    right, bottom = x + w - 1, y + h - 1
    edges = [(x, y, w, 1), (x, bottom, w, 1), (x, y + 1, 1, h - 2), (right, y + 1, 1, h - 2)]
    pens = len(pyxel.colors)
    for pen in range(pens):
        pyxel.pal(pen, complement(pen))
    for ex, ey, ew, eh in edges:
        ex0, ey0 = max(0, ex), max(0, ey)
        ex1, ey1 = min(pyxel.width, ex + ew), min(pyxel.height, ey + eh)
        if ex1 <= ex0 or ey1 <= ey0:
            continue
        strip = _scratch_image(ex1 - ex0, ey1 - ey0)
        strip.blt(0, 0, pyxel.screen, ex0, ey0, ex1 - ex0, ey1 - ey0)
        pyxel.blt(ex0, ey0, strip, 0, 0, ex1 - ex0, ey1 - ey0)
    pyxel.pal()


def _scratch_image(w: int, h: int) -> pyxel.Image:
    """A spare image a row or a column of the screen fits in (made once per size)."""
    size = (pyxel.width, 1) if h == 1 else (1, pyxel.height)
    if size not in _scratch:
        _scratch[size] = pyxel.Image(*size)
    return _scratch[size]
