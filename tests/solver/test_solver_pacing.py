"""Every stage of the analysis pauses often enough for a frame's slice, and
pausing changes no result.

The clock reads the work meter (one unit of work = one microsecond): counting
work and reading work (the big-integer sums that turn counts into chances)
both advance it, so these tests count work and never measure time.
"""

import gc
from math import comb

from solver_helpers import random_position

from amigasweeper.engine import Shape
from amigasweeper.solver import analysis as analysis_module
from amigasweeper.solver.analysis import AnalysisJob
from amigasweeper.solver.combining import _multiply, _poly, combine, combine_steps
from amigasweeper.solver.counting import CACHE, clear_cache
from amigasweeper.solver.deadlines import CHUNK, METER

UNIT = 1e-6


def forget_everything():
    clear_cache()
    analysis_module._CUTS.found.clear()


def job_for(game):
    view = game.player_view()
    return AnalysisJob(view.topology, view.cells, view.mines, clock=METER.clock(UNIT))


def crowded(seed):
    """32x32 with 400 mines and 80 squares uncovered at random: a score of components,
    each weighed against a product of big integers, and little counting."""
    return random_position(Shape.SQUARE, 32, 32, 400, seed=seed, opens=80)


def test_reading_the_counts_is_spread_over_slices_and_changes_no_chance():
    for seed in range(3):
        game = crowded(seed)
        forget_everything()
        at_once = job_for(game).run()
        forget_everything()
        job = job_for(game)
        slice_work, per_step, reading = 300, [], 0
        while True:
            before, read_before = METER.total, METER.reading
            done = job.step(slice_work * UNIT)
            per_step.append(METER.total - before)
            reading += METER.reading - read_before
            if done:
                break
        assert job.result.exact and len(job.result.components) > 10
        assert job.result.probability == at_once.probability
        assert job.result.safe == at_once.safe and job.result.mines == at_once.mines
        assert reading > 10 * slice_work  # reading alone would have overrun a slice many times ...
        longest_sum = max(job.result.counted.mine_totals) + 1  # ... and it pauses within a sum's length of a chunk
        assert max(per_step) <= slice_work + CHUNK + longest_sum, (seed, max(per_step))


def test_combining_in_steps_pauses_every_chunk_and_agrees_with_plain_convolution():
    game = crowded(0)
    forget_everything()
    result = job_for(game).run()
    components = result.counted.components
    off, left = result.counted.off_count, result.counted.mines_left
    steps = combine_steps(components, off, left)
    pauses, reading, most = 0, METER.reading, 0
    while True:
        before = METER.reading
        try:
            next(steps)
            pauses += 1
        except StopIteration as finished:
            counted = finished.value
            break
        finally:
            most = max(most, METER.reading - before)
    reading = METER.reading - reading
    longest_sum = max(counted.mine_totals) + 1
    assert pauses > 1 and reading > 4 * CHUNK
    assert most < CHUNK + longest_sum  # no stretch between two pauses sums much more than a chunk
    assert counted.component_weight == combine(components, off, left).component_weight
    # The same weights from first principles: the other components' totals
    # convolved directly (no division), each total weighted by the squares off
    # the frontier.
    polys = [_poly(c.lines.ways) for c in components]
    for index, poly in enumerate(polys):
        others = [1]
        for other, other_poly in enumerate(polys):
            if other != index:
                others = _multiply(others, other_poly)
        for mines, ways in enumerate(poly):
            if ways:
                rest = [left - mines - m for m in range(len(others))]
                want = sum(o * comb(off, r) for o, r in zip(others, rest) if o and 0 <= r <= off)
                assert counted.component_weight[index][mines] == want
    everything = [1]
    for poly in polys:
        everything = _multiply(everything, poly)
    want_totals = {m: w * comb(off, left - m) for m, w in enumerate(everything) if w and 0 <= left - m <= off}
    assert counted.mine_totals == {m: w for m, w in want_totals.items() if w}
    assert counted.total == sum(want_totals.values())


def test_cached_counts_drop_out_of_the_collectors_sight():
    forget_everything()
    job_for(crowded(1)).run()
    assert len(CACHE.lines) > 10
    for _ in range(3):
        gc.collect()
    # Keys of plain tuples of ints: the collector stops scanning them after a
    # look per level of nesting (a NamedTuple it scans for good), so thousands
    # of cached counts cost a full collection nothing.
    assert not any(gc.is_tracked(key) for key in CACHE.lines)
    assert not any(gc.is_tracked(key) for key in CACHE.too_big)


