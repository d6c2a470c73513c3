"""What a player knows, kept up to date move by move.

The player and the no-guess generator both solve positions many times a game.
Scanning the whole board each time would dominate, so this keeps the frontier
(numbers that still touch unknown squares) and a queue of numbers whose
surroundings changed. Rules 1 and 2 then cost only the changed region; the
full count runs only when they stall.
"""

from __future__ import annotations

from collections.abc import Iterable

from amigasweeper.engine import COVERED, KNOWN_SAFE, MARKED, PlayerView, Topology

from .analysis import Analysis, AnalysisJob, analyse, position_decision
from .counting import DEFAULT_BUDGET
from .decide import DecisionTask


class Knowledge:
    """``cells`` in PlayerView form; MARKED here means "known to be a mine"."""

    def __init__(self, topology: Topology, mines: int) -> None:
        self.topology = topology
        self.mines = mines
        self.cells = [COVERED] * topology.size
        self.unknown: set[int] = set(topology.cells())
        self.frontier: set[int] = set()  # uncovered numbers touching unknown squares
        self.dirty: set[int] = set()  # numbers whose surroundings changed since last looked at
        self.safe: set[int] = set()  # proved safe, not yet uncovered
        self._covered_near: list[int] | None = [len(near) for near in topology.neighbours]

    @classmethod
    def from_view(cls, view: PlayerView) -> Knowledge:
        knowledge = cls(view.topology, view.mines)
        knowledge.cells = list(view.cells)
        knowledge.unknown = {c for c, v in enumerate(view.cells) if v == COVERED}
        neighbours = view.topology.neighbours
        for cell, value in enumerate(view.cells):
            if value >= 0 and any(knowledge.cells[n] == COVERED for n in neighbours[cell]):
                knowledge.frontier.add(cell)
        knowledge.dirty = set(knowledge.frontier)
        knowledge._covered_near = None  # counted when first asked for
        return knowledge

    def copy(self) -> Knowledge:
        """An independent copy, to try a move on (the look-ahead, tools)."""
        copy = Knowledge(self.topology, self.mines)
        copy.cells = list(self.cells)
        copy.unknown = set(self.unknown)
        copy.frontier = set(self.frontier)
        copy.dirty = set(self.dirty)
        copy.safe = set(self.safe)
        copy._covered_near = None if self._covered_near is None else list(self._covered_near)
        return copy

    @property
    def covered_near(self) -> list[int]:
        """Covered neighbours of every square. Kept up to date as squares are
        uncovered and marked, since the guess chooser ranks hundreds of squares
        by it at each guess; a Knowledge made from a view counts it only when
        first asked (the program makes one per position, most never guess)."""
        if self._covered_near is None:
            cells = self.cells
            self._covered_near = [sum(1 for n in near if cells[n] == COVERED) for near in self.topology.neighbours]
        return self._covered_near

    @property
    def fresh(self) -> bool:
        return len(self.unknown) == self.topology.size

    # ------------------------------------------------------------------ updates
    def reveal(self, cell: int, number: int) -> None:
        """A square was uncovered and shows ``number``."""
        if self.cells[cell] != COVERED:
            return
        self.cells[cell] = number
        self._uncovered(cell)
        self.unknown.discard(cell)
        self.safe.discard(cell)
        self.frontier.add(cell)
        self.dirty.add(cell)
        self._touch(cell)

    def reveal_all(self, found: Iterable[tuple[int, int]]) -> None:
        for cell, number in found:
            self.reveal(cell, number)

    def set_mine(self, cell: int) -> None:
        if self.cells[cell] != COVERED:
            return
        self.cells[cell] = MARKED
        self._uncovered(cell)
        self.unknown.discard(cell)
        self._touch(cell)

    def _uncovered(self, cell: int) -> None:
        """The square is no longer COVERED (a number now, or a known mine)."""
        covered_near = self._covered_near
        if covered_near is not None:
            for near in self.topology.neighbours[cell]:
                covered_near[near] -= 1

    def _touch(self, cell: int) -> None:
        cells = self.cells
        for near in self.topology.neighbours[cell]:
            if cells[near] >= 0:
                self.dirty.add(near)

    # --------------------------------------------------------------- deduction
    def trivial(self) -> bool:
        """Rules 1 and 2 on the changed numbers until nothing changes; True if anything was found."""
        cells, neighbours = self.cells, self.topology.neighbours
        found = False
        while self.dirty:
            witness = self.dirty.pop()
            unknown = [n for n in neighbours[witness] if cells[n] == COVERED and n not in self.safe]
            if not unknown:
                if not any(cells[n] == COVERED for n in neighbours[witness]):
                    self.frontier.discard(witness)
                continue
            need = cells[witness] - sum(1 for n in neighbours[witness] if cells[n] == MARKED)
            if need == 0:
                self.safe.update(unknown)
                found = True
            elif need == len(unknown):
                for n in unknown:
                    self.set_mine(n)
                found = True
        return found

    def _count_input(self) -> tuple[list[int], list[int], list[int]]:
        """(cells, witnesses, unknown) for a count of the tracked position.

        Squares already proved safe are treated as uncovered-but-unread: they
        hold no mine, so they are left out of the unknown squares.
        """
        cells = self.cells
        if self.safe:
            cells = list(cells)
            for cell in self.safe:
                cells[cell] = _PROVED_SAFE
        witnesses = [w for w in self.frontier if cells[w] >= 0]
        return cells, witnesses, sorted(self.unknown - self.safe)

    def analyse(self, budget: int | None = None) -> Analysis:
        """The full count over the tracked frontier (rules 5 and 6, probabilities), at once."""
        cells, witnesses, unknown = self._count_input()
        budget = DEFAULT_BUDGET if budget is None else budget  # None: analyse's own default, not "no limit"
        return analyse(self.topology, cells, self.mines, witnesses=witnesses, unknown=unknown, budget=budget)

    def analysis_job(self, **options) -> AnalysisJob:
        """The same count as ``analyse``, as a job to advance a slice at a time
        (options as AnalysisJob's: patience, work_limit, clock). What it counts
        is cached, so a later ``analyse`` of the same position costs nothing."""
        cells, witnesses, unknown = self._count_input()
        return AnalysisJob(self.topology, cells, self.mines, witnesses=witnesses, unknown=unknown, **options)

    def decision_task(self) -> DecisionTask:
        """The complete decision of the tracked position (decide.py), the one its count would use."""
        cells, witnesses, unknown = self._count_input()
        return position_decision(self.topology, cells, self.mines, witnesses=witnesses, unknown=unknown)

    def apply(self, analysis: Analysis) -> None:
        """Take in the certainties of a count of this position."""
        if analysis.consistent:
            self.safe.update(analysis.safe)
            for cell in analysis.mines:
                self.set_mine(cell)

    def deduce(self, budget: int | None = None) -> Analysis | None:
        """Find certain squares: cheap rules first, the count only if they stall.

        Returns the Analysis when the count ran (its certainties are applied),
        None when rules 1 and 2 were enough.
        """
        if self.trivial() and self.safe:
            return None
        analysis = self.analyse(budget)
        self.apply(analysis)
        return analysis


# A proved-safe square waiting to be uncovered: not COVERED (so not unknown) and
# not a number (so it constrains nothing). Only ever inside Knowledge.analyse.
_PROVED_SAFE = KNOWN_SAFE
