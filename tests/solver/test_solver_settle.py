"""Rule 5 by search (solver/settle.py): a component too large to count still
has every square settled that every arrangement agrees on, and nothing else."""

from fractions import Fraction

import pytest
from solver_helpers import brute_force, random_position, small_positions

from amigasweeper.engine import Shape
from amigasweeper.solver import analysis as analysis_module
from amigasweeper.solver.analysis import analyse
from amigasweeper.solver.counting import Constraint, clear_cache, constraints_of, run_to_end, split_components
from amigasweeper.solver.settle import settle_steps


def forget_everything():
    clear_cache()
    analysis_module._CUTS.found.clear()


def local_truth(component):
    """Boxes empty or full in every arrangement of the component alone, by listing them."""
    cells = sorted(component.cells)
    safe, mines = set(cells), set(cells)
    for bits in range(1 << len(cells)):
        mine = {cell for i, cell in enumerate(cells) if bits >> i & 1}
        if all(sum(cell in mine for cell in c.cells) == c.need for c in component.constraints):
            safe -= mine
            mines &= mine
    return safe, mines


@pytest.mark.parametrize("shape", list(Shape))
def test_the_search_settles_exactly_what_every_arrangement_agrees_on(shape):
    checked = 0
    for seed, view in small_positions(shape, 40):
        for component in split_components(constraints_of(view.topology, view.cells)):
            if len(list(component.cells)) > 14:
                continue
            settled = run_to_end(settle_steps(component))
            assert settled.open_questions == 0
            assert (settled.safe, settled.mines) == local_truth(component), seed
            checked += 1
    assert checked > 30


def test_numbers_that_cannot_all_hold_are_reported():
    component = split_components([Constraint(0, 2, (5, 6)), Constraint(1, 0, (6, 7))])[0]
    assert not run_to_end(settle_steps(component)).consistent


def test_a_search_that_gives_up_leaves_its_boxes_open_and_never_guesses():
    game = random_position(Shape.SQUARE, 32, 32, 400, seed=3, opens=150)
    view = game.player_view()
    biggest = max(split_components(constraints_of(view.topology, view.cells)), key=lambda c: len(c.boxes))
    settled = run_to_end(settle_steps(biggest, question_limit=1))
    assert settled.open_questions > 0
    assert not (settled.safe & game.mine_cells()) and settled.mines <= game.mine_cells()


@pytest.mark.parametrize("board", [(32, 16, 99, 120), (32, 32, 200, 150), (32, 32, 400, 150)])
def test_an_estimate_keeps_every_square_the_full_count_settles(board):
    # A count cut short at once (a budget of one transition) estimates the
    # large components; every square the exact count settles is still 0 or 1.
    width, height, mines, opens = board
    for seed in range(2):
        game = random_position(Shape.SQUARE, width, height, mines, seed=seed, opens=opens)
        view = game.player_view()
        forget_everything()
        exact = analyse(view.topology, view.cells, view.mines, budget=None)
        forget_everything()
        rough = analyse(view.topology, view.cells, view.mines, budget=1)
        assert exact.exact and not rough.exact
        assert rough.safe == exact.safe and rough.mines == exact.mines
        assert all(rough.probability[c] == 0.0 for c in exact.safe)
        assert all(rough.probability[c] == 1.0 for c in exact.mines)
        assert all(0.0 < p < 1.0 for c, p in rough.probability.items() if c not in exact.safe | exact.mines)


def test_a_small_position_with_a_forced_estimate_agrees_with_brute_force_on_every_certainty():
    checked = 0
    for seed, view in small_positions(Shape.SQUARE, 40):
        truth = brute_force(view)
        if truth is None:
            continue
        forget_everything()
        rough = analyse(view.topology, view.cells, view.mines, budget=1)
        for cell, chance in enumerate(truth):
            if chance in (Fraction(0), Fraction(1)) and any(n >= 0 for n in (view.cells[x] for x in view.topology.neighbours[cell])):
                assert rough.probability[cell] == float(chance), seed
                checked += 1
    assert checked > 20
