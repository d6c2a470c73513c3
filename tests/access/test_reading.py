"""Big boards by ear (access/words/reading.py): rows and columns as runs,
the jumps, the frontier; and what the voice is handed (spelling.py) and how
long it takes (the estimate), from boards drawn as text."""

from __future__ import annotations

import pytest

from amigasweeper.access.narrator.spelling import voiced
from amigasweeper.access.voices.base import estimated_seconds, spoken_words
from amigasweeper.access.words.coords import parse_square
from amigasweeper.access.words.reading import (
    FRONTIER_LONGEST,
    Numbers,
    column_runs_line,
    frontier,
    frontier_line,
    next_covered,
    next_number,
    row_runs_line,
    runs,
    runs_text,
)
from amigasweeper.engine.textboard import game_from_text


def clock() -> float:
    return 100.0


# Mines at C1 (marked), H3; ? on B3. Row 1: A1 1, B1 1, C1 F, D1 1, then blanks...
BOARD = """
    o o F o o o o .
    o o o o o o o .
    . ? . o o o o *
"""


def board():
    return game_from_text(BOARD, clock=clock)


def cell(game, name: str) -> int:
    return parse_square(name, game.topology)


def test_runs_take_equal_words_together_and_numbers_by_the_line_they_are_on():
    words = ["covered", "covered", "1", "2", "2", "blank", "blank", "marked"]
    assert [(r.first, r.last, r.words) for r in runs(words)] == [
        (0, 1, ("covered",)), (2, 4, ("1", "2", "2")), (5, 6, ("blank",)), (7, 7, ("marked",))]
    assert [(r.first, r.last, r.words) for r in runs(words, Numbers.EACH)] == [
        (0, 1, ("covered",)), (2, 2, ("1",)), (3, 3, ("2",)), (4, 4, ("2",)), (5, 6, ("blank",)), (7, 7, ("marked",))]
    assert runs_text(["blank"], str) == "0 blank", "a line of one square names it, it is not 'all'"
    assert runs_text(["3", "3"], str) == "0 3 3", "two equal numbers along a row are a stretch, not 'all 3'"
    assert runs_text(["3", "3"], str, Numbers.EACH) == "0 3, 1 3"


def test_a_row_and_a_column_as_runs():
    game = board()
    assert row_runs_line(game, 0) == "row 1: A blank, B 1, C marked, D 1, E to G blank, H covered"
    assert row_runs_line(game, 1) == "row 2: A blank, B 1 1 1, E to F blank, G 1, H covered"
    assert row_runs_line(game, 2) == "row 3: A covered, B question, C covered, D to F blank, G 1, H covered"
    assert column_runs_line(game, 0) == "column A: 1 to 2 blank, 3 covered"
    assert column_runs_line(game, 1) == "column B: 1 1, 2 1, 3 question"
    assert column_runs_line(game, 4) == "column E: all blank"
    assert column_runs_line(game, 7) == "column H: all covered"


def test_columns_past_z_are_named_and_spelled_for_the_voice():
    wide = game_from_text(["." * 26 + "oooooo", "." * 31 + "*"], clock=clock)
    line = row_runs_line(wide, 0)
    assert line == "row 1: A to Z covered, AA to AD blank, AE 1 1"
    # espeak-ng says a lone "A" as the article ("A F" is "uh F"): an initialism's dot makes it say the letter
    assert voiced(line) == "row 1: A to Z covered, A.A to A.D blank, A.E 1 1"
    assert voiced("AF16, 3") == "A.F 16, 3" and voiced("column AB: all covered") == "column A.B: all covered"
    assert voiced("AA1000 AF") == "AA1000 A.F", "a row past 999 is no square's name"
    assert voiced("AmigaSweeper, OK button, AZ, AAA, AG1") == "AmigaSweeper, OK button, AZ, AAA, AG1"


def test_next_covered_walks_in_reading_order_wraps_and_skips_mines_marked():
    game = board()
    walk, at = [], cell(game, "H3")
    for _ in range(4):
        at = next_covered(game, at)
        walk.append(at)
    names = ["H1", "H2", "A3", "B3"]
    assert walk == [cell(game, n) for n in names], "wraps from the last square to the top; C1 is marked"
    assert next_covered(game, cell(game, "B3")) == cell(game, "C3")
    assert next_covered(game, cell(game, "C3")) == cell(game, "H3")


def test_next_number_and_none():
    game = board()
    assert next_number(game, cell(game, "B1")) == cell(game, "D1")
    assert next_number(game, cell(game, "G3")) == cell(game, "B1"), "past the last number, round to the first"
    lone = game_from_text("o .\n. *", clock=clock)
    assert next_number(lone, cell(lone, "A1")) == cell(lone, "A1"), "the only number is found again, last"
    fresh = game_from_text(". .\n. *", clock=clock)
    assert next_number(fresh, 0) is None and next_covered(fresh, 0) == 1
    done = game_from_text("o o\no F", clock=clock)
    assert next_covered(done, 0) is None


def test_the_frontier_is_the_numbers_touching_covered_squares():
    game = board()
    assert frontier(game) == [cell(game, n) for n in ("B2", "C2", "D2", "G2", "G3")]
    assert cell(game, "B1") not in frontier(game), "B1 touches only uncovered squares and a mark"
    assert frontier_line(game) == "frontier, 5 numbers: row 2, B 1 1 1, G 1; row 3, G 1"
    assert frontier_line(game, 2) == "frontier, 1 number: row 3, G 1"
    fresh = game_from_text(". .\n. *", clock=clock)
    assert frontier_line(fresh) == "frontier: none, no uncovered number touches a covered square"
    assert frontier_line(game, 3) == "frontier: none from row 4 down, no uncovered number touches a covered square"


def test_a_long_frontier_says_where_the_next_line_starts():
    rows = ["o" * 32, "*." * 16] * 8
    game = game_from_text(rows, clock=clock)
    line = frontier_line(game)
    assert line.startswith("frontier, ") and "more: read frontier " in line
    told = line.split(": ", 1)[1]
    assert len(told) <= FRONTIER_LONGEST + 80
    next_row = int(line.rsplit("read frontier ", 1)[1].split()[0])
    rest = frontier_line(game, next_row - 1)
    assert rest.split(": ", 1)[1].startswith(f"row {next_row}, ")
    said = int(line.split("frontier, ")[1].split(" of ")[0])
    more = int(line.rsplit("; ", 1)[1].split(" more")[0])
    assert said + more == len(frontier(game)) == 256
    assert line.startswith("frontier, 128 of 256 numbers: row 1, A 1 2 1 2 ")


@pytest.mark.parametrize(("text", "words"), [
    ("C5, covered", 3), ("AF16, 3", 3), ("A F16, 3", 4), ("34 seconds", 3), ("30 seconds", 2), ("", 0),
    ("game won in 120 seconds", 5), ("é, ü", 2),
])
def test_the_estimate_counts_spoken_words(text, words):
    assert spoken_words(text) == words


def test_the_estimate_grows_with_words_and_pauses():
    assert estimated_seconds("") > 0
    assert estimated_seconds("A1 covered") < estimated_seconds("A1, covered") < estimated_seconds("A1, covered, 2")
