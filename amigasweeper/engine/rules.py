"""The small vocabulary of the game: statuses, marks, completion modes, moves.

Moves are data, as in Simon Tatham's midend: a game is its setup plus the list
of moves made, and replaying that list gives the same state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum


class GameStatus(str, Enum):
    READY = "ready"  # nothing uncovered yet: no mines placed, the clock not started
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"

    @property
    def over(self) -> bool:
        return self in (GameStatus.WON, GameStatus.LOST)


class Mark(IntEnum):
    """What the player has put on a covered square."""

    NONE = 0
    MINE = 1  # the flag: "there is a mine here"
    QUESTION = 2


class Completion(str, Enum):
    """When a game counts as won (MineSweeper 2.4's Completion menu)."""

    ALL_MINES = "all_mines"  # every mine marked, and no wrong mark
    ALL_NON_MINES = "all_non_mines"  # every safe square uncovered (the default)
    BOTH = "both"
    EITHER = "either"

    @property
    def title(self) -> str:
        return {
            Completion.ALL_MINES: "All Mines Found",
            Completion.ALL_NON_MINES: "All Non Mines Found",
            Completion.BOTH: "Both",
            Completion.EITHER: "Either",
        }[self]

    def satisfied(self, mines_found: bool, non_mines_found: bool) -> bool:
        if self is Completion.ALL_MINES:
            return mines_found
        if self is Completion.ALL_NON_MINES:
            return non_mines_found
        if self is Completion.BOTH:
            return mines_found and non_mines_found
        return mines_found or non_mines_found


class MoveKind(str, Enum):
    UNCOVER = "uncover"
    MARK = "mark"  # cycle the mark of a covered square
    CLEAR = "clear"  # clear (look) around an uncovered number
    PAUSE = "pause"
    RESUME = "resume"
    MARKS_ON = "marks-on"  # the Marks (?) menu item switched on
    MARKS_OFF = "marks-off"

    @property
    def takes_cell(self) -> bool:
        return self in (MoveKind.UNCOVER, MoveKind.MARK, MoveKind.CLEAR)


@dataclass(frozen=True)
class Move:
    kind: MoveKind
    cell: int | None = None

    def __post_init__(self) -> None:
        if self.kind.takes_cell != (self.cell is not None):
            raise ValueError(f"{self.kind.value} {'needs' if self.kind.takes_cell else 'takes no'} cell")


class Tile(IntEnum):
    """What the player sees on one square (numbers 0-12 are their own values)."""

    COVERED = 20
    MARKED = 21  # a mine mark (flag)
    QUESTION = 22
    MINE = 23  # shown after a loss
    MINE_HIT = 24  # the mine that was stepped on
    WRONG_MARK = 25  # a mark on a safe square, crossed out after a loss


@dataclass
class MoveResult:
    """What one move changed, for the screen.

    ``rings`` lists the squares uncovered by distance from where the move
    started (ring 0, 1, 2, ...), so a view can show the ripple spreading.
    ``changed`` holds every square whose Tile changed, in order.
    """

    rings: list[list[int]]
    changed: list[int]
    status: GameStatus
    accepted: bool = True

    @property
    def uncovered(self) -> list[int]:
        return [cell for ring in self.rings for cell in ring]


NOTHING = MoveResult([], [], GameStatus.READY, accepted=False)
