"""A button that can be off: ghosted, as Intuition draws a disabled gadget,
and deaf to the pointer and the keys while it is."""

from __future__ import annotations

from collections.abc import Callable

from .input import Button, Frame
from .menustrip import ghost
from .palette import Pen
from .requester import BUTTON_H, TextButton


class GhostButton(TextButton):
    """``can_act`` says whether the button is on now (asked every frame);
    without one, ``enabled`` does. ``h`` is its height; ``inset`` how far in
    from its edge the ghosting starts: 2 leaves the bevel showing, 1 covers it."""

    def __init__(self, label: str, action: Callable[[], None], can_act: Callable[[], bool] | None = None,
                 h: int = BUTTON_H, *, inset: int = 2) -> None:
        super().__init__(label, action)
        self.h = h
        self.enabled = True
        self._can_act = can_act
        self.inset = inset

    def can_act(self) -> bool:
        return self._can_act() if self._can_act is not None else self.enabled

    def on_press(self, frame: Frame, button: Button) -> None:
        if self.can_act():
            super().on_press(frame, button)

    def activate(self) -> None:
        if self.can_act():
            super().activate()

    def draw(self) -> None:
        super().draw()
        if not self.can_act():
            edge = self.inset
            ghost(self.ax + edge, self.ay + edge, self.w - 2 * edge, self.h - 2 * edge, Pen.GREY)
