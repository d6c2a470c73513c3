"""Where each cell of a board sits in pixels, which cell a pixel is in, and which
sprite shows a cell.

One Geometry per board shape; the board view and the mouse code ask it and never
compute positions themselves. Cells are drawn from the atlas (ui/intuition/atlas.py) as
*looks*: the atlas.Cell kinds (COVERED, FLAG, NUMBER_3, ...), which every shape
draws in its own sprites.

Square (SquareGeometry)
    8x8 squares side by side, drawn opaque: a board of W x H is 8W x 8H pixels.

Hexagonal (HexGeometry)
    Pointy-top hexagons in "odd-r" rows, as engine.topology numbers them. Each
    sprite is 8 wide and 9 tall; rows are 7 px apart, so a row's points reach
    two pixel rows into the rows above and below, and every odd row is shifted
    4 px right. The outline (atlas.HEX_SPANS: 2, 6, 8, 8, 8, 8, 8, 6, 2 pixels a
    row) is chosen so that the hexagons tile the plane exactly: every pixel of
    the board belongs to one hexagon, and ``cell_at`` answers with that one
    (so a click in the overlapping corner goes to the hexagon drawn there).
    A board of W x H is 8W + 4 by 7H + 2 pixels (8W by 9 when H is 1); the
    ragged edges outside the board show the grey background.

Triangular (TriangleGeometry)
    Rows of triangles pointing up and down in turn: the triangle at (row, col)
    points up when row + col is even. Each sprite covers one row band, 12 wide
    and 10 tall; columns are 6 px apart (half a base) and rows 10 px apart. A
    triangle is 12 px wide at its base and 9 tall (atlas.TRI_UP_SPANS: 2, 2, 4,
    6, 6, 8, 10, 10, 12 pixels a row from the apex), and an up triangle leaves
    its band's top row to its neighbours, a down triangle the bottom row, so
    again every pixel belongs to exactly one triangle and ``cell_at`` is exact.
    Numbers sit in the wide part: near the base of an up triangle, near the top
    of a down one. A board of W x H is 6(W + 1) by 10H pixels.

Hexagon and triangle sprites have their outside painted in atlas.SHAPE_KEY and
are blitted with that colour key, so painting a cell never touches its
neighbours, even though their sprite rectangles overlap. Square sprites are
opaque and are blitted without a key, exactly as before the other shapes.
"""

from __future__ import annotations

from typing import Protocol

import pyxel

from amigasweeper.engine import Shape, Topology

from ..intuition.atlas import (
    CELL_SIZE,
    HEX_H,
    HEX_SPANS,
    HEX_W,
    SHAPE_KEY,
    TRI_DOWN_SPANS,
    TRI_H,
    TRI_UP_SPANS,
    TRI_W,
    Cell,
    Sprite,
    hex_sprite,
    triangle_sprite,
)

Spans = tuple[tuple[int, int] | None, ...]

HEX_PITCH_X = HEX_W  # hexagons of a row side by side
HEX_PITCH_Y = 7  # rows overlap by the 2-pixel points
HEX_SHIFT = HEX_W // 2  # odd rows shifted right by half a hexagon
TRI_PITCH_X = TRI_W // 2  # half a base
TRI_PITCH_Y = TRI_H


class Geometry(Protocol):
    topology: Topology

    @property
    def pixel_size(self) -> tuple[int, int]:
        """Width and height of the whole board image."""
        ...

    def origin(self, cell: int) -> tuple[int, int]:
        """Top-left corner of the cell's sprite rectangle."""
        ...

    def centre(self, cell: int) -> tuple[int, int]:
        """A pixel in the middle of the cell (of its wide part, for triangles)."""
        ...

    def cell_at(self, px: int, py: int) -> int | None:
        """The cell drawn at this pixel of the board image, or None."""
        ...

    def sprite(self, cell: int, look: Cell) -> Sprite:
        """The sprite that shows this cell with this look."""
        ...

    def blit_cell(self, image: pyxel.Image, cell: int, look: Cell, x: int = 0, y: int = 0) -> None:
        """Draw the cell with this look into image, the board's top-left at (x, y)."""
        ...


def _inside(spans: Spans, dx: int, dy: int) -> bool:
    if not 0 <= dy < len(spans):
        return False
    span = spans[dy]
    return span is not None and span[0] <= dx <= span[1]


class _Tiles:
    """What all shapes share: drawing a cell's sprite where the cell is."""

    topology: Topology
    colkey: int | None = None  # the sprites' colour key (None: opaque sprites)

    def __init__(self, topology: Topology) -> None:
        self.topology = topology

    @staticmethod
    def size_for(width: int, height: int) -> tuple[int, int]:
        """Width and height of the image of a board of width x height cells."""
        raise NotImplementedError

    @property
    def pixel_size(self) -> tuple[int, int]:
        return self.size_for(self.topology.width, self.topology.height)

    def origin(self, cell: int) -> tuple[int, int]:
        raise NotImplementedError

    def centre(self, cell: int) -> tuple[int, int]:
        raise NotImplementedError

    def cell_at(self, px: int, py: int) -> int | None:
        raise NotImplementedError

    def sprite(self, cell: int, look: Cell) -> Sprite:
        raise NotImplementedError

    def blit_cell(self, image: pyxel.Image, cell: int, look: Cell, x: int = 0, y: int = 0) -> None:
        sprite = self.sprite(cell, look)
        ox, oy = self.origin(cell)
        image.blt(x + ox, y + oy, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h, self.colkey)

    def _cell(self, col: int, row: int) -> int | None:
        return self.topology.index(col, row) if self.topology.contains(col, row) else None


