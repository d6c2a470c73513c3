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
that must be deterministic) runs out, what is still uncounted gets estimated
probabilities; the Analysis then says ``exact=False``, and every square proved
so far still shows 0 or 1.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field

from amigasweeper.engine import COVERED, MARKED, Topology

from .counting import (
    DEFAULT_BUDGET,
    NEVER,
    Component,
    Constraint,
    Counted,
    CACHE,
    CHUNK,
    GRAVEYARD,
    METER,
    CountTask,
    Deadline,
    Inconsistent,
    combine_steps,
    component_key,
    constraints_of,
    split_components,
)
from .propagate import Propagated, propagate_steps
from .settle import WORK_PER_PAUSE, Settled, settle_steps

QUICK_WORK = 2_000  # DP transitions a component may take before the pair rules cut it down
SCALING_ROUNDS = 30  # rounds of the estimate for pieces too large to count


@dataclass
class Analysis:
    """What counting proves about a position.

    ``local_safe``/``local_mines`` hold for every arrangement that fits the
    numbers alone (rule 5); ``safe``/``mines`` also use the mine total (rule 6).
    ``exact`` is False when some component was too large to count in budget:
    the probabilities are then estimates; the facts claimed are those that hold
    whatever the uncounted parts do (rule-5 facts of what was counted, and what
    the pair rules proved), and those squares keep 0 and 1.
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
    ) -> None:
        self.topology = topology
        self.cells = cells
        self.total_mines = total_mines
        self.witnesses = witnesses
        self.unknown = unknown
        self.patience = patience
        self.work_limit = work_limit
        self.clock = clock
        self.spent = 0.0  # seconds of working time so far
        self.work = 0  # DP transitions and pair comparisons done so far (counting.WorkMeter.work)
        self.steps = 0  # calls of step()
        self.last_work = 0  # the work of the last step
        self.result: Analysis | None = None
        self._slice = NEVER
        self._started = 0.0
        self._tasks: list[CountTask] = []
        self._by_count = Settled()  # squares only the mine count settled, in the estimate's search
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

    def _paced(self, steps: Generator[None, None, object]) -> Generator[None, None, object]:
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
        """Quick counts first, smallest first; then cut the large ones down; then the long counts."""
        components = split_components(result.constraints)
        frontier = {cell for component in components for cell in component.cells}
        result.off_cells = [cell for cell in result.unknown if cell not in frontier]
        quick = QUICK_WORK if self.work_limit is None else min(QUICK_WORK, self.work_limit)
        counted: list[Component] = []
        slow: list[CountTask] = []
        proved = Propagated()
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
            proved.safe |= cut.safe
            proved.mines |= cut.mines
            for piece in sorted(split_components(cut.constraints), key=lambda c: len(c.boxes)):
                piece_task = self._task(piece)
                if (yield from self._advance(piece_task, quick)):
                    counted.append(_with_lines(piece_task))
                else:
                    slow.append(piece_task)
        rough: list[Component] = []
        for task in slow:
            if (yield from self._advance(task, self.work_limit)):
                counted.append(_with_lines(task))
            else:
                rough.append(task.component)
        GRAVEYARD.add(self._tasks)  # the counts that did not finish, to be freed over the next slices
        self._tasks = []
        if rough:
            # What could not be counted is still settled square by square
            # (rule 5 by search), before any estimate is made of the rest;
            # what is left may fall apart into pieces that count at once.
            pieces, rough = (yield from self._settle(result, counted, rough, proved)), []
            for piece in sorted(pieces, key=lambda c: len(c.boxes)):
                task = self._task(piece)
                if (yield from self._advance(task, quick)):
                    counted.append(_with_lines(task))
                else:
                    rough.append(piece)
            GRAVEYARD.add(self._tasks)
            self._tasks = []
        for component in counted:
            if not component.lines.ways:
                raise Inconsistent([c.witness for c in component.constraints], "these numbers cannot all be satisfied at once")
        result.components = counted + rough
        _local_facts(result, counted, proved)
        proved.safe |= self._by_count.safe  # rule 6's findings hold, but not for the numbers alone
        proved.mines |= self._by_count.mines
        if rough:
            result.exact = False
            yield from _estimate(result, counted, rough, proved, self._pause)
            return
        counted_all = yield from self._paced(combine_steps(counted, len(result.off_cells), result.mines_left - len(proved.mines)))
        if counted_all.total == 0:
            raise Inconsistent(result.witnesses, f"no arrangement of the numbers uses exactly {result.mines_left} more mines")
        result.counted = counted_all
        yield from self._paced(_global_facts(result, counted_all, proved))


    def _settle(
        self, result: Analysis, counted: list[Component], rough: list[Component], proved: Propagated
    ) -> Generator[None, None, list[Component]]:
        """Rule 5 by search over each uncounted component (cached), patience or not,
        then rule 6 where the mine count leaves a component less than its range;
        the squares settled join the proved ones and leave the components."""
        left: list[Component] = []
        for component in rough:
            settled = yield from self._search(component, None)
            result.local_safe |= settled.safe
            result.local_mines |= settled.mines
            proved.safe |= settled.safe
            proved.mines |= settled.mines
            left.extend(_without(component, settled))
        ranges = [_mine_range(result, counted, left, index, proved) for index in range(len(left))]
        by_count = Settled()  # what only the mine count settles (rule 6)
        for component, total in zip(left, ranges):
            if total is not None:
                settled = yield from self._search(component, total)
                by_count.safe |= settled.safe
                by_count.mines |= settled.mines
        self._by_count = by_count
        return [piece for component in left for piece in _without(component, _proved_in(component, by_count))]

    def _search(self, component: Component, total: tuple[int, int] | None) -> Generator[None, None, Settled]:
        key = ("settled", total) + component_key(component)  # kept beside the pair rules' findings
        settled = _CUTS.get(key)
        if settled is None:
            steps = settle_steps(component, total=total)
            while True:
                try:
                    METER.work += next(steps)
                except StopIteration as finished:
                    settled = finished.value
                    break
                yield from self._pause()
            METER.work += settled.work % WORK_PER_PAUSE
            _CUTS.put(key, settled)
        if not settled.consistent:
            why = "these numbers cannot all be satisfied at once"
            if total is not None:
                why = f"no arrangement of these numbers uses the {_range_text(total)} mines the count leaves them"
            raise Inconsistent([c.witness for c in component.constraints], why)
        return settled


def _range_text(total: tuple[int, int]) -> str:
    return f"{total[0]} to {total[1]}" if total[0] != total[1] else str(total[0])


def _mine_range(
    result: Analysis, counted: list[Component], rough: list[Component], index: int, proved: Propagated
) -> tuple[int, int] | None:
    """The least and most mines rough component ``index`` may hold, given the mine
    count and what everything else can hold; None when that does not bind."""
    others_lo = others_hi = 0
    for component in counted:
        totals = list(component.lines.ways)
        others_lo += min(totals)
        others_hi += max(totals)
    for other, component in enumerate(rough):
        if other != index:
            others_lo += max((c.need for c in component.constraints), default=0)
            others_hi += len(list(component.cells))
    left = result.mines_left - len(proved.mines)
    size = len(list(rough[index].cells))
    low = max(0, left - others_hi - len(result.off_cells))
    high = min(size, left - others_lo)
    least = max((c.need for c in rough[index].constraints), default=0)
    if low <= least and high >= size:
        return None
    return low, high


def _proved_in(component: Component, proved: Propagated) -> Settled:
    cells = set(component.cells)
    return Settled(safe=cells & proved.safe, mines=cells & proved.mines)


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


def _without(component: Component, settled: Settled) -> list[Component]:
    """The component with its settled squares taken out (as the pair rules take theirs), in pieces."""
    if not (settled.safe or settled.mines):
        return [component]
    constraints = []
    for c in component.constraints:
        cells = tuple(cell for cell in c.cells if cell not in settled.safe and cell not in settled.mines)
        if cells:
            constraints.append(Constraint(c.witness, c.need - sum(cell in settled.mines for cell in c.cells), cells))
    return split_components(constraints)


def _with_lines(task: CountTask) -> Component:
    component = task.component
    return Component(component.constraints, component.boxes, component.box_witnesses, task.lines)


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


def _local_facts(result: Analysis, components: list[Component], proved: Propagated) -> None:
    """Rule 5: boxes empty or full in every arrangement of their component, and what the pair rules proved."""
    result.local_safe.update(proved.safe)
    result.local_mines.update(proved.mines)
    for component in components:
        lines = component.lines
        solutions = sum(lines.ways.values())
        for b, box in enumerate(component.boxes):
            weight = sum(w[b] for w in lines.weight.values())
            if weight == 0:
                result.local_safe.update(box)
            elif weight == len(box) * solutions:
                result.local_mines.update(box)


def _global_facts(result: Analysis, counted: Counted, proved: Propagated) -> Generator[None, None, None]:
    """Rule 6 and the probabilities: every arrangement weighted by the squares off the frontier.

    A box's weight is a sum of products of big integers, one per mine total
    of its component: it pauses after every CHUNK of them.
    """
    _set_proved(result, proved)
    total = counted.total
    since_pause = 0
    for c, component in enumerate(counted.components):
        for b, box in enumerate(component.boxes):
            weight = counted.box_mine_weight(c, b)
            chance = weight / (len(box) * total)
            for cell in box:
                result.probability[cell] = chance
            if weight == 0:
                result.safe.update(box)
            elif weight == len(box) * total:
                result.mines.update(box)
            METER.reading += len(component.lines.ways)
            since_pause += len(component.lines.ways)
            if since_pause >= CHUNK:
                yield
                since_pause = 0
    if result.off_cells:
        chance = counted.off_probability()
        for cell in result.off_cells:
            result.probability[cell] = chance
        if counted.off_mines == 0:
            result.safe.update(result.off_cells)
        elif counted.off_mines == len(result.off_cells) * total:
            result.mines.update(result.off_cells)


def _set_proved(result: Analysis, proved: Propagated) -> None:
    result.safe.update(proved.safe)
    result.mines.update(proved.mines)
    for cell in proved.safe:
        result.probability[cell] = 0.0
    for cell in proved.mines:
        result.probability[cell] = 1.0


def _estimate(
    result: Analysis,
    exact: list[Component],
    rough: list[Component],
    proved: Propagated,
    pause: Callable[[], Generator[None, None, None]],
) -> Generator[None, None, None]:
    """Probabilities when some pieces are too large to count (``exact`` is False).

    Proved squares keep 0 and 1 and only facts that hold whatever the uncounted
    pieces do are claimed (rule 5 and the pair rules). Counted components give
    their own exact chances; a piece too large to count gets chances that fit
    its numbers, by iterative scaling: every number in turn scales the chances
    of its squares so that they add up to the mines it still needs (clamped
    inside 0..1). The squares off the frontier share the mines left over.
    """
    result.safe = set(result.local_safe)
    result.mines = set(result.local_mines)
    _set_proved(result, proved)
    expected = float(len(proved.mines))
    for component in exact:
        lines = component.lines
        solutions = sum(lines.ways.values())
        for b, box in enumerate(component.boxes):
            chance = sum(w[b] for w in lines.weight.values()) / (len(box) * solutions)
            expected += chance * len(box)
            for cell in box:
                result.probability[cell] = chance
    rough_cells = [cell for component in rough for cell in component.cells]
    room = len(rough_cells) + len(result.off_cells)
    density = min(0.95, max(0.05, (result.mines_left - expected) / room)) if room else 0.5
    chance = dict.fromkeys(rough_cells, density)
    constraints = [c for component in rough for c in component.constraints]
    for _ in range(SCALING_ROUNDS):
        for constraint in constraints:
            squares = [cell for cell in constraint.cells if cell in chance]
            held = sum(chance[cell] for cell in squares)
            if held > 0:
                factor = constraint.need / held
                for cell in squares:
                    chance[cell] = min(0.999, max(0.001, chance[cell] * factor))
        METER.reading += len(rough_cells)
        yield from pause()
    for cell, p in chance.items():
        if cell not in result.safe and cell not in result.mines:
            result.probability[cell] = p
            expected += p
    if result.off_cells:
        share = min(1.0, max(0.0, (result.mines_left - expected) / len(result.off_cells)))
        for cell in result.off_cells:
            result.probability[cell] = share
