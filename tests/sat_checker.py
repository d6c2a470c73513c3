"""An independent checker of what a position proves: a SAT solver from PyPI.

python-sat's Minicard (a MiniSat with native cardinality constraints) is
given one variable per covered, unmarked square, "it is a mine"; every
uncovered number says exactly so many of its covered neighbours are mines,
and the mine total says exactly so many of all the covered squares are.
A square is proved safe (a mine) when no model makes it a mine (safe).
Nothing of the project's solver is used: only the rules of the game.
"""

from __future__ import annotations

import pytest

from amigasweeper.engine import COVERED, MARKED, PlayerView

sat = pytest.importorskip("pysat.solvers", reason="python-sat is not installed (it is in the test extra: pip install -e '.[test]')")


def proved_by_checker(view: PlayerView, with_total: bool = True, backbone: bool = True) -> tuple[set[int], set[int]] | None:
    """(safe, mines) that hold in every layout the numbers (and the total) allow; None if none does
    (with ``backbone`` False, only that question is answered: (set(), set()) when a layout exists)."""
    topology, cells = view.topology, view.cells
    unknown = [c for c, v in enumerate(cells) if v == COVERED]
    var = {cell: i + 1 for i, cell in enumerate(unknown)}
    with sat.Solver(name="minicard") as solver:

        def exactly(lits: list[int], k: int) -> None:
            solver.add_atmost(lits, k)
            solver.add_atmost([-lit for lit in lits], len(lits) - k)

        for cell, value in enumerate(cells):
            if value < 0:
                continue
            near = topology.neighbours[cell]
            covered = [var[n] for n in near if cells[n] == COVERED]
            need = value - sum(cells[n] == MARKED for n in near)
            if not 0 <= need <= len(covered):
                return None
            if covered:
                exactly(covered, need)
        left = view.mines - sum(v == MARKED for v in cells)
        if with_total:
            if not 0 <= left <= len(unknown):
                return None
            exactly(list(var.values()), left)
        if not solver.solve():
            return None
        if not backbone:
            return set(), set()
        can_mine, can_be_safe = set(), set()

        def note(model: list[int]) -> None:
            truth = {abs(lit): lit > 0 for lit in model}
            for cell in unknown:
                value = truth.get(var[cell])  # None: a square no constraint mentions, free either way
                if value is not False:
                    can_mine.add(cell)
                if value is not True:
                    can_be_safe.add(cell)

        note(solver.get_model())
        for cell in unknown:
            for lit, seen in ((var[cell], can_mine), (-var[cell], can_be_safe)):
                if cell not in seen and solver.solve(assumptions=[lit]):
                    note(solver.get_model())
    return set(unknown) - can_mine, set(unknown) - can_be_safe
