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

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from .unique import check_unique, saved_member


class Shape(str, Enum):
    """The board shapes, each written here once: its name in settings and on
    the command line (the value), the letter a kept game writes for it
    (records/kept_game.py), its title in the Board Shape menu, the word the
    text mode takes and the Narrator and the records' rows say, and its
    cells' most neighbours. Their order is the menu's and the tables'.

    A new shape is one more member here, and its neighbour offsets in
    _OFFSETS below (without them a board of it cannot be made: no shape is
    taken for another); every other room reads its facts from here, or
    refuses it by name (docs/ARCHITECTURE.md, "a new board shape").
    """

    code: str
    title: str  # type: ignore[assignment]  # the menu's title, not str.title
    word: str
    max_neighbours: int

    def __new__(cls, value: str, code: str, title: str, word: str, max_neighbours: int) -> Shape:
        member = str.__new__(cls, value)
        member._value_ = value
        member.code, member.title, member.word, member.max_neighbours = code, title, word, max_neighbours
        return member

    SQUARE = ("square", "s", "Square", "square", 8)
    HEX = ("hex", "h", "Hexagonal", "hexagonal", 6)
    TRIANGLE = ("triangle", "t", "Triangular", "triangular", 12)

    @property
    def order(self) -> int:
        """Its place in the menu and in tables: the order of the members."""
        return list(Shape).index(self)

    @classmethod
    def saved(cls, value: str) -> Shape:
        """The shape whose saved name is ``value`` (ValueError for none), as
        Shape(value) finds it, in words a type checker follows."""
        return saved_member(cls, value, "board shape")


check_unique(Shape, "code", "title", "word")

# Offsets (drow, dcol) per shape and per cell parity. Only this module uses them.
_SQUARE = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
_HEX_EVEN_ROW = ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0))
_HEX_ODD_ROW = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1))
_SIDE_ROW = ((0, -2), (0, -1), (0, 1), (0, 2))
_TRI_UP = _SIDE_ROW + tuple((-1, dc) for dc in (-1, 0, 1)) + tuple((1, dc) for dc in range(-2, 3))
_TRI_DOWN = _SIDE_ROW + tuple((-1, dc) for dc in range(-2, 3)) + tuple((1, dc) for dc in (-1, 0, 1))
Offsets = tuple[tuple[int, int], ...]
_OFFSETS: dict[Shape, Callable[[int, int], Offsets]] = {  # (row, col) -> the offsets of that cell's neighbours
    Shape.SQUARE: lambda row, col: _SQUARE,
    Shape.HEX: lambda row, col: _HEX_ODD_ROW if row % 2 else _HEX_EVEN_ROW,
    Shape.TRIANGLE: lambda row, col: _TRI_UP if (row + col) % 2 == 0 else _TRI_DOWN,
}


class UnknownShape(ValueError):
    """A shape with no neighbour offsets: no board of it can be made."""


def _offsets(shape: Shape, row: int, col: int) -> Offsets:
    if shape not in _OFFSETS:
        raise UnknownShape(f"the {shape.word} board has no neighbour offsets (engine/topology.py's _OFFSETS)")
    return _OFFSETS[shape](row, col)


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
    shape = Shape.saved(shape)
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
