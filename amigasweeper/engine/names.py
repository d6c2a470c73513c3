"""What players call a square: a column letter from the left, A to Z and past
Z two letters as a spreadsheet names them (AA is the 27th column, AF the
32nd, the widest board), then a row number from the top, 1 first. So A1 is
the top-left square on every board and C5 is the third column, fifth row.

One name for a square everywhere: the hints' reasons, the Duel's messages,
the Narrator and the text mode all write it so (access/words/coords.py reads
it back and says how hexagons and triangles keep the same grid).
"""

from __future__ import annotations

from .topology import Topology

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def column_name(col: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA' (spreadsheet style, bijective base 26)."""
    if col < 0:
        raise ValueError(f"no column {col}")
    name = ""
    col += 1
    while col:
        col, digit = divmod(col - 1, 26)
        name = _LETTERS[digit] + name
    return name


def column_number(letters: str) -> int:
    """'A' -> 0, 'AA' -> 26: the inverse of column_name."""
    col = 0
    for letter in letters.upper():
        col = col * 26 + _LETTERS.index(letter) + 1
    return col - 1


def square_name(topology: Topology, cell: int) -> str:
    col, row = topology.coords(cell)
    return f"{column_name(col)}{row + 1}"
