"""The analysis as a resumable job: spread over slices, counted once per component,
and over its patience an estimate that is flagged and keeps every proof.

Time is injected: the clock reads the work meter (one unit of work = one
microsecond), so these tests count work and never measure time.
"""

import pytest
from solver_helpers import assert_matches_brute_force, random_position, small_positions

from amigasweeper.engine import Shape
from amigasweeper.solver import analysis as analysis_module
from amigasweeper.solver.analysis import AnalysisJob
from amigasweeper.solver.constraints import constraints_of
from amigasweeper.solver.counting import clear_cache
from amigasweeper.solver.deadlines import CHUNK, METER
from amigasweeper.solver.propagate import PAIRS_PER_PAUSE, propagate

UNIT = 1e-6  # seconds of the work clock per unit of work


def forget_everything():
    clear_cache()
    analysis_module._CUTS.found.clear()


def job_for(game, **options):
    view = game.player_view()
    return AnalysisJob(view.topology, view.cells, view.mines, clock=METER.clock(UNIT), **options)


def test_a_long_count_is_spread_over_slices_and_ends_as_if_done_at_once():
    game = random_position(Shape.SQUARE, 32, 32, 400, seed=0, opens=80)
    forget_everything()
    at_once = job_for(game).run()
    forget_everything()
    job = job_for(game)
    slice_work = 300
    per_step = []
    while not job.step(slice_work * UNIT):
        per_step.append(job.last_work)
    per_step.append(job.last_work)
    assert at_once.exact and job.result.exact
    assert job.result.probability == at_once.probability
    assert job.result.safe == at_once.safe and job.result.mines == at_once.mines
    assert len(per_step) >= job.work // (slice_work + CHUNK)  # it really was spread
    # A slice is overrun by at most one chunk of counting or of pair comparisons.
    assert max(per_step) <= slice_work + max(CHUNK, PAIRS_PER_PAUSE)


def test_an_unchanged_position_costs_nothing_and_a_move_costs_only_what_it_changed():
    game = random_position(Shape.SQUARE, 32, 16, 99, seed=2, opens=40)
    forget_everything()
    first = job_for(game)
    first.run()
    again = job_for(game)
    again.run()
    assert first.work > 0 and again.work == 0
    # One more square uncovered: only the components around it are counted again.
    view = game.player_view()
    safe = sorted(first.result.safe)
    game.uncover(safe[0])
    warm = job_for(game)
    warm.run()
    forget_everything()
    cold = job_for(game)
    cold.run()
    assert warm.result.probability == cold.result.probability
    assert warm.work < cold.work
    assert view.cells != game.player_view().cells


def test_over_its_patience_the_job_flags_an_estimate_that_keeps_every_proof():
    # An Expert position with scores of provably safe squares left covered and a
    # frontier that is one huge component until the pair rules cut it down.
    game = random_position(Shape.SQUARE, 32, 16, 99, seed=0, opens=150)
    view = game.player_view()
    proved = propagate(constraints_of(view.topology, view.cells))
    assert len(proved.safe) > 50
    forget_everything()
    exact = job_for(game).run()
    forget_everything()
    rough = job_for(game, patience=0.0).run()
    assert exact.exact and not rough.exact
    assert proved.safe <= rough.safe <= exact.safe
    assert proved.mines <= rough.mines <= exact.mines
    for cell in rough.safe:
        assert rough.probability[cell] == 0.0
    for cell in rough.mines:
        assert rough.probability[cell] == 1.0
    assert set(rough.probability) == set(exact.probability)
    errors = [abs(rough.probability[c] - exact.probability[c]) for c in exact.probability]
    assert all(0.0 <= p <= 1.0 for p in rough.probability.values())
    assert sum(errors) / len(errors) < 0.05
    assert sum(e > 0.1 for e in errors) < len(errors) // 10


@pytest.mark.parametrize("shape", list(Shape))
def test_a_job_stepped_a_unit_at_a_time_agrees_with_brute_force(shape):
    checked = 0
    for seed, view in small_positions(shape, 25):
        forget_everything()
        job = AnalysisJob(view.topology, view.cells, view.mines, clock=METER.clock(UNIT))
        while not job.step(UNIT):
            pass
        assert_matches_brute_force(view, job.result.probabilities(), seed)
        checked += 1
    assert checked > 15


def test_a_counting_deadline_stops_counts_made_through_other_code_but_not_cached_ones():
    from amigasweeper.solver.constraints import split_components
    from amigasweeper.solver.counting import OverBudget, count_component, counting_deadline
    from amigasweeper.solver.deadlines import Deadline

    game = random_position(Shape.SQUARE, 32, 32, 400, seed=0, opens=80)
    view = game.player_view()
    biggest = max(split_components(constraints_of(view.topology, view.cells)), key=lambda c: len(c.boxes))
    forget_everything()
    with counting_deadline(Deadline(100 * UNIT, METER.clock(UNIT))):
        with pytest.raises(OverBudget):
            count_component(biggest)
    lines = count_component(biggest)  # outside the block: no deadline
    with counting_deadline(Deadline(0.0, METER.clock(UNIT))):
        assert count_component(biggest) is lines  # cached counts cost nothing, deadline or not
