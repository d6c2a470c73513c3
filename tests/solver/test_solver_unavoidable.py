"""Unavoidable guesses inside larger components (issue 35, JSMinesweeper's rule).

Boards are drawn as text ('.' covered safe, '*' covered mine, 'o' uncovered,
'F' a marked mine); brute force over every layout that fits checks that the
squares chosen can never be told apart.
"""

from test_solver_guess import layouts

from amigasweeper.engine.textboard import game_from_text
from amigasweeper.solver import guess
from amigasweeper.solver.knowledge import Knowledge

# A pair walled in by marked mines (squares 16 and 17), seen only by numbers
# that see both; the number below them also reaches the bottom row, so the
# pair is part of a larger component.
WALLED = ["ooooooo", "oFooFoo", "oF*.Foo", "oFo.Foo", "..*.*.."]
PAIR = (16, 17)


def position(rows: list[str]):
    game = game_from_text(rows)
    knowledge = Knowledge.from_view(game.player_view())
    return knowledge, knowledge.analyse()


def test_a_walled_pair_inside_a_larger_component_is_taken_at_once(monkeypatch):
    knowledge, analysis = position(WALLED)
    component = next(c for c in analysis.components if PAIR[0] in set(c.cells))
    assert set(PAIR) < set(component.cells)  # the pair is not a component of its own
    everything = layouts(knowledge)
    assert everything and all((PAIR[0] in mines) != (PAIR[1] in mines) for mines in everything)
    found = guess.unavoidable_guess(knowledge, analysis)
    assert found is not None and found.cell in PAIR and found.safety == 0.5
    assert guess.choose_guess(knowledge, analysis) == found
    monkeypatch.setattr(guess, "UNAVOIDABLE", False)
    assert guess.forced_guess(knowledge, analysis) is None  # the enclosed-component rule alone misses it


def test_a_pair_that_a_later_number_could_tell_apart_is_not_forced():
    # The square right of the pair is covered and safe now, not a marked mine:
    # uncovered, its number would see one of the two squares only.
    rows = list(WALLED)
    rows[2] = "oF*..oo"
    knowledge, analysis = position(rows)
    assert guess.unavoidable_guess(knowledge, analysis) is None


def enclosed_regions(count: int):
    """(knowledge, analysis, component) of small positions whose only unknown
    squares form one enclosed component holding the same number of mines in
    every arrangement, with three squares or more."""
    from solver_helpers import random_position
    from test_solver_guess import stuck

    from amigasweeper.engine import Shape

    found = 0
    for seed in range(4000):
        position = stuck(random_position(Shape.SQUARE, 5, 4, 5, seed, opens=3 + seed % 8))
        if position is None:
            continue
        knowledge, analysis = position
        if analysis.off_cells or len(analysis.components) != 1:
            continue
        component = analysis.components[0]
        if len(component.lines.ways) != 1 or len(list(component.cells)) < 3:
            continue
        yield knowledge, analysis, component
        found += 1
        if found == count:
            return


def test_an_isolated_region_is_played_in_the_order_that_clears_it_most_often():
    from test_solver_endgame import best_chance

    from amigasweeper.solver.endgame import best_region_move

    checked = 0
    for knowledge, analysis, component in enclosed_regions(12):
        plan = best_region_move(knowledge, component)
        everything = layouts(knowledge)
        assert plan is not None and plan.cell in set(component.cells)
        # Here the region is all that is left, so clearing it is winning:
        # the brute force's best chance is the region search's.
        assert abs(plan.win_chance - float(best_chance(knowledge, everything))) < 1e-9
        assert guess.forced_guess(knowledge, analysis).cell == plan.cell
        checked += 1
    assert checked >= 6
