"""The counts behind a guess's possible numbers (guess._Outcomes): each
component counted once, the candidate's own by the number it would show."""

from __future__ import annotations

from .constraints import Component
from .counting import Count, OverBudget, count_component


def count_each(components: list[Component], budget: int) -> bool | None:
    """Count every component (into its ``lines``): False if one has no
    arrangement at all, None if counting ran over budget."""
    counts = []
    try:
        for comp in components:
            comp.lines = lines = count_component(comp, budget)
            counts.append(lines)
    except OverBudget:
        return None
    return all(lines.ways for lines in counts)


def count_by_number(shapes: list[Component], cell: int, budget: int) -> list[Count] | None:
    """Each component's count: the candidate's own (the one holding its
    constraint) by the number it shows (counting.count_component's ``free``),
    number -> Lines; every other one its Lines. None if counting ran over budget."""
    counts: list[Count] = []
    try:
        for comp in shapes:
            mine = [i for i, c in enumerate(comp.constraints) if c.witness == cell]
            counts.append(count_component(comp, budget, free=mine[0]) if mine else count_component(comp, budget))
    except OverBudget:
        return None
    return counts


def showing(shapes: list[Component], counts: list[Count], cell: int, shown: int) -> list[Component] | None:
    """The components with their lines when the candidate shows ``shown``
    (mines among its unknown neighbours), or None if no arrangement fits."""
    components = []
    for comp, count in zip(shapes, counts):
        if isinstance(count, dict):
            lines = count.get(shown)
            if lines is None:
                return None
            comp = with_need(comp, cell, shown)  # a copy, its own lines set below
        else:
            lines = count
        if not lines.ways:
            return None
        comp.lines = lines
        components.append(comp)
    return components


def with_need(component: Component, witness: int, need: int) -> Component:
    """A copy of the component with the witness's need changed (it must hold the witness)."""
    constraints = tuple(c._replace(need=need) if c.witness == witness else c for c in component.constraints)
    return Component(constraints, component.boxes, component.box_witnesses)
