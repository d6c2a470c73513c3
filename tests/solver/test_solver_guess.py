"""The guess chooser: what a candidate's number could be, dead squares, two-step survival.

Boards are drawn as text: '.' covered safe, '*' covered mine, 'o' uncovered.
The chooser is handed only the player's knowledge; brute force over every
layout that fits what the player sees checks its counts and its choices.
"""

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from solver_helpers import positions, random_position

from amigasweeper.engine import COVERED, MARKED, Shape
from amigasweeper.engine.textboard import game_from_text
from amigasweeper.solver import guess as guess_module
from amigasweeper.solver.guess import _Outcomes, _score, candidates, choose_guess, forced_guess
from amigasweeper.solver.guesses import PRUNED, ShownNumber
from amigasweeper.solver.knowledge import Knowledge
from amigasweeper.solver.longterm import LongTermRisk


def stuck(game) -> tuple[Knowledge, object] | None:
    """The player's knowledge once every certain square is uncovered, and its
    analysis (None if the game ends first or the count is not exact)."""
    if game.status.over:
        return None
    knowledge = Knowledge.from_view(game.player_view())
    while True:
        analysis = knowledge.deduce()
        if knowledge.safe:
            for cell in sorted(knowledge.safe):
                if game.status.over:
                    return None
                result = game.uncover(cell)
                knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
            continue
        if analysis is None or game.status.over or not analysis.consistent or not analysis.exact:
            return None
        if analysis.mines:
            continue  # new mines were marked: count again with them known
        return knowledge, analysis


def stuck_and_listed(game) -> tuple[Knowledge, object, list[frozenset[int]]] | None:
    """As stuck, with every layout that fits the position."""
    found = stuck(game)
    if found is None:
        return None
    knowledge, analysis = found
    return knowledge, analysis, layouts(knowledge)


def layouts(knowledge: Knowledge) -> list[frozenset[int]]:
    """Every placement of the remaining mines that fits the player's numbers and marks."""
    topology, cells = knowledge.topology, knowledge.cells
    unknown = sorted(knowledge.unknown)
    marked = {c for c, v in enumerate(cells) if v == MARKED}
    left = knowledge.mines - len(marked)
    numbers = [c for c, v in enumerate(cells) if v >= 0]
    found = []
    for chosen in combinations(unknown, left):
        mines = marked | set(chosen)
        if all(sum(n in mines for n in topology.neighbours[c]) == cells[c] for c in numbers):
            found.append(frozenset(chosen))
    return found


def shows(knowledge: Knowledge, cell: int, mines: frozenset[int]) -> int:
    """How many of the cell's unknown neighbours hold a mine in this layout."""
    cells = knowledge.cells
    return sum(1 for n in knowledge.topology.neighbours[cell] if cells[n] == COVERED and n in mines)


def two_step(knowledge: Knowledge, everything: list[frozenset[int]], cell: int) -> Fraction:
    """Brute force: the chance to survive this guess and the best next one (1 when something is proved)."""
    survive = Fraction(0)
    by_number: dict[int, list[frozenset[int]]] = {}
    for mines in everything:
        if cell not in mines:
            by_number.setdefault(shows(knowledge, cell, mines), []).append(mines)
    for group in by_number.values():
        others = [c for c in knowledge.unknown if c != cell]
        best = max((Fraction(sum(c not in m for m in group), len(group)) for c in others), default=Fraction(1))
        survive += Fraction(len(group), len(everything)) * best
    return survive


small_positions = positions(width=(3, 5), height=(3, 4), mines=(2, 6), opens=(1, 10), marks=(0, 0))


@settings(max_examples=80, deadline=None)
@given(small_positions)
def test_every_number_a_candidate_could_show_is_counted_exactly(game):
    found = stuck_and_listed(game)
    if found is None:
        return
    knowledge, analysis, everything = found
    outcomes = _Outcomes(knowledge, analysis)
    scale = Fraction(analysis.counted.total, len(everything))  # the counts may weigh every layout alike
    for cell in sorted(knowledge.unknown):
        counted = outcomes.outcomes(cell)
        assert counted is not None
        expected: dict[int, list[frozenset[int]]] = {}
        for mines in everything:
            if cell not in mines:
                expected.setdefault(shows(knowledge, cell, mines), []).append(mines)
        assert {o.shown: o.weight for o in counted} == {v: len(g) * scale for v, g in expected.items()}
        for outcome in counted:
            group = expected[outcome.shown]
            truly_safe = [c for c in knowledge.unknown if c != cell and not any(c in m for m in group)]
            # Whatever it claims to prove is proved (it may miss what only the mine total proves).
            assert outcome.proved <= len(truly_safe)
            assert (outcome.next_safety == 1.0) == (outcome.proved > 0)


def test_a_dead_square_is_passed_over_for_an_equally_safe_live_one():
    # The top-left square can only ever show 1 (its one covered neighbour is a
    # known mine); the top-right corner is as safe and its number still tells something.
    game = game_from_text(".*o.* oo*** oo*.o".split())
    knowledge, analysis = stuck(game)
    assert analysis.probability[0] == analysis.probability[4]
    dead = _Outcomes(knowledge, analysis).outcomes(0)
    assert len(dead) == 1
    assert choose_guess(knowledge, analysis).cell != 0


