"""Issue 35, item 5: domination, living squares in the progress measure, a wider candidate set.

Boards are drawn as text ('.' covered safe, '*' covered mine, 'o' uncovered,
'F' a marked mine). Brute force over every layout that fits what the player
sees checks each rule against what it claims.
"""

import pytest
from hypothesis import given, settings
from solver_helpers import positions
from test_solver_guess import layouts, shows, stuck

from amigasweeper.engine import COVERED, MARKED
from amigasweeper.engine.textboard import game_from_text
from amigasweeper.solver import guess, living
from amigasweeper.solver.dominance import cleared_if_safe
from amigasweeper.solver.knowledge import Knowledge

# The plain chooser takes square 25 (row 3, column 4: 73% safe): each number
# it could show proves square 22 safe, so its score counts a sure next step.
# But 22 is safe in every layout in which 25 is, and safer (91%): clicking 22
# first survives whenever 25 would, and more often.
DOMINATED = [
    ".oooooo",
    "*oooooo",
    "oooFFoF",
    "..o*..*",
    "*ooo*.*",
]
# The plain chooser takes square 8 (row 1, column 2: 71% safe). Square 22 is
# safer (86%) but some layouts have 8 safe and 22 a mine, so 22 does not
# dominate 8; square 29, which every number of 8 clears, is exactly as safe.
KEPT = [
    ".*.FooF",
    ".*oFooo",
    "..ooooo",
    "o.ooooo",
    "**FFooo",
]


def position(rows: list[str]):
    knowledge = Knowledge.from_view(game_from_text(rows).player_view())
    return knowledge, knowledge.analyse()


def safe_whenever(everything: list[frozenset[int]], cell: int, other: int) -> bool:
    """Brute force: ``other`` is safe in every layout in which ``cell`` is."""
    return all(other not in mines for mines in everything if cell not in mines)


def mine_chance(everything: list[frozenset[int]], cell: int) -> float:
    return sum(cell in mines for mines in everything) / len(everything)


def test_a_dominated_square_gives_way_to_the_safer_square_it_always_clears(monkeypatch):
    knowledge, analysis = position(DOMINATED)
    everything = layouts(knowledge)
    assert safe_whenever(everything, 25, 22) and mine_chance(everything, 22) < mine_chance(everything, 25)
    monkeypatch.setattr(guess, "DOMINANCE", False)
    assert guess.choose_guess(knowledge, analysis).cell == 25  # what the rule is for
    monkeypatch.setattr(guess, "DOMINANCE", True)
    chosen = guess.choose_guess(knowledge, analysis)
    assert chosen.cell == 22 and abs(chosen.safety - (1 - mine_chance(everything, 22))) < 1e-12


def test_a_square_is_not_ruled_out_by_a_safer_one_it_does_not_always_clear(monkeypatch):
    knowledge, analysis = position(KEPT)
    everything = layouts(knowledge)
    assert mine_chance(everything, 22) < mine_chance(everything, 8) and not safe_whenever(everything, 8, 22)
    # 29 is cleared by every number of 8 but only as safe: each dominates the other.
    assert safe_whenever(everything, 8, 29) and safe_whenever(everything, 29, 8)
    chosen = {}
    for on in (False, True):
        monkeypatch.setattr(guess, "DOMINANCE", on)
        chosen[on] = guess.choose_guess(knowledge, analysis).cell
    assert chosen == {False: 8, True: 8}


@settings(max_examples=60, deadline=None)
@given(positions(width=(4, 6), height=(3, 5), mines=(2, 7), opens=(1, 12), marks=(0, 0)))
def test_the_squares_a_guess_always_clears_are_those_brute_force_finds(game):
    found = stuck(game)
    if found is None:
        return
    knowledge, analysis = found
    everything = layouts(knowledge)
    outcomes = guess._Outcomes(knowledge, analysis)
    for cell in sorted(knowledge.unknown):
        if not any(cell not in mines for mines in everything):
            continue
        expected = {other for other in knowledge.unknown if other != cell and safe_whenever(everything, cell, other)}
        assert cleared_if_safe(outcomes, cell) == expected, cell


