"""Reading a big board by ear: a row or a column as runs, jumps to the next
square worth hearing, and the frontier.

A square at a time, an Expert row is thirty-two words; read as runs it is a
handful: "row 3: A to F covered, G 1, H to P blank". Each run is the
squares from its first to its last with the same word (square_word), named
by column letters along a row and by row numbers down a column; a run of
one square is its name and its word. Along a row, numbers next to each
other are one stretch, named by its first square: "G 1 2 1" is G 1, H 2,
I 1 (the letters keep names and numbers apart by ear; down a column, where
rows are numbers too, each number keeps its row: "5 2, 6 1"). A line whose
squares all say the same is "all covered".

The jumps look from the square after the cursor in reading order (left to
right, then the next row down) and wrap round past the last square, so
repeating one walks every square it finds and comes back; when there is
none, they say so. Like squares.py, everything here reads only ``tile`` and
``topology``: the words never know more than the screen shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum

from ...engine.names import column_name
from ...engine.rules import Tile
from .squares import Board, column_words, row_words

NUMBERS = range(1, 13)  # the tiles that show a number (a triangle touches up to 12 squares)
UNPLAYED = frozenset({Tile.COVERED, Tile.QUESTION})  # covered and not marked as a mine
FRONTIER_LONGEST = 300  # characters of squares one frontier line lists before it says where to go on


@dataclass(frozen=True)
class Run:
    """Squares ``first`` to ``last`` (positions along the line): one word for them
    all, or for a stretch of numbers each square's own number."""

    first: int
    last: int
    words: tuple[str, ...]

    @property
    def numbers(self) -> bool:
        return self.words[0].isdecimal()


class Numbers(Enum):
    """How numbered squares next to each other are taken together."""

    STRETCH = "stretch"  # along a row: one run from the first square's name, 'G 1 2 1'
    EACH = "each"  # down a column, whose names are numbers too: each with its row, '5 2, 6 1'


def runs(words: list[str], numbers: Numbers = Numbers.STRETCH) -> list[Run]:
    """The words of a line, squares with the same word next to each other taken
    together, and numbered squares as ``numbers`` says."""
    found: list[Run] = []
    for place, word in enumerate(words):
        last = found[-1] if found else None
        if last is not None and word.isdecimal() and last.numbers and numbers is Numbers.STRETCH:
            found[-1] = Run(last.first, place, (*last.words, word))
        elif last is not None and not word.isdecimal() and last.words == (word,):
            found[-1] = Run(last.first, place, last.words)
        else:
            found.append(Run(place, place, (word,)))
    return found


def run_text(run: Run, name: Callable[[int], str]) -> str:
    """'A to F covered', 'G 1', and a stretch of numbers from its first square: 'G 1 2 1'."""
    if run.first == run.last or len(run.words) > 1:
        return f"{name(run.first)} {' '.join(run.words)}"
    return f"{name(run.first)} to {name(run.last)} {run.words[0]}"


def runs_text(words: list[str], name: Callable[[int], str], numbers: Numbers = Numbers.STRETCH) -> str:
    """'A to F covered, G 1, H to P blank'; 'all covered' when one run is the whole line."""
    found = runs(words, numbers)
    if len(found) == 1 and len(found[0].words) == 1 and len(words) > 1:
        return f"all {found[0].words[0]}"
    return ", ".join(run_text(run, name) for run in found)


def row_runs_line(board: Board, row: int) -> str:
    """`read row 3`: 'row 3: A to F covered, G 1 2, I to P blank' (G shows 1, H 2)."""
    return f"row {row + 1}: {runs_text(row_words(board, row), column_name)}"


def column_runs_line(board: Board, col: int) -> str:
    """`read column C`: 'column C: 1 to 4 covered, 5 2, 6 1, 7 to 16 blank'. Rows are
    named by numbers, so numbers down a column are each said with their row."""
    return f"column {column_name(col)}: {runs_text(column_words(board, col), lambda row: str(row + 1), Numbers.EACH)}"


