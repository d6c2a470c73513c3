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
    Looks one move further. For the likeliest mines and for the square NORMAL
    would uncover, it takes every outcome in turn (the mine found, the guess
    wrong, the mine hit, each number the square could show, weighted by how
    many mine layouts give that number) and subtracts what the opponent can
    then expect from their best move. So it does not show a number that hands
    the opponent a certain mine when a guess is nearly as good, and it takes a
    guess's risk when uncovering would give too much away. A wrong guess tells
    the opponent nothing, so it costs only its points.

    It weighs only guessing against that one uncover. Ranking several safe
    squares against each other by what they give away one move deep played
    worse in trials (this version won 146 of 200 duels against one that also
    weighed the five next safest squares): it then prefers numbers that say
    little now, which seems only to leave the opponent the same comfortable
    choice on the next turn.

Deterministic: ties go to the lower square, and EASY draws only from the
``random.Random`` it is given.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from enum import Enum

from amigasweeper.engine import COVERED, MARKED, PlayerView
from amigasweeper.engine.duel import Duel
from amigasweeper.engine.duel_moves import DuelMove, DuelMoveKind, DuelPoints, DuelSetup
from amigasweeper.engine.view import KNOWN_SAFE

from .analysis import Analysis
from .constraints import Inconsistent, constraints_of
from .hint_rules import solve

# EASY's handicaps.
EASY_BLUNDER = 0.15  # chance of uncovering a random square it does not know to be a mine
EASY_CHOICES = 3  # it picks among this many of its best-looking moves
EASY_UNTOUCHED = 0.15  # mine chance it assumes where no number says anything

HARD_GUESSES = 3  # the likeliest mines HARD weighs (one count each)

CERTAIN = 1 - 1e-12  # probabilities are exact ratios; this only absorbs float rounding
TIE = 1e-9  # a guess must beat the uncover by more than float rounding


class Strength(str, Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    # The strength's title, as Shape and Completion have theirs; it hides
    # str.title, which no caller of a Strength wants.
    @property
    def title(self) -> str:  # type: ignore[override]
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
def best_move_value(points: DuelPoints, analysis: Analysis) -> float:
    """The most the player to move can expect from one move in this position."""
    chances = analysis.probability.values()
    return max((max(guess_value(points, p), uncover_value(points, p)) for p in chances), default=0.0)


class _Lookahead:
    """Values HARD's candidate moves one move deep: points now minus the opponent's best reply."""

    def __init__(self, view: PlayerView, points: DuelPoints, analysis: Analysis) -> None:
        self.view = view
        self.points = points
        self.reply_now = best_move_value(points, analysis)

    def _with(self, cell: int, value: int) -> Analysis:
        cells = list(self.view.cells)
        cells[cell] = value
        return solve(PlayerView(self.view.topology, self.view.mines, tuple(cells)))

    def reply_to_mine(self, cell: int) -> float | None:
        """The opponent's best once a mine at ``cell`` is visible (found or hit)."""
        analysis = self._with(cell, MARKED)
        return best_move_value(self.points, analysis) if analysis.exact and analysis.consistent else None

    def reply_to_number(self, cell: int) -> float | None:
        """The opponent's best, averaged over the numbers ``cell`` could show (None: cannot count)."""
        near = self.view.topology.neighbours[cell]
        low = sum(1 for n in near if self.view.cells[n] == MARKED)
        high = low + sum(1 for n in near if self.view.cells[n] == COVERED)
        weighted = 0.0
        total = 0
        for shown in range(low, high + 1):
            analysis = self._with(cell, shown)
            if not analysis.consistent:
                continue  # no layout gives this number
            if not analysis.exact or analysis.counted is None:
                return None
            # Every count has the square safe and the same mines to place, so the
            # totals are comparable: they weigh each number by its likelihood.
            ways = analysis.counted.total
            weighted += ways * best_move_value(self.points, analysis)
            total += ways
        return weighted / total if total else None

    def guess(self, cell: int, p: float) -> float | None:
        found = self.reply_to_mine(cell)
        if found is None:
            return None
        # A wrong guess tells the opponent nothing: their position stays as it is.
        return p * (self.points.right_guess - found) + (1 - p) * (self.points.wrong_guess - self.reply_now)

    def uncover(self, cell: int, p: float) -> float | None:
        hit = self.reply_to_mine(cell) if p > 0 else 0.0
        shown = self.reply_to_number(cell)
        if hit is None or shown is None:
            return None
        return p * (self.points.uncover_mine - hit) - (1 - p) * shown


def _hard(view: PlayerView, points: DuelPoints) -> DuelChoice:
    chances, analysis = _exact_chances(view)
    if not (analysis.consistent and analysis.exact):
        return _normal(view, points)  # the look-ahead needs exact counts
    look = _Lookahead(view, points, analysis)
    uncoverable = _uncover_chances(chances, view)
    cell = _most_telling_safest(view, uncoverable)
    best = (look.uncover(cell, uncoverable[cell]), cell, DuelMoveKind.UNCOVER)
    guesses = sorted((c for c, p in chances.items() if p > 0), key=lambda c: (-chances[c], c))
    for cell in guesses[:HARD_GUESSES]:
        value = look.guess(cell, chances[cell])
        if value is not None and (best[0] is None or value > best[0] + TIE):
            best = (value, cell, DuelMoveKind.GUESS)
    value, cell, kind = best
    if value is None:
        return _normal(view, points, chances)
    return DuelChoice(kind, cell, value, "best counting the reply")


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
