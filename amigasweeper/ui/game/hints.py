"""The Hint menu on screen: the next certain move with its rule, MySweeper's
checked squares and red X's, probability shading, and the Demo player.

UI state only: the solver (amigasweeper.solver) decides; this keeps what is
shown until the next move and draws it over the board.
"""

from __future__ import annotations

from amigasweeper.engine import Game, Mark, MoveKind
from amigasweeper.solver import all_certain, best_move, next_hint, probabilities

from ..intuition.atlas import Cell

DEMO_FRAMES = 8  # frames between the Demo player's moves: quick, but each one is seen
# The probability shading's steps and legend are drawn by shading.py.


class HintState:
    """What the Hint menu currently shows over one game."""

    def __init__(self) -> None:
        self.marks: dict[int, Cell] = {}  # square -> HINT_SAFE or HINT_MINE, until the next move
        self.message = ""
        self.show_probabilities = False
        self.demo = False
        self.demo_wait = 0
        self._chances: list[float | None] | None = None
        self._chances_for: tuple[int, int] | None = None

    def forget(self) -> None:
        """A move was made or a new game began: the marks and message go."""
        self.marks.clear()
        self.message = ""

    # ------------------------------------------------------------- commands
    def hint(self, game: Game) -> None:
        deduction = next_hint(game.player_view())
        self.marks.clear()
        if deduction is None:
            self.message = "No square is certain: you must guess." if game.placed else "Any square is safe to start."
            return
        self.message = f"{deduction.rule.title}: {deduction.reason}"
        self._mark(deduction.safe, deduction.mines)

    def show_safe_and_mines(self, game: Game) -> None:
        self.marks.clear()
        if not game.placed:
            self.message = "Nothing is known yet: any square is safe to start."
            return
        certainty = all_certain(game.player_view())
        self._mark(certainty.safe, certainty.mines)
        found = f"{len(certainty.safe)} safe, {len(certainty.mines)} mines known"
        self.message = certainty.problem or (found if certainty.exact else found + " (approximate)")

    def _mark(self, safe, mines) -> None:
        self.marks.update({cell: Cell.HINT_SAFE for cell in safe})
        self.marks.update({cell: Cell.HINT_MINE for cell in mines})

    # -------------------------------------------------------- probabilities
    def chances(self, game: Game) -> list[float | None]:
        """Each covered square's chance of a mine, computed once per position."""
        key = (id(game), len(game.moves))
        if self._chances_for != key:
            self._chances = probabilities(game.player_view())
            self._chances_for = key
        return self._chances

    def chance_text(self, game: Game, cell: int | None) -> str:
        if cell is None or game.is_open(cell):
            return ""
        chance = self.chances(game)[cell]
        if chance is None:
            return ""
        col, row = game.topology.coords(cell)
        return f"Mine chance {chance * 100:.1f}% at {col + 1},{row + 1}"

    # ----------------------------------------------------------------- demo
    def demo_move(self, game: Game):
        """The Demo player's next move, every few frames: (square, MoveKind) or None."""
        if not self.demo or game.status.over or game.paused:
            self.demo = self.demo and not game.status.over
            return None
        self.demo_wait -= 1
        if self.demo_wait > 0:
            return None
        self.demo_wait = DEMO_FRAMES
        view = game.player_view()
        try:
            decision = best_move(view)
        except ValueError:
            # Nothing left to uncover: under All Mines Found (or Both) the game is
            # won by marking, so the Demo marks the mines it knows.
            return self._mark_a_known_mine(game, view)
        return decision.cell, decision.action

    def _mark_a_known_mine(self, game: Game, view):
        unmarked = sorted(c for c in all_certain(view).mines if game.mark(c) == Mark.NONE)
        if not unmarked:
            self.demo = False  # nothing the Demo can prove is left to do
            return None
        return unmarked[0], MoveKind.MARK
