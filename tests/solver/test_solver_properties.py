"""Property tests: whatever the board, a deduction is never wrong."""

from hypothesis import given, settings
from solver_helpers import positions

from amigasweeper.solver import Rule, all_certain, next_hint, rule1, rule2, rule3, rule4
from amigasweeper.solver.constraints import constraints_of

any_position = positions()


def _proved_right(game, safe, mines):
    return all(not game.is_mine(c) for c in safe) and all(game.is_mine(c) for c in mines)


@settings(max_examples=150, deadline=None)
@given(any_position)
def test_every_rule_is_right_about_the_real_layout(game):
    if game.status.over:
        return
    view = game.player_view()
    constraints = constraints_of(view.topology, view.cells)
    for rule in (rule1, rule2, rule3, rule4):
        for deduction in rule(view.topology, view.cells, constraints):
            assert _proved_right(game, deduction.safe, deduction.mines), deduction.reason
    certain = all_certain(view)
    assert certain.consistent
    assert _proved_right(game, certain.safe, certain.mines)
    hint = next_hint(view)
    if hint is not None:
        assert hint.rule is not Rule.CONTRADICTION
        assert hint.cells and _proved_right(game, hint.safe, hint.mines)


@settings(max_examples=60, deadline=None)
@given(any_position)
def test_probabilities_are_zero_or_one_exactly_where_certain(game):
    if game.status.over:
        return
    from amigasweeper.solver import solve

    analysis = solve(game.player_view())
    for cell, p in analysis.probability.items():
        assert 0.0 <= p <= 1.0
        assert (p == 0.0) == (cell in analysis.safe)
        assert (p == 1.0) == (cell in analysis.mines)
