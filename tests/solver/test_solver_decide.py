"""Rules 5 and 6 decided completely (solver/cdcl.py, solver/decide.py): every
square that every layout agrees on is settled, and nothing else, checked
against brute force on small boards and against an independent SAT solver
(tests/sat_checker.py, with the mine total as a cardinality constraint) on
crowded boards of every shape."""

from __future__ import annotations

import random
from itertools import product

import pytest
from sat_checker import proved_by_checker, sat
from solver_helpers import brute_force, random_position

from amigasweeper.engine import COVERED, MARKED, PlayerView, Shape
from amigasweeper.solver.analysis import analyse
from amigasweeper.solver.cdcl import FALSE, FIRST_LEARNT_LIMIT, TRUE, WORK_PER_PAUSE, Solver
from amigasweeper.solver.combining import run_to_end
from amigasweeper.solver.constraints import Inconsistent, constraints_of
from amigasweeper.solver.counting import clear_cache
from amigasweeper.solver.decide import DecisionTask, decide_steps

CROWDED = [  # (shape, width, height, mines, squares uncovered at random, seed): long frontiers, dense
    (Shape.SQUARE, 32, 32, 400, 250, 1),
    (Shape.HEX, 32, 16, 170, 130, 0),
    (Shape.TRIANGLE, 32, 16, 190, 110, 0),
]


def position_of(view: PlayerView):
    """(constraints, mines left, squares off the frontier) of a view."""
    constraints = constraints_of(view.topology, view.cells)
    frontier = {cell for c in constraints for cell in c.cells}
    off = [c for c, v in enumerate(view.cells) if v == COVERED and c not in frontier]
    return constraints, view.mines - sum(v == MARKED for v in view.cells), off


def decided(view: PlayerView):
    return run_to_end(decide_steps(*position_of(view)))


# ------------------------------------------------------------- the solver
def random_formula(rng: random.Random):
    variables = rng.randint(3, 12)
    cards, clauses = [], []
    for _ in range(rng.randint(1, 6)):
        members = rng.sample(range(variables), rng.randint(1, variables))
        lits = [2 * v + rng.randint(0, 1) for v in members]
        cards.append((lits, rng.randint(0, len(lits))))
    for _ in range(rng.randint(0, 6)):
        members = rng.sample(range(variables), rng.randint(1, min(3, variables)))
        clauses.append([2 * v + rng.randint(0, 1) for v in members])
    return variables, cards, clauses


def holds(lit: int, bits: tuple[int, ...]) -> bool:
    return bits[lit >> 1] == (0 if lit & 1 else 1)


def test_the_solver_finds_exactly_the_facts_brute_force_finds_on_random_formulas():
    rng = random.Random(7)
    for _ in range(200):
        variables, cards, clauses = random_formula(rng)
        models = [
            bits for bits in product((0, 1), repeat=variables)
            if all(sum(holds(lit, bits) for lit in lits) >= k for lits, k in cards)
            and all(any(holds(lit, bits) for lit in clause) for clause in clauses)
        ]  # fmt: skip
        solver = Solver(variables)
        for lits, k in cards:
            solver.add_at_least(lits, k)
        for clause in clauses:
            solver.add_clause(clause)
        found = run_to_end(solver.solve())
        assert found == bool(models)
        if not found:
            continue
        model = tuple(1 if solver.value(2 * v) == TRUE else 0 for v in range(variables))
        assert model in models  # the model it reports is one
        for v in range(variables):
            for lit in (2 * v, 2 * v + 1):
                possible = any(holds(lit, bits) for bits in models)
                assert run_to_end(solver.solve([lit])) == possible
                if not possible:
                    assert solver.fixed(lit) == FALSE  # a failed assumption becomes a fact


