"""The solver's work behind the assistance, a slice per tick.

No front end waits for the solver: each ``tick`` (a frame of the window, a
turn of a loop) spends what is left of its budget (frames.py) on the
position being played, for whatever waits on it: a Hint by rules 5 or 6,
Show Safe and Mines or the odds (``pending``), the shading, the Demo's
next move (its guess worked out ahead in quiet ticks). Meanwhile the last
shading stays, every square of it an estimate. ``settle`` ticks until
nothing waits, for a front end that wants the answer now.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from amigasweeper.engine import Game
from amigasweeper.solver import Analysis
from amigasweeper.solver.counting import GRAVEYARD
from amigasweeper.solver.deadlines import Deadline

from .answers import Request
from .current import CurrentWork, position_of
from .demo import Demo
from .frames import FrameBudget
from .position import PositionWork
from .shading import Shading
from .shown import ShownShading

SETTLE_STEP = 0.05  # seconds of solver work per tick when a front end waits for an answer


class AssistWork(ABC):
    """The work, what waits for it, and the shading it has made so far."""

    def __init__(self, game: Callable[[], Game], clock: Callable[[], float]) -> None:
        self._game = game
        self.frames = FrameBudget(clock)
        self.current = CurrentWork(self.frames)
        self.demo = Demo(self.current, self.frames)
        self.show_probabilities = False  # the shading is wanted (it stays on from game to game)
        self.pending: set[Request] = set()  # answers waiting for the count
        self.shown = ShownShading()  # the shading last made, kept until the next is ready

    @property
    def clock(self) -> Callable[[], float]:
        return self.frames.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.frames.clock = clock

    @property
    def game(self) -> Game:
        return self._game()

    @property
    def work(self) -> PositionWork | None:
        return self.current.work

    @abstractmethod
    def _answer(self, work: PositionWork, analysis: Analysis) -> None:
        """The count of the position is done (``analysis``, the work's first count):
        give the answers ``pending`` waits for."""

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
        work = self.current.work_for(self.game)
        if work is None:
            return True
        return bool(self.pending) or (self.show_probabilities and work.analysis is None) or (
            self.demo.on and not work.done)

    def busy(self) -> bool:
        """True while the player waits for the solver (the window shows its busy pointer)."""
        work = self.current.work_for(self.game)
        if not self.wanted() or work is None:
            return self.wanted()
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
        if work.shading is not None:
            self.shown.keep(work.shading, position_of(game))  # the position current.of(game) gave the work for
        if work.analysis is not None:
            self._answer(work, work.analysis)
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
        return self.shown.of(self.game)

    @property
    def estimated(self) -> bool:
        """Some square of the shading shows an estimate."""
        return self.shown.estimated(self.current.position)
