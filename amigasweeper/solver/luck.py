"""The luck audit's mathematics: how lucky a player's moves were, with a proven false-alarm bound.

A move that what the player saw does not prove is right with an exact
chance p, counted from the position it saw (its numbers and the mines it
knows, the mine total, and the rule the board was laid by: a uniform
layout). X is 1 when the move was right, 0 when not. For a fixed λ in
[0, 1) the factor ``(1 - λ) + λ·X/p`` has mean exactly 1 whatever the
player's strategy, as long as it knows nothing beyond what it saw; so the
product of the factors over its moves is a non-negative martingale of mean
1 (a *test martingale*), and a mixture of several of them, with weights fixed
in advance, is one too. By Ville's inequality the running maximum of such a
product reaches 1/α with probability at most α. A player that sees through
the board gets a factor near 1/p on each guess, and its product grows
exponentially.

The products are kept as base-10 logarithms (``log10_e``) so that long runs
neither overflow nor lose their small factors.

The chance is counted exactly (counting.py's dynamic programme, Python
integers) within a fixed budget of *work* (DP transitions, ``DEFAULT_BUDGET``
per component): a position too large to count exactly is skipped, never
estimated, and never cut by a budget of time, which would make the result
depend on the machine's load and let a player slow the referee down to
have its own moves skipped.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from amigasweeper.engine import COVERED, KNOWN_SAFE, MARKED, Topology

from .combining import combine_steps, run_to_end
from .constraints import Component, Constraint, Inconsistent, constraint_at, constraints_of, split_components
from .counting import DEFAULT_BUDGET, OverBudget, count_component, count_steps

# The mixture's bets, fixed before any game: one cautious, one bold, and between.
# Equal weights. A bold λ grows fastest against a player that never misses,
# a cautious one survives an honest player's rare lost guesses.
LAMBDAS: tuple[float, ...] = (0.1, 0.25, 0.5, 0.75, 0.9)
DEFAULT_ALPHA = 1e-6  # the false-alarm bound per player per run


class Verdict(str, Enum):
    """What a move's chance could be told of."""

    PROVED = "proved"  # what the player saw proves the move right (p = 1): it adds nothing
    AUDITED = "audited"  # p < 1, counted exactly
    SKIPPED = "skipped"  # the exact count needs more than the work budget: left out


@dataclass(frozen=True)
class Chance:
    """One move's chance of being right, as the audit found it."""

    verdict: Verdict
    p: Fraction | None = None  # None when skipped


def mine_chance(topology: Topology, cells: Sequence[int], total_mines: int, cell: int,
                budget: int = DEFAULT_BUDGET) -> Fraction | None:
    """The exact chance that ``cell`` holds a mine, from what ``cells`` show (numbers, COVERED, MARKED
    as known mines, KNOWN_SAFE as known safe squares) and the mine total, every layout consistent with
    them equally likely. None when a component's count needs more than ``budget`` DP transitions.
    Raises Inconsistent when no layout fits."""
    quick = _proved_nearby(topology, cells, cell)
    if quick is not None:
        return quick
    chances = _chances(topology, cells, total_mines, constraints_of(topology, cells), budget)
    return None if chances is None else chances[cell]


def mine_chance_steps(topology: Topology, cells: Sequence[int], total_mines: int, cell: int,
                      budget: int = DEFAULT_BUDGET) -> Generator[None, None, Fraction | None]:
    """``mine_chance`` a slice at a time (``_chances_steps``): the same chance."""
    quick = _proved_nearby(topology, cells, cell)
    if quick is not None:
        return quick
    constraints = constraints_of(topology, cells)
    yield
    chances = yield from _chances_steps(topology, cells, total_mines, constraints, budget)
    return None if chances is None else chances[cell]


