"""What a move did, the mines counter, the time, the state and the end of a
game, and a new board, in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ...engine.names import square_name
from ...engine.rules import GameStatus, Move, MoveKind, MoveResult, Tile
from ...engine.topology import Shape
from ..narrator.lines import Line, LineKind
from .squares import Board, cursor_line, square_label
from .windows import paused_line

_COVERED_TILES = (Tile.COVERED, Tile.MARKED, Tile.QUESTION)


class GameState(Board, Protocol):
    """What these words read of a game (engine.Game is one)."""

    status: GameStatus
    paused: bool
    exploded: int | None

    @property
    def mines_left(self) -> int: ...

    @property
    def mines(self) -> int: ...

    @property
    def seconds(self) -> int: ...


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def counter_line(game: GameState) -> str:
    """The mines counter: total mines less marks, which may go below zero."""
    left = game.mines_left
    if left >= 0:
        return f"{plural(left, 'mine')} left"
    return f"{plural(-left, 'mark')} more than mines"


def time_line(game: GameState) -> str:
    seconds = plural(game.seconds, "second")
    if game.status is GameStatus.READY:
        return f"{seconds}: the clock starts with the first square uncovered"
    if game.status.over:
        return f"{seconds}, the clock stopped: game {game.status.value}"
    return f"{seconds}, paused" if game.paused else seconds


def status_line(game: GameState) -> str:
    """'playing, 9 mines left, 34 seconds': the state (playing before the first
    uncover too), the counter and the clock."""
    state = "playing" if not game.status.over else game.status.value
    seconds = plural(game.seconds, "second")
    if game.status is GameStatus.READY:
        seconds += ", the clock not started"
    elif game.paused:
        seconds += ", paused"
    return f"{state}, {counter_line(game)}, {seconds}"


def _shape_word(shape: Shape) -> str:
    """' hexagonal': the shape's own word (the engine's), before "squares"; the
    square board, the game's own, goes unnamed."""
    return "" if shape is Shape.SQUARE else f" {shape.word}"


def new_game_line(game: GameState, level: str, no_guess: bool) -> str:
    """'new game: Beginner, 8 by 8 squares, 10 mines, no-guess board': the
    board asked for (a no-guess board is made at the first uncover)."""
    return f"new game: {board_line(game, level, no_guess)}"


def board_line(game: GameState, level: str, no_guess: bool) -> str:
    """'Beginner, 8 by 8 squares, 10 mines, no-guess board': the board being played."""
    topology = game.topology
    kind = ", no-guess board" if no_guess else ""
    shape = _shape_word(topology.shape)
    return f"{level}, {topology.width} by {topology.height}{shape} squares, {plural(game.mines, 'mine')}{kind}"


def end_line(game: GameState) -> str:
    if game.status is GameStatus.WON:
        return f"game won in {plural(game.seconds, 'second')}"
    where = "" if game.exploded is None else f" at {square_name(game.topology, game.exploded)}"
    return f"mine{where}, game lost after {plural(game.seconds, 'second')}"


def opened_line(game: GameState, result: MoveResult) -> str:
    """'12 squares opened'; one square says what it shows: 'C5, 2'."""
    opened = result.uncovered
    if len(opened) == 1:
        return cursor_line(game, opened[0])
    return f"{plural(len(opened), 'square')} opened"


def mark_line(game: GameState, cell: int) -> str:
    """After a mark changed: 'C5 marked, 9 mines left'."""
    tile = game.tile(cell)
    states: dict[int, str] = {Tile.MARKED: "marked", Tile.QUESTION: "question"}
    state = states.get(tile, "unmarked")
    return f"{square_label(game.topology, cell)} {state}, {counter_line(game)}"


def _marks_around(game: GameState, cell: int) -> int:
    return sum(1 for n in game.topology.neighbours[cell] if game.tile(n) == Tile.MARKED)


def refused_line(game: GameState, move: Move, held_by: Sequence[str] = ()) -> str:
    """Why a move did nothing, and what would. ``held_by``: the titles of the
    windows keeping a paused game waiting (none: the player's own Pause)."""
    if game.status.over:
        return f"the game is {game.status.value}: start a new one"
    if game.paused:
        return paused_line(held_by) if held_by else "the game is paused: resume it first"
    if move.cell is None:
        return "nothing changed"
    name, tile = square_label(game.topology, move.cell), game.tile(move.cell)
    if move.kind is MoveKind.UNCOVER:
        return f"{name} is marked: unmark it first" if tile == Tile.MARKED else f"{name} is already uncovered"
    if move.kind is MoveKind.MARK:
        return f"{name} is uncovered: only covered squares take marks"
    if tile in _COVERED_TILES:
        return f"{name} is covered: clear around works on an uncovered number"
    if tile == 0:
        return f"{name} is blank: it has no mines around"
    marks = _marks_around(game, move.cell)
    if marks != tile:
        return f"{name} shows {tile} and has {plural(marks, 'mark')} around: nothing cleared"
    return f"nothing left to open around {name}"


_PLAIN_MOVES = {
    MoveKind.PAUSE: "paused",
    MoveKind.RESUME: "resumed",
    MoveKind.MARKS_ON: "question marks on",
    MoveKind.MARKS_OFF: "question marks off",
}


def after_move(game: GameState, move: Move, result: MoveResult) -> list[Line]:
    """Every line a move makes the Narrator say, in order, with its kind."""
    if not result.accepted:
        return [Line(LineKind.RESULT, refused_line(game, move))]
    if result.status is GameStatus.LOST:
        return [Line(LineKind.END, end_line(game))]
    lines = []
    if move.kind is MoveKind.MARK and move.cell is not None:
        lines.append(Line(LineKind.RESULT, mark_line(game, move.cell)))  # what a move did: never dropped
    elif move.kind in (MoveKind.UNCOVER, MoveKind.CLEAR):
        lines.append(Line(LineKind.RESULT, opened_line(game, result)))
    else:
        lines.append(Line(LineKind.RESULT, _PLAIN_MOVES[move.kind]))
    if result.status is GameStatus.WON:
        lines.append(Line(LineKind.END, end_line(game)))
    return lines
