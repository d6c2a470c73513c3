"""Choosing a square when nothing is certain.

Safety comes first, but among squares nearly as safe as the safest, the one
whose number is most likely to prove something next is worth more: a guess
that leads nowhere only brings the next guess closer. For each candidate we
count, for every number it could show, the arrangements that fit, what that
number would prove safe, and how safe the best next guess would be if it
proved nothing. The candidate with the best chance of surviving this guess
and the next wins ("two-step survival"; the older score, safety times a bonus
for the chance of progress, is kept as SCORING = "bonus" for comparison:
docs/BENCHMARKS.md has both measured). Squares whose number is already
determined ("dead") tell nothing and are clicked only as a last resort.
Isolated groups that no other click can ever inform (forced guesses such as
an enclosed 50/50) are taken at once: the risk is the same now or later, and
taking it first wastes no work on a lost game. On square boards a guess that
settles a 50/50 before it can form is worth more (longterm.py).

Candidates are scored safest first, and one that could no longer beat the
best score so far, even if every number not yet tried proved a square, is
cut short: the choice is the one a full scoring makes, at a fraction of the work.

Three refinements of issue 35 (JSMinesweeper's) are settings, measured in
docs/BENCHMARKS.md: DOMINANCE (never a square over a safer one its numbers
always clear, dominance.py), LIVING (only squares worth proving count as
progress, living.py) and WIDER (more candidates at close calls and beside
the frontier).
"""

from __future__ import annotations

import heapq

from amigasweeper.engine import COVERED, MARKED, Shape

from .analysis import Analysis
from .combining import _multiply, _poly, combine
from .constraints import Component, Constraint, Lines, lines_of, split_components
from .dominance import undominated
from .endgame import best_region_move
from .guesses import OUTCOME_BUDGET, PRUNED, Guess, Scored, ShownNumber
from .knowledge import Knowledge
from .living import Proof, beside_frontier, without_linked
from .longterm import LongTermRisk
from .shown_counts import count_by_number, count_each, showing

FRONTIER_CANDIDATES = 6
OFF_CANDIDATES = 3
TOLERANCE = 0.2  # candidates may be this much (relative) less safe than the safest
SAME_CHANCE = 1e-12  # chances closer than this are equal (they come from float division)
PROGRESS_BONUS = 0.3  # how much a sure next step is worth against safety (tuned on 1500 Expert games)
SCORING = "two_step"  # or "bonus", the score used before (see module doc)
LONG_TERM = True  # credit guesses that settle a 50/50 before it forms (longterm.py)
# ... on the boards where that measured a gain: squares (+0.2 points on
# 30x16/99 and 16x16/40); on triangles it cost 0.7 to 0.9 points and on
# hexagons 0.25 (docs/BENCHMARKS.md).
LONG_TERM_SHAPES = frozenset({Shape.SQUARE})
UNAVOIDABLE = True  # take a guess no play can spare at once, inside larger components too (unavoidable_guess)
REGIONS = True  # an isolated group of squares is searched on its own, for the best order to clear it
# Issue 35, item 5, each measured paired (docs/BENCHMARKS.md):
DOMINANCE = False  # never choose a square over a safer one that each of its numbers would clear (dominance.py)
LIVING = False  # progress only from proved squares whose own number is not known already (living.py)
LINKED = True  # with LIVING: nor from squares the guess's safety alone proves (every number proves them)
WIDER = False  # more candidates (_choose, candidates), as the next three say
WIDE_FRONTIER = 12  # frontier candidates when the runner-up is within WIDE_MARGIN (relative) of the best
WIDE_MARGIN = 0.05
OFF_NEAR = 2  # off-frontier squares beside the frontier, when those off it are the safest (living.py)


def forced_guess(knowledge: Knowledge, analysis: Analysis) -> Guess | None:
    """A group of squares only their own uncovering can ever decide (an enclosed 50/50 and the like)."""
    unavoidable = unavoidable_guess(knowledge, analysis) if UNAVOIDABLE else None
    if unavoidable is not None:
        return unavoidable
    cells, neighbours = knowledge.cells, knowledge.topology.neighbours
    for component in analysis.components:
        lines = component.lines
        if lines is None or len(lines.ways) != 1:
            continue  # the mine total could still decide it later
        inside = set(component.cells)
        if all(cells[n] != COVERED or n in inside for cell in inside for n in neighbours[cell]):
            plan = best_region_move(knowledge, component) if REGIONS and len(inside) > 2 else None
            if plan is not None:
                return Guess(plan.cell, 1 - analysis.probability[plan.cell], 0.0,
                             f"isolated squares played in their best order: {plan.win_chance:.0%} chance to clear them")  # fmt: skip
            cell = min(inside, key=lambda c: (analysis.probability[c], c))
            return Guess(cell, 1 - analysis.probability[cell], 0.0, "forced guess: nothing else can decide these squares")
    return None