BOARDS = [
    # A square a little less safe than the safest, whose number always proves
    # something, beats the safest one (brute force agrees it survives two steps more often).
    "..o* *..* *o.* .oo. *.*o",
    ".*... o..** ..o.. *..*.",
]


@pytest.mark.parametrize("text", BOARDS)
def test_the_guess_survives_two_steps_at_least_as_often_as_the_safest_square(text, monkeypatch):
    # The two-step score alone: the long-term credit (test_solver_longterm)
    # may rightly prefer a square that settles a 50/50 first.
    monkeypatch.setattr(guess_module, "LONG_TERM", False)
    game = game_from_text(text.split())
    knowledge, analysis = stuck(game)
    everything = layouts(knowledge)
    guess = choose_guess(knowledge, analysis)
    chance = analysis.probability
    safest = min(knowledge.unknown, key=lambda c: (chance[c], c))
    assert chance[guess.cell] > chance[safest]  # it really traded a little safety away
    assert two_step(knowledge, everything, guess.cell) > two_step(knowledge, everything, safest)


def test_the_chosen_square_is_among_the_candidates_and_never_known():
    game = game_from_text("..o* *..* *o.* .oo. *.*o".split())
    knowledge, analysis = stuck(game)
    guess = choose_guess(knowledge, analysis)
    assert guess.cell in candidates(knowledge, analysis)
    assert guess.cell in knowledge.unknown and guess.cell not in knowledge.safe
    assert 0 < guess.safety < 1


def test_scores_prefer_progress_and_punish_dead_squares():
    sure = [ShownNumber(0, 3, 2, 1.0), ShownNumber(1, 1, 1, 1.0)]  # every number proves something
    blind = [ShownNumber(0, 3, 0, 0.5), ShownNumber(1, 1, 0, 0.5)]  # no number does; the next guess is a coin toss
    dead = [ShownNumber(1, 4, 0, 0.8)]  # only one number is possible
    assert _score(0.75, sure)[0] > _score(0.8, blind)[0]
    assert _score(0.8, dead)[0] < _score(0.5, blind)[0]
    assert _score(0.8, sure)[1] == 1.0 and _score(0.8, blind)[1] == 0.0


def unpruned_choice(knowledge: Knowledge, analysis) -> int:
    """Every candidate scored in full, with no shortcut: the square the chooser must agree on."""
    outcomes = _Outcomes(knowledge, analysis)
    risk = LongTermRisk(knowledge, analysis, outcomes.weight_if)
    chance = analysis.probability
    scored = []
    for cell in candidates(knowledge, analysis):
        credited = guess_module.LONG_TERM and knowledge.topology.shape in guess_module.LONG_TERM_SHAPES
        credit = risk.credit(cell) if credited else 1.0
        scored.append((_score(1 - chance[cell], outcomes.outcomes(cell))[0] * credit, 1 - chance[cell], -cell))
    return -max(scored)[2]


middling_positions = positions(width=(5, 8), height=(4, 6), mines=(4, 12), opens=(1, 12), marks=(0, 0))


@pytest.mark.parametrize("scoring", ["two_step", "bonus"])
@settings(max_examples=60, deadline=None)
@given(game=middling_positions)
def test_skipping_candidates_that_cannot_win_never_changes_the_choice(scoring, game):
    guess_module.SCORING, before = scoring, guess_module.SCORING
    try:
        check_the_choice_is_unpruned(game)
    finally:
        guess_module.SCORING = before


def check_the_choice_is_unpruned(game) -> None:
    if game.status.over:
        return
    found = stuck(game)
    if found is None or len(candidates(*found)) < 2:
        return
    knowledge, analysis = found
    if forced_guess(knowledge, analysis) is not None:
        return
    assert choose_guess(knowledge, analysis).cell == unpruned_choice(knowledge, analysis)


def test_a_candidate_that_cannot_reach_the_score_to_beat_is_cut_short():
    game = game_from_text("..o* *..* *o.* .oo. *.*o".split())
    knowledge, analysis = stuck(game)
    outcomes = _Outcomes(knowledge, analysis)
    cell = max(candidates(knowledge, analysis), key=lambda c: len(outcomes.outcomes(c)))
    full = outcomes.outcomes(cell)
    assert len(full) > 1 and PRUNED not in full
    cut = outcomes.outcomes(cell, beat=0.999)  # no square here survives two steps that often
    assert cut[-1] is PRUNED and len(cut) < len(full) + 1


def test_squares_off_the_frontier_are_candidates_only_when_none_on_it_is_safer():
    seen = {True: 0, False: 0}  # positions where the off-frontier squares were / were not the safest
    for seed in range(400):
        found = stuck(random_position(Shape.SQUARE, 10, 8, 16, seed, opens=2 + seed % 6))
        if found is None or not found[1].off_cells:
            continue
        knowledge, analysis = found
        chance = analysis.probability
        off = set(analysis.off_cells)
        off_safest = chance[analysis.off_cells[0]] <= min(chance.values()) + guess_module.SAME_CHANCE
        pool = candidates(knowledge, analysis)
        assert bool(off & set(pool)) == off_safest, seed
        seen[off_safest] += 1
    assert seen[True] and seen[False], seen
