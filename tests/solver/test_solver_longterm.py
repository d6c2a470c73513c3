"""Long-term risk: 50/50 traps counted exactly, and the credit they give a guess.

Brute force over every layout that fits what the player sees checks the
arrangements in which each trap forms.
"""

from fractions import Fraction

from hypothesis import given, settings
from solver_helpers import positions
from test_solver_guess import stuck, stuck_and_listed

from amigasweeper.engine.textboard import game_from_text
from amigasweeper.solver import longterm
from amigasweeper.solver.guess import _Outcomes
from amigasweeper.solver.longterm import LongTermRisk, _box_wall, _wall, blocks_involving, pairs_involving


def risk_of(knowledge, analysis) -> LongTermRisk:
    return LongTermRisk(knowledge, analysis, _Outcomes(knowledge, analysis).weight_if)


def listed_with_risk(game):
    """(knowledge, analysis, every layout, what one layout weighs in the counts, the risk), or None."""
    found = stuck_and_listed(game)
    if found is None:
        return None
    knowledge, analysis, everything = found
    return knowledge, analysis, everything, Fraction(analysis.counted.total, len(everything)), risk_of(knowledge, analysis)


@settings(max_examples=60, deadline=None)
@given(positions(width=(3, 5), height=(3, 4), mines=(2, 6), opens=(1, 8), marks=(0, 0)))
def test_a_trap_forms_in_exactly_the_arrangements_brute_force_finds(game):
    found = listed_with_risk(game)
    if found is None:
        return
    knowledge, analysis, everything, scale, risk = found
    for cell in sorted(knowledge.unknown):
        for pair in pairs_involving(knowledge, cell):
            trap = risk.trap(pair)
            wall = _wall(knowledge, *pair)
            expected = 0
            if wall is not None and all(0 < analysis.probability[c] < 1 for c in pair):
                expected = sum(1 for mines in everything
                               if len(mines & set(pair)) == 1 and set(wall) <= mines) * scale
            assert (trap.weight if trap else 0) == expected


def test_a_guess_on_a_pair_that_may_become_a_50_50_is_credited(monkeypatch):
    # In the top rows, neighbouring covered squares beside the mines of the
    # left and right edges may become pairs nothing can tell apart; the
    # bottom row's squares are in no pair whose wall could be all mines.
    monkeypatch.setattr(longterm, "BOXES", False)  # pairs alone (blocks: below)
    game = game_from_text(["*...*", "*o.*o", "**o.o", "..**o"])
    knowledge, analysis = stuck(game)
    risk = risk_of(knowledge, analysis)
    credited = {cell: risk.credit(cell) for cell in knowledge.unknown}
    assert all(factor >= 1.0 for factor in credited.values())
    assert any(factor > 1.0 for factor in credited.values())
    for cell, factor in credited.items():
        touching = [risk.trap(pair) for pair in pairs_involving(knowledge, cell)]
        assert (factor > 1.0) == any(trap is not None and cell in trap.squares for trap in touching)


@settings(max_examples=60, deadline=None)
@given(positions(width=(3, 5), height=(3, 5), mines=(2, 7), opens=(1, 8), marks=(0, 0)))
def test_a_2x2_block_is_a_trap_in_exactly_the_arrangements_brute_force_finds(game):
    found = listed_with_risk(game)
    if found is None:
        return
    knowledge, analysis, everything, scale, risk = found
    for cell in sorted(knowledge.unknown):
        expected = 0
        for block, corners in blocks_involving(knowledge, cell):
            wall = _box_wall(knowledge, block, corners)
            if wall is None or not all(0 < analysis.probability[c] < 1 for c in block):
                continue
            top_left, top_right, bottom_left, bottom_right = block
            diagonals = ({top_left, bottom_right}, {top_right, bottom_left})
            expected += sum(1 for mines in everything if mines & set(block) in diagonals and set(wall) <= mines) * scale
        assert risk._boxes_settled(cell) == expected


def test_a_guess_in_or_beside_a_block_that_may_become_a_50_50_is_credited(monkeypatch):
    # The block in the bottom right corner: the squares diagonally off its
    # other corners are the marked mine and the edges of the board.
    game = game_from_text(["ooooo", "ooooo", "ooF..", "oo.*.", "ooo.*"])
    knowledge, analysis = stuck(game)
    block = (18, 19, 23, 24)
    assert set(block) <= knowledge.unknown
    risk = risk_of(knowledge, analysis)
    assert risk._boxes_settled(18) > 0
    monkeypatch.setattr(longterm, "BOXES", False)
    without = risk_of(knowledge, analysis).credit(18)
    monkeypatch.setattr(longterm, "BOXES", True)
    assert risk_of(knowledge, analysis).credit(18) > without