class SquareGeometry(_Tiles):
    """8x8 squares side by side."""

    @staticmethod
    def size_for(width: int, height: int) -> tuple[int, int]:
        return width * CELL_SIZE, height * CELL_SIZE

    def origin(self, cell: int) -> tuple[int, int]:
        col, row = self.topology.coords(cell)
        return col * CELL_SIZE, row * CELL_SIZE

    def centre(self, cell: int) -> tuple[int, int]:
        x, y = self.origin(cell)
        return x + CELL_SIZE // 2, y + CELL_SIZE // 2

    def cell_at(self, px: int, py: int) -> int | None:
        if px < 0 or py < 0:
            return None
        return self._cell(px // CELL_SIZE, py // CELL_SIZE)

    def sprite(self, cell: int, look: Cell) -> Sprite:
        return look.sprite


class HexGeometry(_Tiles):
    """Pointy-top hexagons, odd rows shifted half a hexagon right."""

    colkey = SHAPE_KEY

    @staticmethod
    def size_for(width: int, height: int) -> tuple[int, int]:
        shift = HEX_SHIFT if height > 1 else 0
        return width * HEX_PITCH_X + shift, (height - 1) * HEX_PITCH_Y + HEX_H

    def origin(self, cell: int) -> tuple[int, int]:
        col, row = self.topology.coords(cell)
        return col * HEX_PITCH_X + HEX_SHIFT * (row % 2), row * HEX_PITCH_Y

    def centre(self, cell: int) -> tuple[int, int]:
        x, y = self.origin(cell)
        return x + HEX_W // 2, y + HEX_H // 2

    def cell_at(self, px: int, py: int) -> int | None:
        # A pixel row is crossed by the hexagons of at most two board rows; in
        # each, only one hexagon's rectangle holds px. The tiling is exact, so
        # at most one of the two candidates has the pixel inside its outline.
        for row in (py // HEX_PITCH_Y, py // HEX_PITCH_Y - 1):
            x = px - HEX_SHIFT * (row % 2)
            col = x // HEX_PITCH_X
            if _inside(HEX_SPANS, x - col * HEX_PITCH_X, py - row * HEX_PITCH_Y):
                return self._cell(col, row)
        return None

    def sprite(self, cell: int, look: Cell) -> Sprite:
        return hex_sprite(look)


class TriangleGeometry(_Tiles):
    """Triangles pointing up and down in turn, half a base apart."""

    colkey = SHAPE_KEY

    @staticmethod
    def size_for(width: int, height: int) -> tuple[int, int]:
        return (width + 1) * TRI_PITCH_X, height * TRI_PITCH_Y

    @staticmethod
    def _points_up(col: int, row: int) -> bool:
        return (row + col) % 2 == 0

    def origin(self, cell: int) -> tuple[int, int]:
        col, row = self.topology.coords(cell)
        return col * TRI_PITCH_X, row * TRI_PITCH_Y

    def centre(self, cell: int) -> tuple[int, int]:
        x, y = self.origin(cell)
        return x + TRI_W // 2, y + (6 if self.topology.points_up(cell) else 3)

    def cell_at(self, px: int, py: int) -> int | None:
        # Two triangles' rectangles hold any pixel of a band; the outlines
        # split each pixel row between them exactly.
        row, dy = divmod(py, TRI_PITCH_Y)
        for col in (px // TRI_PITCH_X, px // TRI_PITCH_X - 1):
            spans = TRI_UP_SPANS if self._points_up(col, row) else TRI_DOWN_SPANS
            if _inside(spans, px - col * TRI_PITCH_X, dy):
                return self._cell(col, row)
        return None

    def sprite(self, cell: int, look: Cell) -> Sprite:
        return triangle_sprite(look, self.topology.points_up(cell))


GEOMETRIES: dict[Shape, type[_Tiles]] = {
    Shape.SQUARE: SquareGeometry,
    Shape.HEX: HexGeometry,
    Shape.TRIANGLE: TriangleGeometry,
}


def supports(shape: Shape) -> bool:
    """Whether boards of this shape can be drawn."""
    return shape in GEOMETRIES


def _tiles(shape: Shape) -> type[_Tiles]:
    if shape not in GEOMETRIES:
        raise ValueError(f"the {shape.word} board has no drawing (ui/game/geometry.py's GEOMETRIES)")
    return GEOMETRIES[shape]


def geometry_for(topology: Topology) -> Geometry:
    return _tiles(topology.shape)(topology)


def field_size(shape: Shape, width: int, height: int) -> tuple[int, int]:
    """Pixel width and height of a board of this shape and size."""
    return _tiles(Shape.saved(shape)).size_for(width, height)


def fitting_size(shape: Shape, max_w: int, max_h: int, limit: int) -> tuple[int, int]:
    """The most columns and rows (each at most limit) whose board fits max_w x max_h pixels.

    Columns are counted as if the board had two or more rows (a hexagonal
    board's odd rows make it wider) and rows as if it had two or more columns.
    """
    cols = rows = 0
    while cols < limit and field_size(shape, cols + 1, 2)[0] <= max_w:
        cols += 1
    while rows < limit and field_size(shape, 2, rows + 1)[1] <= max_h:
        rows += 1
    return cols, rows
