"""The Duel rules (seed 001): scoring, hidden wrong guesses, automatic reveal, end, replay."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import amigasweeper.solver  # noqa: F401  (the Duel's reveal reasons with the solver, which registers itself)
from amigasweeper.engine import COVERED, MARKED, Shape, make_topology
from amigasweeper.engine.duel import Duel
from amigasweeper.engine.duel_moves import (
    DuelMove,
    DuelMoveKind,
    DuelMoveResult,
    DuelPoints,
    DuelSetup,
    DuelTile,
    IllegalMove,
    Reveal,
)
from amigasweeper.engine.view import KNOWN_SAFE

UNCOVER, GUESS = DuelMoveKind.UNCOVER, DuelMoveKind.GUESS
NAMES = ("Ada", "Bob")


def square(col, row, size=5):
    return row * size + col


def two_corner_mines():
    """5x5, mines in the top-left and bottom-right corners only."""
    return Duel(DuelSetup(size=5, mines=2), mines=[square(0, 0), square(4, 4)])


def border_but_one():
    """5x5 with every border square a mine except the top middle one."""
    topology = make_topology(Shape.SQUARE, 5, 5)
    border = [c for c in topology.cells() if len(topology.neighbours[c]) < 8]
    mines = [c for c in border if c != square(2, 0)]
    return mines


# ------------------------------------------------------------------- setup
def test_defaults_are_the_seed_rules():
    setup = DuelSetup()
    assert (setup.size, setup.mines, setup.shape) == (11, 15, Shape.SQUARE)
    assert setup.points == DuelPoints(uncover_mine=-5, right_guess=5, wrong_guess=-2)
    assert setup.reveal is Reveal.KNOWN_NUMBERS


@pytest.mark.parametrize("shape", list(Shape))
def test_the_centre_starts_open_as_a_zero_with_no_mine_around(shape):
    for seed in range(25):
        setup = DuelSetup(shape=shape, seed=seed)
        duel = Duel(setup)
        centre = setup.centre
        assert duel.topology.coords(centre) == (5, 5)
        assert duel.tile(centre) == 0
        assert not any(duel.is_mine(c) for c in (centre, *duel.topology.neighbours[centre]))
        assert sum(duel.is_mine(c) for c in duel.topology.cells()) == 15
        # Its neighbours are safe, but their numbers are not known yet: they stay covered.
        assert [c for c in duel.topology.cells() if duel.is_visible(c)] == [centre]


def test_the_board_comes_from_the_seed():
    def layout(seed):
        duel = Duel(DuelSetup(seed=seed))
        return [c for c in duel.topology.cells() if duel.is_mine(c)]

    assert layout(7) == layout(7)
    assert layout(7) != layout(8)


def test_settings_that_cannot_work_are_refused_with_the_limit():
    with pytest.raises(ValueError, match="between 1 and 16"):
        DuelSetup(size=5, mines=17)
    with pytest.raises(ValueError):
        DuelSetup(mines=0)
    with pytest.raises(ValueError, match="away from the centre"):
        Duel(DuelSetup(size=5, mines=1), mines=[square(1, 1)])


def test_points_are_configurable():
    duel = Duel(DuelSetup(size=5, mines=2, points=DuelPoints(-1, 3, -4)), mines=[square(0, 0), square(4, 4)])
    assert duel.guess(square(1, 0)).points == -4
    assert duel.guess(square(0, 0)).points == 3
    assert duel.uncover(square(4, 4)).points == -1
    assert duel.scores == [-5, 3]


# ----------------------------------------------------------------- scoring
def test_uncovering_a_safe_square_shows_its_number_and_scores_nothing():
    duel = two_corner_mines()
    event = duel.uncover(square(1, 0))
    assert (event.outcome, event.points, event.number) == (DuelMoveResult.NUMBER, 0, 1)
    assert duel.tile(square(1, 0)) == 1
    assert duel.scores == [0, 0]
    assert duel.turn == 1


def test_a_hit_mine_costs_five_and_is_shown_as_hit():
    duel = two_corner_mines()
    event = duel.uncover(square(0, 0))
    assert (event.outcome, event.points) == (DuelMoveResult.HIT, -5)
    assert duel.tile(square(0, 0)) == DuelTile.HIT
    assert duel.shown_mine(square(0, 0)) == (0, DuelMoveResult.HIT)
    assert duel.public_view().cells[square(0, 0)] == MARKED  # a known mine for everyone
    assert duel.scores == [-5, 0]


def test_a_right_guess_earns_five_and_shows_the_mine_as_found():
    duel = two_corner_mines()
    duel.uncover(square(1, 0))
    event = duel.guess(square(4, 4))
    assert (event.outcome, event.points) == (DuelMoveResult.FOUND, 5)
    assert duel.tile(square(4, 4)) == DuelTile.FOUND
    assert duel.shown_mine(square(4, 4)) == (1, DuelMoveResult.FOUND)
    assert duel.scores == [0, 5]


def test_a_wrong_guess_costs_two_and_only_the_guesser_knows_where():
    duel = two_corner_mines()
    cell = square(1, 0)
    event = duel.guess(cell)
    assert (event.outcome, event.points) == (DuelMoveResult.WRONG, -2)
    assert duel.scores == [-2, 0]
    assert duel.tile(cell, viewer=0) == DuelTile.WRONG_GUESS
    assert duel.tile(cell, viewer=1) == DuelTile.COVERED
    assert duel.tile(cell) == DuelTile.COVERED
    assert duel.private_view(0).cells[cell] == KNOWN_SAFE
    assert duel.private_view(1).cells[cell] == COVERED
    assert duel.public_view().cells[cell] == COVERED
    assert duel.wrong_guesses(0) == {cell} and not duel.wrong_guesses(1)


def test_the_move_list_tells_the_opponent_a_wrong_guess_happened_but_not_where():
    duel = two_corner_mines()
    duel.guess(square(1, 0))  # Ada, wrong
    duel.guess(square(0, 0))  # Bob, right
    duel.uncover(square(3, 0))  # Ada: a 0 on the top row
    duel.uncover(square(4, 4))  # Bob hits the last mine
    assert duel.log(NAMES, viewer=1) == [
        "Ada guessed wrong (-2)",
        "Bob guessed a mine at A1 (+5)",
        "Ada uncovered D1: 0; 1 known square shown",  # the corner beside it: all its neighbours are known
        "Bob hit a mine at E5 (-5); 20 known squares shown",  # with every mine shown, all is known
    ]
    assert duel.log(NAMES, viewer=0)[0] == "Ada guessed wrong at B1 (-2)"
    assert duel.log(NAMES)[0] == "Ada guessed wrong (-2)"
    assert not any("2,1" in line for line in duel.log(NAMES, viewer=1))


# ------------------------------------------------------------ end and draw
def test_the_game_ends_when_every_mine_is_visible_and_most_points_win():
    duel = two_corner_mines()
    duel.guess(square(0, 0))  # Ada +5
    assert not duel.over and duel.winner is None and duel.mines_hidden == 1
    duel.uncover(square(4, 4))  # Bob -5
    assert duel.over and duel.winner == 0 and not duel.draw
    assert duel.summary(NAMES) == "Ada wins, 5 to -5"


def test_equal_points_is_a_draw():
    duel = two_corner_mines()
    duel.guess(square(0, 0))
    duel.guess(square(4, 4))
    assert duel.over and duel.draw and duel.winner is None
    assert duel.summary(NAMES) == "Draw, 5 points each"


# --------------------------------------------------------------- illegal moves
def test_illegal_moves_are_refused_with_the_reason():
    duel = two_corner_mines()
    with pytest.raises(IllegalMove, match="not player 2's turn"):
        duel.play(DuelMove(1, UNCOVER, square(1, 0)))
    with pytest.raises(IllegalMove, match="already uncovered"):
        duel.uncover(duel.setup.centre)
    with pytest.raises(IllegalMove, match="no square"):
        duel.uncover(25)
    with pytest.raises(IllegalMove, match="no player"):
        duel.play(DuelMove(2, GUESS, 0))
    duel.guess(square(1, 0))  # Ada, wrong
    duel.guess(square(1, 0))  # Bob may make the same mistake: he cannot know
    with pytest.raises(IllegalMove, match="already guessed wrong at B1"):
        duel.guess(square(1, 0))
    duel.uncover(square(1, 0))  # but Ada may uncover her own wrong guess
    duel.guess(square(0, 0))
    with pytest.raises(IllegalMove, match="mine at A1 is already shown"):
        duel.guess(square(0, 0))
    duel.guess(square(4, 4))
    assert duel.over
    with pytest.raises(IllegalMove, match="over"):
        duel.uncover(square(2, 0))
    assert duel.scores == [3, 3]  # the refused moves changed nothing


# ------------------------------------------------------------ automatic reveal
def test_numbers_the_mine_count_settles_are_shown_at_once():
    inner_ring = [square(c, r) for r in (1, 2, 3) for c in (1, 2, 3) if (c, r) != (2, 2)]
    duel = Duel(DuelSetup(size=5, mines=15), mines=border_but_one())
    assert not duel.opening  # 15 mines in 16 border squares: no inner number is known yet
    event = duel.uncover(square(2, 0))
    # The top middle shows 2; now the other 15 border squares must all be mines,
    # so every inner number is known and shown, and no mine is uncovered.
    assert event.number == 2
    assert sorted(event.revealed) == inner_ring
    assert all(duel.tile(c) == duel.number(c) for c in inner_ring)
    assert duel.tile(square(1, 1)) == 4 and duel.tile(square(2, 1)) == 2
    assert duel.log(NAMES) == ["Ada uncovered C1: 2; 8 known squares shown"]
    assert duel._auto_reveal() == ()  # nothing more to show: it is idempotent


def test_the_proved_safe_variant_opens_every_square_it_can_prove():
    duel = Duel(DuelSetup(size=5, mines=15, reveal=Reveal.PROVED_SAFE), mines=border_but_one())
    # The 0 proves its ring safe; the ring's numbers then single out the safe border square.
    assert set(duel.opening) == {square(c, r) for r in (1, 2, 3) for c in (1, 2, 3)} - {12} | {square(2, 0)}


def test_a_wrong_guess_reveals_nothing():
    duel = two_corner_mines()
    assert duel.guess(square(2, 0)).revealed == ()


# --------------------------------------------------------------------- replay
def random_legal_move(duel: Duel, rng: random.Random) -> DuelMove:
    covered = [c for c in duel.topology.cells() if not duel.is_visible(c)]
    cell = rng.choice(covered)
    kind = GUESS if rng.random() < 0.5 and cell not in duel.wrong_guesses(duel.turn) else UNCOVER
    return DuelMove(duel.turn, kind, cell)


def test_replaying_the_moves_gives_the_same_duel():
    rng = random.Random(3)
    setup = DuelSetup(seed=11)
    duel = Duel(setup)
    while not duel.over:
        duel.play(random_legal_move(duel, rng))
    again = Duel.replay(setup, duel.moves)
    assert again.history == duel.history
    assert again.scores == duel.scores and again.turn == duel.turn
    for viewer in (None, 0, 1):
        assert again.tiles(viewer) == duel.tiles(viewer)


# ---------------------------------------------------------------- properties
@st.composite
def duels(draw, reveal=None, max_size=6, max_mines=5):
    shape = draw(st.sampled_from(list(Shape)))
    size = draw(st.integers(4, max_size))
    room = len(DuelSetup(size=size, mines=1, shape=shape).free_cells())
    mines = draw(st.integers(1, min(room, max_mines)))
    reveal = reveal or draw(st.sampled_from(list(Reveal)))
    setup = DuelSetup(size=size, mines=mines, shape=shape, seed=draw(st.integers(0, 2**32)), reveal=reveal)
    return setup, draw(st.integers(0, 2**32))


def check_secrets(duel: Duel) -> None:
    """No one but the guesser ever sees a wrong guess."""
    assert KNOWN_SAFE not in duel.public_view().cells
    assert DuelTile.WRONG_GUESS not in duel.tiles()
    for player in (0, 1):
        private = duel.private_view(player).cells
        seen = {c for c, v in enumerate(private) if v == KNOWN_SAFE}
        assert seen == {c for c in duel.wrong_guesses(player) if not duel.is_visible(c)}
        mine_only = duel.wrong_guesses(player) - duel.wrong_guesses(1 - player)
        opponent_tiles = duel.tiles(1 - player)
        assert all(opponent_tiles[c] != DuelTile.WRONG_GUESS for c in mine_only)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(duels())
def test_random_duels_keep_the_rules(case):
    setup, move_seed = case
    rng = random.Random(move_seed)
    duel = Duel(setup)
    allowed = {DuelMoveResult.NUMBER: 0, DuelMoveResult.HIT: -5, DuelMoveResult.FOUND: 5, DuelMoveResult.WRONG: -2}
    limit = 3 * duel.topology.size  # each move shows a square or adds one of the mover's wrong guesses
    for _ in range(limit):
        if duel.over:
            break
        before = list(duel.scores)
        event = duel.play(random_legal_move(duel, rng))
        player = event.move.player
        assert event.points == allowed[event.outcome]
        assert duel.scores[player] - before[player] == event.points
        assert duel.scores[1 - player] == before[1 - player]
        assert not any(duel.is_mine(c) for c in event.revealed)
        check_secrets(duel)
    assert duel.over, "the duel should end once the players keep moving"
    assert sum(duel.scores) == sum(e.points for e in duel.history)


# --------------------------------------------- the reveal rule, by brute force
def layouts(duel: Duel, ignore: frozenset[int] = frozenset()) -> list[int]:
    """Every mine layout (as a bit mask) that fits the public view, reading no number in ``ignore``."""
    view = duel.public_view()
    topology = duel.topology
    masks = [sum(1 << n for n in topology.neighbours[c]) for c in topology.cells()]
    known = sum(1 << c for c, v in enumerate(view.cells) if v == MARKED)
    numbers = [(masks[c], v) for c, v in enumerate(view.cells) if v >= 0 and c not in ignore]
    free = [c for c, v in enumerate(view.cells) if v == COVERED or c in ignore]
    left = view.mines - known.bit_count()
    found = []
    for chosen in combinations(free, left):
        mask = known | sum(1 << c for c in chosen)
        if all((mask & near).bit_count() == n for near, n in numbers):
            found.append(mask)
    return found


def settled_numbers(duel: Duel, fits: list[int]) -> set[int]:
    """Covered squares safe in every layout that show the same number in all of them."""
    topology = duel.topology
    settled = set()
    for cell in topology.cells():
        if duel.is_visible(cell) or any(mask >> cell & 1 for mask in fits):
            continue
        near = sum(1 << n for n in topology.neighbours[cell])
        if len({(mask & near).bit_count() for mask in fits}) == 1:
            settled.add(cell)
    return settled


def settled_numbers_before(duel: Duel, fits: list[int], revealed) -> set[int]:
    """The revealed squares that were safe and showed their number in every layout of ``fits``."""
    topology = duel.topology
    settled = set()
    for cell in revealed:
        near = sum(1 << n for n in topology.neighbours[cell])
        safe = not any(mask >> cell & 1 for mask in fits)
        if safe and {(mask & near).bit_count() for mask in fits} == {duel.number(cell)}:
            settled.add(cell)
    return settled


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(duels(reveal=Reveal.KNOWN_NUMBERS, max_size=5, max_mines=4))
def test_the_reveal_shows_exactly_the_numbers_already_known(case):
    setup, move_seed = case
    rng = random.Random(move_seed)
    duel = Duel(setup)
    while not duel.over:
        event = duel.play(random_legal_move(duel, rng))
        # Sound: with the shown squares read as covered again, each was safe and
        # showed the same number in every layout that fitted before the reveal.
        before = layouts(duel, ignore=frozenset(event.revealed))
        assert set(event.revealed) <= settled_numbers_before(duel, before, event.revealed)
        # Complete: no covered square's number is known any more.
        assert not settled_numbers(duel, layouts(duel))
        # And showing known numbers taught nothing: the same layouts fit.
        assert set(before) == set(layouts(duel))