def test_a_hard_question_pauses_every_few_hundred_units_of_work():
    # The pigeonhole principle (7 pigeons, 6 holes) as cardinality constraints:
    # no model, and a search with hundreds of conflicts before it knows.
    pigeons, holes = 7, 6
    solver = Solver(pigeons * holes)
    for p in range(pigeons):
        solver.add_at_least([2 * (p * holes + h) for h in range(holes)], 1)
    for h in range(holes):
        solver.add_at_least([2 * (p * holes + h) + 1 for p in range(pigeons)], pigeons - 1)
    steps, pauses = solver.solve(), []
    while True:
        try:
            pauses.append(next(steps))
        except StopIteration as finished:
            assert finished.value is False
            break
    assert len(pauses) > 100 and solver.conflicts > 500 and solver.restarts > 0 and solver.learnts
    # A pause comes between two literals propagated: at worst one literal's
    # watches (as many as the learned clauses kept) past the pause's share.
    assert max(pauses) <= WORK_PER_PAUSE + FIRST_LEARNT_LIMIT, max(pauses)
    assert sorted(pauses)[len(pauses) // 2] <= 2 * WORK_PER_PAUSE


# ----------------------------------------------------- small boards, brute force
def local_truth(view: PlayerView) -> tuple[set[int], set[int]]:
    """Squares every layout of the numbers alone agrees on (no total), by listing them."""
    constraints = constraints_of(view.topology, view.cells)
    cells = sorted({cell for c in constraints for cell in c.cells})
    safe, mines = set(cells), set(cells)
    for bits in range(1 << len(cells)):
        mine = {cell for i, cell in enumerate(cells) if bits >> i & 1}
        if all(sum(cell in mine for cell in c.cells) == c.need for c in constraints):
            safe -= mine
            mines &= mine
    return safe, mines


def small_views(shape: Shape, count: int):
    for seed in range(count):
        rng = random.Random(seed)
        width, height = rng.randint(3, 6), rng.randint(3, 4)
        game = random_position(shape, width, height, rng.randint(1, width * height // 2), seed, opens=rng.randint(1, 12), marks=seed % 3)
        if game.status.over:
            continue
        cells = list(game.player_view().cells)
        covered = [c for c, v in enumerate(cells) if v == COVERED]
        if seed % 3 == 0 and covered:
            cells[rng.choice(covered)] = MARKED  # a mark that may well be wrong
        yield seed, PlayerView(game.topology, game.mines, tuple(cells))


@pytest.mark.parametrize("shape", list(Shape))
def test_small_boards_are_decided_as_listing_every_layout_decides_them(shape):
    checked = inconsistent = 0
    for seed, view in small_views(shape, 100):
        try:
            constraints_of(view.topology, view.cells)
        except Inconsistent:
            continue
        result = decided(view)
        truth = brute_force(view) if sum(v == MARKED for v in view.cells) <= view.mines else None
        if truth is None:
            assert not (result.consistent and result.fits_total), seed
            inconsistent += 1
            continue
        unknown = [c for c, v in enumerate(view.cells) if v == COVERED]
        assert result.consistent and result.fits_total, seed
        assert result.safe == {c for c in unknown if truth[c] == 0}, seed
        assert result.mines == {c for c in unknown if truth[c] == 1}, seed
        assert (result.local_safe, result.local_mines) == local_truth(view), seed
        checked += 1
    assert checked > 40 and inconsistent > 1


# ------------------------------------------------- crowded boards, the checker
@pytest.mark.parametrize("board", CROWDED, ids=lambda b: f"{b[0].value}-{b[1]}x{b[2]}-{b[3]}-{b[4]}")
def test_crowded_boards_are_decided_as_the_sat_checker_decides_them(board):
    shape, width, height, mines, opens, seed = board
    view = random_position(shape, width, height, mines, seed, opens=opens).player_view()
    result = decided(view)
    safe, mined = proved_by_checker(view)
    assert (result.safe, result.mines) == (safe, mined)
    assert len(safe) > 5 and len(mined) > 5
    assert (result.local_safe, result.local_mines) == proved_by_checker(view, with_total=False)


def endgames(shape: Shape, count: int):
    """Positions near the end of a game, where the mine total often decides squares."""
    for seed in range(count):
        rng = random.Random(seed)
        width, height = rng.randint(5, 9), rng.randint(4, 6)
        mines = rng.randint(3, width * height // 4)
        game = random_position(shape, width, height, mines, seed, opens=width * height - mines - rng.randint(1, 8))
        if not game.status.over:
            yield seed, game.player_view()


@pytest.mark.parametrize("shape", list(Shape))
def test_the_mine_total_settles_what_the_numbers_alone_leave_open(shape):
    by_total = 0
    for seed, view in endgames(shape, 300):
        result = decided(view)
        assert (result.safe, result.mines) == proved_by_checker(view), seed
        assert result.local_safe <= result.safe and result.local_mines <= result.mines
        by_total += len(result.safe - result.local_safe) + len(result.mines - result.local_mines)
    assert by_total > 10  # rule 6 was needed (16-20 squares on these boards), and got right


# ------------------------------------------------------ through analyse
@pytest.mark.parametrize("board", CROWDED, ids=lambda b: f"{b[0].value}-{b[1]}x{b[2]}-{b[3]}-{b[4]}")
def test_an_analysis_cut_short_still_settles_every_provable_square(board):
    shape, width, height, mines, opens, seed = board
    view = random_position(shape, width, height, mines, seed, opens=opens).player_view()
    safe, mined = proved_by_checker(view)
    clear_cache()
    rough = analyse(view.topology, view.cells, view.mines, budget=1)  # every large component left uncounted
    assert not rough.exact
    assert (rough.safe, rough.mines) == (safe, mined)
    assert all(rough.probability[c] == 0.0 for c in safe) and all(rough.probability[c] == 1.0 for c in mined)
    assert all(0.0 < p < 1.0 for c, p in rough.probability.items() if c not in safe | mined)  # estimates look unlike proofs
    clear_cache()
    hurried = analyse(view.topology, view.cells, view.mines, budget=None, time_limit=0.0)  # no time to count at all
    assert (hurried.safe, hurried.mines) == (safe, mined)


def test_analyse_without_a_budget_settles_every_provable_square():
    for seed in range(2):
        view = random_position(Shape.SQUARE, 32, 16, 99, seed, opens=150).player_view()
        clear_cache()
        result = analyse(view.topology, view.cells, view.mines, budget=None)
        assert result.exact and (result.safe, result.mines) == proved_by_checker(view)


def test_numbers_that_cannot_all_hold_are_reported_with_their_squares():
    view = random_position(Shape.SQUARE, 32, 32, 400, 1, opens=200).player_view()
    constraints = constraints_of(view.topology, view.cells)
    inner, outer = next(
        (a, b) for a in constraints for b in constraints
        if set(a.cells) < set(b.cells) and b.need + 1 <= len(a.cells)
    )  # fmt: skip
    cells = list(view.cells)
    cells[inner.witness] += outer.need + 1 - inner.need  # more mines inside the larger number's squares than it has
    squares = inner.cells
    broken = PlayerView(view.topology, view.mines, tuple(cells))
    assert proved_by_checker(broken, with_total=False, backbone=False) is None
    result = decided(broken)
    assert not result.consistent and set(result.problem) & set(squares)
    clear_cache()
    analysis = analyse(broken.topology, broken.cells, broken.mines, budget=1)
    assert not analysis.consistent and analysis.problem and analysis.problem_witnesses


def test_facts_shown_while_the_decision_runs_are_always_proofs():
    view = random_position(Shape.SQUARE, 32, 32, 400, 1, opens=250).player_view()
    safe, mined = proved_by_checker(view)
    task = DecisionTask(*position_of(view))
    unknown = {c for c, v in enumerate(view.cells) if v == COVERED}
    known, grew, pauses = None, 0, []
    while not task.done:
        pauses.append(task.advance())
        if task.progress != known:
            known = task.progress
            so_far, open_so_far = task.proved(), task.open_cells()
            assert so_far[0] <= safe and so_far[1] <= mined
            assert not open_so_far & (safe | mined)
            grew += 1
    assert grew > 10 and task.proved() == (safe, mined)
    assert task.open_cells() == unknown - safe - mined
    assert max(pauses) <= 2 * WORK_PER_PAUSE


def test_the_checker_is_the_one_from_pypi():
    assert sat.__name__ == "pysat.solvers"
