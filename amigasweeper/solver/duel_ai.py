"""The computer opponent of a Duel (engine/duel.py).

It reads only its own private view (the public board plus its own wrong
guesses, which it knows are safe) and the points table, never the mines.

The arithmetic of one move, with p the chance a square holds a mine and the
seed's points (+5 right guess, -2 wrong guess, -5 mine uncovered):

* guessing a mine there is worth ``5p - 2(1 - p)`` on average: it pays once p
  passes 2/7;
* uncovering it costs ``-5p`` and shows its number to *both* players, and the
  opponent moves next, so the first chance to use what it shows is theirs.

Strengths
---------
EASY
    Sees only what single numbers say (no counting, no mine total), then picks
    at random among its three best-looking moves, and now and then uncovers a
    random square it does not know to be a mine.
NORMAL
    Exact probabilities from the solver; takes the move with the best expected
    points, guessing a mine when that beats uncovering the safest square.
    Among equally safe squares it uncovers the one with the most covered
    neighbours, whose number says the most.
HARD
    Looks one move further. For each promising move it works out, outcome by
    outcome (every number the square could show, weighted by how many mine
    layouts give it), what the position is then worth to the opponent, and
    subtracts that. The worth of a position to the player to move counts the
    mines everybody can see are certain: the players take them in turn, so an
    odd number of them is one free mine for the mover, and whoever moves after
    they are gone faces the best remaining risk. So HARD avoids showing a
    number that hands the opponent a certain mine, and uses a cheap wrong
    guess as a waiting move when every square left to uncover gives something
    away.

Deterministic: ties go to the lower square, and EASY draws only from the
``random.Random`` it is given.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from amigasweeper.engine import COVERED, MARKED, PlayerView
from amigasweeper.engine.duel import KNOWN_SAFE, Duel, DuelMove, DuelMoveKind, DuelPoints, DuelSetup

from .analysis import Analysis
from .counting import Inconsistent, constraints_of
from .rules import solve

# EASY's handicaps.
EASY_BLUNDER = 0.15  # chance of uncovering a random square it does not know to be a mine
EASY_CHOICES = 3  # it picks among this many of its best-looking moves
EASY_UNTOUCHED = 0.15  # mine chance it assumes where no number says anything

# HARD's look-ahead: how many moves it examines in depth.
HARD_GUESSES = 3
HARD_UNCOVERS = 6

CERTAIN = 1 - 1e-12  # probabilities are exact ratios; this only absorbs float rounding


class Strength(str, Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    @property
    def title(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True)
class DuelChoice:
    """A decision with the value the deciding strength gave it and why."""

    kind: DuelMoveKind
    cell: int
    value: float  # expected points, by the strength's own measure
    reason: str


def guess_value(points: DuelPoints, p: float) -> float:
    return points.right_guess * p + points.wrong_guess * (1 - p)


def uncover_value(points: DuelPoints, p: float) -> float:
    return points.uncover_mine * p


class DuelAI:
    """A computer player; ``choose`` decides from a private view alone."""

    def __init__(self, strength: Strength | str = Strength.NORMAL, rng: random.Random | None = None) -> None:
        self.strength = Strength(strength)
        self.rng = rng if rng is not None else random.Random(0)

    def move(self, duel: Duel) -> DuelMove:
        """The move for the player whose turn it is in ``duel``."""
        choice = self.choose(duel.private_view(duel.turn), duel.setup.points)
        return DuelMove(duel.turn, choice.kind, choice.cell)

    def choose(self, view: PlayerView, points: DuelPoints) -> DuelChoice:
        if self.strength is Strength.EASY:
            return _easy(view, points, self.rng)
        if self.strength is Strength.NORMAL:
            return _normal(view, points)
        return _hard(view, points)


# ------------------------------------------------------------------ shared
def _known_safe(view: PlayerView) -> list[int]:
    """The viewer's own wrong guesses still covered: safe, but only to uncover."""
    return [c for c, v in enumerate(view.cells) if v == KNOWN_SAFE]


def _covered_neighbours(view: PlayerView, cell: int) -> int:
    cells = view.cells
    return sum(1 for n in view.topology.neighbours[cell] if cells[n] == COVERED)


def _uncover_chances(chances: dict[int, float], view: PlayerView) -> dict[int, float]:
    """Every square that may be uncovered, with its mine chance."""
    found = dict(chances)
    found.update((cell, 0.0) for cell in _known_safe(view))
    return found


