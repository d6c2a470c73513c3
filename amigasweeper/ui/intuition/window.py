"""An Intuition window: blue title bar with close and depth gadgets, thin borders,
and a grey interior that holds child widgets."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from . import font
from .atlas import FONT, GADGET_H, Gadget
from .gfx import bevel
from .palette import BACKGROUND, FILL, FILL_TEXT, SHADOW, SHINE, TEXT
from .widgets import PushGadget, Widget

TITLE_H = GADGET_H  # 11 px: border top 2 + font 8 + 1
BORDER = 2  # left, right and bottom borders on a LowRes screen
CLOSE_W = 15
DEPTH_W = 18


class SystemGadget(PushGadget):
    """A title-bar gadget: close or depth."""

    def __init__(self, x: int, gadget: Gadget, width: int, action: Callable[[], None]) -> None:
        super().__init__(x, 0, width, TITLE_H)
        self.gadget = gadget
        self.activate = action

    def draw(self) -> None:
        sprite = (self.gadget.selected if self.held else self.gadget).sprite
        active = self.parent is None or getattr(self.parent, "active", True)
        if not active:
            pyxel.pal(FILL, BACKGROUND)  # an inactive window's title bar is grey, gadgets too
        pyxel.blt(self.ax, self.ay, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h)
        pyxel.pal(FILL, FILL)


class Window(Widget):
    """A window whose interior starts at (inner_x, inner_y) in its own coordinates."""

    inner_x = BORDER
    inner_y = TITLE_H

    def __init__(
        self,
        title: str,
        x: int,
        y: int,
        inner_w: int,
        inner_h: int,
        *,
        on_close: Callable[[], None] | None = None,
        on_depth: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(x, y, 0, 0)
        self.title = title
        self.active = True
        self.close_gadget = None
        self.depth_gadget = None
        self.resize_inner(inner_w, inner_h)
        if on_close is not None:
            self.close_gadget = self.add(SystemGadget(0, Gadget.CLOSE, CLOSE_W, on_close))
        if on_depth is not None:
            self.depth_gadget = self.add(SystemGadget(self.w - DEPTH_W, Gadget.DEPTH, DEPTH_W, on_depth))

    def resize_inner(self, inner_w: int, inner_h: int) -> None:
        self.w = inner_w + 2 * BORDER
        self.h = TITLE_H + inner_h + BORDER
        if getattr(self, "depth_gadget", None) is not None:
            self.depth_gadget.x = self.w - DEPTH_W

    @property
    def inner_w(self) -> int:
        return self.w - 2 * BORDER

    @property
    def inner_h(self) -> int:
        return self.h - TITLE_H - BORDER

    def draw_frame(self) -> None:
        x, y, w, h = self.ax, self.ay, self.w, self.h
        fill = FILL if self.active else BACKGROUND
        pyxel.rect(x, y, w, h, fill)
        pyxel.rect(x + BORDER, y + TITLE_H, w - 2 * BORDER, h - TITLE_H - BORDER, BACKGROUND)
        bevel(x, y, w, h)  # outer edge: shine top-left, shadow bottom-right
        # Inner edge of the border, the reverse, around the interior.
        ix, iy, iw, ih = x + BORDER - 1, y + TITLE_H - 1, w - 2 * BORDER + 2, h - TITLE_H - BORDER + 2
        pyxel.line(ix, iy, ix + iw - 1, iy, SHADOW)
        pyxel.line(ix, iy, ix, iy + ih - 1, SHADOW)
        pyxel.line(ix + iw - 1, iy, ix + iw - 1, iy + ih - 1, SHINE)
        pyxel.line(ix, iy + ih - 1, ix + iw - 1, iy + ih - 1, SHINE)
        self.draw_title()

    def draw_title(self) -> None:
        left = self.ax + (CLOSE_W if self.close_gadget else 0) + 3
        right = self.ax + self.w - (DEPTH_W if self.depth_gadget else 0) - 2
        room = max(0, (right - left) // FONT.cell)
        pen = FILL_TEXT if self.active else TEXT
        font.draw_text(left, self.ay + 2, self.title[:room], pen)

    def draw(self) -> None:
        self.draw_frame()
        self.draw_interior()
        super().draw()

    def draw_interior(self) -> None:
        """The window's own drawing under its child widgets."""