def unavoidable_guess(knowledge: Knowledge, analysis: Analysis) -> Guess | None:
    """A guess no play can ever spare, even inside a larger component.

    A number whose unknown squares hold some but not all of its missing
    mines, where every square beside any of them (other than known mines)
    is beside all of them: whatever is uncovered later sees those squares
    only all together, so their mines can never be told apart, and one of
    them must be gambled on sooner or later at the same odds. Taken now, its
    number may help elsewhere (JSMinesweeper takes such guesses early too).
    """
    cells, neighbours = knowledge.cells, knowledge.topology.neighbours
    for constraint in analysis.constraints:
        group = constraint.cells
        if len(group) < 2 or not 0 < constraint.need < len(group):
            continue
        inside = set(group)
        if all(near in inside or cells[near] == MARKED or inside.issubset(neighbours[near])
               for cell in group for near in neighbours[cell]):  # fmt: skip
            cell = min(group)
            return Guess(cell, 1 - analysis.probability[cell], 0.0, "unavoidable guess: no other square can ever tell these apart")
    return None


class _Outcomes:
    """Counts what a candidate's number could be, re-counting only the components it touches."""

    def __init__(self, knowledge: Knowledge, analysis: Analysis) -> None:
        self.knowledge = knowledge
        self.analysis = analysis
        self.component_of = {cell: i for i, comp in enumerate(analysis.components) for cell in comp.cells}
        self.off = set(analysis.off_cells)
        # The safest square of each component as it stands, for the parts a candidate leaves alone.
        chance = analysis.probability
        self.component_best = [max((1 - chance[c] for c in comp.cells), default=0.0) for comp in analysis.components]

    def _rest_of_board(self, affected: set[int]) -> tuple[Component, float]:
        """The components a change leaves alone, as one counted piece, and their safest square's safety."""
        others = [1]
        untouched_best = 0.0
        for i, comp in enumerate(self.analysis.components):
            if i not in affected:
                others = _multiply(others, _poly(lines_of(comp).ways))
                untouched_best = max(untouched_best, self.component_best[i])
        return Component((), [], [], Lines(dict(enumerate(others)), {})), untouched_best

    def weight_if(self, extra: list[Constraint]) -> int | None:
        """Arrangements (whole board, as counted.total) that also meet ``extra``:
        constraints on unknown squares, their witnesses any ids that are not
        squares. None if counting them ran over budget."""
        analysis = self.analysis
        touched = {cell for constraint in extra for cell in constraint.cells}
        affected = {self.component_of[c] for c in touched if c in self.component_of}
        base = [c for i in affected for c in analysis.components[i].constraints]
        rest_of_board, _ = self._rest_of_board(affected)
        components = split_components(base + extra)
        fits = count_each(components, OUTCOME_BUDGET)
        if fits is None:
            return None
        if not fits:
            return 0
        off_count = len(self.off) - len(touched & self.off)
        return combine([rest_of_board, *components], off_count, analysis.mines_left).total

    def if_safe(self, cell: int, affected: set[int]) -> list[Constraint] | None:
        """The constraints of the ``affected`` components once ``cell`` is known
        safe (it leaves them), or None if one of them needs it to be a mine."""
        base = []
        for i in affected:
            for c in self.analysis.components[i].constraints:
                rest = tuple(x for x in c.cells if x != cell)
                if rest:
                    base.append(Constraint(c.witness, c.need, rest))
                elif c.need:
                    return None
        return base

    def outcomes(self, cell: int, beat: float = 0.0) -> list[ShownNumber] | None:
        """Every number the candidate could show, or None if counting them ran over budget.

        ``beat`` is the score to beat: once the numbers not yet tried could not
        lift the candidate above it even if each proved a square,
        the rest is skipped and the list ends with a PRUNED entry.
        """
        knowledge, analysis = self.knowledge, self.analysis
        cells = knowledge.cells
        near = knowledge.topology.neighbours[cell]
        unknown = tuple(n for n in near if cells[n] == COVERED)
        touched = set(unknown) | {cell}
        affected = {self.component_of[c] for c in touched if c in self.component_of}
        base = self.if_safe(cell, affected)
        if base is None:
            return None
        rest_of_board, untouched_best = self._rest_of_board(affected)
        off_count = len(self.off) - len(touched & self.off)
        found: list[ShownNumber] = []
        proofs: list[Proof] = []
        safety = 1 - analysis.probability[cell]
        assert analysis.counted is not None  # guesses are scored only on exact counts (plain_guess)
        tally = _Tally(safety, safety * analysis.counted.total)  # arrangements with the candidate safe
        # The boxes are the same whatever number shows: split once, and count
        # the candidate's part for every number at once.
        shapes = split_components(base + [Constraint(cell, 0, unknown)] if unknown else base)
        by_number = count_by_number(shapes, cell, OUTCOME_BUDGET)
        if by_number is None:
            return None
        for shown in range(len(unknown) + 1):
            components = showing(shapes, by_number, cell, shown)
            if components is None:
                continue  # no arrangement shows this number
            counted = combine([rest_of_board, *components], off_count, analysis.mines_left)
            if counted.total == 0:
                continue
            if LIVING:  # what it proves, kept to take out (with LINKED) the squares every number proves
                judged = _proved_boxes(counted, components, untouched_best)
                proofs.append(Proof.of(knowledge, cell, judged, counted, components, self.off - touched, analysis.probability))
                outcome = proofs[-1].judged(shown, counted.total)
            else:
                outcome = _judge(shown, counted, components, off_count, untouched_best)
            found.append(outcome)
            if not unknown:
                break
            tally.add(outcome)
            if beat and shown < len(unknown) and tally.ceiling() < beat * (1 - 1e-9):
                found.append(PRUNED)
                return found
        return without_linked(found, proofs) if LIVING and LINKED else found


