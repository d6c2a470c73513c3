"""The luck audit's mathematics: exact chances against brute force, the factors' mean, the mixture, Ville."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from amigasweeper.engine import COVERED, MARKED, Shape, make_topology
from amigasweeper.solver.constraints import Inconsistent
from amigasweeper.solver.counting import DEFAULT_BUDGET, clear_cache
from amigasweeper.solver.luck import (
    LAMBDAS,
    Chance,
    GameLuck,
    RunningLuck,
    Verdict,
    all_safe_chance,
    check_lambdas,
    log10_factors,
    mine_chance,
    mixture_log10,
    move_chance,
    position_chances,
    threshold,
)


def brute_chance(topology, cells, total, cell):
    """The mine chance of ``cell`` by listing every layout of ``total`` mines that fits ``cells``."""
    squares = range(topology.size)
    fits = hits = 0
    for layout in itertools.combinations(squares, total):
        mines = set(layout)
        if any(v == MARKED and c not in mines for c, v in enumerate(cells)):
            continue
        if any(v >= 0 and (c in mines or sum(n in mines for n in topology.neighbours[c]) != v)
               for c, v in enumerate(cells)):
            continue
        fits += 1
        hits += cell in mines
    return Fraction(hits, fits)


def random_position(rng, topology, total):
    """A real board's view: some squares uncovered, some mines marked (rightly)."""
    mines = set(rng.sample(range(topology.size), total))
    cells = [COVERED] * topology.size
    for c in rng.sample(range(topology.size), rng.randrange(1, topology.size // 2)):
        if c in mines:
            if rng.random() < 0.5:
                cells[c] = MARKED
        else:
            cells[c] = sum(n in mines for n in topology.neighbours[c])
    return cells


@pytest.mark.parametrize("shape", list(Shape))
def test_the_chance_is_the_brute_force_count_on_every_shape(shape):
    topology = make_topology(shape, 4, 4)
    rng = random.Random(shape.value)
    checked = 0
    for _ in range(25):
        total = rng.randrange(2, 6)
        cells = random_position(rng, topology, total)
        for cell in [c for c, v in enumerate(cells) if v == COVERED]:
            assert mine_chance(topology, cells, total, cell) == brute_chance(topology, cells, total, cell)
            checked += 1
    assert checked > 200


def test_the_mine_total_counts_off_the_frontier():
    """A corner 1 with three covered neighbours on a 3x3 board of 2 mines: the total couples the far squares."""
    topology = make_topology(Shape.SQUARE, 3, 3)
    cells = [1] + [COVERED] * 8
    for cell in range(1, 9):
        assert mine_chance(topology, cells, 2, cell) == brute_chance(topology, cells, 2, cell)
    assert mine_chance(topology, [COVERED] * 9, 2, 4) == Fraction(2, 9)


def test_a_move_right_for_sure_is_proved_and_a_move_wrong_for_sure_has_chance_0():
    topology = make_topology(Shape.SQUARE, 3, 3)
    cells = [0] + [COVERED] * 8  # a 0 in the corner: its three neighbours are safe
    assert move_chance(topology, cells, 2, 1, mark=False) == Chance(Verdict.PROVED, Fraction(1))
    wrong = move_chance(topology, cells, 2, 1, mark=True)
    assert wrong == Chance(Verdict.AUDITED, Fraction(0))


def test_a_square_shown_or_an_impossible_position_is_refused():
    topology = make_topology(Shape.SQUARE, 3, 3)
    with pytest.raises(ValueError):
        mine_chance(topology, [0] + [COVERED] * 8, 2, 0)
    with pytest.raises(Inconsistent):
        mine_chance(topology, [3, COVERED, COVERED, COVERED] + [0] * 5, 3, 1)  # a 3 beside a 0
    with pytest.raises(Inconsistent):
        mine_chance(topology, [MARKED, MARKED, MARKED] + [COVERED] * 6, 2, 4)  # more marks than mines


def test_a_position_over_the_work_budget_is_skipped_never_estimated():
    topology = make_topology(Shape.SQUARE, 8, 8)
    rng = random.Random(5)
    mines = set(rng.sample(range(64), 10))
    cells = [COVERED] * 64
    for c in range(0, 64, 3):  # a scattered view: many numbers linked in one component
        if c not in mines:
            cells[c] = sum(n in mines for n in topology.neighbours[c])
    target = next(c for c, v in enumerate(cells) if v == COVERED and any(cells[n] >= 0 for n in topology.neighbours[c])
                  and not any(cells[n] == 0 for n in topology.neighbours[c]))
    clear_cache()
    assert move_chance(topology, cells, 10, target, mark=False, budget=1) == Chance(Verdict.SKIPPED)
    clear_cache()
    exact = move_chance(topology, cells, 10, target, mark=False)
    assert exact.verdict in (Verdict.AUDITED, Verdict.PROVED) and exact.p is not None


@pytest.mark.parametrize("p", [Fraction(1, 7), Fraction(1, 2), Fraction(17, 20), Fraction(999, 1000)])
def test_each_factor_has_mean_exactly_1_for_an_honest_move(p):
    """E[(1 - λ) + λ X / p] = 1 when X is 1 with chance p: the martingale's whole premise."""
    for lam, right, wrong in zip(LAMBDAS, log10_factors(p, True), log10_factors(p, False)):
        mean = p * Fraction(10 ** right) + (1 - p) * Fraction(10 ** wrong)
        assert math.isclose(float(mean), 1.0, rel_tol=1e-12)
        assert math.isclose(10 ** wrong, 1 - lam)


def test_a_sure_loss_costs_1_minus_lambda_and_a_right_impossible_move_is_refused():
    assert log10_factors(Fraction(0), False) == tuple(math.log10(1 - lam) for lam in LAMBDAS)
    with pytest.raises(ValueError):
        log10_factors(Fraction(0), True)
    with pytest.raises(ValueError):
        log10_factors(Fraction(3, 2), True)


def test_the_mixture_is_the_mean_of_the_products():
    logs = (2.0, -1.0, 0.0, 5.0, -30.0)
    assert math.isclose(mixture_log10(logs), math.log10((100 + 0.1 + 1 + 1e5 + 1e-30) / 5))
    with pytest.raises(ValueError):
        mixture_log10((1.0,))


def test_bets_and_alpha_are_checked():
    assert check_lambdas([0, 0.5]) == (0.0, 0.5)
    for bad in ([], [1.0], [-0.1], ["x"]):
        with pytest.raises(ValueError):
            check_lambdas(bad)
    assert threshold(1e-6) == pytest.approx(6)
    for bad in (0, 1, -1, 2):
        with pytest.raises(ValueError):
            threshold(bad)


def test_a_game_counts_audited_and_skipped_moves_and_ignores_proved_ones():
    luck = GameLuck.empty()
    luck.add(Chance(Verdict.PROVED, Fraction(1)), True)
    luck.add(Chance(Verdict.SKIPPED), False)
    luck.add(Chance(Verdict.AUDITED, Fraction(1, 2)), True)
    assert (luck.audited, luck.skipped) == (1, 1)
    assert luck.log10 == log10_factors(Fraction(1, 2), True)
    assert luck.factor_log10() == pytest.approx(math.log10(sum(1 + lam for lam in LAMBDAS) / len(LAMBDAS)))


def test_the_running_maximum_flags_at_one_over_alpha_and_never_forgets_it():
    running = RunningLuck()
    sure = GameLuck(tuple(6.0 for _ in LAMBDAS), audited=3)
    lost = GameLuck(tuple(-9.0 for _ in LAMBDAS), audited=1)
    running.add(GameLuck(tuple(5.9 for _ in LAMBDAS)))
    assert not running.flagged(1e-6) and running.games_to_flag(1e-6) is None
    running.add(sure)
    running.add(lost)
    assert running.log10_e < 6 <= running.log10_max
    assert running.flagged(1e-6) and running.games_to_flag(1e-6) == 2
    assert running.audited == 4
    with pytest.raises(ValueError):
        running.add(GameLuck((0.0,)))


def test_ville_holds_for_an_honest_coin_guesser_over_many_runs():
    """1,000 runs of 200 honest guesses at assorted odds: at most 1% (plus binomial error) reach 100."""
    rng = random.Random(41)
    reached = 0
    for _ in range(1000):
        running = RunningLuck()
        for _ in range(20):
            game = GameLuck.empty()
            for _ in range(10):
                p = Fraction(rng.randrange(1, 20), 20)
                game.add(Chance(Verdict.AUDITED, p), rng.random() < p)
            running.add(game)
        reached += running.flagged(0.01)
    assert reached <= 10 + 4 * math.sqrt(1000 * 0.01 * 0.99)


def test_a_clairvoyant_coin_guesser_is_flagged_fast():
    running = RunningLuck()
    for _ in range(40):
        game = GameLuck.empty()
        game.add(Chance(Verdict.AUDITED, Fraction(1, 2)), True)
        running.add(game)
    assert running.games_to_flag(1e-6) is not None and running.games_to_flag(1e-6) <= 30


def test_every_squares_chance_at_once_and_a_chords_joint_chance_are_the_brute_force_counts():
    topology = make_topology(Shape.HEX, 4, 4)
    rng = random.Random(9)
    for _ in range(15):
        total = rng.randrange(2, 6)
        cells = random_position(rng, topology, total)
        chances = position_chances(topology, cells, total)
        covered = [c for c, v in enumerate(cells) if v == COVERED]
        assert sorted(chances) == covered
        assert all(chances[c] == brute_chance(topology, cells, total, c) for c in covered)
        squares = rng.sample(covered, min(3, len(covered)))
        fits = safe = 0
        for layout in itertools.combinations(range(topology.size), total):
            mines = set(layout)
            if any(v == MARKED and c not in mines for c, v in enumerate(cells)) or any(
                    v >= 0 and (c in mines or sum(n in mines for n in topology.neighbours[c]) != v)
                    for c, v in enumerate(cells)):
                continue
            fits += 1
            safe += not mines & set(squares)
        assert all_safe_chance(topology, cells, total, squares) == Fraction(safe, fits)


def test_a_square_proved_by_a_pair_of_numbers_needs_no_count():
    """A 1 whose covered squares lie inside another 1's: the other's extra squares are safe."""
    topology = make_topology(Shape.SQUARE, 3, 2)
    cells = [1, 1, COVERED, COVERED, COVERED, COVERED]
    clear_cache()  # no count of this position may be at hand
    for cell, mine in ((2, 0), (5, 0)):
        assert mine_chance(topology, cells, 1, cell, budget=0) == mine == brute_chance(topology, cells, 1, cell)
    assert mine_chance(topology, cells, 1, 3, budget=0) is None  # a real guess: over a budget of nothing
    assert mine_chance(topology, cells, 1, 3) == Fraction(1, 2) == brute_chance(topology, cells, 1, 3)


@pytest.mark.parametrize("budget", [DEFAULT_BUDGET, 300])
def test_a_chance_counted_in_steps_is_the_referees_to_the_bit(budget):
    """The Replay window's audit counts a slice at a time (mine_chance_steps); the referee counts at
    once (mine_chance): the same Fraction, or both None over the work budget, from cold and warm counts."""
    from solver_helpers import random_position as expert_position

    from amigasweeper.solver.combining import run_to_end
    from amigasweeper.solver.luck import mine_chance_steps

    skipped = 0
    for seed in (0, 1, 3, 5):  # Expert frontiers of 57 to 151 boxes, 2,000 to 11,000 transitions to count
        view = expert_position(Shape.SQUARE, 30, 16, 99, seed=seed, opens=60).player_view()
        covered = [c for c, v in enumerate(view.cells) if v == COVERED]
        for cell in random.Random(seed).sample(covered, 4):
            clear_cache()
            at_once = mine_chance(view.topology, view.cells, view.mines, cell, budget)
            clear_cache()
            stepped = run_to_end(mine_chance_steps(view.topology, view.cells, view.mines, cell, budget))
            warm = run_to_end(mine_chance_steps(view.topology, view.cells, view.mines, cell, budget))
            assert stepped == at_once == warm
            skipped += at_once is None
    assert (skipped > 0) == (budget < DEFAULT_BUDGET)  # the small budget does skip some