def _proved_nearby(topology: Topology, cells: Sequence[int], cell: int) -> Fraction | None:
    """0 or 1 when the numbers next to ``cell`` settle it alone, else None (a count is needed)."""
    if cells[cell] != COVERED:
        raise ValueError(f"square {cell} is not covered")
    # Most moves are proved by one number beside them: looked at first, without reading the whole board.
    around = _constraints_around(topology, cells, cell)
    quick = _proved_by_one_number(around, cell)
    if quick is None:
        quick = _proved_by_a_pair(around, _constraints_near(topology, cells, around), cell)
    return quick


def position_chances(topology: Topology, cells: Sequence[int], total_mines: int,
                     budget: int = DEFAULT_BUDGET) -> dict[int, Fraction] | None:
    """``mine_chance`` of every covered square at once (one count): None over the budget."""
    return run_to_end(position_chances_steps(topology, cells, total_mines, budget))


def position_chances_steps(topology: Topology, cells: Sequence[int], total_mines: int, budget: int = DEFAULT_BUDGET
                           ) -> Generator[None, None, dict[int, Fraction] | None]:  # fmt: skip
    """``position_chances`` a slice at a time (``_chances_steps``)."""
    constraints = constraints_of(topology, cells)
    yield
    return (yield from _chances_steps(topology, cells, total_mines, constraints, budget))


def _chances(topology: Topology, cells: Sequence[int], total_mines: int, constraints,
             budget: int) -> dict[int, Fraction] | None:
    components = split_components(constraints)
    try:
        counted_parts = [_with_lines(component, budget) for component in components]
    except OverBudget:
        return None
    return run_to_end(_read_chances(cells, total_mines, constraints, counted_parts))


def _chances_steps(topology: Topology, cells: Sequence[int], total_mines: int, constraints,
                   budget: int) -> Generator[None, None, dict[int, Fraction] | None]:
    """``_chances`` a slice at a time, for work paced over frames (the Replay window's audit): it
    yields after the components are found, after every chunk of a count (count_steps), of the
    combining (combine_steps) and after every box weighed. The same numbers as ``_chances``."""
    components = split_components(constraints)
    yield
    counted_parts = []
    for component in components:
        lines = yield from count_steps(component, budget)
        if lines is None:
            return None
        counted_parts.append(Component(component.constraints, component.boxes, component.box_witnesses, lines))
    return (yield from _read_chances(cells, total_mines, constraints, counted_parts))


def _read_chances(cells: Sequence[int], total_mines: int, constraints, counted_parts: list[Component]
                  ) -> Generator[None, None, dict[int, Fraction]]:  # fmt: skip
    """Every covered square's chance from the counted components, yielding after each box weighed
    (a large Expert frontier's big-integer sums and fractions took tens of milliseconds at once)."""
    frontier = {c for constraint in constraints for c in constraint.cells}
    unknown = [c for c, value in enumerate(cells) if value == COVERED]
    mines_left = total_mines - sum(1 for value in cells if value == MARKED)
    off = [c for c in unknown if c not in frontier]
    if not 0 <= mines_left <= len(unknown):
        raise Inconsistent([], f"{mines_left} mines left for {len(unknown)} covered squares")
    counted = yield from combine_steps(counted_parts, len(off), mines_left)
    if not counted.total:
        raise Inconsistent([c.witness for c in constraints], "no layout of the mines fits what is shown")
    chances = dict.fromkeys(off, Fraction(counted.off_mines, len(off) * counted.total)) if off else {}
    for c, component in enumerate(counted_parts):
        for b, box in enumerate(component.boxes):
            chance = Fraction(counted.box_mine_weight(c, b), len(box) * counted.total)
            chances.update(dict.fromkeys(box, chance))
            yield
    return chances


def all_safe_chance(topology: Topology, cells: Sequence[int], total_mines: int, squares: Sequence[int],
                    budget: int = DEFAULT_BUDGET) -> Fraction | None:
    """The exact chance that every one of ``squares`` is safe (a chord opens them all at once): the
    product of each one's chance given the ones before it safe. None over the budget."""
    return run_to_end(all_safe_chance_steps(topology, cells, total_mines, squares, budget))


