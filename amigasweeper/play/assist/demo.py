"""The Demo player: its pace, and the move it makes in each position.

One ``step`` is one tick of the front end's loop (a frame in the window);
the Demo moves every DEMO_FRAMES steps, as soon as its move is ready. A
certain square needs no thinking; a guess needs the position counted
(the assistance's ticks do that) and the player's choice among the
candidates, which the Demo works out ahead with what is left of each
tick's budget while it waits (``think_ahead``), so that the step of the
move seldom has to think.
"""

from __future__ import annotations

from dataclasses import dataclass

from amigasweeper.engine import MARKED, Game, Mark
from amigasweeper.play.played import Action
from amigasweeper.solver import Analysis, Knowledge, Player
from amigasweeper.solver.counting import CACHE, PAUSED, counting_deadline
from amigasweeper.solver.deadlines import Deadline, WatchedDeadline

from .current import CurrentWork, Position
from .frames import FrameBudget
from .position import PositionWork

DEMO_FRAMES = 8  # ticks between the Demo player's moves: quick, but each one is seen
THINK_FRAMES = 30  # ticks past its time a Demo move may wait for its guess to be worked out ahead


@dataclass(frozen=True)
class DemoMove:
    square: int
    action: Action  # UNCOVER, or MARK for a known mine once nothing is left to uncover


class Demo:
    def __init__(self, current: CurrentWork, frames: FrameBudget) -> None:
        self.current = current
        self.frames = frames
        self.on = False
        self.strong = False  # Strong Demo: the guesses look further (solver/lookahead.py)
        self.wait = 0  # steps until the next move
        # (position, square): the guess worked out ahead; square None when given up
        self.plan: tuple[Position, int | None] | None = None

    def start(self) -> None:
        self.on, self.wait = True, 0

    def stop(self) -> None:
        self.on = False

    def set_strong(self, on: bool) -> None:
        """Strong Demo on or off; a guess worked out ahead with the other setting is dropped."""
        if on != self.strong:
            self.strong = on
            self.plan = None

    def step(self, game: Game) -> DemoMove | None:
        """One tick of the Demo: its next move when its time has come and the move is ready."""
        if not self.on or game.status.over or game.paused:
            self.on = self.on and not game.status.over
            return None
        self.wait -= 1
        if self.wait > 0:
            return None
        if not game.placed:
            self.wait = DEMO_FRAMES
            return DemoMove(self._player(Knowledge.from_view(game.player_view())).decide().cell, Action.UNCOVER)
        work = self.current.of(game)
        knowledge = work.knowledge
        if knowledge.safe:
            self.wait = DEMO_FRAMES
            return DemoMove(min(knowledge.safe), Action.UNCOVER)
        final = work.final
        if final is None:
            return None  # still counting: try again next tick (the assistance's tick does the work)
        if self.guess_pending(work) and self.wait > -THINK_FRAMES:
            return None  # the guess is still being worked out in the ticks' spare time
        self.wait = DEMO_FRAMES
        if not knowledge.unknown:
            # Nothing left to uncover: under All Mines Found (or Both) the game is
            # won by marking, so the Demo marks the mines it knows.
            return self._mark_a_known_mine(game, work)
        planned = self.planned()
        if planned is not None:
            return DemoMove(planned, Action.UNCOVER)  # worked out while the Demo waited
        return DemoMove(self._guess_now(knowledge, final), Action.UNCOVER)

    def waiting(self, work: PositionWork) -> bool:
        """Does the player wait for the Demo's thinking (the window shows its busy pointer)?"""
        overdue = self.wait <= 0 and work.done and self.guess_pending(work)
        return self.on and not work.knowledge.safe and (not work.done or overdue)

    def _player(self, knowledge: Knowledge) -> Player:
        """The Demo's player: the strong setting when asked for, else the default."""
        return Player(knowledge, True if self.strong else None)

    def _guess_now(self, knowledge: Knowledge, final: Analysis) -> int:
        """The Demo's guess when it was not worked out ahead in time, from the position's final count."""
        if final.consistent and final.exact:
            # The position's counts are cached, and what the player adds to weigh
            # its guesses gets what is left of the tick's budget (past it, a
            # guess is judged by safety alone).
            started = self.frames.clock()
            with counting_deadline(Deadline(self.frames.left(started), self.frames.clock)):
                cell = self._player(knowledge).decide().cell
            self.frames.charge(started)
            return cell
        # An estimate (or marks that cannot be right): the square least likely to hold a mine.
        chance = final.probability
        return min(knowledge.unknown, key=lambda c: (chance.get(c, 1.0), c))

    def guess_pending(self, work: PositionWork) -> bool:
        """Is the Demo's guess in this (counted) position still being worked out ahead?"""
        knowledge, final = work.knowledge, work.final
        if final is None:
            return False  # not counted yet: nothing to work out ahead from
        if knowledge.safe or not knowledge.unknown or not (final.consistent and final.exact):
            return False  # a certain move, or a guess by the estimate: nothing to work out
        return self.plan is None or self.plan[0] != self.current.position

    def think_ahead(self, work: PositionWork, started: float) -> None:
        """The Demo's next guess, with what is left of this tick's budget.

        The counts that finish are cached, and those the deadline stops go on
        from there the next time (counting.PAUSED), so a guess too big for one
        tick gets further in each tick the Demo waits; a try that counts
        nothing, or spends more than its slice again outside the counts, would
        only repeat itself, and ends the thinking ahead. A guess worked out
        with no count cut short by the deadline is the one the player makes
        with time to spare, and is kept for the move, which waits for it up to
        THINK_FRAMES past its time; else the move's tick thinks with what is
        left of its budget.
        """
        position = self.current.position  # the position of ``work``, the current one
        if position is None or not self.guess_pending(work):
            return
        clock = self.frames.clock
        left = self.frames.left(started)
        if left <= 0:
            return
        deadline, began = WatchedDeadline(left, clock), clock()
        progress = CACHE.stored + PAUSED.kept
        with counting_deadline(deadline):
            cell = self._player(work.knowledge).decide().cell
        if not deadline.cut:
            self.plan = (position, cell)
        elif CACHE.stored + PAUSED.kept == progress or clock() - began > 2 * left:
            # No further than the last try, or most of the try went outside
            # the counts (which a new try would repeat): leave it to the move.
            self.plan = (position, None)

    def planned(self) -> int | None:
        """The square the Demo worked out ahead for the position being played, if any."""
        if self.plan is None or self.plan[0] != self.current.position:
            return None
        return self.plan[1]

    def _mark_a_known_mine(self, game: Game, work: PositionWork) -> DemoMove | None:
        cells = work.knowledge.cells
        unmarked = sorted(c for c, v in enumerate(cells) if v == MARKED and game.mark(c) == Mark.NONE)
        if not unmarked:
            self.on = False  # nothing the Demo can prove is left to do
            return None
        return DemoMove(unmarked[0], Action.MARK)
