"""The names of squares, as the Narrator says them and `--text go C5` reads them.

Columns are letters from the left, A to Z, and past Z two letters as a
spreadsheet names them: AA is the 27th column, AF the 32nd (the widest board).
A voice would say AF as a word ("af"), so the Narrator spells AA to AF out
letter by letter when it hands a line to the voice (narrator/spelling.py).
Rows are numbers from the top, 1 first. So on every board A1 is the top-left
square and a name reads column first: C5 is the third column, fifth row.

Hexagons and triangles keep the same grid of rows and columns:

- hexagonal boards push every even-numbered row (2, 4, 6, ...) half a square
  to the right: C4 touches C3 and D3 above it, B4 and D4 beside it, C5 and D5
  below; C5, in a row not pushed, touches B4 and C4 above, B5 and D5 beside,
  B6 and C6 below;
- triangular boards alternate: A1 points up, B1 down, C1 up, and in the next
  row A2 points down; a square points up when its column and row numbers add
  up to an even number.
"""

from __future__ import annotations

import re

from ...engine.names import column_name, column_number
from ...engine.topology import Shape, Topology

_NAME = re.compile(r"([A-Za-z]{1,2})\s*([0-9]{1,3})")
_LONGEST = 16  # characters of a name looked at: more is not a square's name


class SquareNameError(ValueError):
    """A square's name that does not name a square of this board; the message
    says what was wrong and what would work."""


def points_up(topology: Topology, cell: int) -> bool | None:
    """For a triangle, whether it points up; None on other shapes."""
    return topology.points_up(cell) if topology.shape is Shape.TRIANGLE else None


def _range_text(topology: Topology) -> str:
    last = f"{column_name(topology.width - 1)}{topology.height}"
    return f"a column from A to {column_name(topology.width - 1)} and a row from 1 to {topology.height}, like A1 or {last}"


def parse_square(text: object, topology: Topology) -> int:
    """The cell a name like 'C5' or 'c 5' names on this board."""
    shown = str(text)[:_LONGEST]
    clean = shown.strip() if isinstance(text, str) and len(text) <= _LONGEST else None
    match = _NAME.fullmatch(clean) if clean is not None else None
    if match is None:
        raise SquareNameError(f"{shown!r} is not a square: name one by {_range_text(topology)}")
    letters, digits = match.groups()
    col, row = column_number(letters), int(digits) - 1
    if not 0 <= col < topology.width:
        raise SquareNameError(f"there is no column {letters.upper()}: the columns go from A to "
                              f"{column_name(topology.width - 1)}")
    if not 0 <= row < topology.height:
        raise SquareNameError(f"there is no row {digits}: the rows go from 1 to {topology.height}")
    return topology.index(col, row)


def parse_column(text: object, topology: Topology) -> int:
    """The column index a letter or two name ('C', 'aa')."""
    clean = text.strip() if isinstance(text, str) and len(text) <= _LONGEST else ""
    if not re.fullmatch(r"[A-Za-z]{1,2}", clean):
        raise SquareNameError(f"{str(text)[:_LONGEST]!r} is not a column: name one by its letters, "
                              f"from A to {column_name(topology.width - 1)}")
    col = column_number(clean)
    if col >= topology.width:
        raise SquareNameError(f"there is no column {clean.upper()}: the columns go from A to "
                              f"{column_name(topology.width - 1)}")
    return col


def parse_row(text: object, topology: Topology) -> int:
    """The row index a number names ('5' is the fifth row from the top)."""
    clean = text.strip() if isinstance(text, str) and len(text) <= _LONGEST else ""
    if not re.fullmatch(r"[0-9]{1,3}", clean) or not 1 <= int(clean) <= topology.height:
        raise SquareNameError(f"{str(text)[:_LONGEST]!r} is not a row: the rows are numbered from 1 "
                              f"to {topology.height}, from the top")
    return int(clean) - 1
