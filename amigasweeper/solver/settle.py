"""Rule 5 without counting: which boxes of a component are empty or full in
every arrangement, found by searching for single arrangements.

Counting every arrangement of a large component can take far longer than a
frame, a Hint or a player's patience allow; deciding whether a square can be
safe (or a mine) in at least one arrangement needs only one arrangement that
shows it, and a search with bound propagation finds one, or proves there is
none, in a few hundred steps on the components met in play. So a component
too large to count still has every square rule 5 settles settled: a box is
safe when no arrangement puts a mine in it, a mine when none leaves it short.

Each arrangement found settles the question for many boxes at once (every
box it shows not empty, not full), so the searches are few: one per box that
every arrangement found so far left empty (or full). The search works on box
mine counts (a box of s interchangeable squares holds 0..s mines), keeps each
box's range and narrows it from the numbers: a number's boxes must hold
exactly its missing mines, so each box holds at least what the others cannot
and at most what they leave.

The work is a generator that pauses every WORK_PER_PAUSE boxes looked at, so
the caller spreads it over frames; each search gives up after ``question_limit``
of work, and a box whose search gave up stays unsettled (never guessed).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

from .counting import Component

# The work is counted in boxes looked at by the bound propagation (a number
# looks at each of its boxes; the mine total, when it binds, at every box).
WORK_PER_PAUSE = 256  # work between two pauses (about a quarter of a millisecond)
QUESTION_LIMIT = 100_000  # work one question may take before it is left open
TOTAL_LIMIT = 500_000  # ... a whole component (about a quarter of a second of CPU); the questions left stay open


@dataclass
class Settled:
    """What the searches proved about one component."""

    safe: set[int] = field(default_factory=set)
    mines: set[int] = field(default_factory=set)
    open_questions: int = 0  # boxes whose search gave up: they may or may not be settled
    work: int = 0  # boxes looked at: the work done
    consistent: bool = True  # False when the component has no arrangement at all


class _GaveUp(Exception):
    pass


class _Search:
    """Bound propagation and depth-first search over one component's boxes."""

    def __init__(self, component: Component, total: tuple[int, int] | None) -> None:
        self.sizes = [len(box) for box in component.boxes]
        # Each number's boxes hold between needs_lo and needs_hi mines (the
        # same for a number; the mine total, when it binds, is one more
        # "number" over every box with a range).
        self.needs_lo = [c.need for c in component.constraints]
        self.needs_hi = list(self.needs_lo)
        self.members: list[list[int]] = [[] for _ in component.constraints]
        for b, witnesses in enumerate(component.box_witnesses):
            for w in witnesses:
                self.members[w].append(b)
        self.of_box = [list(w) for w in component.box_witnesses]
        if total is not None:
            everything = len(self.needs_lo)
            self.needs_lo.append(total[0])
            self.needs_hi.append(total[1])
            self.members.append(list(range(len(self.sizes))))
            for witnesses in self.of_box:
                witnesses.append(everything)
        self.work = 0
        self.paused_at = 0

    def propagate(self, lo: list[int], hi: list[int], touched: list[int]) -> bool:
        """Narrow the ranges from the numbers in ``touched`` (and those they affect); False if none fits."""
        queue = list(dict.fromkeys(touched))
        queued = set(queue)
        members, needs_lo, needs_hi, of_box = self.members, self.needs_lo, self.needs_hi, self.of_box
        visits = 0
        try:
            while queue:
                w = queue.pop()
                queued.discard(w)
                boxes = members[w]
                visits += len(boxes)
                low = sum(lo[b] for b in boxes)
                high = sum(hi[b] for b in boxes)
                need_lo, need_hi = needs_lo[w], needs_hi[w]
                if low > need_hi or high < need_lo:
                    return False
                if low == high:
                    continue
                for b in boxes:
                    new_lo = max(lo[b], need_lo - (high - hi[b]))
                    new_hi = min(hi[b], need_hi - (low - lo[b]))
                    if new_lo > new_hi:
                        return False
                    if new_lo != lo[b] or new_hi != hi[b]:
                        low += new_lo - lo[b]
                        high += new_hi - hi[b]
                        lo[b], hi[b] = new_lo, new_hi
                        for other in of_box[b]:
                            if other not in queued:
                                queued.add(other)
                                queue.append(other)
            return True
        finally:
            self.work += visits

    def pause_due(self) -> bool:
        if self.work - self.paused_at >= WORK_PER_PAUSE:
            self.paused_at = self.work
            return True
        return False

    def find(self, lo: list[int], hi: list[int], prefer_high: list[bool], limit: int) -> Generator[int, None, list[int] | None]:
        """One arrangement inside the (propagated) ranges, as box mine counts; None if there is none.

        Raises _GaveUp past ``limit`` work. Pauses (yielding its work) every WORK_PER_PAUSE.
        """
        start = self.work
        stack = [(lo, hi)]
        while stack:
            if self.work - start > limit:
                raise _GaveUp
            if self.pause_due():
                yield WORK_PER_PAUSE
            lo, hi = stack.pop()
            open_boxes = [b for b in range(len(lo)) if lo[b] < hi[b]]
            if not open_boxes:
                return lo
            # The box in the most numbers narrows the most when fixed.
            b = max(open_boxes, key=lambda x: (len(self.of_box[x]), -x))
            values = range(lo[b], hi[b] + 1)
            # Push the preferred end last so that it is popped (tried) first.
            for value in (values if prefer_high[b] else reversed(values)):
                child_lo, child_hi = list(lo), list(hi)
                child_lo[b] = child_hi[b] = value
                if self.propagate(child_lo, child_hi, self.of_box[b]):
                    stack.append((child_lo, child_hi))
        return None


