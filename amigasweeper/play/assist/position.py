"""The solver's work on the position being played, a slice per frame, and the
probability shading it produces as it goes.

A position whose count is done within PREVIEW seconds of work is shaded once,
from the count. A longer one is shaded in stages, each shown as soon as it
is ready, so that something shows within a few frames on any board:

1. the squares the pair rules settle (0% and 100%, nothing else shaded);
2. a sketch: those, the squares small components settle, and an estimate of
   every other square;
3. the decision (solver/decide.py), which settles every square that can be
   settled, the mine total included; each proof goes on the board as it is
   found, and from here on the count gets half of every slice;
4. the count itself: exact chances for every square, or, past PATIENCE, the
   decision's proofs and an estimate of the rest.

Every square is shown *settled* (its value is final: proved 0% or 100%, or
counted exactly) or as an *estimate*, which the board draws differently, so
no estimate is ever taken for a proof; and no stage settles a square on the
wrong side, since only proofs and exact counts are ever marked settled.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from amigasweeper.engine import MARKED, Game
from amigasweeper.solver import Analysis, Knowledge
from amigasweeper.solver.constraints import Inconsistent, constraints_of
from amigasweeper.solver.deadlines import METER, Deadline
from amigasweeper.solver.hint_rules import certainty_of
from amigasweeper.solver.propagate import propagate_steps

from .shading import Shading

PATIENCE = 0.4  # seconds of counting one position may take in all before estimates are shown
PREVIEW = 0.006  # seconds of work after which a position not yet counted is shaded in stages
REFRESH_FRAMES = 6  # frames between two shadings of the decision's progress (each is redrawn in full)

# The preview stages: new shadings (or a way to make one, when it may be
# skipped for a later one), or None to pause.
Stages = Generator[Shading | Callable[[], Shading] | None, None, None]


class PositionWork:
    """The solver's work on one position, advanced a slice per frame.

    It follows the player's own steps (rules 1 and 2, then a count; mines the
    count proves are taken in and counted again) so that when the Demo asks the
    player for a guess, every count the player needs is already cached.
    """

    def __init__(self, game: Game, clock: Callable[[], float]) -> None:
        self.view = game.player_view()
        self.knowledge = Knowledge.from_view(self.view)
        self.clock = clock
        self.spent = 0.0
        self.analysis: Analysis | None = None  # the first count: shading, Hint, Show Safe and Mines
        self.shading: Shading | None = None  # what the board shows of this position so far
        self.proved_safe: frozenset[int] = frozenset()  # by rules 1 and 2 before the first count
        self.proved_mines: frozenset[int] = frozenset()
        self.final: Analysis | None = None  # the count once nothing more can be proved (the Demo)
        self._start_job()
        self.proved_safe, self.proved_mines = frozenset(self.knowledge.safe), self._known_mines()
        self._stages: Stages | None = self._preview_stages()  # the shading shown before the first count is done
        self._sharing = False  # the stages and the count share each slice (from the decision on)
        self._progress: Callable[[], Shading] | None = None  # the decision's progress, not yet shown
        self._frames_since_shown = 0

    @property
    def chances(self) -> list[float | None] | None:
        return None if self.shading is None else self.shading.chances

    def _known_mines(self) -> frozenset[int]:
        view = self.view.cells
        return frozenset(c for c, v in enumerate(self.knowledge.cells) if v == MARKED and view[c] != MARKED)

    def _start_job(self) -> None:
        self.knowledge.trivial()
        patience = max(0.0, PATIENCE - self.spent)
        self._job = self.knowledge.analysis_job(patience=patience, work_limit=None, clock=self.clock)

    @property
    def done(self) -> bool:
        return self.final is not None

    def step(self, seconds: float) -> None:
        """Work for about ``seconds`` of the clock."""
        clock = self.clock
        start = clock()
        if self.analysis is None and self._stages is not None and self.spent >= PREVIEW:
            self._preview(self._stages, Deadline(seconds / 2 if self._sharing else seconds, clock))
        while not self.done and self._job.step(max(0.0, seconds - (clock() - start))):
            result = self._job.result
            assert result is not None  # step() said the result is ready
            self._finished(result)
            if clock() - start >= seconds:
                break
        self.spent += clock() - start

    def _preview(self, stages: Stages, deadline: Deadline) -> None:
        """Advance the preview ``stages`` within ``deadline``; whatever finishes is shown (the
        decision's progress, made on demand, at most every REFRESH_FRAMES frames)."""
        self._frames_since_shown += 1
        try:
            while not deadline.expired():
                shown = next(stages)
                if isinstance(shown, Shading):
                    self.shading, self._progress, self._frames_since_shown = shown, None, 0
                elif shown is not None:
                    self._progress = shown
        except StopIteration:
            self._stages = None
        if self._progress is not None and (self._stages is None or self._frames_since_shown >= REFRESH_FRAMES):
            self.shading, self._progress, self._frames_since_shown = self._progress(), None, 0

    def _preview_stages(self) -> Stages:
        """The stages before the count: a generator yielding new shadings (or a way to make
        one, when it may be skipped for a later one), or None to pause."""
        size = self.view.topology.size
        try:
            constraints = constraints_of(self.view.topology, self._job_cells(), self.knowledge.frontier)
            steps = propagate_steps(constraints)
            while True:
                try:
                    next(steps)
                except StopIteration as finished:
                    proved = finished.value
                    break
                yield None
        except Inconsistent:
            return  # the count will say what is wrong
        yield Shading.blank(size).with_proofs(proved.safe | self.proved_safe, proved.mines | self.proved_mines)
        # The sketch: no counting beyond the quick counts and no decision, so
        # that an estimate of every square shows soon.
        sketch = self.knowledge.analysis_job(patience=0.0, work_limit=None, clock=self.clock, decide=False)
        try:
            while not sketch.step(0.0):
                yield None  # one more piece of the sketch in the next pass
        finally:
            if not sketch.done:
                sketch.abandon()
        result = sketch.result
        assert result is not None  # step() said the sketch is ready
        if not result.consistent:
            return
        self._sharing = True
        yield from self._decision_stage(self._shading_of(result))

    def _decision_stage(self, sketch: Shading) -> Generator[Callable[[], Shading] | None, None, None]:
        """Every square that can be settled, shown as each proof is found; the sketch's
        estimate of a square only once the decision knows no proof can settle it."""
        try:
            task = self.knowledge.decision_task()
        except Inconsistent:
            return  # the count will say what is wrong
        progress = None
        while True:
            if not task.done:
                METER.work += task.advance()
            if task.progress != progress:
                progress = task.progress
                yield lambda: self._decided_so_far(sketch, task)
            elif not task.done:
                yield None
            if task.done:
                return

    def _decided_so_far(self, sketch: Shading, task) -> Shading:
        """Proofs settled; squares shown open with the sketch's estimate; the rest not shaded yet."""
        shading = Shading.blank(self.view.topology.size)
        for cell in task.open_cells():
            if not sketch.settled[cell]:
                shading.chances[cell] = sketch.chances[cell]
        proofs = [cell for cell, final in enumerate(sketch.settled) if final]
        shading = shading.with_proofs([c for c in proofs if sketch.chances[c] == 0.0], [c for c in proofs if sketch.chances[c] == 1.0])
        return shading.with_proofs(*task.proved())

    def _finished(self, result: Analysis) -> None:
        if self.analysis is None:
            self.analysis = result
            self.shading = self._shading_of(result)
            if self._stages is not None:
                self._stages.close()
                self._stages = None
        unknown_before = len(self.knowledge.unknown)
        self.knowledge.apply(result)
        found_mines = len(self.knowledge.unknown) != unknown_before
        if not result.consistent or not result.exact or self.knowledge.safe or not found_mines:
            self.final = result
        else:
            self._start_job()  # the count proved mines: count again with them known, as the player does

    def _shading_of(self, result: Analysis) -> Shading:
        """The chances of an analysis: all settled when it counted exactly, else only its proofs."""
        shading = Shading.blank(self.view.topology.size)
        if not result.consistent:
            return shading
        for cell, chance in result.probability.items():
            shading.chances[cell] = chance
            shading.settled[cell] = result.exact
        return shading.with_proofs(result.safe | self.proved_safe, result.mines | self.proved_mines)

    def certain(self, analysis: Analysis) -> tuple[frozenset[int], frozenset[int], bool, str]:
        """(safe, mines, exact, problem) from the first count, ``analysis``."""
        certainty = certainty_of(analysis, self._job_cells())
        if not certainty.consistent:
            return frozenset(), frozenset(), True, certainty.problem
        return certainty.safe | self.proved_safe, certainty.mines | self.proved_mines, certainty.exact, ""

    def _job_cells(self) -> list[int]:
        cells = list(self.view.cells)
        for cell in self.proved_mines:
            cells[cell] = MARKED
        return cells

    def abandon(self) -> None:
        self._job.abandon()
        if self._stages is not None:
            self._stages.close()