def test_the_binomials_off_the_frontier_are_exactly_the_plain_ones():
    from amigasweeper.solver.combining import _binomials_down

    for n in range(0, 25):
        for top in range(-2, 30):
            for count in range(0, 32):
                want = [comb(n, top - i) if 0 <= top - i <= n else 0 for i in range(count)]
                assert _binomials_down(n, top, count) == want, (n, top, count)
    assert _binomials_down(900, 380, 3) == [comb(900, 380), comb(900, 379), comb(900, 378)]


def test_a_count_a_deadline_stopped_goes_on_where_it_stopped():
    from amigasweeper.solver.constraints import constraints_of, split_components
    from amigasweeper.solver.counting import PAUSED, OverBudget, count_component, counting_deadline
    from amigasweeper.solver.deadlines import Deadline

    game = random_position(Shape.SQUARE, 32, 32, 400, seed=0, opens=80)
    view = game.player_view()
    biggest = max(split_components(constraints_of(view.topology, view.cells)), key=lambda c: len(c.boxes))
    forget_everything()
    before = METER.work
    at_once = count_component(biggest)
    whole = METER.work - before
    forget_everything()
    tries, before = 0, METER.work
    while True:
        tries += 1
        try:
            with counting_deadline(Deadline(whole / 10 * UNIT, METER.clock(UNIT))):
                lines = count_component(biggest)
            break
        except OverBudget:
            assert len(PAUSED.tasks) == 1  # kept, to go on from here
    assert tries >= 5  # each try did a slice of it ...
    assert METER.work - before == whole  # ... and no try did again what an earlier one had done
    assert lines == at_once and not PAUSED.tasks


def an_expert_frontier(seed: int = 1, opens: int = 60):
    """The largest component of an Expert position (seed 1: 151 boxes, some 11,000 transitions to count;
    seed 0 with 100 squares open: 189 boxes, some 81,000)."""
    from amigasweeper.solver.constraints import constraints_of, split_components

    view = random_position(Shape.SQUARE, 30, 16, 99, seed=seed, opens=opens).player_view()
    return max(split_components(constraints_of(view.topology, view.cells)), key=lambda c: len(c.boxes))


def test_a_count_in_steps_pauses_every_chunk_and_gives_count_components_lines():
    """count_steps (the luck audit's counts over frames) yields after every chunk, counts each
    transition once, and ends with count_component's lines; let go halfway, it is kept and a later
    call goes on where it stopped."""
    from amigasweeper.solver.combining import run_to_end
    from amigasweeper.solver.counting import PAUSED, component_key, count_component, count_steps

    biggest = an_expert_frontier()
    forget_everything()
    before = METER.work
    at_once = count_component(biggest)
    whole = METER.work - before
    forget_everything()
    before, yields = METER.work, 0
    steps = count_steps(biggest)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            lines = done.value
            break
        yields += 1
    assert lines == at_once and METER.work - before == whole
    assert yields >= whole // CHUNK > 5  # a chunk at a time: never the whole count in one go
    assert CACHE.get(component_key(biggest)) == at_once  # kept as count_component keeps it
    forget_everything()
    before = METER.work
    halfway = count_steps(biggest)
    for _ in range(yields // 2):
        next(halfway)
    halfway.close()  # the frame's caller let it go (a window closed)
    assert len(PAUSED.tasks) == 1
    assert run_to_end(count_steps(biggest)) == at_once
    assert METER.work - before == whole and not PAUSED.tasks  # nothing counted twice


def test_a_count_in_steps_over_its_budget_lets_its_lines_go_in_pieces():
    """Over its work budget, count_steps returns None (count_component raises OverBudget), freeing the
    lines it made a batch at a time between pauses; the component is then known too big, at once."""
    from amigasweeper.solver.counting import OverBudget, count_component, count_steps

    biggest = an_expert_frontier(seed=0, opens=100)
    budget = 9000  # some 81,000 needed: many lines made, to let go
    forget_everything()
    try:
        count_component(biggest, budget)
        raise AssertionError("the budget should not let it end")
    except OverBudget:
        pass
    forget_everything()
    steps = count_steps(biggest, budget)
    works = []
    while True:
        try:
            next(steps)
        except StopIteration as done:
            assert done.value is None
            break
        works.append(METER.work)
    freeing = len(works) - works.index(works[-1])  # the pauses after the last counting
    assert freeing > 3  # the lines let go in pieces, not all at once
    again = count_steps(biggest, budget)
    try:
        next(again)
        raise AssertionError("a component known too big should not count again")
    except StopIteration as done:
        assert done.value is None
