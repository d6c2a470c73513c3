"""What the counts prove about a position, written into its Analysis: rule 5
(boxes empty or full in every arrangement of their component), rule 6 and
the probabilities (every arrangement weighted by the squares off the
frontier), and the squares the pair rules settled."""

from __future__ import annotations

from collections.abc import Generator
from typing import Protocol

from .combining import Counted
from .constraints import Component, lines_of
from .deadlines import CHUNK, METER
from .propagate import Propagated


class FactsTarget(Protocol):
    """What these rules write into an analysis (analysis.Analysis): only its findings."""

    off_cells: list[int]  # unknown squares no number touches
    local_safe: set[int]
    local_mines: set[int]
    safe: set[int]
    mines: set[int]
    probability: dict[int, float]


def take_out(result: FactsTarget, proved: Propagated, safe: set[int], mines: set[int], local: bool) -> None:
    """Squares settled in every arrangement leave the counts (``local``: without the mine total)."""
    proved.safe |= safe
    proved.mines |= mines
    if local:
        result.local_safe |= safe
        result.local_mines |= mines


def local_facts(result: FactsTarget, components: list[Component]) -> None:
    """Rule 5: boxes empty or full in every arrangement of their (counted) component."""
    for component in components:
        lines = lines_of(component)
        solutions = sum(lines.ways.values())
        for b, box in enumerate(component.boxes):
            weight = sum(w[b] for w in lines.weight.values())
            if weight == 0:
                result.local_safe.update(box)
            elif weight == len(box) * solutions:
                result.local_mines.update(box)


def global_facts(result: FactsTarget, counted: Counted, proved: Propagated) -> Generator[None, None, None]:
    """Rule 6 and the probabilities: every arrangement weighted by the squares off the frontier.

    A box's weight is a sum of products of big integers, one per mine total
    of its component: it pauses after every CHUNK of them.
    """
    set_proved(result, proved)
    total = counted.total
    since_pause = 0
    for c, component in enumerate(counted.components):
        totals = len(lines_of(component).ways)
        for b, box in enumerate(component.boxes):
            weight = counted.box_mine_weight(c, b)
            chance = weight / (len(box) * total)
            for cell in box:
                result.probability[cell] = chance
            if weight == 0:
                result.safe.update(box)
            elif weight == len(box) * total:
                result.mines.update(box)
            METER.reading += totals
            since_pause += totals
            if since_pause >= CHUNK:
                yield
                since_pause = 0
    if result.off_cells:
        off_chance = counted.off_probability()
        assert off_chance is not None  # ``counted`` was combined over these off_cells (analysis.py)
        for cell in result.off_cells:
            result.probability[cell] = off_chance
        if counted.off_mines == 0:
            result.safe.update(result.off_cells)
        elif counted.off_mines == len(result.off_cells) * total:
            result.mines.update(result.off_cells)


def set_proved(result: FactsTarget, proved: Propagated) -> None:
    result.safe.update(proved.safe)
    result.mines.update(proved.mines)
    for cell in proved.safe:
        result.probability[cell] = 0.0
    for cell in proved.mines:
        result.probability[cell] = 1.0
