"""Every line the Narrator says, from boards drawn as text (engine/textboard.py)."""

from __future__ import annotations

import pytest

from amigasweeper.access.narrator.lines import Line, LineKind
from amigasweeper.access.words import (
    SquareNameError,
    after_move,
    button_line,
    column_name,
    counter_line,
    cursor_line,
    menu_line,
    neighbourhood_line,
    parse_column,
    parse_row,
    parse_square,
    requester_line,
    row_words,
    square_name,
    time_line,
)
from amigasweeper.access.words.reading import column_runs_line, row_runs_line
from amigasweeper.engine import Move, MoveKind, make_topology
from amigasweeper.engine.names import column_number
from amigasweeper.engine.textboard import game_from_text

# Two mines: A2 (not marked) and C2 (marked). C3 carries a ? mark.
SMALL = """
    . o o
    * o F
    . . ?
"""


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def small_game(clock=None):
    return game_from_text(SMALL, clock=clock or FakeClock())


def cell(game, name: str) -> int:
    return parse_square(name, game.topology)


def test_the_cursor_square_in_every_state():
    game = small_game()
    assert [cursor_line(game, cell(game, n)) for n in ("A1", "B1", "C1", "C2", "C3")] == [
        "A1, covered", "B1, 2", "C1, 1", "C2, marked", "C3, question",
    ]


def test_rows_columns_and_neighbourhoods_read_in_order():
    game = small_game()
    assert row_words(game, 2) == ["covered", "covered", "question"]
    assert row_runs_line(game, 0) == "row 1: A covered, B 2 1"
    assert column_runs_line(game, 1) == "column B: 1 2, 2 2, 3 covered"
    assert neighbourhood_line(game, cell(game, "B2")) == (
        "around B2, 2: A1 covered, B1 2, C1 1, A2 covered, C2 marked, A3 covered, B3 covered, C3 question"
    )


def test_a_blank_square_and_a_big_opening():
    game = game_from_text(
        """
        . . . . *
        . . . . .
        . . . . .
        . . . . *
        """,
        clock=FakeClock(),
    )
    move = Move(MoveKind.UNCOVER, cell(game, "A1"))
    lines = after_move(game, move, game.play(move))
    assert lines == [Line(LineKind.RESULT, "16 squares opened")]  # columns A-C blank, and D
    assert cursor_line(game, cell(game, "A1")) == "A1, blank"
    assert row_words(game, 3) == ["blank", "blank", "blank", "1", "covered"]


def play(game, kind: MoveKind, name: str) -> list[Line]:
    move = Move(kind, cell(game, name))
    return after_move(game, move, game.play(move))


FRESH = SMALL.replace("o", ".")  # the same mines, nothing uncovered yet: the clock has not started


def test_one_square_opened_says_what_it_shows_and_a_win_is_announced():
    clock = FakeClock()
    game = game_from_text(FRESH, clock=clock)
    assert play(game, MoveKind.UNCOVER, "A1") == [Line(LineKind.RESULT, "A1, 1")]
    clock.now += 33.5
    for name, shows in (("B1", 2), ("C1", 1), ("B2", 2), ("A3", 1), ("B3", 2)):
        assert play(game, MoveKind.UNCOVER, name) == [Line(LineKind.RESULT, f"{name}, {shows}")]
    assert play(game, MoveKind.UNCOVER, "C3") == [
        Line(LineKind.RESULT, "C3, 1"),
        Line(LineKind.END, "game won in 34 seconds"),
    ]
    assert time_line(game) == "34 seconds, the clock stopped: game won"


def test_stepping_on_a_mine_loses_and_shows_the_board():
    clock = FakeClock()
    game = game_from_text(FRESH, clock=clock)
    play(game, MoveKind.UNCOVER, "A1")
    clock.now += 11.2
    assert play(game, MoveKind.UNCOVER, "A2") == [Line(LineKind.END, "mine at A2, game lost after 12 seconds")]
    assert cursor_line(game, cell(game, "A2")) == "A2, mine, stepped on"
    assert row_words(game, 1) == ["mine", "covered", "marked"]


