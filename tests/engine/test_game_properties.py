"""Property tests: random move sequences on every shape keep the rules' invariants."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amigasweeper.engine import Completion, Game, GameSetup, GameStatus, Mark, MoveKind, Shape
from amigasweeper.engine.record import game_from_text, game_to_text
from amigasweeper.engine.textboard import render

MOVE_KINDS = [MoveKind.UNCOVER, MoveKind.MARK, MoveKind.CLEAR, MoveKind.UNCOVER]


@st.composite
def games(draw, shape):
    width = draw(st.integers(2, 9))
    height = draw(st.integers(2, 9))
    mines = draw(st.integers(1, width * height - 1))
    setup = GameSetup(
        width=width,
        height=height,
        mines=mines,
        seed=draw(st.integers(0, 2**32)),
        shape=shape,
        marks=draw(st.booleans()),
        completion=draw(st.sampled_from(list(Completion))),
    )
    size = width * height
    moves = draw(st.lists(st.tuples(st.sampled_from(MOVE_KINDS), st.integers(0, size - 1)), max_size=40))
    return setup, moves


def play(setup, moves):
    game = Game(setup, clock=lambda: 0.0)
    first = None
    for kind, cell in moves:
        if kind is MoveKind.UNCOVER and first is None and not game.placed:
            if game.uncover(cell).accepted:
                first = cell
        elif kind is MoveKind.UNCOVER:
            game.uncover(cell)
        elif kind is MoveKind.MARK:
            game.toggle_mark(cell)
        else:
            game.clear_around(cell)
    return game, first


def check_invariants(game, first):
    cells = list(game.topology.cells())
    marks = sum(1 for c in cells if game.mark(c) == Mark.MINE)
    assert game.mines_left == game.mines - marks
    if first is not None:
        assert not game.is_mine(first)
    opened_mines = [c for c in cells if game.is_open(c) and game.is_mine(c)]
    if game.status is not GameStatus.LOST:
        assert not opened_mines
    else:
        assert opened_mines == [game.exploded]
    if game.status is GameStatus.WON:
        mines_found = all(game.mark(c) == Mark.MINE for c in cells if game.is_mine(c)) and not game.wrong_marks()
        non_mines = all(game.is_open(c) for c in cells if not game.is_mine(c))
        assert game.setup.completion.satisfied(mines_found, non_mines)


def check_replay(game):
    again = game_from_text(game_to_text(game), clock=lambda: 0.0)
    assert render(again) == render(game)
    assert again.status is game.status


def _property(shape):
    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(games(shape))
    def run(case):
        setup, moves = case
        game, first = play(setup, moves)
        check_invariants(game, first)
        check_replay(game)

    return run


test_square_games_keep_their_invariants = _property(Shape.SQUARE)
test_hex_games_keep_their_invariants = _property(Shape.HEX)
test_triangle_games_keep_their_invariants = _property(Shape.TRIANGLE)