def _judge(shown: int, counted, components: list[Component], off_count: int, untouched_best: float) -> ShownNumber:
    """What one number would prove, and how safe the next guess would be if it proved nothing."""
    boxes, best = _proved_boxes(counted, components, untouched_best)
    proved = sum(len(box) for box in boxes)
    total = counted.total
    if off_count:
        if counted.off_mines == 0:
            proved += off_count
        else:
            best = max(best, 1 - counted.off_mines / (off_count * total))
    return ShownNumber(shown, total, proved, 1.0 if proved else best)


def _proved_boxes(counted, components: list[Component], untouched_best: float) -> tuple[list[tuple[int, ...]], float]:
    """The boxes of the frontier a count proves safe, and the safest frontier square's chance otherwise."""
    proved, best = [], untouched_best
    for i, comp in enumerate(components):
        for b, box in enumerate(comp.boxes):
            weight = counted.box_mine_weight(i + 1, b)  # index 0 is the rest of the board
            if weight == 0:
                proved.append(box)
            else:
                best = max(best, 1 - weight / (len(box) * counted.total))
    return proved, best


def _frontier(knowledge: Knowledge, analysis: Analysis, count: int) -> list[int]:
    """The ``count`` safest frontier squares within TOLERANCE of the safest square."""
    chance = analysis.probability
    covered_near = knowledge.covered_near
    best = min(chance.values())
    limit = best + TOLERANCE * (1 - best)
    off_cells = set(analysis.off_cells)
    return heapq.nsmallest(
        count,
        (c for c, p in chance.items() if p <= limit and c not in off_cells),
        key=lambda c: (chance[c], covered_near[c], c),
    )


def candidates(knowledge: Knowledge, analysis: Analysis) -> list[int]:
    """The squares worth a closer look: the safest frontier squares, and a few
    off it when none on it is safer."""
    chance = analysis.probability
    covered_near = knowledge.covered_near
    best = min(chance.values())
    frontier = _frontier(knowledge, analysis, FRONTIER_CANDIDATES)
    off = []
    # Off the frontier only when no frontier square is safer: measured against
    # JSMinesweeper's choices and then paired, a safer frontier square beats an
    # off-frontier one that promises more progress (docs/BENCHMARKS.md).
    if analysis.off_cells and chance[analysis.off_cells[0]] <= best + SAME_CHANCE:
        # Off the frontier every square is as safe as the next; those with the
        # fewest unknown neighbours (corners, edges, pockets) most often open up.
        off = heapq.nsmallest(OFF_CANDIDATES, analysis.off_cells, key=lambda c: (covered_near[c], c))
        if WIDER:
            off += beside_frontier(knowledge, analysis, OFF_NEAR, set(off))
    return frontier + off


def _ceiling(safety: float) -> float:
    """The highest score a candidate this safe could get, whatever its numbers."""
    return _Tally(safety, 1.0).ceiling()