def _best_guess(chances: dict[int, float]) -> int:
    return max(chances, key=lambda c: (chances[c], -c))


def _most_telling_safest(view: PlayerView, chances: dict[int, float]) -> int:
    """The safest square; among equals, the one whose number covers the most unknowns."""
    safest = min(chances.values())
    pool = [c for c, p in chances.items() if p <= safest + 1e-12]
    return max(pool, key=lambda c: (_covered_neighbours(view, c), -c))


# -------------------------------------------------------------------- EASY
def rough_chances(view: PlayerView) -> dict[int, float]:
    """Mine chances as one number at a time suggests them, without the mine total.

    A square touched by numbers gets the largest share any of them asks for
    (missing mines / covered squares), or 0 if one of them is complete; where
    no number says anything it assumes a flat EASY_UNTOUCHED.
    """
    chances = {c: EASY_UNTOUCHED for c, v in enumerate(view.cells) if v == COVERED}
    try:
        constraints = constraints_of(view.topology, view.cells)
    except Inconsistent:
        return chances
    shares: dict[int, list[float]] = defaultdict(list)
    for constraint in constraints:
        share = constraint.need / len(constraint.cells)
        for cell in constraint.cells:
            shares[cell].append(share)
    for cell, found in shares.items():
        chances[cell] = 0.0 if 0.0 in found else max(found)
    return chances


def _easy(view: PlayerView, points: DuelPoints, rng: random.Random) -> DuelChoice:
    chances = rough_chances(view)
    uncoverable = _uncover_chances(chances, view)
    if rng.random() < EASY_BLUNDER:
        pool = sorted(c for c, p in uncoverable.items() if p < 1.0)
        if pool:
            cell = rng.choice(pool)
            return DuelChoice(DuelMoveKind.UNCOVER, cell, uncover_value(points, uncoverable[cell]), "a hunch")
    options = [(guess_value(points, p), DuelMoveKind.GUESS, c) for c, p in chances.items()]
    options += [(uncover_value(points, p), DuelMoveKind.UNCOVER, c) for c, p in uncoverable.items() if p < 1.0]
    options.sort(key=lambda o: (-o[0], o[2], o[1].value))
    value, kind, cell = rng.choice(options[:EASY_CHOICES])
    return DuelChoice(kind, cell, value, "looks good")


# ------------------------------------------------------------------ NORMAL
def _exact_chances(view: PlayerView) -> tuple[dict[int, float], Analysis]:
    analysis = solve(view)
    return dict(analysis.probability), analysis


def _normal(view: PlayerView, points: DuelPoints, chances: dict[int, float] | None = None) -> DuelChoice:
    if chances is None:
        chances, analysis = _exact_chances(view)
        if not analysis.consistent:
            chances = rough_chances(view)  # cannot happen in a real duel; stay playable anyway
    target = _best_guess(chances)
    guess = guess_value(points, chances[target])
    uncoverable = _uncover_chances(chances, view)
    cell = _most_telling_safest(view, uncoverable)
    uncover = uncover_value(points, uncoverable[cell])
    if guess > uncover:
        why = "a certain mine" if chances[target] >= CERTAIN else f"a mine with chance {chances[target]:.0%}"
        return DuelChoice(DuelMoveKind.GUESS, target, guess, why)
    why = "a safe square" if uncoverable[cell] == 0 else f"the safest square ({1 - uncoverable[cell]:.0%} safe)"
    return DuelChoice(DuelMoveKind.UNCOVER, cell, uncover, why)


# -------------------------------------------------------------------- HARD
def tempo_value(points: DuelPoints, analysis: Analysis) -> float:
    """What a position is worth to the player about to move, relative to the other.

    Mines certain for everyone are taken in turn, so an odd number of them is
    one mine more for the mover; whoever moves once they are gone gets the best
    expected value of the remaining (uncertain) moves.
    """
    chances = analysis.probability
    certain = sum(1 for p in chances.values() if p >= CERTAIN)
    risky = [p for p in chances.values() if p < CERTAIN]
    best = max((max(guess_value(points, p), uncover_value(points, p)) for p in risky), default=0.0)
    if certain % 2:
        return points.right_guess - best
    return best


