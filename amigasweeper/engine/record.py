"""A game as text: its setup and its moves, written out and replayed.

    amigasweeper-game 1
    shape square
    size 8 8
    mines 10
    seed 42
    marks on
    completion all_non_mines
    layout random
    uncover 3 4
    mark 0 0
    clear 3 4
    pause
    resume

Cells are written as ``column row``. Replaying gives the same board and state.
"""

from __future__ import annotations

import time

from .game import Clock, Game, GameSetup
from .layouts import LayoutKind
from .numbers import plain_int
from .rules import Completion, Move, MoveKind
from .topology import Shape

MAGIC = "amigasweeper-game 1"


class RecordError(ValueError):
    """A game record that cannot be read; the message names the line."""


def game_to_text(game: Game) -> str:
    s = game.setup
    lines = [
        MAGIC,
        f"shape {s.shape.value}",
        f"size {s.width} {s.height}",
        f"mines {s.mines}",
        f"seed {s.seed}",
        f"marks {'on' if s.marks else 'off'}",
        f"completion {s.completion.value}",
        f"layout {s.layout.value}",
    ]
    for move in game.moves:
        if move.cell is None:
            lines.append(move.kind.value)
        else:
            col, row = game.topology.coords(move.cell)
            lines.append(f"{move.kind.value} {col} {row}")
    return "\n".join(lines) + "\n"


def _parse_header(lines: list[tuple[int, str]]) -> tuple[GameSetup, int]:
    fields: dict[str, list[str]] = {}
    index = 0
    for index, (number, line) in enumerate(lines):
        word, *args = line.split()
        if word not in ("shape", "size", "mines", "seed", "marks", "completion", "layout"):
            break
        fields[word] = args
    else:
        index = len(lines)
    try:
        width, height = (int(v) for v in fields["size"])
        setup = GameSetup(
            width=width,
            height=height,
            mines=int(fields["mines"][0]),
            seed=int(fields["seed"][0]),
            shape=Shape.saved(fields.get("shape", ["square"])[0]),
            marks=fields.get("marks", ["on"])[0] == "on",
            completion=Completion.saved(fields.get("completion", ["all_non_mines"])[0]),
            layout=LayoutKind(fields.get("layout", ["random"])[0]),
        )
    except (KeyError, ValueError, IndexError) as error:
        raise RecordError(f"bad game header: {error}") from None
    return setup, index


def _parse_move(game: Game, number: int, line: str) -> Move:
    word, *args = line.split()
    try:
        kind = MoveKind(word)
    except ValueError:
        raise RecordError(f"line {number}: unknown move {word!r}") from None
    if not kind.takes_cell:
        if args:
            raise RecordError(f"line {number}: {word} takes no square")
        return Move(kind)
    col, row = (plain_int(a) for a in args) if len(args) == 2 else (None, None)
    if col is None or row is None or col < 0 or row < 0:
        raise RecordError(f"line {number}: {word} needs a column and a row")
    if not game.topology.contains(col, row):
        raise RecordError(f"line {number}: square {col} {row} is off the board")
    return Move(kind, game.topology.index(col, row))


def game_from_text(text: str, clock: Clock = time.monotonic) -> Game:
    """Replay a record written by ``game_to_text``."""
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)]
    lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
    if not lines or lines[0][1] != MAGIC:
        raise RecordError(f"not a game record: the first line must be {MAGIC!r}")
    setup, index = _parse_header(lines[1:])
    game = Game(setup, clock)
    for number, line in lines[1 + index :]:
        game.play(_parse_move(game, number, line))
    return game
