"""The Workbench backdrop window: the screen's background with the disk and
program icons. A click selects an icon (drawn complemented), a double-click
opens it, and the Workbench's screen title reads as Workbench 3.1's does."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from ..intuition import font
from ..intuition.atlas import ICON_H, ICON_W, Icon
from ..intuition.gfx import complement
from ..intuition.input import Button, Frame
from ..intuition.palette import Pen
from ..intuition.widgets import Widget
from ..intuition.window import SCREEN_TOP, Window

DOUBLE_CLICK_SECONDS = 0.6  # Intuition's preference is 0.5 to 1 s; two clicks within this open an icon
ICON_GAP = 6  # between an icon's label and the next icon
COLUMN_W = 12 * font.ADVANCE  # the widest label, MineSweeper, and a little room
ICONS = ((Icon.WORKBENCH, "Workbench"), (Icon.RAM_DISK, "Ram Disk"), (Icon.MINESWEEPER, "MineSweeper"))

# Our own figures for the screen title (a 2 MB chip RAM, 8 MB fast RAM Amiga).
GRAPHICS_MEM = 1_843_200
OTHER_MEM = 7_962_624


def workbench_title() -> str:
    return f"Amiga Workbench  {GRAPHICS_MEM:,} graphics mem  {OTHER_MEM:,} other mem"


class IconGadget(Widget):
    """An icon with its name under it. ``on_open`` runs on a double-click."""

    def __init__(self, icon: Icon, label: str, clock: Callable[[], float], on_open: Callable[[Icon], None]) -> None:
        super().__init__(0, 0, COLUMN_W, ICON_H + 2 + font.HEIGHT)
        self.icon = icon
        self.label = label
        self.clock = clock
        self.on_open = on_open
        self.selected = False
        self.last_click: float | None = None

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is not Button.LEFT:
            return
        workbench = self.parent
        for other in workbench.icons:
            other.selected = other is self
        now = self.clock()
        double = self.last_click is not None and now - self.last_click <= DOUBLE_CLICK_SECONDS
        self.last_click = None if double else now
        if double:
            self.on_open(self.icon)

    def draw(self) -> None:
        sprite = self.icon.sprite
        x = self.ax + (self.w - ICON_W) // 2
        if self.selected:
            for pen in range(4):
                pyxel.pal(pen, complement(pen))
        pyxel.blt(x, self.ay, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h)
        if self.selected:
            for pen in range(4):
                pyxel.pal(pen, pen)  # only ours: a Kickstart 2 look's mapping stays
        text_x = self.ax + (self.w - font.text_width(self.label)) // 2
        ink, paper = (Pen.WHITE, Pen.BLACK) if self.selected else (Pen.BLACK, None)
        font.draw_text(text_x, self.ay + ICON_H + 2, self.label, ink, bg=paper)


class WorkbenchWindow(Window):
    """The backdrop: borderless, behind every other window, never dragged."""

    backdrop = True

    def __init__(self, screen_size: tuple[int, int], clock: Callable[[], float], on_open: Callable[[Icon], None]) -> None:
        super().__init__("Workbench", 0, SCREEN_TOP, 10, 10)
        self.screen_title = workbench_title()
        self.icons = [self.add(IconGadget(icon, label, clock, on_open)) for icon, label in ICONS]
        self._drawn = pyxel.Image(COLUMN_W + 8, len(ICONS) * (ICON_H + 2 + font.HEIGHT + ICON_GAP) + 8)
        self._drawn_key: tuple | None = None
        self.set_screen_size(screen_size)

    def set_screen_size(self, screen_size: tuple[int, int]) -> None:
        self.screen_size = screen_size
        self.x, self.y = 0, SCREEN_TOP
        self.w, self.h = screen_size[0], screen_size[1] - SCREEN_TOP
        y = 4
        for icon in self.icons:
            icon.x, icon.y = 4, y
            y += icon.h + ICON_GAP

    def relayout(self) -> None:
        self.set_screen_size(self.screen_size)

    def icon(self, kind: Icon) -> IconGadget:
        return next(i for i in self.icons if i.icon is kind)

    def on_press(self, frame: Frame, button: Button) -> None:
        """A click on the bare backdrop drops the selection."""
        if button is Button.LEFT:
            for icon in self.icons:
                icon.selected = False

    def selected(self) -> Icon | None:
        return next((i.icon for i in self.icons if i.selected), None)

    def draw(self) -> None:
        """The screen was cleared to the background just before: only the icons
        are drawn, from a copy kept until the selection or the screen changes."""
        key = (self.screen_size, tuple(icon.selected for icon in self.icons))
        x, y = self.ax, self.ay
        w, h = COLUMN_W + 8, self.icons[-1].y + self.icons[-1].h
        if self._drawn_key == key:
            pyxel.blt(x, y, self._drawn, 0, 0, w, h)
            return
        for child in self.children:
            child.draw()
        self._drawn.blt(0, 0, pyxel.screen, x, y, w, h)
        self._drawn_key = key
