"""The numbers of a position as constraints on the unknown squares around
them, and the independent components they fall into (see counting.py for
the method: witnesses, boxes, components)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from amigasweeper.engine import COVERED, MARKED, Topology


class Constraint(NamedTuple):
    """One witness: ``need`` of the unknown ``cells`` around ``witness`` are mines."""

    witness: int
    need: int
    cells: tuple[int, ...]


class Lines(NamedTuple):
    """A counted component (counting.py counts it): for each mine total, the ways and each box's mine-weight."""

    ways: dict[int, int]  # mines -> number of arrangements
    weight: dict[int, Sequence[int]]  # mines -> (sum over arrangements of ways * mines in box b, per box)


@dataclass
class Component:
    """Witnesses linked through shared boxes, with their boxes."""

    constraints: tuple[Constraint, ...]
    boxes: list[tuple[int, ...]]
    box_witnesses: list[tuple[int, ...]]  # indices into constraints
    lines: Lines | None = None  # None when the count ran over budget

    @property
    def cells(self) -> Iterable[int]:
        return (cell for box in self.boxes for cell in box)


def lines_of(component: Component) -> Lines:
    """The lines of a component its caller has counted (combining,
    the facts and the estimate read only counted ones): a bug otherwise."""
    lines = component.lines
    assert lines is not None, "a component read as counted was never counted"
    return lines


class Inconsistent(Exception):
    """The numbers and marks admit no arrangement of mines at all."""

    def __init__(self, witnesses: Sequence[int], why: str) -> None:
        super().__init__(why)
        self.witnesses = tuple(witnesses)
        self.why = why


def constraint_at(topology: Topology, cells: Sequence[int], witness: int) -> Constraint | None:
    """The constraint of one uncovered number, or None if it touches no unknown square.

    Raises Inconsistent when the marks around it already exceed it, or when too
    few covered squares are left for its missing mines.
    """
    unknown = []
    marked = 0
    for near in topology.neighbours[witness]:
        value = cells[near]
        if value == COVERED:
            unknown.append(near)
        elif value == MARKED:
            marked += 1
    need = cells[witness] - marked
    if need < 0 or need > len(unknown):
        raise Inconsistent([witness], _overfull(need, len(unknown)))
    if not unknown:
        return None
    return Constraint(witness, need, tuple(unknown))


def _overfull(need: int, room: int) -> str:
    if need < 0:
        return f"it touches {-need} more marked mine{'s' if need < -1 else ''} than it shows"
    return f"it needs {need} more mines but only {room} covered squares touch it"


def constraints_of(topology: Topology, cells: Sequence[int], witnesses: Iterable[int] | None = None) -> list[Constraint]:
    """Every witness's constraint; ``witnesses`` limits the scan (the caller knows the frontier)."""
    if witnesses is None:
        witnesses = (c for c, v in enumerate(cells) if v >= 0)
    found = []
    for witness in witnesses:
        constraint = constraint_at(topology, cells, witness)
        if constraint is not None:
            found.append(constraint)
    return found


def split_components(constraints: Sequence[Constraint]) -> list[Component]:
    """Group cells into boxes and witnesses into independent components."""
    touching: dict[int, list[int]] = defaultdict(list)
    for index, constraint in enumerate(constraints):
        for cell in constraint.cells:
            touching[cell].append(index)
    parent = list(range(len(constraints)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for indices in touching.values():
        first = root(indices[0])
        for other in indices[1:]:
            parent[root(other)] = first
    members: dict[int, list[int]] = defaultdict(list)
    for index in range(len(constraints)):
        members[root(index)].append(index)
    boxes_of: dict[int, dict[tuple[int, ...], list[int]]] = defaultdict(dict)
    for cell, indices in touching.items():
        boxes_of[root(indices[0])].setdefault(tuple(indices), []).append(cell)
    return [_component(constraints, group, boxes_of[key]) for key, group in members.items()]


def _component(constraints: Sequence[Constraint], group: list[int], boxes: dict[tuple[int, ...], list[int]]) -> Component:
    local = {index: n for n, index in enumerate(group)}
    ordered = sorted(boxes.items(), key=lambda item: min(item[1]))
    return Component(
        constraints=tuple(constraints[i] for i in group),
        boxes=[tuple(sorted(cells)) for _, cells in ordered],
        box_witnesses=[tuple(local[i] for i in signature) for signature, _ in ordered],
    )
