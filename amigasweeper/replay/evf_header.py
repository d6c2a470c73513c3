"""What an EVF header says besides the board: the summary flags, the
settings byte and the game mode, and how 2.4's rules are written in them.

Where the EVF specification's wording and ms-toollib disagree, ms-toollib
wins: it is what Metasweeper and the ranking sites run. One case is known,
the settings byte's bit 7 (see :data:`QUESTION_MARKS`).
"""

from __future__ import annotations

from enum import IntEnum, IntFlag

from ..engine.layouts import LayoutKind
from ..engine.rules import Completion


class Summary(IntFlag):
    """The summary byte: what the program that wrote the file vouches for."""

    COMPLETED = 0x80  # the game ended with every safe square uncovered
    OFFICIAL = 0x40  # completed, fair, and by the standard rules
    FAIR = 0x20  # completed with no help (no hint, no 3BV filter, nothing overflowed)
    NO_FLAGS = 0x10  # no mine was flagged (ms-toollib writes it for rce == 0)
    TRANSCODED = 0x08  # made from another format: two more strings follow the software's name


# The settings byte's bit 7. The specification (v0.3, v0.4) words it "turn
# off question marks: 1 means they are off", but ms-toollib reads it as
# use_question (set: "?" marks in use) and writes it that way
# (evf_video.rs parse_v3/parse_v4 and base_video_generate_evf.rs, 1.5.20),
# so Metasweeper's files carry it so. We follow ms-toollib, both ways.
QUESTION_MARKS = 0x80
CURSOR_KEPT_ON_BOARD = 0x40  # the pointer cannot leave the board
AUTO_RESTART = 0x20  # a new game starts by itself after a loss


class EvfMode(IntEnum):
    """The game mode, as the specification numbers them (v0.4)."""

    STANDARD = 0
    UPK = 1
    CHEAT = 2
    DENSITY = 3
    WIN7 = 4
    COMPETITIVE_SOLVABLE = 5  # always solvable; a lucky guess does not lose
    STRONG_SOLVABLE = 6
    WEAK_SOLVABLE = 7
    TO_BE_SOLVABLE = 8
    STRONG_GUESSABLE = 9
    WEAK_GUESSABLE = 10
    CHORDING_RECURSIVE = 11
    FLAG_RECURSIVE = 12
    CHORDING_FLAG_RECURSIVE = 13
    SOLVABLE_CHORDING_RECURSIVE = 14
    SOLVABLE_FLAG_RECURSIVE = 15
    SOLVABLE_CHORDING_FLAG_RECURSIVE = 16
    NO_RULE = 65535

    @property
    def title(self) -> str:
        special = {EvfMode.UPK: "UPK", EvfMode.WIN7: "Win7", EvfMode.NO_RULE: "no rule"}
        return special.get(self, self.name.replace("_", " ").capitalize())


# Modes whose boards can be solved by logic from the first click: what we
# call no-guess boards (ours are written as Competitive Solvable: the board
# is made solvable once, and a guess that happens to be safe does not lose).
SOLVABLE_MODES = frozenset({
    EvfMode.COMPETITIVE_SOLVABLE, EvfMode.STRONG_SOLVABLE, EvfMode.WEAK_SOLVABLE, EvfMode.TO_BE_SOLVABLE,
    EvfMode.SOLVABLE_CHORDING_RECURSIVE, EvfMode.SOLVABLE_FLAG_RECURSIVE, EvfMode.SOLVABLE_CHORDING_FLAG_RECURSIVE,
})


def mode_title(mode: int) -> str:
    """A mode's name for the player; a number the specification leaves free is shown as one."""
    try:
        return EvfMode(mode).title
    except ValueError:
        return f"mode {mode}"


def mode_of(layout: LayoutKind) -> EvfMode:
    return EvfMode.COMPETITIVE_SOLVABLE if layout is LayoutKind.NO_GUESS else EvfMode.STANDARD


def layout_of(mode: int) -> LayoutKind:
    return LayoutKind.NO_GUESS if mode in SOLVABLE_MODES else LayoutKind.RANDOM


def settings_byte(marks: bool) -> int:
    return QUESTION_MARKS if marks else 0


def marks_of(settings: int) -> bool:
    return bool(settings & QUESTION_MARKS)


def summary_byte(*, completed: bool, helped: bool, layout: LayoutKind, completion: Completion, no_flags: bool) -> int:
    """The summary of one of our games.

    ``completed`` is ms-toollib's reading of the board: every safe square
    uncovered and no mine hit. A win by marks alone (All Mines Found,
    Either) is not completed in EVF terms. Official is the standard game
    only: a random board under All Non Mines Found, 2.4's default, which
    is the rule the Windows game and EVF know."""
    summary = Summary(0)
    if completed:
        summary |= Summary.COMPLETED
        if not helped:
            summary |= Summary.FAIR
            if layout is LayoutKind.RANDOM and completion is Completion.ALL_NON_MINES:
                summary |= Summary.OFFICIAL
    if no_flags:
        summary |= Summary.NO_FLAGS
    return int(summary)
