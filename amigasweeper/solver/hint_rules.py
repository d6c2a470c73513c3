"""The hint rules, simplest first, each saying what it proves and why.

Rules 1-4 are MySweeper's one-step rules, generalised from 3x3 squares to the
neighbour sets of any board shape. Rule 5 (the whole frontier at once) and
rule 6 (the mine total) are the two MySweeper listed as missing; both come from
exact counting in ``analysis``.

Squares in reasons are named as the player names them (engine/names.py): a
column letter from the left, then a row number from the top, C5.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from amigasweeper.engine import PlayerView, Topology
from amigasweeper.engine.names import square_name

from .analysis import Analysis, analyse
from .constraints import Constraint, Inconsistent, constraints_of


class Rule(Enum):
    RULE1 = 1  # a number with all its mines marked: the rest are safe
    RULE2 = 2  # a number with exactly as many covered squares as missing mines
    RULE3 = 3  # subset: one number's squares inside another's, same missing mines
    RULE4 = 4  # difference: the extra mines of one number must lie outside the other
    RULE5 = 5  # every arrangement of the whole frontier agrees
    RULE6 = 6  # ... once the total number of mines is taken into account
    CONTRADICTION = 0  # the marks and numbers cannot all be right

    @property
    def title(self) -> str:
        return _TITLES[self]


_TITLES = {
    Rule.RULE1: "Rule 1: marks complete",
    Rule.RULE2: "Rule 2: squares fill the number",
    Rule.RULE3: "Rule 3: subset",
    Rule.RULE4: "Rule 4: difference",
    Rule.RULE5: "Rule 5: whole frontier",
    Rule.RULE6: "Rule 6: mine count",
    Rule.CONTRADICTION: "Marks do not fit",
}


@dataclass(frozen=True)
class Deduction:
    """One hint: the squares a rule proves safe or mined, the numbers it used, and why."""

    rule: Rule
    safe: frozenset[int]
    mines: frozenset[int]
    witnesses: tuple[int, ...]
    reason: str

    @property
    def cells(self) -> frozenset[int]:
        return self.safe | self.mines


Hint = Deduction


@dataclass(frozen=True)
class Certainty:
    """Everything provable about a position ("Show Safe and Mines")."""

    safe: frozenset[int]
    mines: frozenset[int]
    consistent: bool = True
    exact: bool = True
    problem: str = ""


def where(topology: Topology, cell: int) -> str:
    """A square as the player names it: C5 (engine/names.py)."""
    return square_name(topology, cell)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------ rules 1 and 2
def _marked_count(cells: Sequence[int], c: Constraint) -> int:
    return cells[c.witness] - c.need


def rule1(topology: Topology, cells: Sequence[int], constraints: Sequence[Constraint]) -> list[Deduction]:
    found = []
    for c in constraints:
        if c.need == 0:
            number = cells[c.witness]
            marked = _marked_count(cells, c)
            if number == 0:
                why = f"The 0 at {where(topology, c.witness)} has no mines around it, so its covered neighbours are safe"
            else:
                why = (
                    f"The {number} at {where(topology, c.witness)} already touches {_plural(marked, 'marked mine')}, "
                    "so its other covered neighbours are safe"
                )
            found.append(Deduction(Rule.RULE1, frozenset(c.cells), frozenset(), (c.witness,), why))
    return found


def rule2(topology: Topology, cells: Sequence[int], constraints: Sequence[Constraint]) -> list[Deduction]:
    found = []
    for c in constraints:
        if c.need and c.need == len(c.cells):
            number = cells[c.witness]
            missing = "mine" if c.need == 1 else "mines"
            why = (
                f"The {number} at {where(topology, c.witness)} still needs {c.need} {missing} and has exactly "
                f"{_plural(len(c.cells), 'covered square')} left, so {'it is a mine' if c.need == 1 else 'they are all mines'}"
            )
            found.append(Deduction(Rule.RULE2, frozenset(), frozenset(c.cells), (c.witness,), why))
    return found


# ------------------------------------------------------------ rules 3 and 4
def _pairs(constraints: Sequence[Constraint]):
    """Ordered pairs of numbers sharing a covered square (so within two steps of each other)."""
    by_cell = defaultdict(list)
    for c in constraints:
        for cell in c.cells:
            by_cell[cell].append(c)
    seen = set()
    for c in constraints:
        for cell in c.cells:
            for other in by_cell[cell]:
                if other.witness != c.witness and (c.witness, other.witness) not in seen:
                    seen.add((c.witness, other.witness))
                    yield c, other


def rule3(topology: Topology, cells: Sequence[int], constraints: Sequence[Constraint]) -> list[Deduction]:
    """Number A's covered squares all touch number B, and both miss the same count: B's others are safe."""
    return list(_rule3(topology, cells, constraints))


def _rule3(topology: Topology, cells: Sequence[int], constraints: Sequence[Constraint]) -> Iterator[Deduction]:
    squares = {c.witness: frozenset(c.cells) for c in constraints}
    for a, b in _pairs(constraints):
        inside, whole = squares[a.witness], squares[b.witness]
        if a.need == b.need and inside < whole:
            why = (
                f"Every covered square of the {cells[a.witness]} at {where(topology, a.witness)} also touches the "
                f"{cells[b.witness]} at {where(topology, b.witness)}, and both still need {_plural(b.need, 'mine')}, "
                f"so the {cells[b.witness]}'s other covered neighbours are safe"
            )
            yield Deduction(Rule.RULE3, whole - inside, frozenset(), (a.witness, b.witness), why)


def rule4(topology: Topology, cells: Sequence[int], constraints: Sequence[Constraint]) -> list[Deduction]:
    """B misses more mines than A can share with it; if its squares outside A just hold the difference, they are mines.

    A's squares outside B are then safe, since A's mines all sit in the overlap.
    """
    return list(_rule4(topology, cells, constraints))


def _rule4(topology: Topology, cells: Sequence[int], constraints: Sequence[Constraint]) -> Iterator[Deduction]:
    squares = {c.witness: frozenset(c.cells) for c in constraints}
    for a, b in _pairs(constraints):
        extra = b.need - a.need
        if extra <= 0:
            continue
        b_only = squares[b.witness] - squares[a.witness]
        if extra == len(b_only):
            a_only = squares[a.witness] - squares[b.witness]
            why = (
                f"The {cells[b.witness]} at {where(topology, b.witness)} needs {extra} more "
                f"{'mine' if extra == 1 else 'mines'} than the {cells[a.witness]} at {where(topology, a.witness)} "
                f"can share with it, and has exactly {_plural(extra, 'covered square')} the other does not touch: "
                f"{'it is a mine' if extra == 1 else 'those are mines'}"
                + (", and the other number's remaining squares are safe" if a_only else "")
            )
            yield Deduction(Rule.RULE4, a_only, b_only, (a.witness, b.witness), why)


SIMPLE_RULES = (rule1, rule2, rule3, rule4)
_FIRST_OF = (rule1, rule2, _rule3, _rule4)  # the same rules; 3 and 4 stop at their first finding


# ------------------------------------------------------------ rules 5 and 6
def rule5(topology: Topology, analysis: Analysis) -> Deduction | None:
    safe, mines = frozenset(analysis.local_safe), frozenset(analysis.local_mines)
    if not (safe or mines):
        return None
    used = _witnesses_touching(analysis, safe | mines)
    why = (
        f"Trying every way the mines can lie around the {_plural(len(used), 'number')} of this frontier, "
        f"{_facts(safe, mines)} in all of them"
    )
    return Deduction(Rule.RULE5, safe, mines, used, why)


def rule6(topology: Topology, analysis: Analysis) -> Deduction | None:
    safe = frozenset(analysis.safe - analysis.local_safe)
    mines = frozenset(analysis.mines - analysis.local_mines)
    if not (safe or mines):
        return None
    used = _witnesses_touching(analysis, safe | mines)
    why = (
        f"Only {_plural(analysis.mines_left, 'mine')} {'is' if analysis.mines_left == 1 else 'are'} left to place; "
        f"counting the arrangements that use exactly that many, {_facts(safe, mines)} in every one"
    )
    return Deduction(Rule.RULE6, safe, mines, used, why)


def _facts(safe: frozenset[int], mines: frozenset[int]) -> str:
    parts = []
    if safe:
        parts.append(f"{_plural(len(safe), 'square')} {'is' if len(safe) == 1 else 'are'} safe")
    if mines:
        parts.append(f"{_plural(len(mines), 'square')} {'holds a mine' if len(mines) == 1 else 'hold mines'}")
    return " and ".join(parts)


def _witnesses_touching(analysis: Analysis, cells: frozenset[int]) -> tuple[int, ...]:
    used: list[int] = []
    for component in analysis.components:
        if any(cell in cells for cell in component.cells):
            used.extend(c.witness for c in component.constraints)
    return tuple(sorted(used))


# ----------------------------------------------------------------- entry points
def contradiction(topology: Topology, witnesses: Sequence[int], why: str) -> Deduction:
    if witnesses:
        places = ", ".join(where(topology, w) for w in witnesses[:4])
        why = f"The marks cannot all be right: the number at {places}: {why}"
    else:
        why = f"The marks cannot all be right: {why}"
    return Deduction(Rule.CONTRADICTION, frozenset(), frozenset(), tuple(witnesses), why)


def next_hint(view: PlayerView) -> Deduction | None:
    """The simplest rule that proves something (1, 2, 3, 4, 5 then 6), or None.

    A position whose marks cannot all be right gives a Rule.CONTRADICTION hint.
    """
    if view.is_fresh():
        return None
    found = simple_hint(view)
    if found is not None:
        return found
    return counted_hint(analyse(view.topology, view.cells, view.mines))


def simple_hint(view: PlayerView) -> Deduction | None:
    """Rules 1-4 only (cheap: no counting), or a contradiction they run into; None if neither."""
    topology, cells = view.topology, view.cells
    try:
        constraints = constraints_of(topology, cells)
    except Inconsistent as problem:
        return contradiction(topology, problem.witnesses, problem.why)
    for rule in _FIRST_OF:
        found = next(iter(rule(topology, cells, constraints)), None)
        if found is not None:
            return found
    return None


def counted_hint(analysis: Analysis) -> Deduction | None:
    """Rule 5 or rule 6 from a count of the position (when rules 1-4 found nothing)."""
    topology = analysis.topology
    if not analysis.consistent:
        return contradiction(topology, analysis.problem_witnesses, analysis.problem)
    return rule5(topology, analysis) or rule6(topology, analysis)


def all_certain(view: PlayerView) -> Certainty:
    """Every square provably safe and every square provably a mine."""
    topology, cells = view.topology, view.cells
    if view.is_fresh():
        return Certainty(frozenset(), frozenset())
    return certainty_of(analyse(topology, cells, view.mines), cells)


def certainty_of(analysis: Analysis, cells: Sequence[int]) -> Certainty:
    """Everything an analysis of ``cells`` proves, with rules 1-4 added where the count gave up."""
    if not analysis.consistent:
        return Certainty(frozenset(), frozenset(), False, True, analysis.problem)
    safe, mines = set(analysis.safe), set(analysis.mines)
    if not analysis.exact:
        # The counting gave up somewhere: the one-step rules still hold there.
        for rule in SIMPLE_RULES:
            for found in rule(analysis.topology, cells, analysis.constraints):
                safe |= found.safe
                mines |= found.mines
    return Certainty(frozenset(safe), frozenset(mines), True, analysis.exact)


def probabilities(view: PlayerView) -> list[float | None]:
    """The chance each covered, unmarked square is a mine (None for other squares).

    Squares no number touches share one value. Before the first click every
    square has the plain density. An inconsistent position gives all None.
    """
    analysis = analyse(view.topology, view.cells, view.mines)
    return analysis.probabilities()


def solve(view: PlayerView) -> Analysis:
    """The full analysis (certainties, probabilities, ``exact`` and ``consistent`` flags)."""
    return analyse(view.topology, view.cells, view.mines)
