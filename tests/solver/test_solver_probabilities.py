"""Exact probabilities against brute force over every layout, on all shapes."""


import pytest
from solver_helpers import assert_matches_brute_force, random_position, small_positions

from amigasweeper.engine import Game, GameSetup, Shape
from amigasweeper.engine.textboard import game_from_text
from amigasweeper.solver import probabilities, solve
from amigasweeper.solver.analysis import analyse
from amigasweeper.solver.counting import clear_cache


@pytest.mark.parametrize("shape", list(Shape))
def test_probabilities_equal_brute_force(shape):
    checked = 0
    for seed, view in small_positions(shape, 60):
        assert_matches_brute_force(view, probabilities(view), seed)
        checked += 1
    assert checked > 40


def test_squares_off_the_frontier_share_one_value():
    game = game_from_text("oo..... oo..... ...*... ....*.. *......".split())
    analysis = solve(game.player_view())
    assert analysis.exact and analysis.off_cells
    values = {analysis.probability[c] for c in analysis.off_cells}
    assert len(values) == 1


def test_fresh_board_has_the_plain_density():
    view = Game(GameSetup(width=9, height=9, mines=10)).player_view()
    assert all(p == pytest.approx(10 / 81) for p in probabilities(view))


def test_counts_are_exact_integers_on_a_large_board():
    # 400 squares off the frontier and 80 mines: C(400, 80) needs big integers.
    game = random_position(Shape.SQUARE, 30, 16, 99, seed=3, opens=30)
    analysis = solve(game.player_view())
    assert analysis.exact and isinstance(analysis.counted.total, int)
    assert analysis.counted.total > 2**200
    total = sum(p for p in analysis.probabilities() if p is not None)
    assert total == pytest.approx(analysis.mines_left)


def test_inconsistent_marks_give_no_probabilities():
    game = game_from_text("oF. f.. ...".split())
    analysis = solve(game.player_view())
    assert not analysis.consistent and analysis.problem
    assert all(p is None for p in probabilities(game.player_view()))


def test_budget_falls_back_to_a_sound_estimate():
    game = random_position(Shape.SQUARE, 16, 16, 40, seed=5, opens=60)
    view = game.player_view()
    clear_cache()  # a count already made is free: this one must be made within the budget
    rough = analyse(view.topology, view.cells, view.mines, budget=1)
    exact = solve(view)
    assert exact.exact and not rough.exact
    assert rough.safe <= exact.safe and rough.mines <= exact.mines
    assert all(0.0 <= p <= 1.0 for p in rough.probability.values())
    assert set(rough.probability) == set(exact.probability)
    for cell in exact.safe & rough.safe:
        assert rough.probability[cell] == 0.0