def test_a_wrong_mark_is_told_after_a_loss():
    game = game_from_text(". f *\n. . .", clock=FakeClock())
    play(game, MoveKind.UNCOVER, "C1")
    assert cursor_line(game, cell(game, "B1")) == "B1, marked, no mine"
    assert row_words(game, 0) == ["covered", "marked", "mine"]


def test_marks_and_the_mines_counter():
    game = small_game()
    assert counter_line(game) == "1 mine left"
    assert play(game, MoveKind.MARK, "A3") == [Line(LineKind.RESULT, "A3 marked, 0 mines left")]
    assert play(game, MoveKind.MARK, "A1") == [Line(LineKind.RESULT, "A1 marked, 1 mark more than mines")]
    play(game, MoveKind.MARK, "B3")
    assert counter_line(game) == "2 marks more than mines"
    assert play(game, MoveKind.MARK, "A3") == [Line(LineKind.RESULT, "A3 question, 1 mark more than mines")]
    assert play(game, MoveKind.MARK, "A3") == [Line(LineKind.RESULT, "A3 unmarked, 1 mark more than mines")]


@pytest.mark.parametrize(
    ("kind", "name", "said"),
    [
        (MoveKind.UNCOVER, "B1", "B1 is already uncovered"),
        (MoveKind.UNCOVER, "C2", "C2 is marked: unmark it first"),
        (MoveKind.MARK, "B1", "B1 is uncovered: only covered squares take marks"),
        (MoveKind.CLEAR, "A1", "A1 is covered: clear around works on an uncovered number"),
        (MoveKind.CLEAR, "B1", "B1 shows 2 and has 1 mark around: nothing cleared"),
        (MoveKind.CLEAR, "C1", "nothing left to open around C1"),
    ],
)
def test_a_move_that_does_nothing_says_why(kind, name, said):
    assert play(small_game(), kind, name) == [Line(LineKind.RESULT, said)]


def test_moves_after_the_end_and_while_paused():
    game = small_game()
    game.play(Move(MoveKind.PAUSE))
    assert play(game, MoveKind.UNCOVER, "A1") == [Line(LineKind.RESULT, "the game is paused: resume it first")]
    assert after_move(game, Move(MoveKind.RESUME), game.play(Move(MoveKind.RESUME))) == [
        Line(LineKind.RESULT, "resumed")]
    play(game, MoveKind.UNCOVER, "A2")
    assert play(game, MoveKind.UNCOVER, "A1") == [Line(LineKind.RESULT, "the game is lost: start a new one")]


def test_marks_menu_moves_and_pause():
    game = small_game()
    off = Move(MoveKind.MARKS_OFF)
    assert after_move(game, off, game.play(off)) == [Line(LineKind.RESULT, "question marks off")]
    pause = Move(MoveKind.PAUSE)
    assert after_move(game, pause, game.play(pause)) == [Line(LineKind.RESULT, "paused")]


def test_the_time():
    clock = FakeClock()
    game = game_from_text(". . .\n. * .", clock=clock)
    assert time_line(game) == "0 seconds: the clock starts with the first square uncovered"
    game.play(Move(MoveKind.UNCOVER, 0))
    assert time_line(game) == "1 second"
    clock.now += 41.7
    assert time_line(game) == "42 seconds"
    game.play(Move(MoveKind.PAUSE))
    assert time_line(game) == "42 seconds, paused"


# --------------------------------------------------------------- names
def test_columns_past_z_are_named_as_a_spreadsheet_names_them():
    assert [column_name(c) for c in (0, 2, 25, 26, 27, 31)] == ["A", "C", "Z", "AA", "AB", "AF"]
    assert all(column_number(column_name(c)) == c for c in range(800))


def test_every_square_of_the_widest_board_is_named_once_and_parsed_back():
    topology = make_topology("square", 32, 32)
    names = [square_name(topology, c) for c in topology.cells()]
    assert len(set(names)) == topology.size
    assert names[0] == "A1" and names[31] == "AF1" and names[-1] == "AF32"
    assert [parse_square(n, topology) for n in names] == list(topology.cells())


