"""Living squares: a number counts as progress only if it proves a square worth proving.

The guess chooser counts a candidate's number as progress when it proves
some square safe (guess._judge), and then takes the next guess to be sure.
Two kinds of proved square do not earn that (guess.LIVING):

* **Linked** squares, proved safe by every number the candidate could
  show: they are safe whenever the candidate is, whatever it shows, so its
  number has not told anything about them. Counting them gives two squares
  that are safe together all the progress there is, each for the other
  (JSMinesweeper, by DavidNHill, discounts its "linked tiles" for this).
  Their own numbers still come for free after the guess; choosing between
  such squares is dominance.py's part.
* **Dead** squares, whose every covered neighbour is settled (a known mine,
  or safe or a mine in every arrangement that fits): the number they show
  is known before they are uncovered, so they teach nothing.

A number that proves only such squares is scored as one that proves
nothing: the next guess is the safest square left. The dead test is a cheap
sufficient one: a square whose unknown neighbours are unsettled one by one
but hold a fixed number of mines together is dead too, and still counts as
living here. Squares off the frontier proved safe all at once (every mine
left on the frontier) count as living: they are many, and some border
unsettled squares in practice.

Off-frontier candidates beside the frontier (guess.WIDER) are here too:
their number can tell something about the frontier, where one deep in the
unknown tells only about other unknown squares.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass

from amigasweeper.engine import COVERED

from .analysis import Analysis
from .combining import Counted
from .constraints import Component
from .guesses import ShownNumber
from .knowledge import Knowledge


class _Settled:
    """Which covered squares one outcome settles, looked up lazily (most outcomes prove nothing)."""

    def __init__(self, counted: Counted, components: Sequence[Component], off_now: set[int], chance: dict[int, float]) -> None:
        self.counted = counted
        self.chance = chance
        self.off_now = off_now
        self.where: dict[int, tuple[int, int]] = {}
        for i, component in enumerate(components):
            for b, box in enumerate(component.boxes):
                for square in box:
                    self.where[square] = (i, b)
        self.components = components
        self.box_settled: dict[tuple[int, int], bool] = {}

    def __call__(self, square: int) -> bool:
        place = self.where.get(square)
        if place is not None:
            if place not in self.box_settled:
                i, b = place
                weight = self.counted.box_mine_weight(i + 1, b)  # index 0 is the rest of the board
                size = len(self.components[i].boxes[b])
                self.box_settled[place] = weight == 0 or weight == size * self.counted.total
            return self.box_settled[place]
        if square in self.off_now:
            off = self.counted
            return off.off_mines == 0 or off.off_mines == off.off_count * off.total
        # A square of a component the candidate does not touch: as settled as it was.
        p = self.chance.get(square)
        return p is None or p in (0.0, 1.0)


def living_squares(knowledge: Knowledge, candidate: int, proved: set[int], settled: _Settled) -> frozenset[int]:
    """The ``proved`` squares (safe once ``candidate`` shows its number) with
    some covered neighbour, other than ``candidate``, that is not settled."""
    cells, neighbours = knowledge.cells, knowledge.topology.neighbours
    return frozenset(
        square for square in proved
        if any(near != candidate and cells[near] == COVERED and near not in proved and not settled(near) for near in neighbours[square])
    )  # fmt: skip


@dataclass(frozen=True)
class Proof:
    """What one number of a candidate proves, for LIVING's score."""

    every: frozenset[int]  # the frontier squares it proves safe
    living: frozenset[int]  # ... those of them that are living
    off: int  # squares off the frontier it proves safe (all or none; counted living)
    if_none: float  # the safest unsettled square's chance to be safe, for when it proves nothing

    @classmethod
    def of(cls, knowledge: Knowledge, candidate: int, judged: tuple[list[tuple[int, ...]], float],
           counted: Counted, components: Sequence[Component], off_now: set[int], chance: dict[int, float]) -> Proof:  # fmt: skip
        """``judged``: guess._proved_boxes of this number's count (the proved boxes,
        the safest other square); ``chance``: the position's mine chances before the guess."""
        boxes, best = judged
        every = frozenset(square for box in boxes for square in box)
        off = 0
        if off_now:
            if counted.off_mines == 0:
                off = len(off_now)
            else:
                best = max(best, 1 - counted.off_mines / (len(off_now) * counted.total))
        living: frozenset[int] = frozenset()
        if every:
            settled = _Settled(counted, components, off_now, chance)
            living = living_squares(knowledge, candidate, set(every), settled)
        return cls(every, living, off, best)

    def judged(self, shown: int, weight: int, linked: frozenset[int] = frozenset()) -> ShownNumber:
        """The number as the chooser scores it, the squares in ``linked`` not counted."""
        proved = len(self.living - linked) + self.off
        return ShownNumber(shown, weight, proved, 1.0 if proved else self.if_none)


def without_linked(found: list[ShownNumber], proofs: list[Proof]) -> list[ShownNumber]:
    """Every number of a candidate scored again without the squares every one of them proves."""
    if not proofs:
        return found
    linked = frozenset.intersection(*(proof.every for proof in proofs))
    if not linked:
        return found
    return [proof.judged(outcome.shown, outcome.weight, linked) for outcome, proof in zip(found, proofs)]


def beside_frontier(knowledge: Knowledge, analysis: Analysis, count: int, taken: set[int]) -> list[int]:
    """Up to ``count`` squares off the frontier, not in ``taken``, that border a
    square of the frontier, those with the fewest covered neighbours first
    (they open up most often)."""
    if count <= 0:
        return []
    off = set(analysis.off_cells)
    cells, neighbours = knowledge.cells, knowledge.topology.neighbours
    covered_near = knowledge.covered_near
    beside = (c for c in analysis.off_cells if c not in taken and any(cells[n] == COVERED and n not in off for n in neighbours[c]))
    return heapq.nsmallest(count, beside, key=lambda c: (covered_near[c], c))
