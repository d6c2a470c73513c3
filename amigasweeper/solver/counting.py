"""Exact counting of the mine arrangements a position allows.

The method (see docs/BENCHMARKS.md for what it buys):

* A *witness* is an uncovered number with covered, unknown neighbours; its
  *need* is how many of those neighbours are mines (the number minus the known
  mines around it).
* A *box* is a set of unknown squares touched by exactly the same witnesses.
  Squares of a box are interchangeable, so a box of size s holding k mines
  stands for C(s, k) arrangements and we never list boards square by square.
* Witnesses that share no box form independent *components*. Each component is
  counted by a dynamic programme that adds its witnesses one at a time and keeps
  "lines" (mines used, allocation of the boxes still shared with witnesses not
  yet added) -> (ways, mine-weight of every box). Lines that agree on what the
  remaining witnesses can see are merged, so a long frontier costs about its
  width, not the number of its solutions.
* Components are combined over their mine totals, each total weighted by
  C(squares no number touches, mines left - frontier mines).

All counts are Python integers, so the probabilities are exact ratios.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from math import comb
from typing import overload

from .constraints import Component, Lines
from .deadlines import CHUNK, METER, NEVER, Deadline

# Work budget of one component's count, in DP transitions, for callers that
# must be deterministic (the player, no-guess generation, benchmarks): typical
# Expert positions need a few hundred. Interactive callers give a Deadline
# instead (a budget of time) and spread a long count over frames (AnalysisJob).
DEFAULT_BUDGET = 60_000

# A finished count: a component's Lines, or with count_component's ``free``
# (a constraint counted by its number) number -> Lines.
Count = Lines | dict[int, Lines]


# -------------------------------------------------------------------- counting
class OverBudget(Exception):
    pass


@lru_cache(maxsize=4096)
def _spreads(sizes: tuple[int, ...], total: int) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Ways to put ``total`` mines into boxes of ``sizes``: (counts, C-product, total)."""
    if not sizes:
        return (((), 1, 0),) if total == 0 else ()
    head, rest = sizes[0], sizes[1:]
    room = sum(rest)
    found = []
    for k in range(max(0, total - room), min(head, total) + 1):
        for tail, ways, _ in _spreads(rest, total - k):
            found.append(((k, *tail), comb(head, k) * ways, total))
    return tuple(found)


