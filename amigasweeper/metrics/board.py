"""Metrics of a board before a click is made: 3BV, openings, islands, ZiNi.

Definitions (ms-toollib's ``cal_op``, ``cal_isl``, ``cal_bbbv`` and
``cal_zini``; minesweepergame.com's statistics page says the same in words):

opening
    A connected group of safe squares showing 0, touching through the board's
    own neighbours. One click anywhere in it uncovers it and its border.
island
    A connected group of numbered squares that touch no 0: each needs a click
    of its own.
3BV (Bechtel's Board Benchmark Value)
    The fewest left clicks that clear the board: one per opening plus one per
    numbered square that borders no opening.
ZiNi
    An estimate of the fewest clicks (left clicks, flags and chords) that clear
    a square-cell board, by ms-toollib's greedy "premium" algorithm: at each
    step the safe square whose chord would gain most is opened, the mines around
    it flagged and it is chorded.

3BV, openings and islands use the topology, so they hold for hexagonal and
triangular boards too. ZiNi's algorithm is defined on square cells only, and
its time grows with the square of the board's size: it is worked out for
boards of at most ZINI_MAX_CELLS squares (a 100x100 board takes half a
second; an EVF file may hold 255x255, which would take many seconds).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.topology import Shape, Topology
from ..slices import Steps, finish

MINE = -1
ZINI_MAX_CELLS = 10_000


def numbers_of(topology: Topology, mines: Iterable[int]) -> list[int]:
    """Each square's number, MINE (-1) on mines."""
    mine = bytearray(topology.size)
    for cell in mines:
        mine[cell] = 1
    neighbours = topology.neighbours
    return [MINE if mine[c] else sum(mine[n] for n in neighbours[c]) for c in topology.cells()]


def _components(topology: Topology, members: list[bool]) -> int:
    """How many connected groups the member squares make (iterative, no recursion limit)."""
    seen = bytearray(topology.size)
    neighbours = topology.neighbours
    groups = 0
    for start in topology.cells():
        if not members[start] or seen[start]:
            continue
        groups += 1
        seen[start] = 1
        stack = [start]
        while stack:
            for near in neighbours[stack.pop()]:
                if members[near] and not seen[near]:
                    seen[near] = 1
                    stack.append(near)
    return groups


def _isolated_numbers(topology: Topology, numbers: list[int]) -> list[bool]:
    """Numbered squares with no 0 around them (ms-toollib's 'bbbv on island')."""
    neighbours = topology.neighbours
    return [n > 0 and all(numbers[x] != 0 for x in neighbours[c]) for c, n in enumerate(numbers)]


def openings(topology: Topology, mines: Iterable[int]) -> int:
    numbers = numbers_of(topology, mines)
    return _components(topology, [n == 0 for n in numbers])


def islands(topology: Topology, mines: Iterable[int]) -> int:
    numbers = numbers_of(topology, mines)
    return _components(topology, _isolated_numbers(topology, numbers))


def bbbv(topology: Topology, mines: Iterable[int]) -> int:
    numbers = numbers_of(topology, mines)
    return _components(topology, [n == 0 for n in numbers]) + sum(_isolated_numbers(topology, numbers))


@dataclass(frozen=True)
class BoardMetrics:
    bbbv: int
    openings: int
    islands: int
    zini: int | None  # None on boards that are not square-celled, or too big (see ZINI_MAX_CELLS)


def board_metrics(topology: Topology, mines: Iterable[int]) -> BoardMetrics:
    return finish(board_metrics_steps(topology, mines))


def board_metrics_steps(topology: Topology, mines: Iterable[int]) -> Steps[BoardMetrics]:
    """:func:`board_metrics` a slice at a time: ZiNi, greedy, takes a few
    hundred milliseconds on the largest boards (amigasweeper/slices.py)."""
    mines = frozenset(mines)
    numbers = numbers_of(topology, mines)
    isolated = _isolated_numbers(topology, numbers)
    ops = _components(topology, [n == 0 for n in numbers])
    found = _components(topology, isolated)
    yield
    value = (yield from _ZiniBoard(topology.width, topology.height, mines).steps()) if _zini_fits(topology) else None
    return BoardMetrics(bbbv=ops + sum(isolated), openings=ops, islands=found, zini=value)


def _zini_fits(topology: Topology) -> bool:
    return topology.shape is Shape.SQUARE and topology.size <= ZINI_MAX_CELLS


