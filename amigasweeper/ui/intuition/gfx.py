"""Workbench drawing primitives: bevels, frames, fills (pens from palette)."""

from __future__ import annotations

import pyxel

from .palette import BACKGROUND, SHADOW, SHINE, Pen


def bevel(x: int, y: int, w: int, h: int, *, recessed: bool = False, fill: int | None = None) -> None:
    """A 3D box: shine on the top and left edges, shadow on the bottom and right
    (swapped when recessed or pressed), as Intuition draws gadgets."""
    if fill is not None:
        pyxel.rect(x, y, w, h, fill)
    light, dark = (SHADOW, SHINE) if recessed else (SHINE, SHADOW)
    pyxel.line(x, y, x + w - 1, y, light)
    pyxel.line(x, y, x, y + h - 1, light)
    pyxel.line(x + 1, y + h - 1, x + w - 1, y + h - 1, dark)
    pyxel.line(x + w - 1, y + 1, x + w - 1, y + h - 1, dark)


def double_bevel(x: int, y: int, w: int, h: int, *, recessed: bool = False) -> None:
    """A bevel two pixels deep, for framing a field or a requester's text."""
    bevel(x, y, w, h, recessed=recessed)
    bevel(x + 1, y + 1, w - 2, h - 2, recessed=recessed)


def button_box(x: int, y: int, w: int, h: int, *, pressed: bool = False) -> None:
    bevel(x, y, w, h, recessed=pressed, fill=Pen.BLUE if pressed else BACKGROUND)


def frame_box(x: int, y: int, w: int, h: int, pen: int = Pen.BLACK) -> None:
    pyxel.rectb(x, y, w, h, pen)
