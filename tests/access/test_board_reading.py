"""`read board` (access/words/boardreading.py): the whole board in few words.

The proof that the reading is whole and unambiguous is a decoder, here in
the tests only: from nothing but the lines said (and the board's width and
height), it rebuilds every square as the player knows it (covered, marked,
questioned, each number that touches a covered square exact; blanks and the
other numbers "open"), for random boards of every shape, up to 99 columns,
read from any row, and for games played part way on Expert.
"""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amigasweeper.access.narrator.lines import QUEUE_LIMIT
from amigasweeper.access.words.boardreading import (
    BOARD_LINE_LONGEST,
    MOST_LINES,
    Unsaid,
    Unsaids,
    board_lines,
    stretches,
)
from amigasweeper.engine.game import Game, GameSetup
from amigasweeper.engine.names import column_number
from amigasweeper.engine.rules import Tile
from amigasweeper.engine.textboard import game_from_text
from amigasweeper.engine.topology import Shape, Topology, make_topology

KINDS = {"covered", "open", "mark", "question", "mine"}
UNPLAYED = (Tile.COVERED, Tile.QUESTION)
WORDS = {Tile.COVERED: "covered", Tile.MARKED: "mark", Tile.QUESTION: "question", Tile.MINE: "mine",
         Tile.MINE_HIT: "mine", Tile.WRONG_MARK: "mark"}


class TileBoard:
    """A board as tiles only: what the reading may look at."""

    def __init__(self, topology: Topology, tiles: list[int]) -> None:
        self.topology = topology
        self.tiles = tiles

    def tile(self, cell: int) -> int:
        return self.tiles[cell]


def known(board, cell: int) -> str:
    """The square as the player needs it, worked out here apart from the reading."""
    tile = board.tile(cell)
    if tile in WORDS:
        return WORDS[tile]
    if tile and any(board.tile(near) in UNPLAYED for near in board.topology.neighbours[cell]):
        return str(tile)
    return "open"


# ------------------------------------------------------------------ the decoder
def is_column(token: str) -> bool:
    return token.isalpha() and token.isupper()


def decode(lines: list[str], width: int, height: int) -> dict[int, list[str]]:
    """Row index -> the words of its squares, for every row from the one the reading starts at."""
    text = " ".join(lines)
    head, _, body = text.partition(": ")
    words = head.split(", ")
    first_row = int(words[0].removeprefix("board from row ")) - 1 if words[0] != "board" else 0
    if not body:
        assert len(words) == 2 and words[1].startswith("all ") and not _, f"an empty reading says all one kind: {text!r}"
        kind = words[1].removeprefix("all ")
        return {row: [kind] * width for row in range(first_row, height)}
    gap = Unsaid(words[1].removeprefix("rest "))
    edges, _, other = words[2].rpartition(" ") if len(words) == 3 else ("", "", gap.value)
    assert edges in ("", "starts", "ends", "starts and ends") and (other != gap.value) == bool(edges)
    head = Unsaid(other) if "starts" in edges else gap
    tail = Unsaid(other) if "ends" in edges else gap
    rows = {row: [tail.value] * width for row in range(first_row, height)}
    tokens = body.split()
    while tokens:
        said, first, last = tokens.pop(0), int(tokens.pop(0)) - 1, None
        assert said in ("row", "rows"), f"a row starts at 'row': {said!r} in {text!r}"
        if said == "rows":
            assert tokens.pop(0) == "to"
            last = int(tokens.pop(0)) - 1
            assert last > first
        edges = (head, tail)
        if tokens and tokens[0] in (Unsaid.OPEN.value, Unsaid.COVERED.value):  # the row's own edges
            edges = (Unsaid(tokens[0]), Unsaid(tokens.pop(0)))
        mine: list[str] = []
        while tokens and tokens[0] not in ("row", "rows"):
            mine.append(tokens.pop(0))
        squares = decode_row(mine, width, edges[0], gap, edges[1]) if mine else [edges[1].value] * width
        for row in range(first, (last if last is not None else first) + 1):
            assert rows[row] == [tail.value] * width, f"row {row + 1} said twice in {text!r}"
            rows[row] = squares
    return rows


def decode_row(tokens: list[str], width: int, head: Unsaid, gap: Unsaid, tail: Unsaid) -> list[str]:
    said: dict[int, str] = {}
    tokens = list(tokens)
    while tokens:
        start = column_number(tokens.pop(0))
        if not tokens or is_column(tokens[0]):  # a column alone: a mark
            said[start] = "mark"
            continue
        if tokens[0] == "to":  # a column to a column: marks
            tokens.pop(0)
            for col in range(start, column_number(tokens.pop(0)) + 1):
                said[col] = "mark"
            continue
        place = start
        while tokens and not is_column(tokens[0]):
            word = tokens.pop(0)
            assert word.isdecimal() or word in KINDS, word
            end = place
            if tokens and tokens[0] == "to":
                tokens.pop(0)
                end = column_number(tokens.pop(0))
                assert end > place and not word.isdecimal()
            for col in range(place, end + 1):
                assert col not in said
                said[col] = word
            place = end + 1
    first, last = min(said), max(said)
    assert last < width
    return [said.get(col, head.value if col < first else gap.value if col < last else tail.value)
            for col in range(width)]


