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
