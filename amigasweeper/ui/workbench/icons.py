"""The Workbench's icons, as Workbench 3.1 handles them: a click selects an
icon (drawn complemented) and drops the others, a click with Shift adds it to
the selection or takes it out, a double-click opens it, and a press moved
drags every selected icon, its image following the pointer over the windows
until the button goes up: over the Workbench window the icons move there (a
place kept only once Snapshot keeps it), anywhere else they go back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pyxel

from ..intuition import font
from ..intuition.atlas import ICON_H, ICON_W, Icon
from ..intuition.gfx import complement
from ..intuition.input import Button, Frame
from ..intuition.palette import Pen
from ..intuition.widgets import Widget

DOUBLE_CLICK_SECONDS = 0.6  # Intuition's preference is 0.5 to 1 s; two clicks within this open an icon
DRAG_START = 2  # pixels a pressed icon moves before it is dragged, not clicked
ICON_GAP = 6  # between an icon's label and the next icon
COLUMN_W = 12 * font.ADVANCE  # the widest label, MineSweeper, and a little room
TIDY_LEFT, TIDY_TOP = 4, 4  # where Clean Up starts, inside the window
ICONS = ((Icon.WORKBENCH, "Workbench"), (Icon.RAM_DISK, "Ram Disk"), (Icon.MINESWEEPER, "MineSweeper"))
ICON_BOX_H = ICON_H + 2 + font.HEIGHT


@dataclass
class IconDrag:
    """Icons being dragged: where the button went down, and where the pointer is."""

    start: tuple[int, int]
    now: tuple[int, int]
    moving: bool = False

    @property
    def offset(self) -> tuple[int, int]:
        return self.now[0] - self.start[0], self.now[1] - self.start[1]


class IconGadget(Widget):
    """An icon with its name under it. The Workbench window it is on carries
    out what a click, a double-click or a drag asks (``IconHost``)."""

    def __init__(self, icon: Icon, label: str, clock: Callable[[], float]) -> None:
        super().__init__(0, 0, COLUMN_W, ICON_BOX_H)
        self.icon = icon
        self.label = label
        self.clock = clock
        self.selected = False
        self.last_click: float | None = None

    @property
    def host(self):
        return self.parent

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is not Button.LEFT:
            return
        if frame.shift:
            self.selected = not self.selected  # Shift: the selection grows, or loses this one
        elif not self.selected:
            self.host.select_only(self)
        now = self.clock()
        double = self.last_click is not None and now - self.last_click <= DOUBLE_CLICK_SECONDS and not frame.shift
        self.last_click = None if double else now
        if double:
            self.host.open_icon(self.icon)
        elif self.selected:
            self.host.drag = IconDrag((frame.x, frame.y), (frame.x, frame.y))

    def on_drag(self, frame: Frame) -> None:
        drag = self.host.drag
        if drag is None:
            return
        drag.now = (frame.x, frame.y)
        if max(abs(v) for v in drag.offset) > DRAG_START:
            drag.moving = True
            self.last_click = None  # a drag is not the first click of a double-click

    def on_release(self, frame: Frame, button: Button) -> None:
        drag = self.host.drag
        if button is not Button.LEFT or drag is None:
            return
        self.host.drag = None
        if drag.moving:
            self.host.drop(drag, frame)
        elif not frame.shift:
            self.host.select_only(self)  # a click on one of several selected: it alone stays selected

    def on_cancel(self) -> None:
        self.host.drag = None

    def draw(self) -> None:
        self.draw_at(self.ax, self.ay)

    def draw_at(self, x0: int, y0: int) -> None:
        """The icon's image, complemented while selected, and its name under it (never highlighted)."""
        sprite = self.icon.sprite
        x = x0 + (self.w - ICON_W) // 2
        if self.selected:
            for pen in range(4):
                pyxel.pal(pen, complement(pen))
        pyxel.blt(x, y0, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h)
        if self.selected:
            for pen in range(4):
                pyxel.pal(pen, pen)  # only ours: a Kickstart 2 look's mapping stays
        text_x = x0 + (self.w - font.text_width(self.label)) // 2
        # Workbench 3.1 leaves a selected icon's name as it is (3.5 began to
        # highlight it): only the image shows the selection.
        font.draw_text(text_x, y0 + ICON_H + 2, self.label, Pen.BLACK)


def tidy_places(count: int, room_h: int) -> list[tuple[int, int]]:
    """Clean Up's places for ``count`` icons in a window whose inside is
    ``room_h`` high: down a column from the top left, a new column to the
    right when one is full."""
    places, x, y = [], TIDY_LEFT, TIDY_TOP
    step = ICON_BOX_H + ICON_GAP
    for _ in range(count):
        if y > TIDY_TOP and y + ICON_BOX_H > room_h:
            x, y = x + COLUMN_W + ICON_GAP, TIDY_TOP
        places.append((x, y))
        y += step
    return places