def all_safe_chance_steps(topology: Topology, cells: Sequence[int], total_mines: int, squares: Sequence[int],
                          budget: int = DEFAULT_BUDGET) -> Generator[None, None, Fraction | None]:
    """``all_safe_chance`` a slice at a time (``_chances_steps``): the same chance."""
    known = list(cells)
    chance = Fraction(1)
    for square in squares:
        mine = yield from mine_chance_steps(topology, known, total_mines, square, budget)
        if mine is None:
            return None
        chance *= 1 - mine
        if not chance:
            return chance
        known[square] = KNOWN_SAFE
    return chance


def _constraints_around(topology: Topology, cells: Sequence[int], cell: int) -> list[Constraint]:
    """The constraints of the numbers next to ``cell`` (Inconsistent as constraints_of raises it)."""
    found = (constraint_at(topology, cells, near) for near in topology.neighbours[cell] if cells[near] >= 0)
    return [constraint for constraint in found if constraint is not None]


def _constraints_near(topology: Topology, cells: Sequence[int], around: list[Constraint]) -> list[Constraint]:
    """The constraints of the numbers that share a covered square with one of ``around``."""
    witnesses = {near for constraint in around for square in constraint.cells
                 for near in topology.neighbours[square] if cells[near] >= 0}
    found = (constraint_at(topology, cells, w) for w in sorted(witnesses))
    return [constraint for constraint in found if constraint is not None]


def _proved_by_a_pair(around: list[Constraint], near: list[Constraint], cell: int) -> Fraction | None:
    """0 or 1 when a number's squares hold another's: the squares left over hold the difference of
    their needs, so none or all of them are mines when it is 0 or their count."""
    for outer in around:
        squares = set(outer.cells)
        for inner in near:
            if cell in inner.cells or not squares.issuperset(inner.cells):
                continue
            rest = len(squares) - len(inner.cells)
            need = outer.need - inner.need
            if need == 0:
                return Fraction(0)
            if need == rest:
                return Fraction(1)
    return None


def _proved_by_one_number(constraints, cell: int) -> Fraction | None:
    """0 or 1 when a single number next to ``cell`` settles it (most proved moves): no count needed."""
    for constraint in constraints:
        if cell in constraint.cells:
            if constraint.need == 0:
                return Fraction(0)
            if constraint.need == len(constraint.cells):
                return Fraction(1)
    return None


def _with_lines(component: Component, budget: int) -> Component:
    lines = count_component(component, budget)
    return Component(component.constraints, component.boxes, component.box_witnesses, lines)


def move_chance(topology: Topology, cells: Sequence[int], total_mines: int, cell: int, mark: bool,
                budget: int = DEFAULT_BUDGET) -> Chance:
    """The chance that playing (``mark`` false: the square is safe) or marking (a mine) ``cell`` is right."""
    mine = mine_chance(topology, cells, total_mines, cell, budget)
    if mine is None:
        return Chance(Verdict.SKIPPED)
    p = mine if mark else 1 - mine
    return Chance(Verdict.PROVED, p) if p == 1 else Chance(Verdict.AUDITED, p)


def log10_factors(p: Fraction, right: bool, lambdas: Sequence[float] = LAMBDAS) -> tuple[float, ...]:
    """log10 of ``(1 - λ) + λ·X/p`` for each λ. A move with p = 0 can only be wrong: X/p counts as 0."""
    if not 0 <= p <= 1:
        raise ValueError(f"a chance is in [0, 1], not {p}")
    if right and p == 0:
        raise ValueError("a move with no chance of being right was right")
    ratio = float(1 / p) if right else 0.0
    return tuple(math.log10((1 - lam) + lam * ratio) for lam in lambdas)