# ------------------------------------------------------------------ jumps
def reading_order_after(board: Board, cell: int) -> Iterator[int]:
    """Every square once, from the one after ``cell`` in reading order, wrapping round to ``cell`` itself last."""
    count = board.topology.width * board.topology.height
    return ((cell + step) % count for step in range(1, count + 1))


def next_square(board: Board, cell: int, wanted: Callable[[int], bool]) -> int | None:
    """The first square after ``cell`` in reading order whose tile is ``wanted``, or None."""
    return next((square for square in reading_order_after(board, cell) if wanted(board.tile(square))), None)


def next_covered(board: Board, cell: int) -> int | None:
    """The next square still to be played: covered, or with a question mark (not a mine's mark)."""
    return next_square(board, cell, lambda tile: tile in UNPLAYED)


def next_number(board: Board, cell: int) -> int | None:
    """The next uncovered square that shows a number."""
    return next_square(board, cell, lambda tile: tile in NUMBERS)


def none_line(what: str) -> str:
    """What a jump says when there is nowhere to go."""
    return {"covered": "none: no square is left covered",
            "number": "none: no number is uncovered yet"}[what]


# ------------------------------------------------------------------ the frontier
def frontier(board: Board) -> list[int]:
    """The uncovered numbers touching a square still to be played, in reading order:
    where the next safe square or mine can be worked out."""
    topology, tile = board.topology, board.tile
    return [cell for cell in range(topology.width * topology.height)
            if tile(cell) in NUMBERS and any(tile(n) in UNPLAYED for n in topology.neighbours[cell])]


def typed_go_on(row: int) -> str:
    """How the text mode goes on with a long frontier from ``row`` (1 for the top)."""
    return f"read frontier {row}"


def frontier_line(board: Board, first_row: int = 0, go_on: Callable[[int], str] = typed_go_on) -> str:
    """`read frontier`: 'frontier, 5 numbers: row 3, G 1 2, K 1; row 4, F 1 3', from
    ``first_row`` down; numbers side by side in a row are a stretch from the first
    one's name, as a row is read. A frontier too long for one line ends by saying
    where the next line starts, in ``go_on``'s words ('12 more: read frontier 9')."""
    topology = board.topology
    cells = [cell for cell in frontier(board) if topology.coords(cell)[1] >= first_row]
    if not cells:
        where = "" if first_row == 0 else f" from row {first_row + 1} down"
        return f"frontier: none{where}, no uncovered number touches a covered square"
    rows: dict[int, list[int]] = {}
    for cell in cells:
        rows.setdefault(topology.coords(cell)[1], []).append(cell)
    told: list[str] = []
    said = 0
    for row, squares in rows.items():
        part = f"row {row + 1}, " + _stretches(board, squares)
        if told and sum(len(t) + 2 for t in told) + len(part) > FRONTIER_LONGEST:
            return (f"frontier, {said} of {_numbers(len(cells))}: " + "; ".join(told)
                    + f"; {len(cells) - said} more: {go_on(row + 1)}")
        told.append(part)
        said += len(squares)
    return f"frontier, {_numbers(len(cells))}: " + "; ".join(told)


def _stretches(board: Board, cells: list[int]) -> str:
    """Squares of one row, in order: 'G 1 2, K 1' (G, H side by side; K apart)."""
    topology = board.topology
    found: list[list[int]] = []
    for cell in cells:
        if found and topology.coords(cell)[0] == topology.coords(found[-1][-1])[0] + 1:
            found[-1].append(cell)
        else:
            found.append([cell])
    return ", ".join(f"{column_name(topology.coords(stretch[0])[0])} "
                     + " ".join(str(board.tile(cell)) for cell in stretch) for stretch in found)


def _numbers(count: int) -> str:
    return f"{count} number" if count == 1 else f"{count} numbers"


# ------------------------------------------------------------------ the whole board
def settled(board: Board, cell: int) -> bool:
    """An uncovered square nothing is left to work out from: blank, or a number
    none of whose neighbours is still to be played (covered or questioned)."""
    tile = board.tile(cell)
    return tile == 0 or (tile in NUMBERS
                         and not any(board.tile(n) in UNPLAYED for n in board.topology.neighbours[cell]))