def settle_steps(
    component: Component,
    question_limit: int = QUESTION_LIMIT,
    total_limit: int = TOTAL_LIMIT,
    total: tuple[int, int] | None = None,
) -> Generator[int, None, Settled]:
    """The boxes of ``component`` that every arrangement leaves empty or fills, pausing as it goes
    (each pause yields the work done since the last).

    ``total``, if given, is the least and most mines the component may hold
    (what the mine count leaves it: rule 6); else only its numbers bind (rule 5).
    """
    search = _Search(component, total)
    sizes = search.sizes
    result = Settled()
    count = len(sizes)
    # The ranges every arrangement keeps to, narrowed again whenever a box is settled.
    base_lo, base_hi = [0] * count, list(sizes)
    if not search.propagate(base_lo, base_hi, list(range(len(search.needs_lo)))):
        result.consistent = False
        result.work = search.work
        return result
    if search.pause_due():
        yield WORK_PER_PAUSE
    try:
        first = yield from search.find(list(base_lo), list(base_hi), [False] * count, question_limit)
    except _GaveUp:
        first = None
        result.open_questions = count
    if first is None:
        result.consistent = result.open_questions > 0
        result.work = search.work
        return result
    seen_max, seen_min = list(first), list(first)
    for b in range(count):
        for want_mine in (True, False):
            if base_hi[b] == 0 or base_lo[b] == sizes[b]:
                break  # settled by the ranges already
            if want_mine and seen_max[b] > 0 or not want_mine and seen_min[b] < sizes[b]:
                continue  # an arrangement already shows the box can hold a mine (or be short of full)
            if search.work >= total_limit:
                result.open_questions += 1
                continue
            lo, hi = list(base_lo), list(base_hi)
            if want_mine:
                lo[b] = max(lo[b], 1)
            else:
                hi[b] = min(hi[b], sizes[b] - 1)
            found = None
            if search.propagate(lo, hi, search.of_box[b]):
                # Lean towards the ends not seen yet, so that each arrangement found answers more boxes.
                prefer_high = [seen_max[x] == 0 for x in range(count)]
                try:
                    found = yield from search.find(lo, hi, prefer_high, question_limit)
                except _GaveUp:
                    result.open_questions += 1
                    continue
            if found is None:
                # No arrangement: the box is always empty (or always full); that narrows the rest too.
                if want_mine:
                    base_hi[b] = 0
                else:
                    base_lo[b] = sizes[b]
                search.propagate(base_lo, base_hi, search.of_box[b])
                break
            for x, value in enumerate(found):
                seen_max[x] = max(seen_max[x], value)
                seen_min[x] = min(seen_min[x], value)
    for b, box in enumerate(component.boxes):
        if base_hi[b] == 0:
            result.safe.update(box)
        elif base_lo[b] == sizes[b]:
            result.mines.update(box)
    result.work = search.work
    return result
