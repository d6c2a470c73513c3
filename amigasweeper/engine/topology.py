"""Board shapes: which cells a board has and which cells touch each other.

Every rule, generator and solver asks a Topology for neighbours; nothing else in
the program loops over dx/dy offsets. Cells are numbered row by row:
``cell = row * width + col``.

Shapes
------
square
    The classic grid; each cell touches the 8 around it.
hex
    Hexagons with pointed tops in offset rows ("odd-r"): every odd row is pushed
    half a cell to the right. Each cell touches 6 others.
triangle
    Rows of alternating triangles, as in the 2002 TriMinesweeper challenge. The
    triangle at (row, col) points up when ``row + col`` is even and down
    otherwise. Each triangle touches the 12 that share an edge or a corner: two
    either side in its own row, three in the row on its apex side and five in
    the row on its base side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache


class Shape(str, Enum):
    """The three board shapes, with the names used in settings and on the command line."""

    SQUARE = "square"
    HEX = "hex"
    TRIANGLE = "triangle"

    @property
    def max_neighbours(self) -> int:
        return {Shape.SQUARE: 8, Shape.HEX: 6, Shape.TRIANGLE: 12}[self]


# Offsets (drow, dcol) per shape and per cell parity. Only this module uses them.
_SQUARE = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
_HEX_EVEN_ROW = ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0))
_HEX_ODD_ROW = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1))
_SIDE_ROW = ((0, -2), (0, -1), (0, 1), (0, 2))
_TRI_UP = _SIDE_ROW + tuple((-1, dc) for dc in (-1, 0, 1)) + tuple((1, dc) for dc in range(-2, 3))
_TRI_DOWN = _SIDE_ROW + tuple((-1, dc) for dc in range(-2, 3)) + tuple((1, dc) for dc in (-1, 0, 1))


def _offsets(shape: Shape, row: int, col: int) -> tuple[tuple[int, int], ...]:
    if shape is Shape.SQUARE:
        return _SQUARE
    if shape is Shape.HEX:
        return _HEX_ODD_ROW if row % 2 else _HEX_EVEN_ROW
    return _TRI_UP if (row + col) % 2 == 0 else _TRI_DOWN


@dataclass(frozen=True)
class Topology:
    """A board of ``width`` x ``height`` cells of one shape.

    ``neighbours[cell]`` is a tuple of the cells touching ``cell``, computed once.
    """

    shape: Shape
    width: int
    height: int
    neighbours: tuple[tuple[int, ...], ...] = field(repr=False, compare=False)

    @property
    def size(self) -> int:
        return self.width * self.height

    def cells(self) -> range:
        return range(self.width * self.height)

    def index(self, col: int, row: int) -> int:
        return row * self.width + col

    def coords(self, cell: int) -> tuple[int, int]:
        """(col, row) of a cell."""
        row, col = divmod(cell, self.width)
        return col, row

    def contains(self, col: int, row: int) -> bool:
        return 0 <= col < self.width and 0 <= row < self.height

    def points_up(self, cell: int) -> bool:
        """For triangles: True when the triangle's apex is at the top."""
        col, row = self.coords(cell)
        return (row + col) % 2 == 0

    def corners(self) -> tuple[int, ...]:
        """The four corner cells (fewest neighbours on square boards)."""
        w, h = self.width, self.height
        return tuple(dict.fromkeys((0, w - 1, (h - 1) * w, h * w - 1)))



@lru_cache(maxsize=64)
def make_topology(shape: Shape | str, width: int, height: int) -> Topology:
    """The (cached, immutable) topology of a board."""
    shape = Shape(shape)
    if width < 1 or height < 1:
        raise ValueError(f"a board needs at least one row and one column, not {width}x{height}")
    table = []
    for row in range(height):
        for col in range(width):
            near = []
            for dr, dc in _offsets(shape, row, col):
                r, c = row + dr, col + dc
                if 0 <= r < height and 0 <= c < width:
                    near.append(r * width + c)
            table.append(tuple(sorted(near)))
    return Topology(shape, width, height, tuple(table))
