"""How DisplayBeep shows (Settings > Flash): the whole screen's background
flashes, as Intuition's DisplayBeep does and MineSweeper 2.4 showed a loss;
or only a frame round the screen's edge flashes, for players whom a whole
screen flashing troubles; or nothing at all."""

from __future__ import annotations

from enum import Enum

import pyxel

from .gfx import complement

BORDER_W = 3  # pixels of the frame that flashes instead of the screen


class Flash(str, Enum):
    SCREEN = "screen"
    BORDER = "border"
    NONE = "none"

    @property
    def label(self) -> str:
        """Its name in words (not str.title, which a str Enum keeps)."""
        return self.value.capitalize()


def draw_border_flash(w: int, h: int) -> None:
    """A frame BORDER_W pixels wide round the screen, each pixel complemented."""
    for inset in range(BORDER_W):
        right, bottom = w - 1 - inset, h - 1 - inset
        for x in range(inset, right + 1):
            for y in (inset, bottom):
                pyxel.pset(x, y, complement(pyxel.screen.pget(x, y)))
        for y in range(inset + 1, bottom):
            for x in (inset, right):
                pyxel.pset(x, y, complement(pyxel.screen.pget(x, y)))
