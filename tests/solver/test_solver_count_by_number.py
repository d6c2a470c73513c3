"""count_component's ``free``: every number a constraint could show, counted in one pass.

A guess's possible numbers (guess.py) are counted so; the answer must be
exactly what counting the component once per number gives.
"""

from hypothesis import given, settings
from solver_helpers import positions

from amigasweeper.solver.constraints import Component, constraints_of, split_components
from amigasweeper.solver.counting import clear_cache, count_component

BIG = 10**9  # no budget: small positions only


def _with_need(component: Component, index: int, need: int) -> Component:
    constraints = tuple(c._replace(need=need) if i == index else c for i, c in enumerate(component.constraints))
    return Component(constraints, component.boxes, component.box_witnesses)


def _one_by_one(component: Component, index: int) -> dict:
    """number -> (ways, weight) of every number some arrangement fits, counted one number at a time."""
    found = {}
    for need in range(len(component.constraints[index].cells) + 1):
        lines = count_component(_with_need(component, index, need), BIG)
        if lines.ways:
            found[need] = (lines.ways, {m: tuple(w) for m, w in lines.weight.items()})
    return found


@settings(max_examples=120, deadline=None)
@given(positions(width=(3, 6), height=(3, 5), mines=(2, 8), opens=(1, 12)))
def test_counting_by_number_matches_counting_each_number(game):
    if game.status.over:
        return
    view = game.player_view()
    clear_cache()
    for component in split_components(constraints_of(view.topology, view.cells)):
        for index in {0, len(component.constraints) - 1}:
            by_number = count_component(component, BIG, free=index)
            found = {n: (lines.ways, {m: tuple(w) for m, w in lines.weight.items()}) for n, lines in by_number.items() if lines.ways}
            assert found == _one_by_one(component, index)


def test_a_count_by_number_is_cached_apart_from_the_plain_count():
    from amigasweeper.engine import Game, GameSetup

    game = Game.with_mines(GameSetup(width=5, height=5, mines=3), [7, 17, 19])
    game.uncover(0)
    view = game.player_view()
    clear_cache()
    component = max(split_components(constraints_of(view.topology, view.cells)), key=lambda c: len(c.boxes))
    plain = count_component(component, BIG)
    by_number = count_component(component, BIG, free=0)
    assert isinstance(by_number, dict) and plain is count_component(component, BIG)
    assert by_number is count_component(component, BIG, free=0)
    need = component.constraints[0].need
    assert by_number[need].ways == plain.ways  # the number actually shown gives the plain count
