"""Long-term risk: guesses that settle a 50/50 before it can form.

Two neighbouring unknown squares become a 50/50 that no later click can ever
decide when they hold one mine between them and every square beside just one
of them (their "wall") is a mine: whatever else is uncovered then sees both
alike. Such a pair costs a coin toss sooner or later. A guess now on one of
the two squares takes, in those arrangements, a risk the game would take
anyway; a guess on a wall square, if it is safe, stops the trap from forming.
Either way part of the guess's risk is not new, and the guess is credited
for it (DavidNHill's JSMinesweeper calls this long-term risk).

Only traps close to forming are looked at: at most MAX_MISSING wall squares
still unknown (the rest are known mines or off the board), which is where
they come from in practice, at edges and corners and beside found mines.

On square boards a 2x2 block of unknown squares is a trap of the same kind
(BOXES): with two mines on one of its diagonals, every square around it
sees one of them, except the four squares diagonally off its corners, which
each see one square of the block only. When those four are mines (or off
the board), nothing can ever tell the two diagonals apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from amigasweeper.engine import COVERED, MARKED, Topology

from .analysis import Analysis
from .constraints import Constraint
from .knowledge import Knowledge

MAX_MISSING = 2  # wall squares that may still be unknown
# Share of a trap's arrangements credited to a guess that settles it. A coin
# toss loses half of them, but crediting all of them measured best (paired,
# 20,000 Expert games: 0.5 +0.07, 1.0 +0.22, 2.0 +0.19 points against no
# credit), perhaps because the settling guess's own number also tells
# something; that was not confirmed.
CREDIT = 1.0
BOXES = True  # 2x2 blocks count as traps too (square boards)
# Squares off a block's corners that may still be unknown: one, not MAX_MISSING.
# Blocks are weighed about twice as often as pairs, and with two this cost
# the player 13% of its time (cProfile, 150 Expert games); with one, blocks
# nearly formed are still seen.
BOX_MISSING = 1
# Witness ids of the extra constraints: below every square number.
_WALL, _PAIR = -1, -2
_ROWS_AND_COLUMNS = (-3, -4, -5, -6)  # a block's two rows and two columns, one mine each


@dataclass(frozen=True)
class Trap:
    """A 50/50 that may form: the pair, the unknown wall squares, and in how many arrangements it forms."""

    pair: tuple[int, int]
    wall: tuple[int, ...]
    weight: int

    @property
    def squares(self) -> tuple[int, ...]:
        return self.pair + self.wall


@lru_cache(maxsize=16)
def _sides(topology: Topology) -> dict[tuple[int, int], tuple[int, ...]]:
    """For every pair of neighbours (a < b), the squares beside one of them only:
    a board's shape never changes, so this is worked out once per board."""
    neighbours = topology.neighbours
    sides = {}
    for a in topology.cells():
        for b in neighbours[a]:
            if a < b:
                sides[a, b] = tuple(sorted((set(neighbours[a]) ^ set(neighbours[b])) - {a, b}))
    return sides


def _wall(knowledge: Knowledge, a: int, b: int) -> tuple[int, ...] | None:
    """The unknown squares that must all be mines for a and b to form a trap, or None if they cannot."""
    cells = knowledge.cells
    unknown = []
    for square in _sides(knowledge.topology)[a, b]:
        value = cells[square]
        if value == MARKED:
            continue
        if value != COVERED or square in knowledge.safe:
            return None  # a safe square beside one of them will tell them apart
        unknown.append(square)
    if len(unknown) > MAX_MISSING:
        return None
    return tuple(unknown)  # in order already


def _box_wall(knowledge: Knowledge, block: tuple[int, int, int, int], corners: tuple[int, ...]) -> tuple[int, ...] | None:
    """The unknown squares off a block's corners that must all be mines for it to be a trap, or None if it cannot."""
    cells = knowledge.cells
    unknown = []
    for square in corners:
        value = cells[square]
        if value == MARKED:
            continue
        if value != COVERED or square in knowledge.safe:
            return None
        unknown.append(square)
    if len(unknown) > BOX_MISSING or any(cells[square] != COVERED for square in block):
        return None
    return tuple(sorted(unknown))


def blocks_involving(knowledge: Knowledge, cell: int) -> Iterable[tuple[tuple[int, int, int, int], tuple[int, ...]]]:
    """(block, the squares off its corners) for the 2x2 blocks the square is in or walls in.

    A block is (top left, top right, bottom left, bottom right); it is only
    made where all four are on the board (square boards only).
    """
    return _blocks(knowledge.topology)[cell]


@lru_cache(maxsize=16)
def _blocks(topology: Topology) -> tuple[tuple[tuple[tuple[int, int, int, int], tuple[int, ...]], ...], ...]:
    """blocks_involving of every square of a board, worked out once per board."""
    return tuple(tuple(_blocks_of(topology, cell)) for cell in topology.cells())


