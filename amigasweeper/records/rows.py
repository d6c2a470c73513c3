"""The rows of the statistics, as players keep them apart, and the one rule
of what counts as a best time.

A row is one kind of game: board shape, size and mines, completion mode,
and whether the board was made to need no guess. Games of two rows are
never mixed: a no-guess board is easier than a random one, a 30x16 board
is not 2.4's 32x16 Expert, and a win under All Mines Found is not a win
under All Non Mines Found.

The sizes of MineSweeper 2.4's levels are named after them (its Expert is
32x16 with 99 mines); 30x16 with 99, the Windows game's Expert and the
competitive community's, is "Expert 30x16"; any other size is "Custom"
with its size and mines.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..engine.levels import BOARD_NAMES
from ..engine.levels import board_name as engine_board_name
from ..engine.rules import Completion
from ..engine.topology import Shape

# The engine's names, words and orders of its shapes and completion modes, by their saved names.
SHAPE_NAMES = {shape.value: shape.word for shape in Shape}
COMPLETION_NAMES = {mode.value: mode.title for mode in sorted(Completion, key=lambda mode: mode.order)}
SHAPE_ORDER = {shape.value: shape.order for shape in Shape}
COMPLETION_ORDER = {mode.value: mode.order for mode in Completion}


def board_name(width: int, height: int, mines: int) -> str:
    """Beginner, Intermediate, Expert, Expert 30x16, or Custom 20x10/50."""
    named = engine_board_name(width, height, mines)
    return named.title if named else f"Custom {width}x{height}/{mines}"


@dataclass(frozen=True)
class RowKey:
    shape: str
    width: int
    height: int
    mines: int
    completion: str
    no_guess: bool

    @classmethod
    def of(cls, record) -> RowKey:
        """The row of a KeptGame (or anything with the same fields)."""
        return cls(record.shape, record.width, record.height, record.mines, record.completion, record.no_guess)

    @property
    def board(self) -> str:
        return board_name(self.width, self.height, self.mines)

    @property
    def kind(self) -> str:
        return "no-guess" if self.no_guess else "random"

    @property
    def title(self) -> str:
        """Every part of the row in words: "Beginner, square, All Non Mines Found, random"."""
        return f"{self.board}, {SHAPE_NAMES.get(self.shape, self.shape)}, " \
               f"{COMPLETION_NAMES.get(self.completion, self.completion)}, {self.kind}"

    def sort_key(self) -> tuple:
        """2.4's levels first, then the sizes by their squares; square boards
        first; the usual completion mode first; random boards before no-guess."""
        named = list(BOARD_NAMES).index((self.width, self.height, self.mines)) \
            if (self.width, self.height, self.mines) in BOARD_NAMES else len(BOARD_NAMES)
        return (SHAPE_ORDER.get(self.shape, 9), named, self.width * self.height, self.mines,
                self.width, COMPLETION_ORDER.get(self.completion, 9), self.no_guess)

    def as_list(self) -> list:
        return [self.shape, self.width, self.height, self.mines, self.completion, self.no_guess]

    @classmethod
    def from_list(cls, values) -> RowKey:
        """From :meth:`as_list`; ValueError for anything else."""
        if not isinstance(values, list) or len(values) != 6:
            raise ValueError("a row key is a list of six values")
        shape, width, height, mines, completion, no_guess = values
        if shape not in SHAPE_NAMES or completion not in COMPLETION_NAMES or not isinstance(no_guess, bool):
            raise ValueError("a row key names an unknown shape or mode")
        if not all(type(n) is int and n > 0 for n in (width, height, mines)):
            raise ValueError("a row key's sizes are whole numbers above 0")
        return cls(shape, width, height, mines, completion, no_guess)


# ------------------------------------------------------------ the best-time rule
class BestTimeTable(Enum):
    """Where a best time is kept: a row of the statistics (one completion
    mode each), or 2.4's Best Times (one time a level, every mode together)."""

    STATISTICS_ROW = "row"
    BEST_TIMES = "best times"


def counts_as_best(won: bool, helped: bool, by_marks: bool, table: BestTimeTable) -> bool:
    """The rule, written once: a best time is a win with no help used (Hint,
    Show Safe and Mines, Show Probabilities, the Demo). A win by marks alone
    (All Mines Found or Either, safe squares still covered) counts only in
    its own completion mode's row of the statistics, never in Best Times,
    whose one time a level stands for clearing the board."""
    if not won or helped:
        return False
    return table is BestTimeTable.STATISTICS_ROW or not by_marks
