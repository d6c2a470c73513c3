"""Long-term risk: 50/50 traps counted exactly, and the credit they give a guess.

Brute force over every layout that fits what the player sees checks the
arrangements in which each trap forms.
"""

from fractions import Fraction

from hypothesis import given, settings
from solver_helpers import positions
from test_solver_guess import stuck, stuck_and_listed

from amigasweeper.engine.textboard import game_from_text
from amigasweeper.solver.guess import _Outcomes
from amigasweeper.solver.longterm import LongTermRisk, _wall, pairs_involving


def risk_of(knowledge, analysis) -> LongTermRisk:
    return LongTermRisk(knowledge, analysis, _Outcomes(knowledge, analysis).weight_if)


@settings(max_examples=60, deadline=None)
@given(positions(width=(3, 5), height=(3, 4), mines=(2, 6), opens=(1, 8), marks=(0, 0)))
def test_a_trap_forms_in_exactly_the_arrangements_brute_force_finds(game):
    found = stuck_and_listed(game)
    if found is None:
        return
    knowledge, analysis, everything = found
    scale = Fraction(analysis.counted.total, len(everything))
    risk = risk_of(knowledge, analysis)
    for cell in sorted(knowledge.unknown):
        for pair in pairs_involving(knowledge, cell):
            trap = risk.trap(pair)
            wall = _wall(knowledge, *pair)
            expected = 0
            if wall is not None and all(0 < analysis.probability[c] < 1 for c in pair):
                expected = sum(1 for mines in everything
                               if len(mines & set(pair)) == 1 and set(wall) <= mines) * scale
            assert (trap.weight if trap else 0) == expected


def test_a_guess_on_a_pair_that_may_become_a_50_50_is_credited():
    # In the top rows, neighbouring covered squares beside the mines of the
    # left and right edges may become pairs nothing can tell apart; the
    # bottom row's squares are in no pair whose wall could be all mines.
    game = game_from_text(["*...*", "*o.*o", "**o.o", "..**o"])
    knowledge, analysis = stuck(game)
    risk = risk_of(knowledge, analysis)
    credited = {cell: risk.credit(cell) for cell in knowledge.unknown}
    assert all(factor >= 1.0 for factor in credited.values())
    assert any(factor > 1.0 for factor in credited.values())
    for cell, factor in credited.items():
        touching = [risk.trap(pair) for pair in pairs_involving(knowledge, cell)]
        assert (factor > 1.0) == any(trap is not None and cell in trap.squares for trap in touching)