class _Lookahead:
    """Values HARD's candidate moves one move deep (see the module doc)."""

    def __init__(self, view: PlayerView, points: DuelPoints, analysis: Analysis) -> None:
        self.view = view
        self.points = points
        self.now = tempo_value(points, analysis)
        self._shown_mine: dict[int, float | None] = {}

    def _with(self, cell: int, value: int) -> Analysis:
        cells = list(self.view.cells)
        cells[cell] = value
        return solve(PlayerView(self.view.topology, self.view.mines, tuple(cells)))

    def after_mine_shown(self, cell: int) -> float | None:
        """The opponent's worth once a mine at ``cell`` is visible (found or hit)."""
        if cell not in self._shown_mine:
            analysis = self._with(cell, MARKED)
            self._shown_mine[cell] = tempo_value(self.points, analysis) if analysis.exact and analysis.consistent else None
        return self._shown_mine[cell]

    def after_number(self, cell: int) -> float | None:
        """The opponent's average worth once ``cell`` shows its number (None: cannot count)."""
        near = self.view.topology.neighbours[cell]
        low = sum(1 for n in near if self.view.cells[n] == MARKED)
        high = low + sum(1 for n in near if self.view.cells[n] == COVERED)
        weighted = 0.0
        total = 0
        for shown in range(low, high + 1):
            analysis = self._with(cell, shown)
            if not analysis.consistent:
                continue  # this number fits no layout
            if not analysis.exact or analysis.counted is None:
                return None
            ways = analysis.counted.total
            weighted += ways * tempo_value(self.points, analysis)
            total += ways
        return weighted / total if total else None

    def guess(self, cell: int, p: float) -> float | None:
        # A wrong guess tells the opponent nothing: their position stays as it is.
        found = self.after_mine_shown(cell)
        if found is None:
            return None
        return p * (self.points.right_guess - found) + (1 - p) * (self.points.wrong_guess - self.now)

    def uncover(self, cell: int, p: float) -> float | None:
        value = 0.0
        if p > 0:
            hit = self.after_mine_shown(cell)
            if hit is None:
                return None
            value += p * (self.points.uncover_mine - hit)
        shown = self.after_number(cell)
        if shown is None:
            return None
        return value - (1 - p) * shown


def _hard_candidates(view: PlayerView, chances: dict[int, float]) -> Iterable[tuple[DuelMoveKind, int, float]]:
    """The few moves worth a look: the likeliest mines and the safest squares.

    Among equally safe squares, those with fewer covered neighbours come first:
    their numbers give less away.
    """
    guesses = sorted((c for c, p in chances.items() if p > 0), key=lambda c: (-chances[c], c))
    for cell in guesses[:HARD_GUESSES]:
        yield DuelMoveKind.GUESS, cell, chances[cell]
    uncoverable = _uncover_chances(chances, view)
    safest = sorted((c for c, p in uncoverable.items() if p < CERTAIN),
                    key=lambda c: (uncoverable[c], _covered_neighbours(view, c), c))
    for cell in safest[:HARD_UNCOVERS]:
        yield DuelMoveKind.UNCOVER, cell, uncoverable[cell]


def _hard(view: PlayerView, points: DuelPoints) -> DuelChoice:
    chances, analysis = _exact_chances(view)
    if not (analysis.consistent and analysis.exact):
        return _normal(view, points)  # the look-ahead needs exact counts
    look = _Lookahead(view, points, analysis)
    best: tuple[float, int, DuelMoveKind] | None = None
    for kind, cell, p in _hard_candidates(view, chances):
        value = look.guess(cell, p) if kind is DuelMoveKind.GUESS else look.uncover(cell, p)
        if value is not None and (best is None or (value, -cell) > (best[0], -best[1])):
            best = (value, cell, kind)
    if best is None:
        return _normal(view, points, chances)
    value, cell, kind = best
    return DuelChoice(kind, cell, value, "best one move ahead")


# ---------------------------------------------------------------- matches
def play_duel(setup: DuelSetup, players: tuple[DuelAI, DuelAI]) -> Duel:
    """Computer against computer, to the end; players[0] moves first."""
    duel = Duel(setup)
    # Every move shows a mine, uncovers a square or adds a wrong guess of the
    # mover's, so a duel cannot outlast three moves per square.
    for _ in range(3 * duel.topology.size):
        if duel.over:
            return duel
        duel.play(players[duel.turn].move(duel))
    raise RuntimeError("the duel did not end")