def said_whole(board, first_row: int) -> list[str]:
    """Every line of the reading, and of each reading it says to go on with."""
    lines = board_lines(board, first_row)
    if not lines[-1].startswith("more: read board "):
        return lines
    assert len(lines) == MOST_LINES
    return lines[:-1] + said_whole(board, int(lines[-1].removeprefix("more: read board ")) - 1)


def decode_all(lines: list[str], width: int, height: int) -> dict[int, list[str]]:
    """Readings one after another: each 'board from row N' line starts the next."""
    starts = [index for index, line in enumerate(lines) if line.startswith("board")]
    first_rows = [int(lines[index].split(",")[0].removeprefix("board from row ")) - 1
                  if lines[index].startswith("board from row ") else 0 for index in starts]
    rows: dict[int, list[str]] = {}
    for begin, end, first, until in zip(starts, [*starts[1:], len(lines)], first_rows, [*first_rows[1:], height]):
        assert until > first, "each reading goes on from a row further down"
        rows.update({row: squares for row, squares in decode(lines[begin:end], width, height).items() if row < until})
    return rows


def assert_reads_back(board, first_row: int = 0) -> list[str]:
    topology = board.topology
    lines = said_whole(board, first_row)
    rows = decode_all(lines, topology.width, topology.height)
    for row in range(first_row, topology.height):
        expected = [known(board, topology.index(col, row)) for col in range(topology.width)]
        assert rows[row] == expected, f"row {row + 1} of {lines}"
    if topology.width <= 32:
        assert all(len(line) <= BOARD_LINE_LONGEST for line in lines), lines
    assert all(line.startswith(("board", "row")) for line in lines)
    return lines


# ------------------------------------------------------------------ properties
PALETTES = [
    [Tile.COVERED, Tile.MARKED, 0, 1, 2, 3],
    [Tile.COVERED] * 6 + [Tile.MARKED, 1, 2],
    [0] * 8 + [Tile.MARKED, Tile.COVERED, 1, 2, 3],
    [Tile.COVERED, Tile.MARKED, Tile.QUESTION, Tile.MINE, Tile.MINE_HIT, Tile.WRONG_MARK, *range(13)],
    [Tile.MARKED, 0],
]


@st.composite
def boards(draw):
    shape = draw(st.sampled_from(list(Shape)))
    width = draw(st.sampled_from([1, 2, 8, 16, 26, 27, 30, 32, 33, 52, 53, 99]) | st.integers(1, 99))
    height = draw(st.integers(1, 40))
    topology = make_topology(shape, width, height)
    palette = draw(st.sampled_from(PALETTES))
    numbers = range(topology.shape.max_neighbours + 1)
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    tiles = [rng.choice(palette) for _ in range(width * height)]
    tiles = [tile if tile >= Tile.COVERED or tile in numbers else 1 for tile in tiles]
    return TileBoard(topology, tiles)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), start=st.integers(0, 30))
def test_the_reading_decodes_back_to_the_board_as_the_player_knows_it(board, start):
    assert_reads_back(board)
    assert_reads_back(board, min(start, board.topology.height - 1))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(1, 120), marks=st.floats(0, 1),
       shape=st.sampled_from(list(Shape)), level=st.sampled_from([(8, 8, 10), (16, 16, 40), (32, 16, 99), (30, 16, 99)]))
def test_games_played_part_way_read_back(seed, moves, marks, shape, level):
    width, height, mines = level
    game = Game(GameSetup(width, height, mines, seed=seed, shape=shape))
    rng = random.Random(seed)
    for _ in range(moves):
        cell = rng.randrange(width * height)
        if game.is_mine(cell):
            if game.tile(cell) == Tile.COVERED and rng.random() < marks:
                game.toggle_mark(cell)
        elif not game.is_open(cell):
            game.uncover(cell)
        if game.status.value not in ("ready", "playing"):
            break
    assert_reads_back(game)