class _Tally:
    """A candidate's numbers tried so far, and the highest score it can still reach
    if every number not yet tried proved a square (for cutting candidates short)."""

    def __init__(self, safety: float, safe_total: float) -> None:
        self.safety = safety
        self.safe_total = safe_total  # arrangements in which the candidate is safe
        self.tried = 0.0  # weight of the numbers tried
        self.reached = 0.0  # ... times the next guess's safety
        self.proving = 0.0  # weight of the numbers tried that prove a square

    def add(self, outcome: ShownNumber) -> None:
        self.tried += outcome.weight
        self.reached += outcome.weight * outcome.next_safety
        self.proving += outcome.weight if outcome.proved else 0

    def ceiling(self) -> float:
        rest = max(0.0, self.safe_total - self.tried)
        progress = (self.proving + rest) / self.safe_total  # the bonus scoring's
        if SCORING == "bonus":
            return self.safety * (1 + PROGRESS_BONUS * progress)
        return self.safety * (self.reached + rest) / self.safe_total


def _score(safety: float, found: list[ShownNumber] | None) -> tuple[float, float]:
    """(score, chance of progress given safe) of a candidate from its possible numbers."""
    if not found:
        return safety, 0.0
    total = sum(o.weight for o in found)
    progress = sum(o.weight for o in found if o.proved) / total
    if SCORING == "two_step":
        score = safety * sum(o.weight * o.next_safety for o in found) / total
    else:
        score = safety * (1 + PROGRESS_BONUS * progress)
    if len(found) == 1:
        score *= 0.01  # dead: its number is known already, clicking it only risks the game
    return score, progress


def rank(knowledge: Knowledge, analysis: Analysis, pool: list[int], margin: float = 0.0, long_term: bool = True,
         floor: float = 0.0) -> list[Scored]:  # fmt: skip
    """The candidates whose score is within ``margin`` (relative) of the best, best first.

    Safest first: no score is above its candidate's _ceiling, so a candidate
    whose ceiling is below what it must reach is cut short, unscored.
    ``floor``: a score already reached elsewhere; none below it is kept.
    """
    chance = analysis.probability
    outcomes = _Outcomes(knowledge, analysis)
    use_risk = long_term and LONG_TERM and knowledge.topology.shape in LONG_TERM_SHAPES
    risk = LongTermRisk(knowledge, analysis, outcomes.weight_if) if use_risk else None
    scored: list[Scored] = []
    top = floor
    for cell in sorted(pool, key=lambda c: (chance[c], c)):
        safety = 1 - chance[cell]
        credit = risk.credit(cell) if risk else 1.0  # the traps this guess settles
        beat = top * (1 - margin) / credit
        if _ceiling(safety) < beat:
            continue
        found = outcomes.outcomes(cell, beat)
        if found and found[-1] is PRUNED:
            continue
        score, progress = _score(safety, found)
        scored.append(Scored(score * credit, safety, cell, progress, credit, found))
        top = max(top, score * credit)
    scored.sort(key=lambda s: (s.score, s.safety, -s.cell), reverse=True)
    return [s for s in scored if s.score >= top * (1 - margin)]


def _choose(knowledge: Knowledge, analysis: Analysis, pool: list[int]) -> Scored:
    """The best-scored candidate. With WIDER, more frontier squares are scored
    when the best few are close; with DOMINANCE, a square that a safer one
    dominates gives way to it (dominance.py)."""
    ranked = rank(knowledge, analysis, pool, WIDE_MARGIN if WIDER else 0.0)
    best = ranked[0]
    if WIDER and len(ranked) > 1:
        more = [c for c in _frontier(knowledge, analysis, WIDE_FRONTIER) if c not in pool]
        extra = rank(knowledge, analysis, more, floor=best.score) if more else []
        if extra and (extra[0].score, extra[0].safety, -extra[0].cell) > (best.score, best.safety, -best.cell):
            best = extra[0]
    if DOMINANCE:
        best = undominated(_Outcomes(knowledge, analysis), best, lambda cells: rank(knowledge, analysis, cells), SAME_CHANCE)
    return best


def plain_guess(knowledge: Knowledge, analysis: Analysis) -> Guess | None:
    """The guess that needs no scoring, if there is one: a forced guess, the
    only candidate, or the safest square when the counts are estimates."""
    forced = forced_guess(knowledge, analysis)
    if forced is not None:
        return forced
    pool = candidates(knowledge, analysis)
    if not analysis.exact or len(pool) == 1:
        cell = pool[0]
        return Guess(cell, 1 - analysis.probability[cell], 0.0, "safest square")
    return None


def choose_guess(knowledge: Knowledge, analysis: Analysis) -> Guess:
    """The best square to gamble on (see module doc); lookahead.py's
    choose_guess_ahead looks a guess further at close calls (the strong setting)."""
    plain = plain_guess(knowledge, analysis)
    if plain is not None:
        return plain
    best = _choose(knowledge, analysis, candidates(knowledge, analysis))
    return Guess(best.cell, best.safety, best.progress, "best chance to survive this guess and the next")
