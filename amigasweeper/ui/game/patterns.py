"""The Kickstart 2 look's probability shading stepped in lightness: the
four-colour patterns of access/colour/bands.py, drawn as an ordered dither
of sixteen levels (Pyxel's own dither has eight, too few for eight bands
that stay apart).

Each pattern is drawn once into a small image of 4x4 tiles and copied from
there, so a board full of shaded squares costs a copy each, not sixteen
pixels each.
"""

from __future__ import annotations

import pyxel

from amigasweeper.access.colour.bands import FOUR_COLOUR_STEPPED, Pattern

from ..intuition.palette import Pen

TILE = 4
# The 4x4 Bayer matrix: the order in which a block's pixels take the second colour.
BAYER = ((0, 8, 2, 10), (12, 4, 14, 6), (3, 11, 1, 9), (15, 7, 13, 5))


class SteppedShading:
    """Whether the Kickstart 2 look shades with these patterns (the Palette
    window's Shading: Light to dark) or 2.4's: the screen's preference, kept
    here for every shading drawn."""

    on = False
    _tiles: pyxel.Image | None = None

    @classmethod
    def tiles(cls) -> pyxel.Image:
        if cls._tiles is None:
            cls._tiles = pyxel.Image(TILE * len(FOUR_COLOUR_STEPPED), TILE)
            for step, pattern in enumerate(FOUR_COLOUR_STEPPED):
                for y in range(TILE):
                    for x in range(TILE):
                        cls._tiles.pset(step * TILE + x, y, pattern_pen(pattern, x, y))
        return cls._tiles


def pattern_pen(pattern: Pattern, x: int, y: int) -> Pen:
    """The pen of the pattern's pixel at (x, y) of its block."""
    return Pen(pattern.over if BAYER[y % TILE][x % TILE] < pattern.sixteenths else pattern.base)


def fill_pattern(x: int, y: int, w: int, h: int, step: int) -> None:
    """A rectangle in one stepped pattern, its blocks starting at its corner."""
    tiles = SteppedShading.tiles()
    for top in range(y, y + h, TILE):
        for left in range(x, x + w, TILE):
            pyxel.blt(left, top, tiles, step * TILE, 0, min(TILE, x + w - left), min(TILE, y + h - top))

