"""The bold board cursor: a ring two pixels thick round the cursor's square,
for players who cannot find 3.1's thin complement frame.

Where it lies: the square's own outermost pixels (its bevel or its grid
line) and the pixels just outside it (the neighbours' edges). A pixel where
any number's glyph can be drawn, in this square or a neighbour, is left out,
so the ring never hides a digit (on squares no glyph reaches the edge; on
hexagons and triangles a glyph near an edge leaves a gap in the ring).

Its colour: the Text or the Shine pen, whichever stands further from the
Background pen that the squares are drawn in (WCAG contrast: black on the
Workbench grey is 9.0:1, where 3.1's complement frame turns the grey into the
grid's blue, 1.6:1). Chosen as it is drawn, so an edited palette keeps it.
"""

from __future__ import annotations

import pyxel

from amigasweeper.access.colour import contrast

from ..intuition.atlas import Cell, number_cell
from ..intuition.palette import BACKGROUND, SHINE, TEXT, Pen

NUMBER_PENS = frozenset(range(Pen.NUM1, Pen.NUM12 + 1))
AROUND = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


def cell_pixels(geometry, cell: int) -> set[tuple[int, int]]:
    """The board pixels that belong to ``cell``."""
    ox, oy = geometry.origin(cell)
    sprite = geometry.sprite(cell, Cell.COVERED)
    return {
        (px, py)
        for py in range(oy, oy + sprite.h)
        for px in range(ox, ox + sprite.w)
        if geometry.cell_at(px, py) == cell
    }


def glyph_pixel(geometry, px: int, py: int) -> bool:
    """True where a number's glyph can be drawn: some number the square
    there can show has a pixel in a number pen at that place."""
    cell = geometry.cell_at(px, py)
    if cell is None:
        return False
    ox, oy = geometry.origin(cell)
    for n in range(1, geometry.topology.shape.max_neighbours + 1):
        sprite = geometry.sprite(cell, number_cell(n))
        if pyxel.images[sprite.bank].pget(sprite.x + px - ox, sprite.y + py - oy) in NUMBER_PENS:
            return True
    return False


def ring_pixels(geometry, cell: int) -> list[tuple[int, int]]:
    """The ring's board pixels: the square's edge and the band just outside
    it, less every place a glyph can be drawn."""
    inside = cell_pixels(geometry, cell)
    edge = {(px, py) for px, py in inside if any((px + dx, py + dy) not in inside for dx, dy in AROUND)}
    outside = {(px + dx, py + dy) for px, py in edge for dx, dy in AROUND} - inside
    return sorted(p for p in edge | outside if not glyph_pixel(geometry, *p))


def ring_pen() -> Pen:
    """The Text or the Shine pen, whichever contrasts more with the Background pen."""
    background = pyxel.colors[BACKGROUND]
    return max((TEXT, SHINE), key=lambda pen: contrast.ratio(pyxel.colors[pen], background))


def draw_ring(pixels: list[tuple[int, int]], x: int, y: int) -> None:
    pen = ring_pen()
    for px, py in pixels:
        sx, sy = x + px, y + py
        if 0 <= sx < pyxel.width and 0 <= sy < pyxel.height:
            pyxel.pset(sx, sy, pen)
