"""The Narrator's ears on the Duel window's keyboard cursor: its square as the
player to move sees it, "edge" at the edge, why a key did nothing, the row,
the column and the squares around it, and the scores with whose turn it is.

The Duel's own lines (the last move and whose turn, after each move) are the
window's ``spoken()``, said by the window adapter (windownarration.py) as they change.
"""

from __future__ import annotations

from collections.abc import Callable

from amigasweeper.access.narrator import LineKind
from amigasweeper.access.words import cursor_line, edge_line, neighbourhood_line
from amigasweeper.access.words.reading import column_runs_line, none_line, row_runs_line
from amigasweeper.engine import MoveKind

from ..duel.duelwindow import DuelWindow
from ..game.keyplay import Jump, Read

Say = Callable[[LineKind, str], None]


def refused_duel_line(window: DuelWindow, cell: int) -> str:
    """Why the cursor's Space or Return played nothing in the Duel."""
    duel, names = window.duel, window.players.names
    if duel.over:
        return "the duel is over: Duel > New plays another"
    if window.hiding:
        return f"{names[duel.turn]} takes the mouse first"
    if not window.waiting_for_human():
        return f"it is {names[duel.turn]}'s turn"
    return f"{cursor_line(window.look, cell)}: nothing to play there"


class DuelListener:
    """keyplay.Listener for the Duel window's cursor."""

    def __init__(self, window: DuelWindow, say: Say) -> None:
        self.window = window
        self.say = say

    def cursor(self, cell: int) -> None:
        self.say(LineKind.CURSOR, cursor_line(self.window.look, cell))

    def edge(self, cell: int) -> None:
        self.say(LineKind.CURSOR, edge_line(self.window.look, cell))

    def refused(self, kind: MoveKind, cell: int) -> None:
        self.say(LineKind.RESULT, refused_duel_line(self.window, cell))

    def read(self, what: Read, cell: int) -> None:
        look = self.window.look
        col, row = look.topology.coords(cell)
        text = {
            Read.WHERE: lambda: cursor_line(look, cell),
            Read.ROW: lambda: row_runs_line(look, row),
            Read.COLUMN: lambda: column_runs_line(look, col),
            Read.AROUND: lambda: neighbourhood_line(look, cell),
            Read.TIME: self.scores,
            Read.STATUS: self.scores,
        }[what]()
        self.say(LineKind.ASKED if what is not Read.WHERE else LineKind.CURSOR, text)

    def nowhere(self, what: Jump) -> None:
        """A jump (J, Shift-J) found no square on the Duel's board: say so."""
        self.say(LineKind.ASKED, none_line(what.value))

    def scores(self) -> str:
        window = self.window
        names, scores = window.players.names, window.duel.scores
        return f"{names[0]} {scores[0]}, {names[1]} {scores[1]}; {window.status}"
