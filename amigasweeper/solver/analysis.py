"""The whole-position analysis behind rules 5 and 6 and the probabilities.

``analyse`` takes what a player sees (a list in PlayerView.cells form: numbers,
COVERED, MARKED) and never a mine layout. Marks are taken to be right, as
MySweeper assumed; marks that cannot all be right make the analysis report
``consistent=False`` with the reason, instead of raising.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from amigasweeper.engine import COVERED, MARKED, Topology

from .counting import (
    DEFAULT_BUDGET,
    Component,
    Constraint,
    Counted,
    Inconsistent,
    OverBudget,
    combine,
    constraints_of,
    count_component,
    split_components,
)


@dataclass
class Analysis:
    """What counting proves about a position.

    ``local_safe``/``local_mines`` hold for every arrangement that fits the
    numbers alone (rule 5); ``safe``/``mines`` also use the mine total (rule 6).
    ``exact`` is False when some component was too large to count in budget:
    the probabilities are then estimates and only rule-5 facts of the counted
    components are claimed.
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


def analyse(
    topology: Topology,
    cells: Sequence[int],
    total_mines: int,
    *,
    witnesses: Iterable[int] | None = None,
    unknown: list[int] | None = None,
    budget: int = DEFAULT_BUDGET,
) -> Analysis:
    """Count the arrangements of a position and read off certainties and chances.

    ``witnesses`` and ``unknown`` let a caller that tracks the frontier skip the
    whole-board scan; by default they are found from ``cells``.
    """
    result = Analysis(topology)
    if unknown is None:
        unknown = [c for c, v in enumerate(cells) if v == COVERED]
    result.unknown = unknown
    marked = sum(1 for v in cells if v == MARKED)
    result.mines_left = total_mines - marked
    try:
        if result.mines_left < 0:
            raise Inconsistent((), f"there are {marked} mine marks but only {total_mines} mines")
        result.constraints = constraints_of(topology, cells, witnesses)
        _count_all(result, budget)
    except Inconsistent as problem:
        result.consistent = False
        result.problem = problem.why
        result.problem_witnesses = problem.witnesses
        result.probability.clear()
        result.safe.clear()
        result.mines.clear()
    return result


def _count_all(result: Analysis, budget: int) -> None:
    components = split_components(result.constraints)
    result.components = components
    exact: list[Component] = []
    rough: list[Component] = []
    for component in components:
        try:
            component.lines = count_component(component, budget)
        except OverBudget:
            rough.append(component)
            continue
        if not component.lines.ways:
            raise Inconsistent([c.witness for c in component.constraints], "these numbers cannot all be satisfied at once")
        exact.append(component)
    frontier = {cell for component in components for cell in component.cells}
    result.off_cells = [cell for cell in result.unknown if cell not in frontier]
    _local_facts(result, exact)
    if rough:
        result.exact = False
        _estimate(result, exact, rough)
        return
    counted = combine(components, len(result.off_cells), result.mines_left)
    if counted.total == 0:
        raise Inconsistent(result.witnesses, f"no arrangement of the numbers uses exactly {result.mines_left} more mines")
    result.counted = counted
    _global_facts(result, counted)


def _local_facts(result: Analysis, components: list[Component]) -> None:
    """Rule 5: boxes that are empty or full in every arrangement of their component."""
    for component in components:
        lines = component.lines
        solutions = sum(lines.ways.values())
        for b, box in enumerate(component.boxes):
            weight = sum(w[b] for w in lines.weight.values())
            if weight == 0:
                result.local_safe.update(box)
            elif weight == len(box) * solutions:
                result.local_mines.update(box)


def _global_facts(result: Analysis, counted: Counted) -> None:
    """Rule 6 and the probabilities: every arrangement weighted by the squares off the frontier."""
    total = counted.total
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
    if result.off_cells:
        chance = counted.off_probability()
        for cell in result.off_cells:
            result.probability[cell] = chance
        if counted.off_mines == 0:
            result.safe.update(result.off_cells)
        elif counted.off_mines == len(result.off_cells) * total:
            result.mines.update(result.off_cells)


def _estimate(result: Analysis, exact: list[Component], rough: list[Component]) -> None:
    """A sound fallback: exact components by their own counts, the rest by local density.

    Only rule-5 facts are claimed (they hold whatever the other components do).
    """
    result.safe = set(result.local_safe)
    result.mines = set(result.local_mines)
    expected = 0.0
    for component in exact:
        lines = component.lines
        solutions = sum(lines.ways.values())
        for b, box in enumerate(component.boxes):
            chance = sum(w[b] for w in lines.weight.values()) / (len(box) * solutions)
            expected += chance * len(box)
            for cell in box:
                result.probability[cell] = chance
    for component in rough:
        for box, signature in zip(component.boxes, component.box_witnesses):
            # The densest witness touching the box bounds how crowded it is.
            chance = max(component.constraints[w].need / len(component.constraints[w].cells) for w in signature)
            expected += chance * len(box)
            for cell in box:
                result.probability[cell] = chance
    if result.off_cells:
        chance = min(1.0, max(0.0, (result.mines_left - expected) / len(result.off_cells)))
        for cell in result.off_cells:
            result.probability[cell] = chance
