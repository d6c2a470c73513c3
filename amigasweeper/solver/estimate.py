"""Chances for a position some of whose pieces are too large to count.

Squares proved safe or mined keep 0 and 1, and they are the only ones that
do: every other square is given a chance strictly between (FLOOR..CEILING),
so that an estimate never looks like a proof. Counted components give their
own chances (exact for the component alone, before the mine total weighs
them); a piece too large to count gets chances that fit its numbers, by
iterative scaling: every number in turn scales the chances of its squares so
that they add up to the mines it still needs. The squares off the frontier
share the mines left over.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable

from .constraints import Component, lines_of
from .deadlines import METER

SCALING_ROUNDS = 30  # rounds of scaling for pieces too large to count
FLOOR, CEILING = 0.001, 0.999  # an estimate's bounds: never 0 or 1, which only proofs show


def bounded(chance: float) -> float:
    return min(CEILING, max(FLOOR, chance))


def estimate_steps(
    probability: dict[int, float],
    mines_left: int,
    off_cells: list[int],
    exact: list[Component],
    rough: list[Component],
    proved: tuple[Iterable[int], Iterable[int]],
    pause: Callable[[], Generator[None, None, None]],
) -> Generator[None, None, None]:
    """Fill ``probability`` for every unknown square (pausing through ``pause`` between rounds).

    ``proved`` is (safe, mines): squares settled in every arrangement, set to 0 and 1 last.
    """
    safe, mines = set(proved[0]), set(proved[1])
    expected = float(len(mines))
    for component in exact:
        lines = lines_of(component)
        solutions = sum(lines.ways.values())
        for b, box in enumerate(component.boxes):
            chance = sum(w[b] for w in lines.weight.values()) / (len(box) * solutions)
            for cell in box:
                if cell not in safe and cell not in mines:
                    probability[cell] = bounded(chance)
                    expected += chance
    rough_cells = [cell for component in rough for cell in component.cells if cell not in safe and cell not in mines]
    room = len(rough_cells) + len(off_cells)
    density = min(0.95, max(0.05, (mines_left - expected) / room)) if room else 0.5
    guessed = dict.fromkeys(rough_cells, density)
    constraints = [c for component in rough for c in component.constraints]
    for _ in range(SCALING_ROUNDS):
        for constraint in constraints:
            squares = [cell for cell in constraint.cells if cell in guessed]
            need = constraint.need - sum(cell in mines for cell in constraint.cells)
            held = sum(guessed[cell] for cell in squares)
            if held > 0:
                factor = need / held
                for cell in squares:
                    guessed[cell] = bounded(guessed[cell] * factor)
        METER.reading += len(rough_cells)
        yield from pause()
    for cell, p in guessed.items():
        probability[cell] = p
        expected += p
    open_off = [cell for cell in off_cells if cell not in safe and cell not in mines]
    if open_off:
        share = bounded((mines_left - expected) / len(open_off))
        for cell in open_off:
            probability[cell] = share
    for cell in safe:
        probability[cell] = 0.0
    for cell in mines:
        probability[cell] = 1.0