def _blocks_of(topology: Topology, cell: int) -> Iterable[tuple[tuple[int, int, int, int], tuple[int, ...]]]:
    col, row = topology.coords(cell)
    for left in range(col - 2, col + 2):
        for top in range(row - 2, row + 2):
            if not (topology.contains(left, top) and topology.contains(left + 1, top + 1)):
                continue
            block = (topology.index(left, top), topology.index(left + 1, top), topology.index(left, top + 1), topology.index(left + 1, top + 1))
            corners = tuple(topology.index(c, r) for c, r in ((left - 1, top - 1), (left + 2, top - 1), (left - 1, top + 2), (left + 2, top + 2))
                            if topology.contains(c, r))  # fmt: skip
            if cell in block or cell in corners:
                yield block, corners


def pairs_involving(knowledge: Knowledge, cell: int) -> Iterable[tuple[int, int]]:
    """Neighbouring unknown pairs that the square is one of, or walls in."""
    neighbours = knowledge.topology.neighbours
    cells = knowledge.cells
    seen = set()
    for a in (cell, *neighbours[cell]):
        if cells[a] != COVERED:
            continue
        for b in neighbours[a]:
            if cells[b] == COVERED:
                pair = (a, b) if a < b else (b, a)
                if pair not in seen:
                    seen.add(pair)
                    yield pair


class LongTermRisk:
    """Traps near the candidates of one guess, counted once each."""

    def __init__(self, knowledge: Knowledge, analysis: Analysis, weight_if: Callable[[list[Constraint]], int | None]) -> None:
        self.knowledge = knowledge
        self.analysis = analysis
        self.weight_if = weight_if  # arrangements meeting extra constraints (guess._Outcomes.weight_if)
        self.walls: dict[tuple[int, int], tuple[int, ...] | None] = {}
        self.traps: dict[tuple[int, int], Trap | None] = {}
        self.boxes: dict[tuple[int, int, int, int], int] = {}  # block -> arrangements in which it is a trap

    def wall(self, pair: tuple[int, int]) -> tuple[int, ...] | None:
        """The pair's unknown wall squares, or None if it can never be a trap (cheap, no counting)."""
        if pair not in self.walls:
            chance = self.analysis.probability
            wall = None
            if all(0 < chance.get(square, 0) < 1 for square in pair):
                wall = _wall(self.knowledge, *pair)
                if wall is not None and any(chance.get(square, 0) == 0 for square in wall):
                    wall = None
            self.walls[pair] = wall
        return self.walls[pair]

    def trap(self, pair: tuple[int, int]) -> Trap | None:
        if pair not in self.traps:
            wall = self.wall(pair)
            self.traps[pair] = None if wall is None else self._weigh(pair, wall)
        return self.traps[pair]

    def _weigh(self, pair: tuple[int, int], wall: tuple[int, ...]) -> Trap | None:
        extra = [Constraint(_PAIR, 1, pair)]
        if wall:
            extra.append(Constraint(_WALL, len(wall), wall))
        weight = self.weight_if(extra)
        return Trap(pair, wall, weight) if weight else None

    def _boxes_settled(self, cell: int) -> int:
        """Arrangements in which a 2x2 block that a guess on ``cell`` settles is a trap."""
        chance = self.analysis.probability
        settled = 0
        for block, corners in blocks_involving(self.knowledge, cell):
            if block not in self.boxes:
                wall = None
                if all(0 < chance.get(square, 0) < 1 for square in block):
                    wall = _box_wall(self.knowledge, block, corners)
                    if wall is not None and any(chance.get(square, 0) == 0 for square in wall):
                        wall = None
                self.boxes[block] = 0 if wall is None else self._weigh_box(block, wall)
            settled += self.boxes[block]
        return settled

    def _weigh_box(self, block: tuple[int, int, int, int], wall: tuple[int, ...]) -> int:
        top_left, top_right, bottom_left, bottom_right = block
        lines = ((top_left, top_right), (bottom_left, bottom_right), (top_left, bottom_left), (top_right, bottom_right))
        extra = [Constraint(witness, 1, line) for witness, line in zip(_ROWS_AND_COLUMNS, lines)]
        if wall:
            extra.append(Constraint(_WALL, len(wall), wall))
        return self.weight_if(extra) or 0

    def credit(self, cell: int) -> float:
        """The factor a guess on ``cell`` is worth more for the traps it settles (1.0 for none)."""
        assert self.analysis.counted is not None  # guesses are scored only on exact counts (guess.plain_guess)
        total = self.analysis.counted.total
        safety = 1 - self.analysis.probability[cell]
        safe = safety * total
        if safe <= 0:
            return 1.0
        settled = 0
        for pair in pairs_involving(self.knowledge, cell):
            wall = self.wall(pair)
            if wall is None or (cell not in pair and cell not in wall):
                continue  # no trap, or one this guess does not settle: not worth counting
            trap = self.trap(pair)
            if trap is not None:
                settled += trap.weight
        if BOXES:
            settled += self._boxes_settled(cell)
        # In a trap's arrangements the game loses anyway, sooner or later:
        # that part of the guess's risk is not new (and no more than all of it).
        spared = min(CREDIT * settled, total - safe)
        return 1 + spared / safe