def test_squares_proved_with_the_guess_alone_are_not_progress(monkeypatch):
    knowledge, analysis = position(KEPT)
    plain = guess._Outcomes(knowledge, analysis).outcomes(8)
    assert all(outcome.proved for outcome in plain)  # 29 is "proved" by every number
    monkeypatch.setattr(guess, "LIVING", True)
    monkeypatch.setattr(guess, "LINKED", True)
    scored = guess._Outcomes(knowledge, analysis).outcomes(8)
    everything = layouts(knowledge)
    only_linked = 0
    for outcome in scored:
        fits = [mines for mines in everything if 8 not in mines and shows(knowledge, 8, mines) == outcome.shown]
        proved = {c for c in knowledge.unknown if c != 8 and all(c not in mines for mines in fits)}
        if proved == {29}:
            only_linked += 1
            assert outcome.proved == 0 and outcome.next_safety < 1
    assert only_linked and sum(o.weight for o in scored if o.proved) < sum(o.weight for o in plain if o.proved)
    # Without LINKED only dead squares are taken out: 29 counts wherever its own number is unknown.
    monkeypatch.setattr(guess, "LINKED", False)
    dead_only = guess._Outcomes(knowledge, analysis).outcomes(8)
    assert all(a.proved >= b.proved for a, b in zip(dead_only, scored)) and any(a.proved > b.proved for a, b in zip(dead_only, scored))


def _captured_proofs(monkeypatch, knowledge, analysis, cell):
    """(outcome, Proof) of every number ``cell`` could show, with LIVING."""
    proofs = []
    made = living.Proof.of

    def keep(*args):
        proofs.append(made(*args))
        return proofs[-1]

    monkeypatch.setattr(guess.Proof, "of", keep)
    found = guess._Outcomes(knowledge, analysis).outcomes(cell) or []
    monkeypatch.setattr(guess.Proof, "of", made)
    return list(zip(found, proofs))


@settings(max_examples=60, deadline=None)
@given(positions(width=(4, 6), height=(3, 5), mines=(2, 7), opens=(1, 12), marks=(0, 0)))
def test_a_proved_square_is_dead_only_if_its_number_is_known(game):
    found = stuck(game)
    if found is None:
        return
    knowledge, analysis = found
    everything = layouts(knowledge)
    neighbours, cells = knowledge.topology.neighbours, knowledge.cells
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(guess, "LIVING", True)
        for cell in sorted(knowledge.unknown):
            for outcome, proof in _captured_proofs(monkeypatch, knowledge, analysis, cell):
                fits = [mines for mines in everything if cell not in mines and shows(knowledge, cell, mines) == outcome.shown]
                for square in proof.every:
                    assert all(square not in mines for mines in fits)
                    numbers = {sum(n in mines or cells[n] == MARKED for n in neighbours[square]) for mines in fits}
                    if square not in proof.living:
                        assert len(numbers) == 1, (cell, square)  # dead: its number is the same in every layout
                    elif all(cells[n] != COVERED or n == cell for n in neighbours[square]):
                        raise AssertionError(f"{square} has no covered neighbour but counts as living")


def test_off_frontier_candidates_beside_the_frontier(monkeypatch):
    # A 2 in the top left corner: its three squares are risky, the rest of
    # the board is safer, so squares off the frontier are looked at.
    rows = ["o*......", "*.......", "........", "....*...", "........", "......*."]
    knowledge, analysis = position(rows)
    off = set(analysis.off_cells)
    beside = living.beside_frontier(knowledge, analysis, 2, set())
    frontier = {c for c in knowledge.unknown if c not in off}
    assert beside and all(c in off and any(n in frontier for n in knowledge.topology.neighbours[c]) for c in beside)
    plain = guess.candidates(knowledge, analysis)
    assert off & set(plain) and not set(beside) & set(plain)  # the plain set: corners off the frontier
    monkeypatch.setattr(guess, "WIDER", True)
    assert guess.candidates(knowledge, analysis) == plain + beside


@settings(max_examples=40, deadline=None)
@given(positions(width=(5, 7), height=(4, 6), mines=(4, 9), opens=(1, 12), marks=(0, 0)))
def test_a_wider_candidate_set_never_chooses_a_lower_score(game):
    found = stuck(game)
    if found is None:
        return
    knowledge, analysis = found
    pool = guess.candidates(knowledge, analysis)
    if len(pool) < 2:
        return
    plain = guess._choose(knowledge, analysis, pool)
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(guess, "WIDER", True)
        wide = guess._choose(knowledge, analysis, pool)
    assert wide.score >= plain.score - 1e-12
