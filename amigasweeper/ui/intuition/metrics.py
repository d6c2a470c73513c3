"""Sizes that differ between a LowRes and a HighRes screen, as Intuition's do
(see WORKBENCH.md): window side borders, the title bar's system gadgets and the
menu panels' check-mark and command-key columns. A HighRes Laced screen uses
the HighRes sizes: interlace doubles the lines, not the pixels' width."""

from __future__ import annotations

from dataclasses import dataclass

import pyxel


@dataclass(frozen=True)
class Metrics:
    side_border: int  # a window's left and right borders
    close_w: int  # the close gadget's width
    depth_w: int  # the depth gadget's width
    check_w: int  # a menu panel's check-mark column
    key_w: int  # a menu panel's command-key column: the Amiga-key glyph and the letter


LOWRES = Metrics(side_border=2, close_w=15, depth_w=18, check_w=13, key_w=18)
HIRES = Metrics(side_border=4, close_w=20, depth_w=24, check_w=19, key_w=27)
HIRES_WIDTH = 640  # a screen this wide or wider is a HighRes one


def for_width(screen_w: int) -> Metrics:
    return HIRES if screen_w >= HIRES_WIDTH else LOWRES


def current() -> Metrics:
    """The metrics of the screen being shown."""
    return for_width(pyxel.width)