@pytest.mark.parametrize("text", ["C5", "c5", " c 5 ", "C05", "c\t5"])
def test_square_names_are_read_case_insensitively(text):
    assert parse_square(text, make_topology("square", 8, 8)) == 4 * 8 + 2


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "is not a square: name one by a column from A to H and a row from 1 to 8, like A1 or H8"),
        ("5C", "is not a square"),
        ("C", "is not a square"),
        ("C0", "there is no row 0: the rows go from 1 to 8"),
        ("C9", "there is no row 9"),
        ("J1", "there is no column J: the columns go from A to H"),
        ("AA1", "there is no column AA"),
        ("C5; rm -rf ~", "is not a square"),
        ("C5\nquit", "is not a square"),
        ("É5", "is not a square"),
        ("C\u0665", "is not a square"),  # an Arabic-Indic five
        ("C" + "5" * 10_000, "is not a square"),
        (None, "is not a square"),
        (55, "is not a square"),
    ],
)
def test_a_bad_square_name_says_what_was_wrong_and_what_works(text, says):
    with pytest.raises(SquareNameError, match=says.replace("(", r"\(")) as caught:
        parse_square(text, make_topology("square", 8, 8))
    assert len(str(caught.value)) < 200


def test_rows_and_columns_for_read_row_and_read_column():
    topology = make_topology("square", 30, 16)
    assert parse_column("ad", topology) == 29 and parse_row(" 16 ", topology) == 15
    for bad in ("AE", "1", "", "A1"):
        with pytest.raises(SquareNameError, match="column"):
            parse_column(bad, topology)
    for bad in ("0", "17", "C", "-1", "1.5"):
        with pytest.raises(SquareNameError, match="row"):
            parse_row(bad, topology)


def test_hexagon_neighbours_are_as_the_manual_says():
    game = game_from_text("\n".join(["....."] * 5 + ["....*"]), shape="hex", clock=FakeClock())
    topology = game.topology

    def around(name):
        return {square_name(topology, n) for n in topology.neighbours[parse_square(name, topology)]}

    assert around("C4") == {"C3", "D3", "B4", "D4", "C5", "D5"}
    assert around("C5") == {"B4", "C4", "B5", "D5", "B6", "C6"}
    assert cursor_line(game, parse_square("C4", topology)) == "C4, covered"


def test_triangles_say_which_way_they_point():
    game = game_from_text("...*\n....", shape="triangle", clock=FakeClock())
    said = [cursor_line(game, parse_square(n, game.topology)) for n in ("A1", "B1", "A2", "B2")]
    assert said == ["A1 up, covered", "B1 down, covered", "A2 down, covered", "B2 up, covered"]


# --------------------------------------------------------------- menus and requesters
def test_menu_items_as_the_menu_is_walked():
    assert menu_line("Game", "Beginner", position=2, count=10, key="b", checked=True, first_in_menu=True) == (
        "Game menu, Beginner, checked, Right Amiga B, 2 of 10")
    assert menu_line("Game", "Custom...", position=5, count=10, opens_requester=True) == (
        "Custom, opens a requester, 5 of 10")
    assert menu_line("Game", "Marks (?)", position=6, count=10, checked=False, enabled=False) == (
        "Marks question, not checked, unavailable, 6 of 10")


def test_a_requester_says_its_text_its_buttons_and_the_keys():
    said = requester_line("Custom Level", ["Width must be 8 to 32.", "", "  Height:   16 "], ["OK", "Cancel"])
    assert said == ("Custom Level requester: Width must be 8 to 32. Height: 16 Buttons: OK, Cancel. "
                    "Return chooses OK, Escape chooses Cancel")
    assert requester_line("About", ["MineSweeper 2.4"], []) == "About requester: MineSweeper 2.4"
    assert button_line("Cancel", 2, 2) == "Cancel button, 2 of 2"


def test_lines_are_one_clean_line_whatever_they_carry():
    line = Line(LineKind.REQUESTER, "Open\x1b[2J guide\r\n.\r\nQUIT\u202e evil\u0000" + "x" * 1000)
    assert "\n" not in line.text and "\r" not in line.text and "\x1b" not in line.text and "\u202e" not in line.text
    assert line.text.startswith("Open [2J guide . QUIT evil")
    assert len(line.text) == 400