# ------------------------------------------------------------------ the words themselves
def test_a_row_names_stretches_from_their_first_column_and_marks_by_their_column():
    rest_open = Unsaids(Unsaid.OPEN, Unsaid.OPEN, Unsaid.OPEN)
    ends_covered = Unsaids(Unsaid.OPEN, Unsaid.OPEN, Unsaid.COVERED)
    edges_covered = Unsaids(Unsaid.COVERED, Unsaid.OPEN, Unsaid.COVERED)
    words = ["open", "mark", "open", "covered", "covered", "1", "2", "mark", "open", "open"]
    assert stretches(words, rest_open) == "B D covered to E 1 2 mark"
    assert stretches(words, ends_covered) == "B D covered to E 1 2 mark open to J", \
        "open squares before the row's end are said when the end is covered"
    assert stretches(["mark", "mark", "open", "mark"], rest_open) == "A to B D"
    assert stretches(["mark", "open", "mark"], rest_open) == "A mark C", "'A C' would be heard as the column AC"
    assert stretches(["mark", "open"], rest_open) == "A", "a lone mark on A with nothing after is safe"
    assert stretches(["covered"] * 4, ends_covered) == "", "a row all of the tail's kind says nothing"
    assert stretches(["covered", "covered", "1", "open", "mark", "open", "covered"], edges_covered) == \
        "C 1 E mark open", "covered before the first square named and after the last; F's open said before the end"
    assert stretches(["covered", "open", "1", "open", "covered"], edges_covered) == "B open 1 open"
    assert stretches(["covered", "covered", "open", "open"], Unsaids(Unsaid.COVERED, Unsaid.OPEN, Unsaid.OPEN)) == \
        "B covered", "a row of the head's kind then the tail's names where the head ends"
    assert edges_covered.text() == "rest open, starts and ends covered"
    assert Unsaids(Unsaid.OPEN, Unsaid.COVERED, Unsaid.COVERED).text() == "rest covered, starts open"
    assert stretches(["3", "3", "open"], rest_open) == "A 3 3", "numbers are a square each, never a run"


def test_a_small_board_read_whole():
    # C1 marked, H1 H2 H3 covered, A3 and C3 covered, ? on B3: the numbers of row 1 are settled by the
    # mark (open), B2 C2 D2 and G2 G3 touch a covered square; row 3's D3 E3 F3 are blank
    game = game_from_text(["o o F o o o o .", "o o o o o o o .", ". ? . o o o o *"])
    assert board_lines(game) == ["board, rest open: row 1 C H covered row 2 B 1 1 1 G 1 covered "
                                 "row 3 covered B question covered G 1"], "row 3 says its own edges: covered"
    assert board_lines(game, 2) == ["board from row 3, rest open: row 3 covered B question covered G 1"]
    fresh = game_from_text([". . .", ". * ."])
    assert board_lines(fresh) == ["board, all covered"]
    assert board_lines(fresh, 1) == ["board from row 2, all covered"]


def test_equal_rows_are_said_once_and_a_long_board_is_cut_between_rows():
    game = game_from_text(["F" + "o" * 31] * 3 + ["o" * 32] + ["*." * 16] * 12)
    lines = assert_reads_back(game)
    assert lines[0].startswith("board, rest covered: rows 1 to 3 open A row 4 A 2 3 1 2 1 2 "), \
        "three equal rows said once, open at their edges, a mark on A; row 4 touches row 5's covered squares"
    tall = TileBoard(make_topology(Shape.SQUARE, 32, 40), [(cell * 7) % 5 + Tile.COVERED for cell in range(1280)])
    assert_reads_back(tall)
    lines = board_lines(tall)
    assert len(lines) > 1 and all(line.startswith("row ") for line in lines[1:-1]), "each line goes on from a row"


def test_the_manuals_example_is_what_the_reading_says_of_its_board():
    example = ("board, rest open, ends covered: row 4 B I P covered to S 1 1 row 7 F P mark 1 2 mark 3 2 1 "
               "rows 9 to 10 C to E")
    tiles = {"open": 0, "covered": Tile.COVERED, "mark": Tile.MARKED}
    rows = decode([example], 32, 16)
    board = TileBoard(make_topology(Shape.SQUARE, 32, 16),
                      [tiles[word] if word in tiles else int(word) for row in range(16) for word in rows[row]])
    assert board_lines(board) == [example]
    assert rows[3][1] == "mark" and rows[3][15:19] == ["covered"] * 4 and rows[3][19:] == ["1", "1"] + ["covered"] * 11
    assert rows[6][16:22] == ["1", "2", "mark", "3", "2", "1"] and rows[7] == ["covered"] * 32
    guide = (Path(__file__).resolve().parents[2] / "docs" / "AmigaGuide" / "AmigaSweeper.guide").read_text("utf-8")
    assert f'"{example}"' in " ".join(guide.split()), "the manual shows the same words"


def test_a_board_too_big_to_say_at_once_says_where_to_go_on():
    assert MOST_LINES < QUEUE_LIMIT, "the Narrator keeps every line of one reading waiting"
    checker = [Tile.QUESTION if (cell % 32 + cell // 32) % 2 else 0 for cell in range(32 * 32)]
    board = TileBoard(make_topology(Shape.SQUARE, 32, 32), checker)
    lines = board_lines(board, 0, lambda row: f"press Shift-R on row {row}")
    assert len(lines) == MOST_LINES and lines[-1].startswith("more: press Shift-R on row ")
    assert len(said_whole(board, 0)) > MOST_LINES
    assert_reads_back(board)
