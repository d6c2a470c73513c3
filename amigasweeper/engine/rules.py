"""The small vocabulary of the game: statuses, marks, completion modes, moves.

Moves are data, as in Simon Tatham's midend: a game is its setup plus the list
of moves made, and replaying that list gives the same state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from .unique import check_unique, saved_member


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
    """When a game counts as won (MineSweeper 2.4's Completion menu), each
    written here once: its name in settings (the value), the letter a kept
    game writes (records/kept_game.py), its menu title, the word the text
    mode takes, its order in tables (the default first), and its rule: whether
    every mine marked (with no wrong mark) wins, whether every safe square
    uncovered wins; a mode where neither alone wins needs both. The members'
    own order is the menu's, as 2.4 has it. A new mode is one more member.
    """

    code: str
    title: str  # type: ignore[assignment]  # the menu's title, not str.title
    word: str
    order: int
    marks_win: bool  # every mine marked is enough
    uncovering_wins: bool  # every safe square uncovered is enough

    def __new__(cls, value: str, code: str, title: str, word: str, order: int, marks_win: bool,
                uncovering_wins: bool) -> Completion:
        member = str.__new__(cls, value)
        member._value_ = value
        member.code, member.title, member.word, member.order = code, title, word, order
        member.marks_win, member.uncovering_wins = marks_win, uncovering_wins
        return member

    ALL_MINES = ("all_mines", "m", "All Mines Found", "all-mines", 1, True, False)
    ALL_NON_MINES = ("all_non_mines", "n", "All Non Mines Found", "all-non-mines", 0, False, True)
    BOTH = ("both", "b", "Both", "both", 2, False, False)
    EITHER = ("either", "e", "Either", "either", 3, True, True)

    @classmethod
    def saved(cls, value: str) -> Completion:
        """The mode whose saved name is ``value`` (ValueError for none), as
        Completion(value) finds it, in words a type checker follows."""
        return saved_member(cls, value, "completion mode")

    def satisfied(self, mines_found: bool, non_mines_found: bool) -> bool:
        """Whether a game with every mine marked (``mines_found``) and every
        safe square uncovered (``non_mines_found``), or one of them, is won."""
        return bool((mines_found and non_mines_found) or (self.marks_win and mines_found)
                    or (self.uncovering_wins and non_mines_found))


check_unique(Completion, "code", "title", "word", "order")


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