# --------------------------------------------------------------------- ZiNi
# ms-toollib's greedy ZiNi, step for step, so ties are broken the same way:
# squares are visited column by column (index = col * height + row), each
# square's "block" is the 3x3 around it *including itself*, and the first
# square of highest premium wins.


class _ZiniBoard:
    def __init__(self, width: int, height: int, mines: frozenset[int]) -> None:
        self.height = height
        size = width * height
        self.mine = [False] * size
        blocks = []
        for col in range(width):
            for row in range(height):
                self.mine[col * height + row] = row * width + col in mines
                blocks.append(tuple(
                    c * height + r
                    for c in range(max(col - 1, 0), min(col + 1, width - 1) + 1)
                    for r in range(max(row - 1, 0), min(row + 1, height - 1) + 1)
                ))
        self.block = blocks
        self.number = [sum(self.mine[j] for j in blocks[i]) for i in range(size)]
        self.opening = [0] * size
        self.opening2 = [0] * size
        self.opened = [False] * size
        self.flagged = [False] * size
        self.premium = [-n - 2 for n in self.number]
        self._mark_openings()
        for i in range(size):
            self.premium[i] += self._adjacent_3bv(i)
        self.closed = size
        self.clicks = 0

    def _mark_openings(self) -> None:
        count = 0
        for i in range(len(self.mine)):
            if not self.mine[i] and self.number[i] == 0 and self.opening[i] == 0:
                count += 1
                self._fill_opening(count, i)

    def _fill_opening(self, op_id: int, start: int) -> None:
        # ms-toollib recurses; the order cells are labelled in does not change
        # which opening (or second opening) a cell ends up in, so a stack will do.
        stack = [start]
        self.opening[start] = op_id
        while stack:
            index = stack.pop()
            for i in self.block[index]:
                if self.number[i] != 0:
                    if self.opening[i] == 0:
                        self.opening[i] = op_id
                    elif self.opening[i] != op_id and self.opening2[i] == 0:
                        self.opening2[i] = op_id
                elif self.opening[i] == 0:
                    self.opening[i] = op_id
                    stack.append(i)

    def _adjacent_3bv(self, index: int) -> int:
        if self.number[index] == 0:
            return 1
        gain = sum(1 for i in self.block[index] if not self.mine[i] and self.opening[i] == 0)
        return gain + (self.opening[index] != 0) + (self.opening2[index] != 0)

    def _open(self, index: int) -> None:
        self.opened[index] = True
        self.premium[index] += 1
        if self.opening[index] == 0:
            for i in self.block[index]:
                self.premium[i] -= 1
        self.closed -= 1

    def _reveal(self, index: int) -> None:
        if self.opened[index] or self.flagged[index]:
            return
        if self.number[index] != 0:
            self._open(index)
            return
        op = self.opening[index]
        for i in range(len(self.mine)):
            if self.opening2[i] == op or self.opening[i] == op:
                if not self.opened[i]:
                    self._open(i)
                self.premium[i] -= 1

    def _click(self, index: int) -> None:
        self._reveal(index)
        self.clicks += 1

    def _flag_around(self, index: int) -> None:
        for i in self.block[index]:
            if self.mine[i] and not self.flagged[i]:
                self.clicks += 1
                self.flagged[i] = True
                for j in self.block[i]:
                    self.premium[j] += 1

    def _chord(self, index: int) -> None:
        self.clicks += 1
        for i in self.block[index]:
            self._reveal(i)

    def _step(self) -> bool:
        best, best_premium = None, -1
        for i, premium in enumerate(self.premium):
            if premium > best_premium and not self.mine[i]:
                best, best_premium = i, premium
        if best is not None:
            if not self.opened[best]:
                self._click(best)
            self._flag_around(best)
            self._chord(best)
            return True
        for i in range(len(self.mine)):
            if not self.opened[i] and not self.mine[i] and (self.number[i] == 0 or self.opening[i] == 0):
                self._click(i)
                return True
        return False

    def steps(self) -> Steps[int]:
        """The clicks, each greedy step a slice (one scan of the board)."""
        mines = sum(self.mine)
        while self.closed > mines and self._step():
            yield
        return self.clicks


def zini(width: int, height: int, mines: Iterable[int]) -> int:
    """ZiNi of a square-cell board (mines as cell numbers ``row * width + col``)."""
    return finish(_ZiniBoard(width, height, frozenset(mines)).steps())
