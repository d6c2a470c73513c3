"""The Narrator fed by a game's life: one source of what is said about a game.

play/ tells every move it plays (``Session.on_move``: what an uncover,
mark or clear did, marks on or off, Pause) and every new game
(``Session.on_new_game``). GameNarration turns them into the Narrator's
lines with access/words, and makes the lines a player asks for: the
cursor's square, the time, the mines counter, the state, a row or a column
(as runs: access/words/reading.py), the squares around one, the frontier,
and the jumps to the next covered square or number. Every line goes to ``out``: the Narrator's queue
and log (access/narrator), and in the text mode the terminal as well. The
window and ``amigasweeper --text`` both use this one adapter, so a game is
told in the same words whichever way it is played.

It lives in play/ because it listens to play/: access/ sits below play/
and knows only words, queues and voices, never a game's life.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from amigasweeper.access.narrator import Line, LineKind, NarrationLog, Narrator
from amigasweeper.access.voices.base import NoVoice, Voice
from amigasweeper.access.words import (
    after_move,
    board_line,
    counter_line,
    cursor_line,
    edge_line,
    hint_line,
    known_line,
    neighbourhood_line,
    new_game_line,
    refused_line,
    square_label,
    status_line,
    time_line,
)
from amigasweeper.access.words.boardreading import board_lines, typed_board_go_on
from amigasweeper.access.words.reading import (
    column_runs_line,
    frontier_line,
    next_covered,
    next_number,
    none_line,
    row_runs_line,
    typed_go_on,
)
from amigasweeper.engine import Game, LayoutKind, Move, MoveKind, MoveResult

from .assist.answers import HintAnswer, KnownSquares
from .session import Session

Out = Callable[[Line], None]


class GameNarration:
    """The lines of the games a Session plays, sent to ``out`` as they come."""

    def __init__(self, session: Session, out: Out) -> None:
        self.session = session
        self.out = out
        session.on_move.append(self._moved)
        session.on_new_game.append(self._new_game)

    @property
    def game(self) -> Game:
        return self.session.game

    def _say(self, kind: LineKind, text: str) -> Line:
        line = Line(kind, text)
        self.out(line)
        return line

    # ------------------------------------------------------ what play/ tells
    def _moved(self, game: Game, move: Move, result: MoveResult) -> None:
        for line in after_move(game, move, result):
            self.out(line)

    def _new_game(self, game: Game) -> None:
        self._say(LineKind.RESULT, self.board())

    def board(self) -> str:
        """What the board being played is: 'new game: Beginner, 8 by 8 squares, 10 mines'."""
        game = self.game
        return new_game_line(game, self.session.played.level.title, game.setup.layout is LayoutKind.NO_GUESS)

    def board_only(self) -> str:
        """The board being played, without 'new game': 'Beginner, 8 by 8 squares, 10 mines'."""
        game = self.game
        return board_line(game, self.session.played.level.title, game.setup.layout is LayoutKind.NO_GUESS)

    def where(self, cell: int | None) -> str:
        """Where the player is: the board, the state and the cursor's square
        ('Beginner, 8 by 8 squares, 10 mines; playing, 9 mines left, 34 seconds; C5, covered')."""
        parts = [self.board_only(), status_line(self.game)]
        if cell is not None:
            parts.append(cursor_line(self.game, cell))
        return "; ".join(parts)

    def refused(self, kind: MoveKind, cell: int) -> Line:
        """A move play/ did not play (the game over or paused): why, and what would work."""
        held_by = [reason.value for reason in self.session.pauses.windows_holding()]
        return self._say(LineKind.RESULT, refused_line(self.game, Move(kind, cell), held_by))

    def hint(self, answer: HintAnswer) -> Line:
        """A Hint's answer: the square, safe or a mine, by which rule, and why."""
        square = None if answer.square is None else square_label(self.game.topology, answer.square)
        verdict = None if answer.verdict is None else answer.verdict.value
        return self._say(LineKind.ASKED, hint_line(square, verdict, answer.rule, answer.title, answer.why))

    def known(self, known: KnownSquares) -> Line:
        """Show Safe and Mines: how many of each, then the squares, top row first."""
        topology = self.game.topology
        safe = [square_label(topology, cell) for cell in sorted(known.safe)]
        mines = [square_label(topology, cell) for cell in sorted(known.mines)]
        return self._say(LineKind.ASKED, known_line(safe, mines, known.note, known.exact))

    # ------------------------------------------------------ what is asked
    def cursor(self, cell: int) -> Line:
        return self._say(LineKind.CURSOR, cursor_line(self.game, cell))

    def edge(self, cell: int) -> Line:
        """The cursor pushed against the edge it is on: 'edge, A1, covered'."""
        return self._say(LineKind.CURSOR, edge_line(self.game, cell))

    def time(self) -> Line:
        return self._say(LineKind.ASKED, time_line(self.game))

    def counter(self) -> Line:
        return self._say(LineKind.COUNTER, counter_line(self.game))  # only the latest count matters

    def status(self) -> Line:
        return self._say(LineKind.ASKED, status_line(self.game))

    def row(self, row: int) -> Line:
        return self._say(LineKind.ASKED, row_runs_line(self.game, row))

    def column(self, col: int) -> Line:
        return self._say(LineKind.ASKED, column_runs_line(self.game, col))

    def frontier(self, first_row: int = 0, go_on: Callable[[int], str] = typed_go_on) -> Line:
        return self._say(LineKind.ASKED, frontier_line(self.game, first_row, go_on))

    def whole_board(self, first_row: int = 0, go_on: Callable[[int], str] = typed_board_go_on) -> list[Line]:
        """`read board` from ``first_row`` down, every line of it said, one after another
        (the text mode prints them as one answer; the Narrator says each whole)."""
        return [self._say(LineKind.ASKED, text) for text in board_lines(self.game, first_row, go_on)]

    def jump(self, cell: int, what: str) -> int:
        """`next covered`, `next number`: the square found after ``cell`` (said as
        the cursor's line), or ``cell`` itself and 'none' when there is none."""
        found = (next_covered if what == "covered" else next_number)(self.game, cell)
        if found is None:
            self._say(LineKind.ASKED, none_line(what))
            return cell
        self.cursor(found)
        return found

    def around(self, cell: int) -> Line:
        return self._say(LineKind.ASKED, neighbourhood_line(self.game, cell))


def narrator_for(speak: bool, log: Path | None, find_voice: Callable[[], Voice] | None = None,
                 ) -> tuple[Narrator, str | None]:
    """What --narrator and --narration-log FILE ask for: a Narrator with the
    system's voice (when ``speak``) and the log (when a file is named), and
    why no voice speaks when one was asked for and none could start."""
    voice: Voice | None = None
    problem: str | None = None
    if speak:
        if find_voice is None:
            from amigasweeper.access.voices.find_voice import find_voice as system_voice

            find_voice = system_voice
        try:
            voice = find_voice()
        except NoVoice as why:
            problem = str(why)
    return Narrator(voice, NarrationLog.to_file(log) if log is not None else None), problem
