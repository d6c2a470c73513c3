"""An Intuition window: blue title bar with close and depth gadgets, thin borders,
and a grey interior that holds child widgets."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from . import font, metrics
from .atlas import FONT, GADGET_H, Gadget
from .gfx import bevel
from .palette import BACKGROUND, FILL, FILL_TEXT, SHADOW, SHINE, TEXT
from .widgets import PushGadget, Widget

TITLE_H = GADGET_H  # 11 px: border top 2 + font 8 + 1
BORDER = 2  # left, right and bottom borders on a LowRes screen (metrics.py: HighRes sides are 4)
CLOSE_W = metrics.LOWRES.close_w
DEPTH_W = metrics.LOWRES.depth_w


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
        blit_widened(self.ax, self.ay, sprite, self.w)
        pyxel.pal(FILL, FILL)


def blit_widened(x: int, y: int, sprite, width: int) -> None:
    """A gadget sprite drawn ``width`` wide: a HighRes gadget is wider than the
    LowRes art, so the plain columns beside its glyph (the second and the last
    but one) are repeated, half the extra on each side, keeping the glyph centred."""
    extra = max(0, width - sprite.w)
    left, right = extra // 2, extra - extra // 2
    bank, sx, sy, sw, sh = sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h
    pyxel.blt(x, y, bank, sx, sy, 2, sh)
    for i in range(left):
        pyxel.blt(x + 2 + i, y, bank, sx + 1, sy, 1, sh)
    pyxel.blt(x + 2 + left, y, bank, sx + 2, sy, sw - 4, sh)
    for i in range(right):
        pyxel.blt(x + sw - 2 + left + i, y, bank, sx + sw - 2, sy, 1, sh)
    pyxel.blt(x + sw - 2 + extra, y, bank, sx + sw - 2, sy, 2, sh)


class Window(Widget):
    """A window whose interior starts at (inner_x, inner_y) in its own coordinates."""

    inner_y = TITLE_H

    @property
    def inner_x(self) -> int:
        return self.border

    @property
    def border(self) -> int:
        """The side borders: wider on a HighRes screen."""
        return metrics.current().side_border

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
        sizes = metrics.current()
        self.w = inner_w + 2 * self.border
        self.h = TITLE_H + inner_h + BORDER
        if getattr(self, "close_gadget", None) is not None:
            self.close_gadget.w = sizes.close_w
        if getattr(self, "depth_gadget", None) is not None:
            self.depth_gadget.w = sizes.depth_w
            self.depth_gadget.x = self.w - sizes.depth_w

    @property
    def inner_w(self) -> int:
        return self.w - 2 * self.border

    @property
    def inner_h(self) -> int:
        return self.h - TITLE_H - BORDER

    def draw_frame(self) -> None:
        x, y, w, h = self.ax, self.ay, self.w, self.h
        fill = FILL if self.active else BACKGROUND
        pyxel.rect(x, y, w, h, fill)
        side = self.border
        pyxel.rect(x + side, y + TITLE_H, w - 2 * side, h - TITLE_H - BORDER, BACKGROUND)
        bevel(x, y, w, h)  # outer edge: shine top-left, shadow bottom-right
        # Inner edge of the border, the reverse, around the interior.
        ix, iy, iw, ih = x + side - 1, y + TITLE_H - 1, w - 2 * side + 2, h - TITLE_H - BORDER + 2
        pyxel.line(ix, iy, ix + iw - 1, iy, SHADOW)
        pyxel.line(ix, iy, ix, iy + ih - 1, SHADOW)
        pyxel.line(ix + iw - 1, iy, ix + iw - 1, iy + ih - 1, SHINE)
        pyxel.line(ix, iy + ih - 1, ix + iw - 1, iy + ih - 1, SHINE)
        self.draw_title()

    def draw_title(self) -> None:
        left = self.ax + (self.close_gadget.w if self.close_gadget else 0) + 3
        right = self.ax + self.w - (self.depth_gadget.w if self.depth_gadget else 0) - 2
        room = max(0, (right - left) // FONT.cell)
        pen = FILL_TEXT if self.active else TEXT
        font.draw_text(left, self.ay + 2, self.title[:room], pen)

    def draw(self) -> None:
        self.draw_frame()
        self.draw_interior()
        super().draw()

    def draw_interior(self) -> None:
        """The window's own drawing under its child widgets."""
