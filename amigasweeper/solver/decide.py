"""Rules 5 and 6 decided completely: which squares every arrangement agrees on.

Counting every arrangement of a large frontier can take far longer than a
frame, a Hint or a player's patience allow; deciding whether a square *can*
be a mine, and whether it *can* be safe, needs only one arrangement that
shows it, or a proof that there is none. This asks those questions of a
CDCL solver (cdcl.py) over the whole position at once: every number of every
component, and the mine total, so that nothing is left open, however the
frontier falls apart or how tightly the total binds.

The encoding: one variable per frontier square, "it is a mine". A number is
two cardinality constraints (at least ``need`` of its squares are mines, and
at least ``size - need`` are not). Squares touched by exactly the same
numbers (a box) are interchangeable, so within a box they are ordered (the
second may be a mine only if the first is, and so on): every arrangement of
mine counts per box is then met once instead of once per shuffle of the
box, and "the box may hold a mine" is "its first square may", "it may be
short of full" is "its last square may be safe". The squares no number
touches are one pool: the mine total says the frontier holds between
``mines_left - pool`` and ``mines_left`` mines, and two selector variables
tighten those bounds by one when asked whether the pool may hold a mine (or
may be short of full), so that those questions are ordinary assumptions too.

The questions are asked twice. First without the total (rule 5: what the
numbers alone decide), then with it (rule 6 adds what the total decides);
the solver keeps what it learned between the two, since adding a constraint
leaves every learned clause true. Each arrangement found answers many
questions at once (every box it shows holding a mine, or short of full), and
before each search the solver is told to try the answers not seen yet, so
the searches are few; an arrangement found in the first round that happens
to use a number of mines the total allows answers second-round questions too.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field

from .cdcl import FALSE, TRUE, WORK_PER_PAUSE, Solver
from .constraints import Constraint
from .counting import cleared_with_counts


@dataclass
class Decided:
    """What every arrangement of a position agrees on.

    ``local_*`` hold for every arrangement of the numbers (rule 5); ``safe``
    and ``mines`` for every arrangement that also places exactly the mines
    left (rules 5 and 6), the squares off the frontier included.
    """

    local_safe: set[int] = field(default_factory=set)
    local_mines: set[int] = field(default_factory=set)
    safe: set[int] = field(default_factory=set)
    mines: set[int] = field(default_factory=set)
    consistent: bool = True  # the numbers have an arrangement ...
    fits_total: bool = True  # ... and one of them places exactly the mines left
    problem: tuple[int, ...] = ()  # squares of a part of the numbers that no arrangement satisfies
    work: int = 0  # constraint visits and literals looked at: the work done
    searches: int = 0  # questions that needed a search


@dataclass
class _Box:
    cells: tuple[int, ...]
    first: int  # variable of its first square (a mine in the box means this one is)
    last: int  # variable of its last square (the box short of full means this one is safe)
    seen_mine: bool = False  # some arrangement (of the current round) puts a mine in it
    seen_short: bool = False  # ... leaves one of its squares safe
    total_mine: bool = False  # the same, among arrangements that fit the mine total
    total_short: bool = False


def pos(var: int) -> int:
    return 2 * var


def neg(var: int) -> int:
    return 2 * var + 1


class _Decision:
    """The solver, its encoding of one position, and what the arrangements found have shown."""

    def __init__(self, constraints: Sequence[Constraint], mines_left: int, off_count: int) -> None:
        self.constraints = sorted(constraints)  # one order, whoever built the list
        self.mines_left, self.off_count = mines_left, off_count
        self.boxes = _boxes(self.constraints)
        squares = sum(len(box.cells) for box in self.boxes)
        self.var_of: dict[int, int] = {}
        var = 0
        for box in self.boxes:
            box.first, box.last = var, var + len(box.cells) - 1
            for cell in box.cells:
                self.var_of[cell] = var
                var += 1
        self.frontier = list(range(squares))
        self.pool_mine, self.pool_short = squares, squares + 1  # the selectors
        self.solver = Solver(squares + 2)
        self.off_mine = self.off_short = False  # the pool has shown a mine / a safe square
        self.searches = 0
        self.revision = 0  # grows whenever an arrangement that fits the total shows a box open

    def build(self) -> Generator[int, None, None]:
        """The numbers and the order within boxes, as constraints (pausing: a 32x32 board has hundreds)."""
        solver = self.solver
        for box in self.boxes:
            for var in range(box.first, box.last):
                solver.add_clause([neg(var + 1), pos(var)])  # in order within the box
        paused = solver.work
        for c in self.constraints:
            lits = [pos(self.var_of[cell]) for cell in c.cells]
            solver.add_at_least(lits, c.need)
            solver.add_at_least([lit ^ 1 for lit in lits], len(lits) - c.need)
            solver.work += 2 * len(lits)
            if solver.work - paused >= WORK_PER_PAUSE:
                yield solver.work - paused
                paused = solver.work

    def add_total(self) -> None:
        """Between mines_left - off_count and mines_left mines on the frontier, each bound
        tightened by one when its selector is assumed (the pool then holds a mine / a safe square)."""
        solver, frontier, left, off = self.solver, self.frontier, self.mines_left, self.off_count
        if off:
            solver.add_at_least([neg(v) for v in frontier] + [neg(self.pool_mine)], len(frontier) + 1 - left)
            solver.add_at_least([pos(v) for v in frontier] + [neg(self.pool_short)], left - off + 1)
        else:
            solver.add_at_least([neg(v) for v in frontier], len(frontier) - left)
            solver.add_at_least([pos(v) for v in frontier], left)

    # ---------------------------------------------------------- questions
    def ask(self, lit: int, with_total: bool) -> Generator[int, None, bool]:
        """Is there an arrangement with ``lit`` true? A yes is noted in every box."""
        solver = self.solver
        solver.release()
        yield 0  # a pause: letting go of the last arrangement undid hundreds of assignments
        yield from self._prefer_unseen(with_total)
        self.searches += 1
        found = yield from solver.solve([lit])
        if found:
            yield from self._note_model()
        return found

    def round(self, with_total: bool) -> Generator[int, None, None]:
        """Every box (and, with the total, the pool) asked both ways, unless an arrangement already answered."""
        solver = self.solver
        for box in self.boxes:
            if not (box.total_mine if with_total else box.seen_mine) and solver.fixed(pos(box.first)) == 0:
                yield from self.ask(pos(box.first), with_total)
            if not (box.total_short if with_total else box.seen_short) and solver.fixed(neg(box.last)) == 0:
                yield from self.ask(neg(box.last), with_total)
            if solver.unsat:
                return
        if with_total and self.off_count:
            if not self.off_mine and solver.fixed(pos(self.pool_mine)) == 0:
                yield from self.ask(pos(self.pool_mine), with_total)
            if not self.off_short and solver.fixed(pos(self.pool_short)) == 0:
                yield from self.ask(pos(self.pool_short), with_total)

    def first_model(self, with_total: bool) -> Generator[int, None, bool]:
        self.solver.release()
        yield 0  # a pause: letting go of the last arrangement undid hundreds of assignments
        found = yield from self.solver.solve()
        if found:
            yield from self._note_model()
        return found

    def _note_model(self) -> Generator[int, None, None]:
        """What the arrangement just found shows of every box (and of the pool, when it fits the total)."""
        values = self.solver.values
        yield 0  # a pause between the search and the reading
        on_frontier = sum(values[pos(v)] == TRUE for v in self.frontier)
        pool = self.mines_left - on_frontier
        fits = 0 <= pool <= self.off_count  # else an arrangement of the numbers only: the total is not met
        self.solver.work += len(self.frontier) // 4
        yield 0
        for stretch in self._stretches():
            for box in stretch:
                mine, short = values[pos(box.first)] == TRUE, values[neg(box.last)] == TRUE
                box.seen_mine |= mine
                box.seen_short |= short
                if fits and (mine and not box.total_mine or short and not box.total_short):
                    box.total_mine |= mine
                    box.total_short |= short
                    self.revision += 1
            self.solver.work += len(stretch)
            yield len(stretch)
        if fits and (pool > 0 and not self.off_mine or pool < self.off_count and not self.off_short):
            self.off_mine |= pool > 0
            self.off_short |= pool < self.off_count
            self.revision += 1

    def _stretches(self) -> list[list[_Box]]:
        """The boxes in stretches of WORK_PER_PAUSE (a box is a unit of work), to pause between."""
        boxes = self.boxes
        return [boxes[i : i + WORK_PER_PAUSE] for i in range(0, len(boxes), WORK_PER_PAUSE)]

    def _prefer_unseen(self, with_total: bool) -> Generator[int, None, None]:
        """Lean each box towards the answer no arrangement has shown yet."""
        prefer = self.solver.prefer
        for stretch in self._stretches():
            for box in stretch:
                if not (box.total_mine if with_total else box.seen_mine):
                    prefer(pos(box.first))
                elif not (box.total_short if with_total else box.seen_short):
                    prefer(neg(box.last))
            self.solver.work += len(stretch)
            yield len(stretch)
        if with_total:
            prefer(pos(self.pool_mine) if not self.off_mine else neg(self.pool_mine))
            prefer(pos(self.pool_short) if not self.off_short else neg(self.pool_short))

    # ------------------------------------------------------------ answers
    def facts(self) -> tuple[set[int], set[int]]:
        """(safe, mines) proved so far: the boxes whose first square cannot be a mine, or last cannot be safe."""
        safe: set[int] = set()
        mines: set[int] = set()
        fixed = self.solver.fixed
        for box in self.boxes:
            if fixed(pos(box.first)) == FALSE:
                safe.update(box.cells)
            elif fixed(pos(box.last)) == TRUE:
                mines.update(box.cells)
        return safe, mines

    def open_cells(self) -> set[int]:
        """Squares of the frontier some arrangement that fits the total shows holding a mine, and
        another leaves safe: no proof can settle them."""
        return {cell for box in self.boxes if box.total_mine and box.total_short for cell in box.cells}

    def problem(self) -> tuple[int, ...]:
        """The squares of the constraint the solver found in conflict with the facts."""
        cell_of = {var: cell for cell, var in self.var_of.items()}
        failed = self.solver.failed
        if failed is None:
            return ()
        return tuple(sorted(cell_of[lit >> 1] for lit in self.solver.members(failed) if lit >> 1 in cell_of))


def _boxes(constraints: Sequence[Constraint]) -> list[_Box]:
    """Squares grouped by the numbers that touch them, in a fixed order."""
    signature: dict[int, list[int]] = {}
    for index, c in enumerate(constraints):
        for cell in c.cells:
            signature.setdefault(cell, []).append(index)
    grouped: dict[tuple[int, ...], list[int]] = {}
    for cell in sorted(signature):
        grouped.setdefault(tuple(signature[cell]), []).append(cell)
    return [_Box(tuple(cells), 0, 0) for cells in grouped.values()]


def decide_steps(
    constraints: Sequence[Constraint], mines_left: int, off_cells: Sequence[int]
) -> Generator[int, None, Decided]:
    """What every arrangement of the numbers agrees on, without and with the mine total;
    pauses as it goes (each pause yields the work done since the last)."""
    return DecisionTask(constraints, mines_left, off_cells).steps()


class DecisionTask:
    """One position's decision, advanced a pause at a time.

    ``proved`` tells at any pause what is settled so far (every fact the
    solver holds at level 0 is true of every arrangement, with the total),
    so a caller can show proofs as they come; ``result`` is set at the end.
    """

    def __init__(self, constraints: Sequence[Constraint], mines_left: int, off_cells: Sequence[int]) -> None:
        # None once the result is set: the solver's learned clauses are let go then.
        self.decision: _Decision | None = _Decision(constraints, mines_left, len(off_cells))
        self.off_cells = list(off_cells)
        self._cells = {cell for c in constraints for cell in c.cells} | set(off_cells)
        self.result: Decided | None = None
        self._known = 0  # facts_known once done (the solver is let go then)
        self.on_done: Callable[[], None] = lambda: None  # told when the result is ready
        self._run = self._steps()

    @property
    def done(self) -> bool:
        return self.result is not None

    def advance(self) -> int:
        """Work until the next pause (or the end); the work done."""
        if self.result is not None:
            return 0
        decision = self.decision
        assert decision is not None  # let go only with the result set
        before = decision.solver.work
        try:
            next(self._run)
        except StopIteration as finished:
            self.result = finished.value
            self._known = decision.solver.facts_known()
            self.decision = None  # the solver's learned clauses are not needed any more
            self.on_done()
            return finished.value.work - before
        return decision.solver.work - before

    def steps(self) -> Generator[int, None, Decided]:
        """The task as a generator: pauses yield their work, the end returns the result."""
        while self.result is None:
            work = self.advance()
            if self.result is None:
                yield work
        return self.result

    @property
    def progress(self) -> tuple[int, int]:
        """Changes whenever ``proved`` or ``open_cells`` would (the facts known, the boxes shown open)."""
        if self.result is not None:
            return self._known, -1
        decision = self.decision
        assert decision is not None  # let go only with the result set
        return decision.solver.facts_known(), decision.revision

    def open_cells(self) -> set[int]:
        """Squares known so far to be neither safe nor a mine in every arrangement (all the rest, once done)."""
        if self.result is not None:
            return self._cells - self.result.safe - self.result.mines
        decision = self.decision
        assert decision is not None  # let go only with the result set
        found = decision.open_cells()
        if decision.off_mine and decision.off_short:
            found.update(self.off_cells)
        return found

    def proved(self) -> tuple[set[int], set[int]]:
        """(safe, mines) settled so far (all of them once done)."""
        if self.result is not None:
            return self.result.safe, self.result.mines
        decision = self.decision
        assert decision is not None  # let go only with the result set
        return decision.facts()

    def _steps(self) -> Generator[int, None, Decided]:
        decision, off_cells = self.decision, self.off_cells
        assert decision is not None  # this runs before the result is set
        solver = decision.solver
        result = Decided()
        try:
            yield from decision.build()
            if not (yield from decision.first_model(False)):
                result.consistent = result.fits_total = False
                result.problem = decision.problem()
                return result
            yield from decision.round(False)
            result.local_safe, result.local_mines = decision.facts()
            decision.add_total()
            if not (yield from decision.first_model(True)):
                result.fits_total = False
                return result
            yield from decision.round(True)
            result.safe, result.mines = decision.facts()
            if off_cells:
                if solver.fixed(pos(decision.pool_mine)) == FALSE:
                    result.safe.update(off_cells)
                elif solver.fixed(pos(decision.pool_short)) == FALSE:
                    result.mines.update(off_cells)
            return result
        finally:
            result.work, result.searches = solver.work, decision.searches


class _Tasks:
    """Decisions by position: finished ones (least recently used dropped first) and
    those under way, so that whoever asks next (the shading's stages, the count
    that ran out of patience, the player) goes on from where the last one stopped."""

    def __init__(self, size: int, under_way: int) -> None:
        self.size, self.most_under_way = size, under_way
        self.finished: OrderedDict[tuple, DecisionTask] = OrderedDict()
        self.under_way: OrderedDict[tuple, DecisionTask] = OrderedDict()

    def task(self, constraints: Sequence[Constraint], mines_left: int, off_cells: Sequence[int]) -> DecisionTask:
        key = (tuple(sorted(map(tuple, constraints))), mines_left, tuple(sorted(off_cells)))
        for kept in (self.finished, self.under_way):
            found = kept.get(key)
            if found is not None:
                kept.move_to_end(key)
                return found
        task = DecisionTask(constraints, mines_left, off_cells)
        task.on_done = lambda: self._finished(key, task)
        self.under_way[key] = task
        while len(self.under_way) > self.most_under_way:
            self.under_way.popitem(last=False)
        return task

    def _finished(self, key: tuple, task: DecisionTask) -> None:
        self.under_way.pop(key, None)
        self.finished[key] = task
        while len(self.finished) > self.size:
            self.finished.popitem(last=False)

    def clear(self) -> None:
        self.finished.clear()
        self.under_way.clear()


TASKS = _Tasks(size=256, under_way=2)
cleared_with_counts(TASKS.clear)


def decision_task(constraints: Sequence[Constraint], mines_left: int, off_cells: Sequence[int]) -> DecisionTask:
    """The decision of this position: finished, under way, or new."""
    return TASKS.task(constraints, mines_left, off_cells)
