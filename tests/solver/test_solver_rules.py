"""Each hint rule on boards drawn as text, on all three shapes.

Layout text: '.' covered safe, '*' covered mine, 'o' uncovered, 'F' marked mine.
"""

import pytest

from amigasweeper.engine import Shape
from amigasweeper.engine.textboard import game_from_text
from amigasweeper.solver import Rule, all_certain, next_hint, rule1, rule2, rule3, rule4
from amigasweeper.solver.constraints import constraints_of

# (shape, board, the rule next_hint must use, squares it proves safe, squares it proves mines)
CASES = [
    (Shape.SQUARE, "*.... *o.o. **.F. ..o..", Rule.RULE1, {2, 3, 4, 7, 9, 12, 14}, set()),
    (Shape.SQUARE, "..*o* ..o** ..... ...*.", Rule.RULE2, set(), {2, 4, 8, 9}),
    (Shape.SQUARE, ".*.o. ....* .o.** o*..o", Rule.RULE3, {5, 6, 7, 12, 17}, set()),
    (Shape.SQUARE, "*.Fo* o.*.o ..o.* ....o", Rule.RULE4, {6, 11, 13, 16, 17, 18}, {4}),
    (Shape.SQUARE, "o.*oF *oo.. ...*o .o*o.", Rule.RULE5, {8, 9, 10, 11, 12, 15}, {2, 17}),
    (Shape.SQUARE, "..... *o*.. *o*o. .*.o.", Rule.RULE6, {0, 1, 2, 3, 4, 8, 9, 14, 17, 19}, {5, 7, 10, 12}),
    (Shape.HEX, "*.... *o.o. **.F. ..o..", Rule.RULE1, {3, 4, 7, 9, 14}, set()),
    (Shape.HEX, ".**.* oo*oo oo*oo ooooo", Rule.RULE2, set(), {1, 2, 7, 12}),
    (Shape.HEX, "oo*.* o.o.. o*..o ...**", Rule.RULE3, {3, 8, 12, 13}, set()),
    (Shape.HEX, "*o*.. *.o.F ..o.. ..*..", Rule.RULE4, {3, 8, 13}, {0, 5}),
    (Shape.HEX, ".o*oo ...oF oo*o* *o..o", Rule.RULE5, {0, 5, 6, 7, 17, 18}, {2, 12, 14, 15}),
    (Shape.HEX, "..o.. ..*.. o*ooF *.*o.", Rule.RULE6, {0, 1, 3, 4, 6, 8, 9, 16, 19}, {7, 11, 17}),
    (Shape.TRIANGLE, "..o.. ....F o.ooo **.**", Rule.RULE1, {0, 1, 3, 4, 5, 6, 7, 8}, set()),
    (Shape.TRIANGLE, "o**oo **ooo ..ooo *oooo", Rule.RULE2, set(), {1, 2, 5, 6}),
    (Shape.TRIANGLE, "...o* .o..o ..*.* oFo.*", Rule.RULE3, {0, 1, 2, 5, 7, 8, 13}, set()),
    (Shape.TRIANGLE, "..**o .o*.* ..... ..*..", Rule.RULE4, {0, 1, 5, 10, 11, 12, 13}, {3, 9}),
    (Shape.TRIANGLE, "..o*. o.*o. ..oo* **o..", Rule.RULE5, {0, 1, 9, 10, 11, 18, 19}, {14, 15, 16}),
    (Shape.TRIANGLE, "..... *o*.. *o*o. .*.o.", Rule.RULE6, {0, 1, 2, 3, 4, 9, 14, 15, 17, 19}, {5, 10, 12, 16}),
]


def board(shape, text):
    return game_from_text(text.split(), shape=shape)


@pytest.mark.parametrize("shape, text, rule, safe, mines", CASES, ids=[f"{c[0].value}-{c[2].name}" for c in CASES])
def test_next_hint_uses_the_simplest_rule(shape, text, rule, safe, mines):
    game = board(shape, text)
    hint = next_hint(game.player_view())
    assert hint.rule is rule
    assert hint.safe == safe and hint.mines == mines
    assert all(not game.is_mine(c) for c in hint.safe) and all(game.is_mine(c) for c in hint.mines)
    assert hint.witnesses and all(game.is_open(w) for w in hint.witnesses)
    assert hint.reason and "\n" not in hint.reason


def test_rule1_reason_names_the_number_and_its_marks():
    game = board(Shape.SQUARE, "ooo Foo ...")
    view = game.player_view()
    found = rule1(view.topology, view.cells, constraints_of(view.topology, view.cells))
    centre = next(d for d in found if d.witnesses == (4,))
    assert centre.safe == {6, 7, 8}
    assert centre.reason == "The 1 at B2 already touches 1 marked mine, so its other covered neighbours are safe"


def test_rule2_all_covered_squares_are_the_missing_mines():
    game = board(Shape.SQUARE, "ooo oo* o**")
    view = game.player_view()
    found = rule2(view.topology, view.cells, constraints_of(view.topology, view.cells))
    centre = next(d for d in found if d.witnesses == (4,))
    assert centre.mines == {5, 7, 8} and not centre.safe


def test_rule3_subset_against_a_wall():
    # A row of 1s over covered squares with mines under columns 2 and 5.
    game = board(Shape.SQUARE, "ooooo ooooo .*..*")
    view = game.player_view()
    constraints = constraints_of(view.topology, view.cells)
    assert not rule1(view.topology, view.cells, constraints) and not rule2(view.topology, view.cells, constraints)
    found = rule3(view.topology, view.cells, constraints)
    assert {frozenset(d.safe) for d in found} == {frozenset({12})}
    assert next_hint(view).rule is Rule.RULE3


def test_rule4_the_one_two_pattern():
    # 1 2 over five covered squares: the 2's extra mine lies where the 1 cannot reach.
    game = board(Shape.SQUARE, "oooooo oooooo ..**..")
    view = game.player_view()
    found = rule4(view.topology, view.cells, constraints_of(view.topology, view.cells))
    assert found
    for deduction in found:
        assert all(game.is_mine(c) for c in deduction.mines)
        assert not any(game.is_mine(c) for c in deduction.safe)
    assert any(d.mines == {15} and 12 in d.safe for d in found)


def test_nothing_to_prove_gives_no_hint():
    # A lone 1 next to two covered squares: a true 50/50, with one mine left.
    game = board(Shape.SQUARE, "oo* oo.")
    assert next_hint(game.player_view()) is None


def test_fresh_board_gives_no_hint():
    from amigasweeper.engine import Game, GameSetup

    assert next_hint(Game(GameSetup()).player_view()) is None


def test_wrong_marks_are_reported_not_raised():
    # The 1 at the top left touches two marks: they cannot both be mines.
    game = board(Shape.SQUARE, "oF. f.. ...")
    view = game.player_view()
    hint = next_hint(view)
    assert hint.rule is Rule.CONTRADICTION and "cannot" in hint.reason
    certain = all_certain(view)
    assert not certain.consistent and not certain.safe and not certain.mines


def test_too_many_marks_for_the_mine_total():
    game = board(Shape.SQUARE, "oo. .ff .F.")
    certain = all_certain(game.player_view())
    assert not certain.consistent


def test_all_certain_matches_the_layout():
    game = board(Shape.SQUARE, "..... *o*.. *o*o. .*.o.")
    certain = all_certain(game.player_view())
    assert certain.consistent and certain.exact
    assert certain.safe == {0, 1, 2, 3, 4, 8, 9, 14, 17, 19}
    assert certain.mines == {5, 7, 10, 12}
