"""Assist: the help a game can be given, for any front end.

Hint (the next certain square, its rule and why), Show Safe and Mines,
the odds of a square and the shading of the whole board, the Demo. Every
command that helps marks the game as helped (``PlayedGame.use_help``, with
its kind), whichever front end asked.

No front end waits for the solver. Rules 1-4 answer a Hint at once; rules
5 and 6, Show Safe and Mines, the odds and the Demo's guesses wait for the
count of the position, which each ``tick`` advances within its budget
(frames.py); meanwhile the last shading stays, every square of it an
estimate. A front end with no frames calls ``settle`` (or passes
``wait=True``) to have the answer at once. A count that runs past its
patience gives estimates for the squares no proof settles, and says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from amigasweeper.engine import Game, Mark, Move, MoveResult
from amigasweeper.engine.duel_moves import where
from amigasweeper.play.played import Help, PlayedGame
from amigasweeper.solver.counting import GRAVEYARD, Deadline
from amigasweeper.solver.rules import counted_hint, simple_hint

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
    Verdict,
)
from .current import CurrentWork, position_of
from .demo import Demo, DemoMove
from .frames import FrameBudget
from .position import PositionWork
from .shading import Shading

SETTLE_STEP = 0.05  # seconds of solver work per tick when a front end waits for an answer


class Assist:
    """The help given to the game being played (``played()``), and what it shows."""

    def __init__(self, played: Callable[[], PlayedGame], clock: Callable[[], float] = time.perf_counter) -> None:
        self._played = played
        self.frames = FrameBudget(clock)
        self.current = CurrentWork(self.frames)
        self.demo = Demo(self.current, self.frames)
        self.marks: dict[int, Verdict] = {}  # square -> what the last answer proved, until the next move
        self.message = ""  # the last answer's sentence, until the next move
        self.answer: HintAnswer | None = None  # the last Hint's answer, once there is one
        self.known: KnownSquares | None = None  # the last Show Safe and Mines, once there is one
        self.show_probabilities = False  # the shading is wanted (it stays on from game to game)
        self.pending: set[Request] = set()
        self._shown: Shading | None = None  # the shading last made, kept until the next is ready
        self._shown_for: tuple[int, int] | None = None  # the position it belongs to
        self._stale: tuple[Shading, Shading] | None = None  # a shading, and the same all as estimates

    @property
    def clock(self) -> Callable[[], float]:
        return self.frames.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.frames.clock = clock

    @property
    def game(self) -> Game:
        return self._played().game

    @property
    def work(self) -> PositionWork | None:
        return self.current.work

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

    def known_safe(self) -> frozenset[int]:
        return self.show_safe_and_mines(wait=True).safe

    def known_mines(self) -> frozenset[int]:
        return self.show_safe_and_mines(wait=True).mines

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
        self.marks.update({cell: Verdict.SAFE for cell in safe})
        self.marks.update({cell: Verdict.MINE for cell in mines})

    def _answer(self, work: PositionWork) -> None:
        """The count is done: the answers waiting for it."""
        if Request.HINT in self.pending:
            self.pending.discard(Request.HINT)
            deduction = counted_hint(work.analysis)
            if deduction is not None:
                self._tell(HintAnswer.of(deduction))
            else:  # every certain square was still found (solver/decide.py): only the chances may be rough
                self._tell(HintAnswer.none(MUST_GUESS if work.analysis.exact else MUST_GUESS_ROUGHLY))
        if Request.SAFE_AND_MINES in self.pending:
            self.pending.discard(Request.SAFE_AND_MINES)
            safe, mines, exact, problem = work.certain()
            self._know(KnownSquares(safe, mines, exact, problem))
        self.pending.discard(Request.ODDS)

    # --------------------------------------------------------------- ticks
    def wanted(self) -> bool:
        """Does anything wait for the solver's work on this position?"""
        game = self.game
        active = self.show_probabilities or self.pending or self.demo.on
        return bool(active) and game.placed and not game.status.over and not game.paused

    def tick(self, budget: float | None = None) -> None:
        """Once every frame or turn of a loop: a slice of work, at most ``budget``
        seconds (from now on; else the last given), and whatever it finished is shown."""
        if budget is not None:
            self.frames.budget = budget
        self._slice()
        self.frames.next_tick()

    def settle(self, step: float = SETTLE_STEP) -> None:
        """Tick until nothing waits for the solver: for a front end that waits for an answer.
        It ends: a count past its patience gives estimates (position.py's PATIENCE)."""
        budget = self.frames.budget
        try:
            while self.waiting():
                self.tick(step)
        finally:
            self.frames.budget = budget

    def waiting(self) -> bool:
        """Does an answer, the shading or the Demo's next move still wait for the count?"""
        if not self.wanted():
            return False
        if not self.current.is_for(self.game):
            return True
        work = self.current.work
        return bool(self.pending) or (self.show_probabilities and work.analysis is None) or (
            self.demo.on and not work.done)

    def busy(self) -> bool:
        """True while the player waits for the solver (the window shows its busy pointer)."""
        if not self.wanted() or not self.current.is_for(self.game):
            return self.wanted()
        work = self.current.work
        waiting_for_count = (self.show_probabilities or self.pending) and work.analysis is None
        return bool(waiting_for_count or self.demo.waiting(work))

    def _slice(self) -> None:
        """What is left of this tick's solver budget, spent on the position being played."""
        frames, game = self.frames, self.game
        started = frames.clock()
        if not self.wanted():
            GRAVEYARD.bury(Deadline(frames.left(started), frames.clock))  # free old counts in idle ticks
            return
        quiet = frames.fresh and self.current.is_for(game)  # no other solver work in this tick yet
        work = self.current.of(game)  # a new position's frontier is built within the tick's budget too
        if not work.done and frames.left(started) > 0:
            work.step(frames.left(started))
            quiet = False
        if work.chances is not None:
            self._shown, self._shown_for = work.shading, self.current.position
        if work.analysis is not None:
            self._answer(work)
        if self.demo.on and work.done and quiet:
            # Only in a tick with no other solver work: the player's own steps
            # around its counts (ordering candidates, the endgame search) are
            # not held by the deadline and need the room.
            self.demo.think_ahead(work, started)
        frames.charge(started)

    # -------------------------------------------------------- probabilities
    def shading(self) -> Shading:
        """The shading of this game: the latest, maybe a move old, and then all
        estimates (its proofs were about another position)."""
        game, shown, position = self.game, self._shown, self._shown_for
        if shown is None or position is None or position[0] != id(game):
            return Shading.blank(game.topology.size)
        if position != position_of(game):
            if self._stale is None or self._stale[0] is not shown:  # made once: the board redraws by identity
                self._stale = (shown, shown.unsettled())
            return self._stale[1]
        return shown

    @property
    def estimated(self) -> bool:
        """Some square of the shading shows an estimate."""
        if self._shown is None:
            return False
        return self._shown_for != self.current.position or self._shown.estimated

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
