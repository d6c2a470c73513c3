"""`read board`: the whole board by ear, an Expert board in under a minute of
espeak-ng at its default rate (tools/bench_reading.py measures it).

What a player needs of the board is every square still covered, every mark,
and every number that touches a covered square; blanks, and numbers with
nothing covered around them, are just "open". Most of a board is open or
covered, so the reading names only the rest. It starts by saying what it
leaves out, chosen for the fewest words on this board:

- "rest open": every square not named is open;
- "rest open, ends covered": squares between the ones named are open, and
  each row is covered after the last square it names (a row not said at all
  is all covered);
- "rest open, starts covered": each row is covered before the first square
  it names; "rest open, starts and ends covered", both (a part-played board
  is often open in the middle, covered at its sides); a row not said at all
  is what rows end with;
- and each of these with open and covered the other way round.

A row can say its own edges, when that takes fewer words: a kind right
after its number ("row 11 open L AC 2") is what the row is before the
first square it names and after the last, whatever the board's start and
end are (a row that is all one kind is just "row 11 open").

Then, row by row from the top, each stretch of named squares from its first
column:

    board, rest open, ends covered: row 4 B I P covered to S 1 1
    row 7 F P mark 1 2 mark 3 2 1 rows 9 to 10 C to E

Row 4: B and I are marked, P to S covered, T and U show 1, the rest of the
row covered. Row 7: F marked, P marked, Q shows 1, R 2, S marked, T 3, U 2,
V 1. Rows 9 and 10: C to E marked. Each word after a column is one square,
the next one along, and a word with "to" and a column goes on to that
column: the places are implied, so only where a stretch starts and where a
run ends are named. A column said alone is a mark (marks are what an open
board is most full of), and a column with "to" and a column, the marks from
one to the other; a mark on A before another column alone is "A mark", as
"A F" would sound like the column AF. Rows with nothing to say are not said;
rows next to each other that say the same are said once.

There are no commas: at espeak-ng's default rate each pause costs a third of
a second, more than a column's letter, and the words keep the parts apart by
ear (a stretch starts at a column, a row at "row"). `read row` still says
every square, and its numbers, with the words of squares.py.

Like squares.py, everything here reads only ``tile`` and ``topology``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from ...engine.names import column_name
from .reading import settled
from .squares import Board, row_words

MARK = "mark"  # shorter by ear than the cursor's 'marked', and a board is full of them
BOARD_LINE_LONGEST = 390  # characters of one line of the reading: the Narrator says 400 of a line
# Lines said at once: the Narrator keeps 8 waiting (narrator/lines.py's QUEUE_LIMIT) and drops the
# oldest past that; an Expert board takes 2 or 3, a 32 by 32 one part played up to 5.
MOST_LINES = 7


class Unsaid(str, Enum):
    """A kind of square the reading can leave unsaid."""

    OPEN = "open"
    COVERED = "covered"


@dataclass(frozen=True)
class Unsaids:
    """What goes unsaid in a row: ``head`` before the first square named,
    ``gap`` between the squares named, ``tail`` after the last one."""

    head: Unsaid
    gap: Unsaid
    tail: Unsaid

    def text(self) -> str:
        """'rest open', 'rest open, ends covered', 'rest open, starts and ends covered'."""
        edges = [name for name, kind in (("starts", self.head), ("ends", self.tail)) if kind is not self.gap]
        if not edges:
            return f"rest {self.gap.value}"
        other = Unsaid.OPEN if self.gap is Unsaid.COVERED else Unsaid.COVERED
        return f"rest {self.gap.value}, {' and '.join(edges)} {other.value}"


def board_row_words(board: Board, row: int) -> list[str]:
    """A row's words, one a square: a settled square (blank, or a number with
    nothing covered around it) is 'open', a marked one 'mark', the rest as
    `read row` says them."""
    width = board.topology.width
    words = row_words(board, row)
    return [Unsaid.OPEN.value if settled(board, row * width + col) else MARK if word == "marked" else word
            for col, word in enumerate(words)]


def stretches(words: list[str], unsaid: Unsaids) -> str:
    """A row's words as stretches of squares that are not the gap's kind, each
    from its first column ('B I P covered to S 1 1'), its first squares left
    unsaid when they are the head's kind and its last when they are the
    tail's. Squares of the gap's kind next to the head or the tail are said
    when the kinds differ, or they would be taken for the head or the tail;
    and a row that is the head's kind, then the tail's, names the head's last
    square, to say where the one ends."""
    end = len(words)
    while end and words[end - 1] == unsaid.tail.value:
        end -= 1
    start = 0
    while start < end and words[start] == unsaid.head.value:
        start += 1
    if start == end and start:
        start -= 1
    inner = [place for place in range(start, end) if words[place] != unsaid.gap.value]
    opened, close = (inner[0], inner[-1] + 1) if inner else (end, end)  # gap-kind squares outside these are said
    said: list[list[str]] = []
    place = start
    while place < end:
        if words[place] == unsaid.gap.value and opened <= place < close:
            place += 1
            continue
        stretch = [column_name(place)]
        while place < end and (words[place] != unsaid.gap.value or not opened <= place < close):
            last = _run_end(words, place, end)
            stretch.append(words[place] if last == place else f"{words[place]} to {column_name(last)}")
            place = last + 1
        said.append(stretch)
    return " ".join(_bare_marks(said))


def _run_end(words: list[str], place: int, end: int) -> int:
    """The last square of the run of equal words from ``place`` (a number is a run of one)."""
    last = place
    while not words[place].isdecimal() and last + 1 < end and words[last + 1] == words[place]:
        last += 1
    return last


def _bare_marks(said: list[list[str]]) -> list[str]:
    """Stretches that are only marks, said as their columns: 'C', 'C to E';
    but a mark on A alone before another stretch keeps its word ('A mark F'),
    as the ear would hear 'A F' as the column AF."""
    words: list[str] = []
    for index, stretch in enumerate(said):
        first, rest = stretch[0], stretch[1:]
        bare = len(rest) == 1 and rest[0].split()[0] == MARK
        if bare and not (first == "A" and rest == [MARK] and index + 1 < len(said)):
            words.extend([first, *rest[0].split()[1:]])
        else:
            words.extend(stretch)
    return words


def row_text(words: list[str], unsaid: Unsaids) -> str:
    """What a row says: its stretches, or, when fewer words, a kind first and
    then its stretches with that kind at both its edges ('open L AC 2': open
    before L and after AC 2), whatever the board's start and end are."""
    said = stretches(words, unsaid)
    for edge in Unsaid:
        if (edge, edge) != (unsaid.head, unsaid.tail):
            own = f"{edge.value} {stretches(words, Unsaids(edge, unsaid.gap, edge))}".rstrip()
            if len(own.split()) < len(said.split()):
                said = own
    return said


