"""3BV, openings and islands on every board shape, where no reference library
reaches: checked against what they mean on the engine's own boards."""

from hypothesis import given, settings
from hypothesis import strategies as st

from amigasweeper.engine import Game, GameSetup, GameStatus, make_topology
from amigasweeper.metrics import board_metrics, numbers_of


@st.composite
def boards(draw):
    shape = draw(st.sampled_from(["square", "hex", "triangle"]))
    width, height = draw(st.integers(2, 20)), draw(st.integers(2, 20))
    mines = draw(st.sets(st.integers(0, width * height - 1), min_size=1, max_size=width * height // 3 + 1))
    if len(mines) >= width * height:
        mines = set(list(mines)[:-1])
    return shape, width, height, frozenset(mines)


@settings(max_examples=300, deadline=None)
@given(boards())
def test_3bv_left_clicks_clear_the_board_on_every_shape(board):
    """One click in each opening, then one on each number left covered: the
    board is cleared in exactly 3BV clicks, and the numbers left are the
    islands' squares."""
    shape, width, height, mines = board
    topology = make_topology(shape, width, height)
    metrics = board_metrics(topology, mines)
    numbers = numbers_of(topology, mines)
    game = Game.with_mines(GameSetup(width=width, height=height, mines=len(mines), shape=shape), mines)
    clicks = 0
    for cell in topology.cells():
        if numbers[cell] == 0 and not game.is_open(cell):
            game.uncover(cell)
            clicks += 1
    assert clicks == metrics.openings
    left = [c for c in topology.cells() if numbers[c] > 0 and not game.is_open(c)]
    assert all(all(numbers[n] != 0 for n in topology.neighbours[c]) for c in left)
    for cell in left:
        game.uncover(cell)
    assert clicks + len(left) == metrics.bbbv
    assert game.status is GameStatus.WON
    assert metrics.islands == _groups(topology, set(left))


def _groups(topology, members):
    """Connected groups, by union-find (not the way the program counts them)."""
    parent = {c: c for c in members}

    def root(c):
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for c in members:
        for n in topology.neighbours[c]:
            if n in members:
                parent[root(n)] = root(c)
    return len({root(c) for c in members})