@lru_cache(maxsize=4096)
def _all_spreads(sizes: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Every way to put mines into boxes of ``sizes``, whatever their total (as _spreads)."""
    return tuple(spread for total in range(sum(sizes) + 1) for spread in _spreads(sizes, total))


@lru_cache(maxsize=4096)
def _witness_order(count: int, box_witnesses: tuple[tuple[int, ...], ...], last: int | None = None) -> tuple[int, ...]:
    """Witnesses in breadth-first order from an end, so few boxes stay open at once.

    With ``last``, the end is the witness farthest from it, so that it comes
    late: a count by its number (count_component's ``free``) shares every line
    made before it. Cached on the shape of the component alone.
    """
    links: list[set[int]] = [set() for _ in range(count)]
    for signature in box_witnesses:
        for w in signature:
            links[w].update(signature)
    order: list[int] = []
    seen = [False] * count
    if last is None:
        start = min(range(count), key=lambda w: len(links[w]))
    else:
        distance = {last: 0}
        reached = [last]
        for w in reached:  # breadth first from ``last``
            for other in links[w]:
                if other not in distance:
                    distance[other] = distance[w] + 1
                    reached.append(other)
        start = min(range(count), key=lambda w: (-distance.get(w, 0), len(links[w]), w))
    queue = [start]
    seen[start] = True
    for w in queue:
        order.append(w)
        for other in sorted(links[w], key=lambda o: len(links[o])):
            if not seen[other]:
                seen[other] = True
                queue.append(other)
    return tuple(order)


# ------------------------------------------------------ resumable, cached counts
def component_key(component: Component, free: int | None = None) -> tuple:
    """What a component's count depends on: its constraints and their boxes
    (and the constraint counted by its number, if any: count_component's ``free``)."""
    key = (component.constraints, tuple(component.boxes), tuple(component.box_witnesses))
    return key if free is None else (*key, free)


class _Cache:
    """Finished counts, keyed by component_key, least recently used dropped first.

    A move changes only the components around it, so every other component of
    the next position is found here and costs nothing to count again.

    The keys are kept as plain tuples of ints: the garbage collector stops
    looking at those after its first pass, while a NamedTuple (Constraint)
    stays in its sight for good. Tens of thousands of cached Constraints made
    every full collection of a long session cost a frame. A plain tuple equals,
    and hashes as, the NamedTuple of the same values, so lookups with a
    component's own key still find it.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.lines: OrderedDict[tuple, Count] = OrderedDict()
        self.too_big: dict[tuple, int] = {}  # key -> work already spent without finishing
        self.stored = 0  # counts ever put here: callers tell from it whether a try got anywhere

    def get(self, key: tuple) -> Count | None:
        found = self.lines.get(key)
        if found is not None:
            self.lines.move_to_end(key)
        return found

    def put(self, key: tuple, lines: Count) -> None:
        self.lines[_plain_key(key)] = lines
        self.stored += 1
        self.too_big.pop(key, None)
        if len(self.lines) > self.size:
            self.lines.popitem(last=False)

    def gave_up(self, key: tuple, work: int) -> None:
        if len(self.too_big) > 1024:
            self.too_big.clear()
        self.too_big[_plain_key(key)] = max(work, self.too_big.get(key, 0))

    def clear(self) -> None:
        self.lines.clear()
        self.too_big.clear()


def _plain_key(key: tuple) -> tuple:
    """A component_key with its Constraints as plain tuples (see _Cache)."""
    constraints, *rest = key
    return (tuple(map(tuple, constraints)), *rest)


CACHE = _Cache(8192)


_ALSO_CLEARED: list[Callable[[], None]] = []  # other caches of solver work (decide.py's), forgotten with the counts


def clear_cache() -> None:
    """Forget every count, and every other result of solver work kept by position
    (benchmarks that make each call pay in full)."""
    CACHE.clear()
    PAUSED.clear()
    for forget in _ALSO_CLEARED:
        forget()


def cleared_with_counts(forget: Callable[[], None]) -> None:
    """``forget`` is called whenever clear_cache is."""
    _ALSO_CLEARED.append(forget)


class CountTask:
    """One component's count, advanced a chunk at a time until it is done.

    ``work`` is the DP transitions spent so far: the unit tests use to check how
    work is spread, since a transition's cost in time varies with the machine.
    """

    def __init__(self, component: Component, free: int | None = None) -> None:
        self.component = component
        self.key = component_key(component, free)
        self.lines: Count | None = CACHE.get(self.key)
        self.work = 0
        self._chunk = [CHUNK]  # read by the running count: transitions between two pauses
        self._tables: list[dict] = []  # the count's lines in progress, kept here so they can be freed bit by bit
        self._steps: Generator[int, None, Count] | None = None
        if self.lines is None:
            self._steps = _count_steps(component.constraints, tuple(component.boxes), tuple(component.box_witnesses),
                                       self._chunk, self._tables, free)  # fmt: skip

    @property
    def done(self) -> bool:
        return self.lines is not None

    def advance(self, deadline: Deadline = NEVER, work_limit: int | None = None) -> bool:
        """Count until done, the deadline passes or ``work`` passes ``work_limit``; True when done."""
        if work_limit is not None:
            self._chunk[0] = max(1, min(CHUNK, work_limit))  # a small limit is checked as finely
        steps = self._steps
        while self.lines is None:
            assert steps is not None, "a released count cannot go on"
            if work_limit is not None and self.work > work_limit:
                CACHE.gave_up(self.key, self.work)
                return False
            if deadline.expired():
                return False  # a pause, not a failure: advance again to go on
            try:
                done = next(steps)
                self.work += done
                METER.work += done
            except StopIteration as finished:
                self.lines = finished.value
                CACHE.put(self.key, self.lines)
                self._tables.clear()
        return True

    def release(self, deadline: Deadline = NEVER) -> bool:
        """Free an unfinished count's memory until the deadline; True when all is freed.

        A large count holds many long lists of big integers, and freeing them
        all at once can take longer than a frame: this frees them a batch at a time.
        """
        if self._steps is not None:
            self._steps.close()  # the lists stay reachable through _tables only
            self._steps = None
        tables = self._tables
        while tables:
            table = tables[-1]
            for _ in range(min(64, len(table))):
                table.popitem()
            if not table:
                tables.pop()
            if deadline.expired():
                break
        return not tables


class _Graveyard:
    """Unfinished counts nobody needs any more, freed a slice at a time (see CountTask.release)."""

    def __init__(self) -> None:
        self.tasks: list[CountTask] = []

    def add(self, tasks: Iterable[CountTask]) -> None:
        self.tasks.extend(task for task in tasks if task._tables)

    def bury(self, deadline: Deadline = NEVER) -> bool:
        """Free what fits before the deadline; True when nothing is left."""
        while self.tasks and not deadline.expired():
            if self.tasks[-1].release(deadline):
                self.tasks.pop()
        return not self.tasks


GRAVEYARD = _Graveyard()


_AMBIENT: list[Deadline] = []  # deadlines set by counting_deadline, innermost last


@contextmanager
def counting_deadline(deadline: Deadline) -> Iterator[None]:
    """Within the block, every count_component call also stops at ``deadline``.

    For code that counts through others' calls (the Demo asking the player for
    a move): a count that would run past the deadline raises OverBudget, which
    callers already take as "too big to count", unless it is cached.
    """
    _AMBIENT.append(deadline)
    try:
        yield
    finally:
        _AMBIENT.pop()


def ambient_deadline() -> Deadline:
    """The innermost counting_deadline in force (NEVER outside any), for other
    searches the player makes through the same calls (the endgame's)."""
    return _AMBIENT[-1] if _AMBIENT else NEVER


@overload
def count_component(component: Component, budget: int = ..., deadline: Deadline = ..., free: None = None) -> Lines: ...
@overload
def count_component(component: Component, budget: int = ..., deadline: Deadline = ..., *, free: int) -> dict[int, Lines]: ...
def count_component(component: Component, budget: int = DEFAULT_BUDGET, deadline: Deadline = NEVER, free: int | None = None) -> Count:
    """Count every arrangement of mines in the component's boxes (see module doc): its Lines.

    Raises OverBudget when the count would take more than ``budget`` DP steps or
    run past ``deadline`` (or a counting_deadline around the call); a component
    known to need more than ``budget`` fails at once, so a stuck position does
    not pay for it again and again. A count the deadline stopped is kept
    (PAUSED), and the next call for the same component goes on from there.

    ``free`` (the index of one of its constraints) counts the component for
    every number that constraint's squares could hold, in one pass, its need
    left out: number -> Lines (the numbers no arrangement fits are absent).
    A guess's possible numbers are counted so (guess.py): the lines made
    before that constraint is reached are shared by all of them.
    """
    key = component_key(component, free)
    found = CACHE.get(key)
    if found is not None:
        return found
    if CACHE.too_big.get(key, -1) >= budget:
        raise OverBudget
    if deadline is NEVER and _AMBIENT:
        deadline = _AMBIENT[-1]
    task = PAUSED.resume(key) or CountTask(component, free)
    if not task.advance(deadline, work_limit=budget):
        if task.work <= budget:
            PAUSED.keep(task)  # stopped by the deadline, not the budget
        raise OverBudget
    assert task.lines is not None  # advance() is True only once the count is done
    return task.lines


class _OneLook(Deadline):
    """A deadline that passes once it has been looked at: CountTask.advance does one chunk under it."""

    def __init__(self) -> None:
        super().__init__(None)
        self.looked = False

    def expired(self) -> bool:
        looked, self.looked = self.looked, True
        return looked


def count_steps(component: Component, budget: int = DEFAULT_BUDGET) -> Generator[None, None, Lines | None]:
    """count_component a chunk at a time, for work paced by its caller (the luck audit over frames):
    it yields after every chunk of the count and returns its Lines, or None over ``budget`` (where
    count_component raises OverBudget). The same cache and the same Lines as count_component. A count
    whose caller lets it go unfinished is kept (PAUSED), as a count a deadline stopped."""
    key = component_key(component)
    found = CACHE.get(key)
    if found is not None:
        return _whole(found)
    if CACHE.too_big.get(key, -1) >= budget:
        return None
    task = PAUSED.resume(key) or CountTask(component)
    try:
        while not task.advance(_OneLook(), work_limit=budget):
            if task.work > budget:
                # Its lines are let go a batch at a time: all at once, a large count's took 40 ms.
                while not task.release(_OneLook()):
                    yield
                return None
            yield
    finally:
        if task.lines is None and task.work <= budget:
            PAUSED.keep(task)  # let go before its end (the generator closed): another call goes on with it
    assert task.lines is not None  # advance() is True only once the count is done
    return _whole(task.lines)


def _whole(count: Count) -> Lines:
    """A count made without ``free``: Lines (one kept under a key without ``free`` is always so)."""
    assert isinstance(count, Lines), "a count by number kept under a plain component's key"
    return count


class _PausedCounts:
    """Counts a deadline stopped (the Demo's guesses, a slice at a time), kept
    so that the next call for the same component goes on where it stopped:
    otherwise a count longer than one slice would start again every slice and
    never finish. The oldest go to the graveyard beyond ``size``."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.tasks: OrderedDict[tuple, CountTask] = OrderedDict()
        self.kept = 0  # counts ever kept here: callers tell from it whether a try got anywhere

    def resume(self, key: tuple) -> CountTask | None:
        return self.tasks.pop(key, None)

    def keep(self, task: CountTask) -> None:
        self.tasks[task.key] = task
        self.kept += 1
        while len(self.tasks) > self.size:
            GRAVEYARD.add([self.tasks.popitem(last=False)[1]])

    def clear(self) -> None:
        GRAVEYARD.add(self.tasks.values())
        self.tasks.clear()


PAUSED = _PausedCounts(8)


def _count_steps(constraints, boxes, box_witnesses, chunk: list[int], tables: list[dict], free: int | None = None
                 ) -> Generator[int, None, Count]:  # fmt: skip
    """The dynamic programme, yielding the transitions it did after every chunk of them.

    ``tables`` always holds the lines being read and those being made, so the
    owner can free them after closing an unfinished count. With ``free`` (a
    constraint's index), that constraint's need is not enforced: each line
    keeps the mines its squares hold (its "number"), and the count is of
    every number at once: number -> Lines.
    """
    sizes = [len(box) for box in boxes]
    nboxes = len(boxes)
    boxes_of: list[list[int]] = [[] for _ in constraints]
    uses = [0] * nboxes
    for b, signature in enumerate(box_witnesses):
        uses[b] = len(signature)
        for w in signature:
            boxes_of[w].append(b)
    live: list[int] = []
    placed = [False] * nboxes
    # A line's key: (mines used, allocation of the open boxes, the free constraint's number).
    states: dict[tuple, tuple] = {(0, (), 0): (1, (0,) * nboxes)}
    steps = 0
    cost = max(1, nboxes // 16)  # a transition copies and adds lists as long as there are boxes
    for w in _witness_order(len(constraints), box_witnesses, free):
        mine = boxes_of[w]
        position = {b: i for i, b in enumerate(live)}
        seen_at = [position[b] for b in mine if placed[b]]
        fresh = [b for b in mine if not placed[b]]
        for b in fresh:
            placed[b] = True
        for b in mine:
            uses[b] -= 1
        columns = live + fresh
        keep = [i for i, b in enumerate(columns) if uses[b] > 0]
        live = [columns[i] for i in keep]
        fresh_sizes = tuple(sizes[b] for b in fresh)
        need = constraints[w].need
        following: dict[tuple, tuple] = {}
        tables[:] = [states, following]
        for (mines, alloc, number), (ways, weight) in states.items():
            seen = sum([alloc[i] for i in seen_at])
            spreads = _all_spreads(fresh_sizes) if w == free else _spreads(fresh_sizes, need - seen)
            for counts, factor, added in spreads:
                steps += 1
                if steps * cost >= chunk[0]:
                    yield steps  # a pause may come between any two transitions
                    steps = 0
                full = alloc + counts
                key = (mines + added, tuple(map(full.__getitem__, keep)), seen + added if w == free else number)
                new_ways = ways * factor
                # Lines are tuples, weights shared until written: most steps add
                # no mine to a box of one square, and then nothing changes.
                # (Tuples of ints drop out of the garbage collector's sight
                # after its first look, lists never do: with lists, a large
                # count makes every later collection slow enough to cost a frame.)
                new_weight = weight if factor == 1 else tuple([x * factor for x in weight])
                if added:
                    written = list(new_weight)
                    for b, k in zip(fresh, counts):
                        if k:
                            written[b] += new_ways * k
                    new_weight = tuple(written)
                line = following.get(key)
                if line is None:
                    following[key] = (new_ways, new_weight)
                else:
                    following[key] = (line[0] + new_ways, tuple([x + y for x, y in zip(line[1], new_weight)]))
        # Free the lines just read a batch at a time: all at once, a large
        # layer takes longer than a frame to give back.
        spent, states = states, following
        while spent:
            for _ in range(min(64, len(spent))):
                spent.popitem()
            yield 0
    if steps:
        yield steps
    by_number: dict[int, Lines] = {}
    for (mines, _, number), (count, box_weight) in states.items():
        lines = by_number.setdefault(number, Lines({}, {}))
        lines.ways[mines] = count
        lines.weight[mines] = box_weight  # a tuple: out of the garbage collector's sight, unlike a list
    if free is None:
        return by_number.get(0, Lines({}, {}))
    return by_number