def mixture_log10(logs: Sequence[float], lambdas: Sequence[float] = LAMBDAS) -> float:
    """log10 of the equally weighted mean of the λ products whose log10s are ``logs``."""
    if len(logs) != len(lambdas):
        raise ValueError(f"{len(logs)} products for {len(lambdas)} bets")
    top = max(logs)
    return top + math.log10(sum(10 ** (x - top) for x in logs) / len(logs))


def check_lambdas(lambdas: Sequence[float]) -> tuple[float, ...]:
    """The bets as a tuple, refused unless each is in [0, 1) and there is at least one."""
    if not lambdas:
        raise ValueError("the audit needs at least one λ")
    for lam in lambdas:
        if not (isinstance(lam, (int, float)) and 0 <= lam < 1):
            raise ValueError(f"each λ is in [0, 1), not {lam!r}")
    return tuple(float(lam) for lam in lambdas)


@dataclass
class GameLuck:
    """One game's audit: each λ's log10 product over its moves, and how many moves were weighed."""

    log10: tuple[float, ...]
    audited: int = 0
    skipped: int = 0

    @classmethod
    def empty(cls, lambdas: Sequence[float] = LAMBDAS) -> GameLuck:
        return cls(tuple(0.0 for _ in lambdas))

    def add(self, chance: Chance, right: bool, lambdas: Sequence[float] = LAMBDAS) -> None:
        if chance.verdict is Verdict.SKIPPED:
            self.skipped += 1
        elif chance.verdict is Verdict.AUDITED:
            assert chance.p is not None  # only a skipped move has no chance
            self.audited += 1
            self.log10 = tuple(a + b for a, b in zip(self.log10, log10_factors(chance.p, right, lambdas)))

    def factor_log10(self, lambdas: Sequence[float] = LAMBDAS) -> float:
        """log10 of this game's own mixture factor (as --jsonl shows it)."""
        return mixture_log10(self.log10, lambdas)


@dataclass
class RunningLuck:
    """A player's games chained in game-number order: the mixture's log10 now and its running maximum.

    Chaining multiplies each λ's products game after game, so the mixture of
    the chained products is itself a test martingale, and its running
    maximum, read after each game, obeys Ville's bound.
    """

    lambdas: tuple[float, ...] = LAMBDAS
    log10: tuple[float, ...] = ()
    log10_max: float = 0.0  # the maximum starts at the martingale's first value, 1
    audited: int = 0
    skipped: int = 0
    path: list[float] = field(default_factory=list)  # the mixture after each game (kept when keep_path)
    keep_path: bool = True  # False for a long run: its memory stays flat, the path is not kept

    def __post_init__(self) -> None:
        self.lambdas = check_lambdas(self.lambdas)
        if not self.log10:
            self.log10 = tuple(0.0 for _ in self.lambdas)

    def add(self, game: GameLuck) -> None:
        if len(game.log10) != len(self.lambdas):
            raise ValueError("a game audited with other bets than the run's")
        self.log10 = tuple(a + b for a, b in zip(self.log10, game.log10))
        self.audited += game.audited
        self.skipped += game.skipped
        now = self.log10_e
        if self.keep_path:
            self.path.append(now)
        self.log10_max = max(self.log10_max, now)

    @property
    def log10_e(self) -> float:
        return mixture_log10(self.log10, self.lambdas)

    def flagged(self, alpha: float) -> bool:
        return self.log10_max >= threshold(alpha)

    def games_to_flag(self, alpha: float) -> int | None:
        """How many games the running maximum took to reach 1/α (None: never)."""
        if not self.keep_path:
            raise ValueError("games_to_flag needs the path: make the RunningLuck with keep_path=True")
        bar = threshold(alpha)
        return next((n for n, value in enumerate(self.path, 1) if value >= bar), None)


def threshold(alpha: float) -> float:
    """log10(1/α), the level a running maximum must reach to flag a player."""
    if not 0 < alpha < 1:
        raise ValueError(f"α is a probability in (0, 1), not {alpha!r}")
    return -math.log10(alpha)
