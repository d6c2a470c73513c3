"""The whole-position analysis behind rules 5 and 6 and the probabilities.

``analyse`` takes what a player sees (a list in PlayerView.cells form: numbers,
COVERED, MARKED) and never a mine layout. Marks are taken to be right, as
MySweeper assumed; marks that cannot all be right make the analysis report
``consistent=False`` with the reason, instead of raising.

The work is a resumable computation (AnalysisJob): the program advances it a
slice of time per frame, so a position that takes long to count never holds a
frame up. Each component is counted once and cached (counting.CACHE), so after
a move only the components the move changed cost anything. A component that
does not finish quickly is first cut down by the pair rules (propagate.py): the
squares they prove leave the count, and the rest often splits into pieces that
count fast. When the job's patience (a budget of time, or of work for callers
that must be deterministic) runs out, what is still uncounted is first
settled completely by the decision (decide.py: every square that can be a
mine and every one that can be safe, the mine total included, patience or
not), and only then given estimated probabilities; the Analysis then says
``exact=False``, every provable square still shows 0 or 1, and no other
square does.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field

from amigasweeper.engine import COVERED, MARKED, Topology

from .combining import Counted, Finished, combine_steps
from .constraints import Component, Constraint, Inconsistent, Lines, constraints_of, lines_of, split_components
from .counting import CACHE, DEFAULT_BUDGET, GRAVEYARD, CountTask, component_key
from .deadlines import METER, NEVER, Deadline
from .decide import Decided, DecisionTask, decision_task
from .estimate import estimate_steps
from .facts import global_facts, local_facts, set_proved, take_out
from .propagate import Propagated, propagate_steps

QUICK_WORK = 2_000  # DP transitions a component may take before the pair rules cut it down


@dataclass
class Analysis:
    """What counting proves about a position.

    ``local_safe``/``local_mines`` hold for every arrangement that fits the
    numbers alone (rule 5); ``safe``/``mines`` also use the mine total (rule 6).
    ``exact`` is False when some component was too large to count in budget:
    the other squares' probabilities are then estimates, strictly between 0
    and 1; the facts claimed are still all of them (the decision settles every
    square that every arrangement agrees on), and those squares keep 0 and 1.
    """

    topology: Topology
    consistent: bool = True
    exact: bool = True
    problem: str = ""
    problem_witnesses: tuple[int, ...] = ()
    constraints: list[Constraint] = field(default_factory=list)
    components: list[Component] = field(default_factory=list)
    counted: Counted | None = None
    mines_left: int = 0
    unknown: list[int] = field(default_factory=list)  # every covered, unmarked square
    off_cells: list[int] = field(default_factory=list)  # unknown squares no number touches
    local_safe: set[int] = field(default_factory=set)
    local_mines: set[int] = field(default_factory=set)
    safe: set[int] = field(default_factory=set)
    mines: set[int] = field(default_factory=set)
    probability: dict[int, float] = field(default_factory=dict)  # unknown square -> chance of a mine

    @property
    def witnesses(self) -> tuple[int, ...]:
        return tuple(c.witness for c in self.constraints)

    def probabilities(self) -> list[float | None]:
        """One entry per square: a mine chance for unknown squares, None elsewhere."""
        out: list[float | None] = [None] * self.topology.size
        for cell, p in self.probability.items():
            out[cell] = p
        return out


class AnalysisJob:
    """An analysis done a slice at a time: ``step`` until ``done``, then read ``result``.

    ``patience`` is the time the whole job may take (its own working time, not
    the frames in between), ``work_limit`` the DP transitions any one count may
    take; either may be None for no limit. Past them, the job estimates what is
    still uncounted. ``clock`` is injectable: tests drive it by work, not time.
    """

    def __init__(
        self,
        topology: Topology,
        cells: Sequence[int],
        total_mines: int,
        *,
        witnesses: Iterable[int] | None = None,
        unknown: list[int] | None = None,
        patience: float | None = None,
        work_limit: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        decide: bool = True,
    ) -> None:
        self.topology = topology
        self.cells = cells
        self.total_mines = total_mines
        self.witnesses = witnesses
        self.unknown = unknown
        self.patience = patience
        self.work_limit = work_limit
        self.clock = clock
        self.decide = decide  # settle what the counts left open, completely (else: only estimate it)
        self.spent = 0.0  # seconds of working time so far
        self.work = 0  # DP transitions and pair comparisons done so far (counting.WorkMeter.work)
        self.steps = 0  # calls of step()
        self.last_work = 0  # the work of the last step
        self.result: Analysis | None = None
        self._slice = NEVER
        self._started = 0.0
        self._tasks: list[CountTask] = []
        self._run = self._stages()

    @property
    def done(self) -> bool:
        return self.result is not None

    def step(self, seconds: float | None = None) -> bool:
        """Work for at most about ``seconds`` (None: to the end); True when the result is ready."""
        if self.result is not None:
            return True
        start = self._started = self.clock()
        limit = seconds
        if self.patience is not None and self.spent < self.patience:
            # Counting stops with the patience; the cheap stages after it (the
            # pair rules, the estimate) still get whole slices.
            rest = self.patience - self.spent
            limit = rest if limit is None else min(limit, rest)
        self._slice = Deadline(limit, self.clock)
        self.steps += 1
        metered = METER.work
        GRAVEYARD.bury(self._slice)  # what earlier jobs left unfinished goes first
        try:
            next(self._run)
        except StopIteration as finished:
            self.result = finished.value
        self.work += METER.work - metered
        self.last_work = METER.work - metered
        self.spent += self.clock() - start
        return self.result is not None

    def run(self) -> Analysis:
        """Work to the end at once (the job's patience and work limit still apply)."""
        while not self.step():
            pass
        GRAVEYARD.bury()
        assert self.result is not None  # step() is True only once the result is set
        return self.result

    def abandon(self) -> None:
        """The position changed before the job finished: leave its counts to be freed a bit at a time."""
        GRAVEYARD.add(self._tasks)
        self._tasks = []
        self._run.close()

    def _task(self, component: Component) -> CountTask:
        task = CountTask(component)
        self._tasks.append(task)
        return task

    # ------------------------------------------------------------- the stages
    def _patience_over(self) -> bool:
        return self.patience is not None and self.spent + (self.clock() - self._started) >= self.patience

    def _advance(self, task: CountTask, limit: int | None) -> Generator[None, None, bool]:
        """Advance one count across as many slices as it takes; False if a limit stopped it."""
        while True:
            if self._patience_over() and not task.done:
                return False
            finished = task.advance(self._slice, limit)
            if finished:
                return True
            if (limit is not None and task.work > limit) or self._patience_over():
                return False
            yield

    def _pause(self) -> Generator[None, None, None]:
        """Wait for the next slice if this one is used up."""
        if self._slice.expired():
            yield

    def _paced(self, steps: Generator[None, None, Finished]) -> Generator[None, None, Finished]:
        """Run a stage that pauses between its parts, waiting for the next slice whenever this one is used up."""
        while True:
            try:
                next(steps)
            except StopIteration as finished:
                return finished.value
            yield from self._pause()

    def _cut(self, component: Component) -> Generator[None, None, Propagated]:
        """The pair rules over one component (cached), patience or not: they are cheap and prove squares."""
        key = component_key(component)
        found = _CUTS.get(key)
        if found is not None:
            return found
        steps = propagate_steps(component.constraints)
        while True:
            try:
                METER.work += next(steps)
            except StopIteration as finished:
                _CUTS.put(key, finished.value)
                return finished.value
            yield from self._pause()

    def _stages(self) -> Generator[None, None, Analysis]:
        result = Analysis(self.topology)
        cells = self.cells
        unknown = self.unknown
        if unknown is None:
            unknown = [c for c, v in enumerate(cells) if v == COVERED]
        result.unknown = unknown
        marked = sum(1 for v in cells if v == MARKED)
        result.mines_left = self.total_mines - marked
        try:
            if result.mines_left < 0:
                raise Inconsistent((), f"there are {marked} mine marks but only {self.total_mines} mines")
            result.constraints = constraints_of(self.topology, cells, self.witnesses)
            yield from self._count_all(result)
        except Inconsistent as problem:
            result.consistent = False
            result.exact = True
            result.problem = problem.why
            result.problem_witnesses = problem.witnesses
            result.probability.clear()
            result.safe.clear()
            result.mines.clear()
        return result

    def _count_all(self, result: Analysis) -> Generator[None, None, None]:
        """Quick counts first, smallest first; then cut the large ones down; then the long counts;
        what is still uncounted is settled by the decision and estimated."""
        components = split_components(result.constraints)
        frontier = {cell for component in components for cell in component.cells}
        result.off_cells = [cell for cell in result.unknown if cell not in frontier]
        quick = QUICK_WORK if self.work_limit is None else min(QUICK_WORK, self.work_limit)
        counted: list[Component] = []
        slow: list[CountTask] = []
        proved = Propagated()  # squares taken out of the counts, settled in every arrangement
        by_size = sorted(components, key=lambda c: len(c.boxes))
        for task in [self._task(component) for component in by_size]:
            # A component known not to count quickly goes straight to the pair rules.
            known_slow = not task.done and CACHE.too_big.get(task.key, -1) >= quick
            if not known_slow and (yield from self._advance(task, quick)):
                counted.append(_with_lines(task))
                continue
            cut = yield from self._cut(task.component)
            if not (cut.safe or cut.mines):
                slow.append(task)  # the rules prove nothing here: only the full count can
                continue
            take_out(result, proved, cut.safe, cut.mines, local=True)
            slow += yield from self._count_pieces(split_components(cut.constraints), quick, counted)
        rough: list[Component] = []
        for task in slow:
            if (yield from self._advance(task, self.work_limit)):
                counted.append(_with_lines(task))
            else:
                rough.append(task.component)
        GRAVEYARD.add(self._tasks)  # the counts that did not finish, to be freed over the next slices
        self._tasks = []
        for component in counted:
            if not lines_of(component).ways:
                raise Inconsistent([c.witness for c in component.constraints], "these numbers cannot all be satisfied at once")
        decided = None
        if rough and self.decide:
            # What could not be counted is still settled square by square, by
            # a complete decision over the whole position and the mine total,
            # before any estimate is made of the rest; what is left of the
            # uncounted components may fall apart into pieces that count at once.
            decided = yield from self._decision(result, rough)
            pieces = [piece for component in rough for piece in _without(component, decided.safe, decided.mines)]
            inside = {cell for component in rough for cell in component.cells}
            take_out(result, proved, decided.local_safe & inside, decided.local_mines & inside, local=True)
            take_out(result, proved, decided.safe & inside, decided.mines & inside, local=False)
            result.local_safe |= decided.local_safe
            result.local_mines |= decided.local_mines
            rough = [task.component for task in (yield from self._count_pieces(pieces, quick, counted))]
            GRAVEYARD.add(self._tasks)
            self._tasks = []
        result.components = counted + rough
        local_facts(result, counted)
        if rough:
            result.exact = False
            settled = (result.local_safe | proved.safe, result.local_mines | proved.mines)
            if decided is not None:
                settled = (settled[0] | decided.safe, settled[1] | decided.mines)
            result.safe, result.mines = set(settled[0]), set(settled[1])
            yield from estimate_steps(
                result.probability, result.mines_left - len(proved.mines), result.off_cells,
                counted, rough, (result.safe - proved.safe, result.mines - proved.mines), self._pause,
            )  # fmt: skip
            set_proved(result, proved)
            return
        counted_all = yield from self._paced(combine_steps(counted, len(result.off_cells), result.mines_left - len(proved.mines)))
        if counted_all.total == 0:
            raise Inconsistent(result.witnesses, f"no arrangement of the numbers uses exactly {result.mines_left} more mines")
        result.counted = counted_all
        yield from self._paced(global_facts(result, counted_all, proved))

    def _count_pieces(self, pieces: list[Component], quick: int, counted: list[Component]) -> Generator[None, None, list[CountTask]]:
        """Quick counts of ``pieces``, smallest first, into ``counted``; the counts that did not finish."""
        slow = []
        for piece in sorted(pieces, key=lambda c: len(c.boxes)):
            task = self._task(piece)
            if (yield from self._advance(task, quick)):
                counted.append(_with_lines(task))
            else:
                slow.append(task)
        return slow

    def _decision(self, result: Analysis, rough: list[Component]) -> Generator[None, None, Decided]:
        """The position's decision (decide.py), shared with whoever else asked for it, patience or not."""
        task = decision_task(result.constraints, result.mines_left, result.off_cells)
        while not task.done:
            METER.work += task.advance()
            if not task.done:
                yield from self._pause()
        decided = task.result
        assert decided is not None  # the task is done
        if not decided.consistent:
            problem = set(decided.problem)
            culprit = next((c for c in rough if problem & set(c.cells)), None)
            witnesses = [c.witness for c in (culprit or Component((), [], [])).constraints] or list(result.witnesses)
            raise Inconsistent(witnesses, "these numbers cannot all be satisfied at once")
        if not decided.fits_total:
            raise Inconsistent(result.witnesses, f"no arrangement of the numbers uses exactly {result.mines_left} more mines")
        return decided


class _CutCache:
    """The pair rules' findings per component, so an unchanged component is not cut again."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.found: OrderedDict[tuple, Propagated] = OrderedDict()

    def get(self, key: tuple) -> Propagated | None:
        return self.found.get(key)

    def put(self, key: tuple, value: Propagated) -> None:
        self.found[key] = value
        if len(self.found) > self.size:
            self.found.popitem(last=False)


_CUTS = _CutCache(512)


def _without(component: Component, safe: set[int], mines: set[int]) -> list[Component]:
    """The component with its settled squares taken out (as the pair rules take theirs), in pieces."""
    if not any(cell in safe or cell in mines for cell in component.cells):
        return [component]
    constraints = []
    for c in component.constraints:
        cells = tuple(cell for cell in c.cells if cell not in safe and cell not in mines)
        if cells:
            constraints.append(Constraint(c.witness, c.need - sum(cell in mines for cell in c.cells), cells))
    return split_components(constraints)


def _with_lines(task: CountTask) -> Component:
    component, lines = task.component, task.lines
    assert isinstance(lines, Lines)  # a finished count of a whole component (made with no ``free``)
    return Component(component.constraints, component.boxes, component.box_witnesses, lines)


def analyse(
    topology: Topology,
    cells: Sequence[int],
    total_mines: int,
    *,
    witnesses: Iterable[int] | None = None,
    unknown: list[int] | None = None,
    budget: int | None = DEFAULT_BUDGET,
    time_limit: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Analysis:
    """Count the arrangements of a position and read off certainties and chances, at once.

    ``budget`` limits the DP transitions of any one count (deterministic: the
    player and the no-guess generator use it); ``time_limit`` limits the whole
    analysis in seconds of ``clock``. ``witnesses`` and ``unknown`` let a caller
    that tracks the frontier skip the whole-board scan; by default they are
    found from ``cells``.
    """
    job = AnalysisJob(
        topology, cells, total_mines, witnesses=witnesses, unknown=unknown,
        patience=time_limit, work_limit=budget, clock=clock,
    )  # fmt: skip
    return job.run()


def position_decision(
    topology: Topology, cells: Sequence[int], total_mines: int, *, witnesses: Iterable[int] | None = None, unknown: list[int] | None = None
) -> DecisionTask:
    """The decision (decide.py) an analysis of this position would make, shared with it:
    for a caller that shows its proofs as they come. Raises Inconsistent as the analysis would."""
    constraints = constraints_of(topology, cells, witnesses)
    if unknown is None:
        unknown = [c for c, v in enumerate(cells) if v == COVERED]
    frontier = {cell for c in constraints for cell in c.cells}
    mines_left = total_mines - sum(1 for v in cells if v == MARKED)
    return decision_task(constraints, mines_left, [cell for cell in unknown if cell not in frontier])
