"""A small widget tree, after Pyxel's own editor: positions relative to the parent,
input to the topmost widget under the pointer, and the mouse captured by the
widget a button went down on until every button is up again.
"""

from __future__ import annotations

from typing import TypeVar

from . import pointer
from .input import Button, Frame

Child = TypeVar("Child", bound="Widget")  # add gives back the widget as its own class


class Widget:
    wants_right_button = False  # the right button shows the menus unless the widget under it uses it

    def __init__(self, x: int = 0, y: int = 0, w: int = 0, h: int = 0) -> None:
        self.x, self.y, self.w, self.h = x, y, w, h
        self.parent: Widget | None = None
        self.children: list[Widget] = []
        self.visible = True

    # ---------------------------------------------------------------- tree
    def add(self, child: Child) -> Child:
        child.parent = self
        self.children.append(child)
        return child

    def remove(self, child: Widget) -> None:
        if child in self.children:
            self.children.remove(child)
            child.parent = None

    @property
    def ax(self) -> int:
        return self.x + (self.parent.ax if self.parent else 0)

    @property
    def ay(self) -> int:
        return self.y + (self.parent.ay if self.parent else 0)

    def contains(self, px: int, py: int) -> bool:
        return self.visible and self.ax <= px < self.ax + self.w and self.ay <= py < self.ay + self.h

    def hit(self, px: int, py: int) -> Widget | None:
        """The topmost visible widget under a point: children drawn last are on top."""
        if not self.contains(px, py):
            return None
        for child in reversed(self.children):
            found = child.hit(px, py)
            if found is not None:
                return found
        return self

    # --------------------------------------------------------------- input
    def on_press(self, frame: Frame, button: Button) -> None:
        pass

    def on_drag(self, frame: Frame) -> None:
        pass

    def on_release(self, frame: Frame, button: Button) -> None:
        pass

    def on_key(self, frame: Frame) -> bool:
        """Handle this frame's keys; True when they were used."""
        return False

    def on_cancel(self) -> None:
        """A press in progress is called off (a requester opened over it): forget it."""

    def touch_tap(self, px: int, py: int) -> Button:
        """The button a finger's tap here stands for (see gestures.py): the left,
        unless the widget says a tap at this point means the right."""
        return Button.LEFT

    # ---------------------------------------------------------------- draw
    def draw(self) -> None:
        for child in self.children:
            if child.visible:
                child.draw()


class PushGadget(Widget):
    """A gadget that acts when the left button goes down on it and comes up over
    it; drawn pressed while held with the pointer over it, as Intuition does."""

    def __init__(self, x: int = 0, y: int = 0, w: int = 0, h: int = 0) -> None:
        super().__init__(x, y, w, h)
        self.held = False

    def on_press(self, frame: Frame, button: Button) -> None:
        self.held = button is Button.LEFT

    def on_release(self, frame: Frame, button: Button) -> None:
        if button is Button.LEFT and self.held:
            self.held = False
            if self.contains(frame.x, frame.y):
                self.activate()

    def on_cancel(self) -> None:
        self.held = False

    @property
    def pressed(self) -> bool:
        return self.held and self.contains(*pointer.position())

    def activate(self) -> None:
        """What the gadget does."""


class Dispatcher:
    """Delivers pointer input to a widget tree with capture during a drag."""

    def __init__(self, root: Widget) -> None:
        self.root = root
        self.captured: Widget | None = None

    def dispatch(self, frame: Frame) -> None:
        if frame.pressed and self.captured is None:
            self.captured = self.root.hit(frame.x, frame.y)
        target = self.captured
        if target is None:
            return
        for button in frame.pressed:
            target.on_press(frame, button)
        if frame.down:
            target.on_drag(frame)
        for button in frame.released:
            target.on_release(frame, button)
        if not frame.down:
            self.captured = None

    def cancel(self) -> None:
        """Call off the press in progress: its release will reach nobody. A
        requester or window that opens while a button is held does this, so input
        that began before it opened never acts behind it."""
        if self.captured is not None:
            self.captured.on_cancel()
        self.captured = None
