"""What is on a square, and on a row, a column or around a square, in words.

Every function reads the game through ``tile(cell)`` and ``topology`` only
(engine.Game has both), so the words never know more than the screen shows.
"""

from __future__ import annotations

from typing import Protocol

from ...engine.names import square_name
from ...engine.rules import Tile
from ...engine.topology import Topology
from .coords import points_up

_TILE_WORDS: dict[int, str] = {
    Tile.COVERED: "covered",
    Tile.MARKED: "marked",
    Tile.QUESTION: "question",
    Tile.MINE: "mine",
    Tile.MINE_HIT: "mine",
    Tile.WRONG_MARK: "marked",
}
# The cursor's line says more than a row's list: which mine went off, which mark was wrong.
_TILE_DETAILS: dict[int, str] = {
    **_TILE_WORDS,
    Tile.MINE_HIT: "mine, stepped on",
    Tile.WRONG_MARK: "marked, no mine",
}


class Board(Protocol):
    """What the words read of a game (engine.Game is one)."""

    topology: Topology

    def tile(self, cell: int) -> int: ...


def square_word(tile: int) -> str:
    """One word for a square: covered, marked, question, blank, its number, or
    mine once the game is lost (the words of `--text`'s `read row`)."""
    return "blank" if tile == 0 else _TILE_WORDS.get(tile, str(tile))


def square_detail(tile: int) -> str:
    """What the cursor's line says of a square: as square_word, and also which
    mine was stepped on and which mark was wrong after a loss."""
    return "blank" if tile == 0 else _TILE_DETAILS.get(tile, str(tile))


def square_label(topology: Topology, cell: int) -> str:
    """'C5', and for a triangle which way it points: 'C5 up'."""
    up = points_up(topology, cell)
    name = square_name(topology, cell)
    return name if up is None else f"{name} {'up' if up else 'down'}"


def cursor_line(board: Board, cell: int) -> str:
    """'C5, covered', 'C5, 2', 'C5, marked', 'C5, question'."""
    return f"{square_label(board.topology, cell)}, {square_detail(board.tile(cell))}"


def edge_line(board: Board, cell: int) -> str:
    """The cursor pushed against the board's edge: 'edge, A1, covered'."""
    return f"edge, {cursor_line(board, cell)}"


def row_words(board: Board, row: int) -> list[str]:
    """The squares of a row, left to right, one word each."""
    width = board.topology.width
    return [square_word(board.tile(row * width + col)) for col in range(width)]


def column_words(board: Board, col: int) -> list[str]:
    """The squares of a column, top to bottom, one word each."""
    topology = board.topology
    return [square_word(board.tile(topology.index(col, row))) for row in range(topology.height)]


def neighbourhood_line(board: Board, cell: int) -> str:
    """The square and each square touching it, by name, row by row from the top:
    'around C5, 2: B4 covered, C4 1, D4 marked, ...'."""
    topology = board.topology
    around = ", ".join(f"{square_name(topology, n)} {square_word(board.tile(n))}" for n in topology.neighbours[cell])
    return f"around {square_label(topology, cell)}, {square_word(board.tile(cell))}: {around}"
