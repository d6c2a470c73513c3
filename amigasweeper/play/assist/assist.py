"""Assist: the help a game can be given, for any front end.

Hint (the next certain square, its rule and why), Show Safe and Mines,
the odds of a square and the shading of the whole board, the Demo. Every
command that helps marks the game as helped (``PlayedGame.use_help``, with
its kind), whichever front end asked.

Rules 1-4 answer a Hint at once; rules 5 and 6, Show Safe and Mines, the
odds and the Demo's guesses wait for the count of the position, which each
``tick`` advances within its budget (ticks.py). A front end with no frames
calls ``settle`` (or passes ``wait=True``) to have the answer at once. A
count that runs past its patience gives estimates for the squares no proof
settles, and says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from amigasweeper.engine import Game, Mark, Move, MoveResult
from amigasweeper.engine.duel_moves import where
from amigasweeper.play.played import Help, PlayedGame
from amigasweeper.solver import Analysis
from amigasweeper.solver.hint_rules import counted_hint, simple_hint

from .answers import (
    ANY_SQUARE,
    GAME_OVER,
    GAME_PAUSED,
    MUST_GUESS,
    MUST_GUESS_ROUGHLY,
    NOTHING_KNOWN,
    HintAnswer,
    KnownSquares,
    Odds,
    Request,
    SquareVerdict,
)
from .demo import DemoMove
from .position import PositionWork
from .ticks import AssistWork


class Assist(AssistWork):
    """The help given to the game being played (``played()``), and what it shows."""

    def __init__(self, played: Callable[[], PlayedGame], clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(lambda: played().game, clock)
        self._played = played
        self.marks: dict[int, SquareVerdict] = {}  # square -> what the last answer proved, until the next move
        self.message = ""  # the last answer's sentence, until the next move
        self.answer: HintAnswer | None = None  # the last Hint's answer, once there is one
        self.known: KnownSquares | None = None  # the last Show Safe and Mines, once there is one

    # ------------------------------------------------- told by the session
    def new_game(self, game: Game) -> None:
        self.forget()
        self.demo.stop()

    def moved(self, game: Game, move: Move, result: MoveResult) -> None:
        """A move was played: what was shown of the old position goes."""
        if not (result.accepted and move.kind.takes_cell):
            return
        if self.show_probabilities:
            self._played().use_help(Help.PROBABILITIES)  # a move made with the chances shown
        self.forget()
        if game.status.over:
            self.demo.stop()

    def forget(self) -> None:
        self.marks.clear()
        self.message = ""
        self.pending.clear()

    # ------------------------------------------------------------ commands
    def hint(self, wait: bool = False) -> HintAnswer | None:
        """The next certain square and why; None while the count it needs goes on
        (``answer`` has it once a tick finds it), never with ``wait``."""
        self.marks.clear()
        self.answer = None
        refused = self._refusal()
        if refused:
            return self._tell(HintAnswer.none(refused))
        self._played().use_help(Help.HINT)
        game = self.game
        if not game.placed:
            return self._tell(HintAnswer.none(ANY_SQUARE))
        deduction = simple_hint(game.player_view())
        if deduction is not None:
            return self._tell(HintAnswer.of(deduction))
        self._ask(Request.HINT, wait)
        return self.answer

    def show_safe_and_mines(self, wait: bool = False) -> KnownSquares | None:
        """Every square provably safe and provably a mine (None while counting, never with ``wait``)."""
        self.marks.clear()
        self.known = None
        refused = self._refusal()
        if refused:
            return self._know(KnownSquares(frozenset(), frozenset(), note=refused))
        self._played().use_help(Help.SAFE_AND_MINES)
        if not self.game.placed:
            return self._know(KnownSquares(frozenset(), frozenset(), note=NOTHING_KNOWN))
        self._ask(Request.SAFE_AND_MINES, wait)
        return self.known

    def _known_now(self) -> KnownSquares:
        known = self.show_safe_and_mines(wait=True)
        # With wait the count is settled, and a placed game's answer given, before it returns.
        assert known is not None
        return known

    def known_safe(self) -> frozenset[int]:
        return self._known_now().safe

    def known_mines(self) -> frozenset[int]:
        return self._known_now().mines

    def set_probabilities(self, on: bool) -> None:
        """Show Probabilities on or off: the shading is worked out while it is on."""
        self.show_probabilities = on
        self.message = ""  # the window's bar now shows the chance under the pointer
        if on:
            self._played().use_help(Help.PROBABILITIES)

    def odds(self, square: int, wait: bool = False) -> Odds:
        """The chance of a mine on ``square``: as far as worked out, or with ``wait`` the count's."""
        game = self.game
        if not 0 <= square < game.topology.size:
            raise ValueError(f"no square {square} on a board of {game.topology.size}")
        refused = self._refusal()
        if refused:
            return Odds(square, where(game.topology, square), None, note=refused)
        self._played().use_help(Help.PROBABILITIES)
        if game.mark(square) != Mark.NONE:
            return Odds(square, where(game.topology, square), None, note=f"{where(game.topology, square)} is marked.")
        if game.placed and not game.is_open(square):
            self._ask(Request.ODDS, wait)
        return self.odds_shown(square)

    def start_demo(self) -> None:
        self._played().use_help(Help.DEMO)
        self.demo.start()

    def stop_demo(self) -> None:
        self.demo.stop()

    def demo_step(self) -> DemoMove | None:
        """One tick of the Demo's pace: its move when one is due (the front end plays it)."""
        return self.demo.step(self.game)

    def _refusal(self) -> str:
        game = self.game
        return GAME_OVER if game.status.over else GAME_PAUSED if game.paused else ""

    def _ask(self, request: Request, wait: bool) -> None:
        """Answer in this tick if the count is ready or quick, else when it is."""
        self.message = ""
        self.pending.add(request)
        self._slice()
        if wait:
            self.settle()

    def _tell(self, answer: HintAnswer) -> HintAnswer:
        self.answer, self.message = answer, answer.text
        self._mark(answer.safe, answer.mines)
        return answer

    def _know(self, known: KnownSquares) -> KnownSquares:
        self.known, self.message = known, known.text
        self._mark(known.safe, known.mines)
        return known

    def _mark(self, safe, mines) -> None:
        self.marks.update({cell: SquareVerdict.SAFE for cell in safe})
        self.marks.update({cell: SquareVerdict.MINE for cell in mines})

    def _answer(self, work: PositionWork, analysis: Analysis) -> None:
        """The count is done: the answers waiting for it."""
        if Request.HINT in self.pending:
            self.pending.discard(Request.HINT)
            deduction = counted_hint(analysis)
            if deduction is not None:
                self._tell(HintAnswer.of(deduction))
            else:  # every certain square was still found (solver/decide.py): only the chances may be rough
                self._tell(HintAnswer.none(MUST_GUESS if analysis.exact else MUST_GUESS_ROUGHLY))
        if Request.SAFE_AND_MINES in self.pending:
            self.pending.discard(Request.SAFE_AND_MINES)
            safe, mines, exact, problem = work.certain(analysis)
            self._know(KnownSquares(safe, mines, exact, problem))
        self.pending.discard(Request.ODDS)


    def odds_shown(self, square: int) -> Odds:
        """The chance the shading gives ``square`` now (no help used: it only reads what is shown)."""
        game = self.game
        place = where(game.topology, square)
        if not game.placed:
            return Odds(square, place, None, note=ANY_SQUARE)
        if game.is_open(square):
            return Odds(square, place, None, note=f"{place} is uncovered.")
        shading = self.shading()
        chance = shading.chances[square]
        if chance is None:
            return Odds(square, place, None, note=f"No chance worked out yet at {place}.")
        return Odds(square, place, chance, shading.settled[square])

    def chance_text(self, square: int | None) -> str:
        """The window's bar under the pointer: the square's chance, or nothing."""
        if square is None:
            return ""
        odds = self.odds_shown(square)
        return odds.text if odds.chance is not None else ""
