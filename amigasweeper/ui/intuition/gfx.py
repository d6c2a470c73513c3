"""Workbench drawing primitives: bevels, frames, fills (pens from palette)."""

from __future__ import annotations

import pyxel

from .palette import BACKGROUND, RGB, SHADOW, SHINE, Pen


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


def button_box(x: int, y: int, w: int, h: int, *, pressed: bool = False) -> None:
    bevel(x, y, w, h, recessed=pressed, fill=Pen.BLUE if pressed else BACKGROUND)


def complement(pen: int) -> int:
    """Intuition's complement mode on a 4-colour screen: white <-> black, grey <-> blue.
    Our pens beyond the four turn black or white, whichever stands out."""
    if pen < 4:
        return 3 - pen
    rgb = RGB.get(pen, 0)
    r, g, b = (rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255
    return Pen.BLACK if 3 * r + 6 * g + b > 1280 else Pen.WHITE