def board_rows(board: Board, unsaid: Unsaids, first_row: int = 0) -> list[tuple[int, str]]:
    """(first row, what is said) from ``first_row`` down: each row with
    something to say, rows next to each other that say the same together."""
    height = board.topology.height
    texts = {row: row_text(board_row_words(board, row), unsaid) for row in range(first_row, height)}
    parts: list[tuple[int, str]] = []
    row = first_row
    while row < height:
        last = row
        while last + 1 < height and texts[last + 1] == texts[row]:
            last += 1
        if texts[row]:
            rows = f"row {row + 1}" if last == row else f"rows {row + 1} to {last + 1}"
            parts.append((row, f"{rows} {texts[row]}"))
        row = last + 1
    return parts


def shorter_unsaid(board: Board) -> Unsaids:
    """What to leave unsaid for the fewest words on the whole board (ties: open first)."""
    def words(unsaid: Unsaids) -> int:
        return len(unsaid.text().split()) + sum(len(text.split()) for _, text in board_rows(board, unsaid))
    return min((Unsaids(head, gap, tail) for gap in Unsaid for head in Unsaid for tail in Unsaid), key=words)


def typed_board_go_on(row: int) -> str:
    """How the text mode goes on with a board too long to say at once, from ``row`` (1 for the top)."""
    return f"read board {row}"


def board_lines(board: Board, first_row: int = 0, go_on: Callable[[int], str] = typed_board_go_on,
                longest: int = BOARD_LINE_LONGEST) -> list[str]:
    """`read board`: the reading from ``first_row`` down, cut between rows into
    lines of at most ``longest`` characters, to be said one after another:
    'board, rest open, ends covered: row 4 B I P covered to S 1 1', then
    'row 7 ...' (from a later row: 'board from row 9, rest open: ...'). What is
    left unsaid is chosen on the whole board, so every start says the same.
    More than MOST_LINES lines (a big board of scattered question marks),
    and the last says where to go on, in ``go_on``'s words ('more: read board 20')."""
    unsaid = shorter_unsaid(board)
    where = "" if first_row == 0 else f" from row {first_row + 1}"
    parts = board_rows(board, unsaid, first_row)
    if not parts:
        return [f"board{where}, all {unsaid.tail.value}"]
    lines = [f"board{where}, {unsaid.text()}:"]
    starts = [first_row]  # the row each line starts at
    for row, part in parts:
        if len(lines[-1]) + 1 + len(part) > longest and not lines[-1].endswith(":"):
            lines.append(part)  # a row is never cut: on a board 32 wide it is far shorter than a line
            starts.append(row)
        else:
            lines[-1] += " " + part
    if len(lines) > MOST_LINES:
        return [*lines[:MOST_LINES - 1], f"more: {go_on(starts[MOST_LINES - 1] + 1)}"]
    return lines
