"""Domination between guesses: a square that is safe whenever another is.

If every arrangement in which square Y is safe has square X safe too, then
whatever number Y shows proves X safe: Y's guess always clears X. Clicking
X first instead loses nothing. It survives in every arrangement Y survives
in (and X is at least as safe), and if Y still looks worth it afterwards,
X then Y survives exactly as often as Y then X, with the same two numbers
seen; X first only adds the choice of not clicking Y. So X dominates Y,
and a dominated square should never be chosen over the one that dominates
it.

The two-step score can prefer Y all the same: each of Y's numbers "proves"
X, so Y scores as if its guess always led somewhere, while X's own number
is scored for what it really proves. The rule here catches that case: when
the chosen square is dominated by a strictly safer one, the best of its
dominators (scored the usual way) is taken instead, and the same is asked
of that one in turn. Squares equally safe that dominate each other are
safe in exactly the same arrangements, so either first gives the same.

JSMinesweeper (DavidNHill) replaces its best guess with a safer square that
every number of it would clear; this is our own rule for the same idea,
exact over the counted arrangements.
"""

from __future__ import annotations

from collections.abc import Callable

from .combining import combine
from .constraints import split_components
from .guesses import OUTCOME_BUDGET, Outcomes, Scored
from .shown_counts import count_each

MAX_STEPS = 8  # a chain of ever-safer dominators is short; this only bounds it


def cleared_if_safe(outcomes: Outcomes, cell: int) -> set[int] | None:
    """The unknown squares safe in every arrangement in which ``cell`` is safe
    (never ``cell`` itself), or None if counting them ran over budget.

    Only the component ``cell`` belongs to is counted again; the others keep
    their counts, and are weighed with it over the mine total (which can tie
    a square far away to ``cell``: fewer mines here may leave none for it).
    """
    analysis = outcomes.analysis
    affected = {outcomes.component_of[cell]} if cell in outcomes.component_of else set()
    base = outcomes.if_safe(cell, affected)
    if base is None:
        return set()  # cell cannot be safe at all: nothing follows from it
    components = split_components(base)
    fits = count_each(components, OUTCOME_BUDGET)
    if fits is None:
        return None
    if not fits:
        return set()
    components += [component for i, component in enumerate(analysis.components) if i not in affected]
    off_count = len(outcomes.off) - (cell in outcomes.off)
    counted = combine(components, off_count, analysis.mines_left)
    if counted.total == 0:
        return set()
    cleared: set[int] = set()
    for i, component in enumerate(components):
        for b, box in enumerate(component.boxes):
            if counted.box_mine_weight(i, b) == 0:
                cleared.update(box)
    if off_count and counted.off_mines == 0:
        cleared.update(outcomes.off)
    cleared.discard(cell)
    return cleared


def dominators(outcomes: Outcomes, cell: int, same_chance: float) -> list[int]:
    """The squares strictly safer than ``cell`` that every number of ``cell`` would clear."""
    chance = outcomes.analysis.probability
    cleared = cleared_if_safe(outcomes, cell)
    if not cleared:
        return []
    return sorted(x for x in cleared if chance.get(x, 1.0) < chance[cell] - same_chance)


def undominated(outcomes: Outcomes, best: Scored, rank_pool: Callable[[list[int]], list[Scored]], same_chance: float) -> Scored:
    """``best``, or the best-scored square that dominates it,
    and so on until the choice is dominated by no safer square.

    ``rank_pool(cells)`` scores squares the way the chooser does, best first.
    """
    for _ in range(MAX_STEPS):
        better = dominators(outcomes, best.cell, same_chance)
        if not better:
            break
        best = rank_pool(better)[0]
    return best
