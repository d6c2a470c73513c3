"""Where each square of a board sits in pixels, and which square a pixel is in.

One Geometry per board shape; the board view and the mouse code ask it and never
compute positions themselves.
"""

from __future__ import annotations

from typing import Protocol

import pyxel

from amigasweeper.engine import Shape, Topology

from .atlas import CELL_SIZE, Sprite


class Geometry(Protocol):
    topology: Topology

    @property
    def pixel_size(self) -> tuple[int, int]: ...

    def origin(self, cell: int) -> tuple[int, int]: ...

    def cell_at(self, px: int, py: int) -> int | None: ...

    def blit_cell(self, image: pyxel.Image, cell: int, sprite: Sprite) -> None: ...


class SquareGeometry:
    """8x8 squares side by side."""

    def __init__(self, topology: Topology) -> None:
        self.topology = topology

    @property
    def pixel_size(self) -> tuple[int, int]:
        return self.topology.width * CELL_SIZE, self.topology.height * CELL_SIZE

    def origin(self, cell: int) -> tuple[int, int]:
        col, row = self.topology.coords(cell)
        return col * CELL_SIZE, row * CELL_SIZE

    def cell_at(self, px: int, py: int) -> int | None:
        if px < 0 or py < 0:
            return None
        col, row = px // CELL_SIZE, py // CELL_SIZE
        if not self.topology.contains(col, row):
            return None
        return self.topology.index(col, row)

    def blit_cell(self, image: pyxel.Image, cell: int, sprite: Sprite) -> None:
        x, y = self.origin(cell)
        image.blt(x, y, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h)


GEOMETRIES = {Shape.SQUARE: SquareGeometry}


def supports(shape: Shape) -> bool:
    """Whether boards of this shape can be drawn."""
    return shape in GEOMETRIES


def geometry_for(topology: Topology) -> Geometry:
    return GEOMETRIES[topology.shape](topology)
