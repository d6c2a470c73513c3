"""Games as text: records replay to the same state; boards render and parse."""

import pytest

from amigasweeper.engine import Game, GameSetup, Move, MoveKind
from amigasweeper.engine.record import RecordError, game_from_text, game_to_text
from amigasweeper.engine.textboard import game_from_text as board
from amigasweeper.engine.textboard import render, render_layout


def test_record_round_trip_reproduces_the_state():
    game = Game(GameSetup(width=16, height=16, mines=40, seed=11, marks=False))
    game.uncover(120)
    game.toggle_mark(0)
    game.pause()
    game.resume()
    game.set_marks(True)
    game.toggle_mark(0)
    text = game_to_text(game)
    again = game_from_text(text)
    assert render(again) == render(game)
    assert again.moves == game.moves
    assert game_to_text(again) == text


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("nonsense", "not a game record"),
        ("amigasweeper-game 1\nsize 8\nmines 10\nseed 1\n", "bad game header"),
        ("amigasweeper-game 1\nsize 8 8\nmines 10\nseed 1\nfly 1 1\n", "unknown move"),
        ("amigasweeper-game 1\nsize 8 8\nmines 10\nseed 1\nuncover 9 9\n", "off the board"),
        ("amigasweeper-game 1\nsize 8 8\nmines 10\nseed 1\npause 1 2\n", "takes no square"),
        ("amigasweeper-game 1\nshape octagon\nsize 8 8\nmines 10\nseed 1\n", "bad game header: 'octagon' is not a board shape"),
        ("amigasweeper-game 1\nsize 8 8\nmines 10\nseed 1\ncompletion some\n", "bad game header: 'some' is not a completion mode"),
        ("amigasweeper-game 1\nsize 8 8\nmines 10\nseed 1\nuncover 1\n", "needs a column and a row"),
        ("amigasweeper-game 1\nsize 8 8\nmines 10\nseed 1\nuncover 1 2 3\n", "needs a column and a row"),
        ("amigasweeper-game 1\nsize 8 8\nmines 10\nseed 1\nuncover a 2\n", "needs a column and a row"),
        ("amigasweeper-game 1\nsize 8 8\nmines 10\nseed 1\nmark 1 -2\n", "needs a column and a row"),
    ],
)
def test_bad_records_say_what_is_wrong(text, says):
    with pytest.raises(RecordError, match=says):
        game_from_text(text)


def test_moves_validate_their_cell():
    with pytest.raises(ValueError):
        Move(MoveKind.UNCOVER)
    with pytest.raises(ValueError):
        Move(MoveKind.PAUSE, 3)


def test_board_text_round_trips_the_layout():
    game = board(["*..", ".*.", "..."])
    assert render_layout(game) == "*..\n.*.\n..."
    with pytest.raises(ValueError, match="expected 3"):
        board(["*..", ".."])
    with pytest.raises(ValueError, match="unknown"):
        board(["*.z"])
