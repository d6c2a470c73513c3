"""A replay file's mouse events as input events with engine moves: what the
Replay window plays.

ms-toollib's click machine (:class:`amigasweeper.metrics.ClickCounter`) is
run over the file's events, and each thing it does to the board becomes the
engine moves that bring an engine Game to the same board, so every file
plays as ms-toollib reads it:

* an uncover is ``UNCOVER``;
* a flag put down or taken away is ``MARK`` as often as it takes: the Game
  cycles blank, mine, "?", and ms-toollib knows only flagged or not, so a
  flag taken off is blank again, never a "?";
* a chord is ``CLEAR``; a chord that hits a mine opens every square
  ms-toollib opens (the Game, left alone, would stop at the mine): the safe
  ones first, then the mine;
* our own files with Marks (?) on carry the "?" as stream.py writes it: a
  flag taken off becomes the "?" it was, and a move onto a "?" followed at
  once by a right press just off the board turns it back to blank.
"""

from __future__ import annotations

from ..engine.game import Game
from ..engine.rules import Mark, Move, MoveKind
from ..metrics.clicks import FLAGGED, BoardState, ClickCounter, Effect, Mouse
from ..slices import SLICE, Steps
from .events import EventKind, InputEvent, MouseEvent, RecordedButton, Result
from .stream import cell_at, replay_game

Played = tuple[tuple[InputEvent, ...], Result]
_BUTTONS = {
    Mouse.LEFT_DOWN: (EventKind.PRESS, RecordedButton.LEFT),
    Mouse.LEFT_UP: (EventKind.RELEASE, RecordedButton.LEFT),
    Mouse.RIGHT_DOWN: (EventKind.PRESS, RecordedButton.RIGHT),
    Mouse.PRE_FLAG: (EventKind.PRESS, RecordedButton.RIGHT),
    Mouse.RIGHT_UP: (EventKind.RELEASE, RecordedButton.RIGHT),
    Mouse.MIDDLE_DOWN: (EventKind.PRESS, RecordedButton.MIDDLE),
    Mouse.MIDDLE_UP: (EventKind.RELEASE, RecordedButton.MIDDLE),
}


class _Mover:
    """Plays on an engine Game the moves that take it where the click machine went."""

    def __init__(self, shell, question_marks: bool) -> None:
        self.shell = shell
        self.counter = ClickCounter(shell.topology, shell.mines)
        self.game: Game = replay_game(shell)
        self.question_marks = question_marks and shell.setup.marks
        self.last: MouseEvent | None = None  # the mouse event before this one

    def moves(self, mouse: MouseEvent, cell: int | None) -> tuple[Move, ...]:
        """The moves of one mouse event, played."""
        cleared = self._question_cleared(mouse, cell)
        effect = self.counter.step(mouse.mouse, cell)
        self.last = mouse
        if cleared is not None:
            return self._play(Move(MoveKind.MARK, cleared))
        if cell is None:  # off the board the machine does nothing to the board
            return ()
        if effect is Effect.UNCOVER:
            return self._play(Move(MoveKind.UNCOVER, cell))
        if effect is Effect.FLAG:
            return self._marks(cell)
        if effect is Effect.CHORD:
            return self._chord(cell)
        return ()

    def _play(self, *moves: Move) -> tuple[Move, ...]:
        for move in moves:
            self.game.play(move)
        return moves

    def _question_cleared(self, mouse: MouseEvent, cell: int | None) -> int | None:
        """The "?" our writer turned back to blank with this right press, if it did."""
        last = self.last
        if not self.question_marks or mouse.mouse is not Mouse.RIGHT_DOWN or cell is not None or last is None:
            return None
        square = cell_at(self.shell, last.x, last.y) if last.mouse is Mouse.MOVE else None
        if square is None or self.game.mark(square) != Mark.QUESTION or self.game.status.over:
            return None
        return square

    def _marks(self, cell: int) -> tuple[Move, ...]:
        """MARK until the game shows what the machine shows: a flag, or no
        flag (a "?" in our own files, else a blank). A cycle has at most
        three steps."""
        if self.counter.shown[cell] == FLAGGED:
            wanted = Mark.MINE
        else:
            wanted = Mark.QUESTION if self.question_marks else Mark.NONE
        moves: list[Move] = []
        while self.game.mark(cell) != wanted and len(moves) < 3:
            moves += self._play(Move(MoveKind.MARK, cell))
        return tuple(moves)

    def _chord(self, cell: int) -> tuple[Move, ...]:
        if self.counter.state is not BoardState.LOST:
            return self._play(Move(MoveKind.CLEAR, cell))
        targets = self.counter.chord_targets
        safe = [t for t in targets if t not in self.shell.mines]
        mine = next(t for t in targets if t in self.shell.mines)
        return self._play(*(Move(MoveKind.UNCOVER, t) for t in [*safe, mine]))


def played_steps(shell, mouse: tuple[MouseEvent, ...], question_marks: bool = False) -> Steps[Played]:
    """Input events, with the engine moves they made, for a file's mouse
    events, and the result ms-toollib reads in them (won, lost, else
    unfinished: abandoned), a slice at a time (see slices.py).

    ``shell`` is a Recording of the file's board (its ``setup``, ``mines``
    and ``cell_px``); ``question_marks`` is True for our own files, whose
    "?" marks are written as stream.py says."""
    mover = _Mover(shell, question_marks)
    events: list[InputEvent] = []
    for m in mouse:
        if len(events) % SLICE == 0:
            yield
        cell = cell_at(shell, m.x, m.y)
        moves = mover.moves(m, cell)
        kind, button = _BUTTONS.get(m.mouse, (EventKind.MOVE, None))
        x, y = (m.x, m.y) if cell is not None else (None, None)
        events.append(InputEvent(m.t_ms, kind, x, y, cell, button, None, moves))
    result = {BoardState.WON: Result.WON, BoardState.LOST: Result.LOST}.get(mover.counter.state, Result.ABANDONED)
    return tuple(events), result
