"""Boards as rows of text, for tests, bug reports and debugging.

Layout text (what is under each square, and what the player has done), one
character per cell, rows top to bottom, spaces ignored:

    .  covered safe square          *  covered mine
    o  uncovered safe square        F  mine marked as a mine
    f  safe square wrongly marked   ?  safe square with a ? mark
    !  mine with a ? mark

Display text (what the player sees, from ``render``):

    #  covered     F  mine mark    ?  ? mark
    .  uncovered 0 1-9, A-C  numbers 1-12
    *  mine shown after a loss     X  the mine stepped on    x  wrong mark
"""

from __future__ import annotations

import time

from .game import Clock, Game, GameSetup
from .rules import GameStatus, Mark, Tile
from .topology import Shape

_MINE_CHARS = set("*F!")
_OPEN_CHARS = set("o")
_MARKS = {"F": Mark.MINE, "f": Mark.MINE, "?": Mark.QUESTION, "!": Mark.QUESTION}
_LAYOUT_CHARS = set(".*oFf?!")

_TILE_CHARS: dict[int, str] = {  # looked up by Game.tile's int, a Tile from 20 up
    Tile.COVERED: "#",
    Tile.MARKED: "F",
    Tile.QUESTION: "?",
    Tile.MINE: "*",
    Tile.MINE_HIT: "X",
    Tile.WRONG_MARK: "x",
}
_NUMBER_CHARS = ".123456789ABC"


def _rows(text: str | list[str]) -> list[str]:
    lines = text.splitlines() if isinstance(text, str) else list(text)
    rows = ["".join(line.split()) for line in lines]
    return [row for row in rows if row]


def game_from_text(
    text: str | list[str],
    *,
    shape: Shape | str = Shape.SQUARE,
    clock: Clock = time.monotonic,
    **setup_fields,
) -> Game:
    """A game with the layout and player actions drawn in ``text``."""
    rows = _rows(text)
    width = len(rows[0]) if rows else 0
    for number, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {number} has {len(row)} cells, expected {width}")
        bad = set(row) - _LAYOUT_CHARS
        if bad:
            raise ValueError(f"row {number} has unknown characters {sorted(bad)}")
    flat = "".join(rows)
    mines = [i for i, ch in enumerate(flat) if ch in _MINE_CHARS]
    setup = GameSetup(width=width, height=len(rows), mines=len(mines), shape=Shape.saved(shape), **setup_fields)
    game = Game.with_mines(setup, mines, clock)
    for cell, ch in enumerate(flat):
        if ch in _MARKS:
            game._set_mark(cell, _MARKS[ch])
    opened = [i for i, ch in enumerate(flat) if ch in _OPEN_CHARS]
    for cell in opened:
        game._open[cell] = 1
    game._opened_safe = len(opened)
    if opened:
        game.status = GameStatus.PLAYING
    return game


def render(game: Game) -> str:
    """The board as the player sees it, one row of text per board row."""
    width = game.topology.width
    chars = []
    for cell in game.topology.cells():
        tile = game.tile(cell)
        chars.append(_TILE_CHARS[tile] if tile >= Tile.COVERED else _NUMBER_CHARS[tile])
    return "\n".join("".join(chars[i : i + width]) for i in range(0, len(chars), width))


def render_layout(game: Game) -> str:
    """Where the mines are ('*') and are not ('.'), for failing tests."""
    width = game.topology.width
    chars = ["*" if game.is_mine(c) else "." for c in game.topology.cells()]
    return "\n".join("".join(chars[i : i + width]) for i in range(0, len(chars), width))
