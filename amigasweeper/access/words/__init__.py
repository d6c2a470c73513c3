"""Every line the Narrator says, as pure functions of what the player can see,
and the names of squares (coords) that `--text` reads back."""

from .coords import (
    SquareNameError,
    column_name,
    parse_column,
    parse_row,
    parse_square,
    square_name,
)
from .game import (
    after_move,
    counter_line,
    end_line,
    mark_line,
    new_game_line,
    opened_line,
    refused_line,
    status_line,
    time_line,
)
from .menus import button_line, menu_line, requester_line, spoken_label
from .squares import (
    column_words,
    cursor_line,
    neighbourhood_line,
    row_words,
    square_detail,
    square_label,
    square_word,
)

__all__ = [
    "SquareNameError",
    "after_move",
    "button_line",
    "column_name",
    "column_words",
    "counter_line",
    "cursor_line",
    "end_line",
    "mark_line",
    "menu_line",
    "neighbourhood_line",
    "new_game_line",
    "opened_line",
    "parse_column",
    "parse_row",
    "parse_square",
    "refused_line",
    "requester_line",
    "row_words",
    "spoken_label",
    "square_detail",
    "square_label",
    "square_name",
    "square_word",
    "status_line",
    "time_line",
]
