"""A line the Narrator says, what kind it is, and how each kind queues.

The rule (the manual's Accessibility page states it):

- The cursor's square, a menu item being walked and the mines counter
  *replace*: a new one drops any waiting line of its kind and cuts off one of
  its kind being spoken. Only where you are now matters, so moving fast never
  builds up a backlog.
- A cursor line also waits until the keys have been still for a moment
  (stillness.py) before it is handed to the voice: walking across the board
  says only where you stop.
- Everything else *queues* in the order it happened and is never replaced:
  what a move did (an uncover, a mark), the end of a game, a requester, and
  what you asked for (the time, a row, a column, a neighbourhood).
- A requester, the end of a game and what you asked for *sweep stale lines
  aside*: when one arrives, waiting cursor and menu lines are dropped, and a
  cursor or menu line being spoken is cut off; then it queues as the others.
- At most QUEUE_LIMIT lines wait; past that the oldest waiting line is
  dropped. Every line, spoken or dropped, is in the narration log.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import Enum

QUEUE_LIMIT = 8
LONGEST_LINE = 400  # characters spoken of one line; a requester's text may be long


class Policy(Enum):
    REPLACE_AND_INTERRUPT = "replace and interrupt"
    QUEUE = "queue"
    URGENT = "urgent"  # queues, and clears stale cursor and menu lines first


class LineKind(str, Enum):
    CURSOR = "cursor"  # the square under the keyboard cursor
    MENU = "menu"  # a menu item as the menu is walked
    RESULT = "result"  # what a move did
    COUNTER = "counter"  # the mines counter
    END = "end"  # the game won or lost
    REQUESTER = "requester"  # a requester's text and buttons
    ASKED = "asked"  # the time, a row, a column, a neighbourhood: read on request

    @property
    def policy(self) -> Policy:
        return _POLICIES[self]


_POLICIES = {
    LineKind.CURSOR: Policy.REPLACE_AND_INTERRUPT,
    LineKind.MENU: Policy.REPLACE_AND_INTERRUPT,
    LineKind.COUNTER: Policy.REPLACE_AND_INTERRUPT,
    LineKind.RESULT: Policy.QUEUE,
    LineKind.END: Policy.URGENT,
    LineKind.REQUESTER: Policy.URGENT,
    LineKind.ASKED: Policy.URGENT,
}
STALE_KINDS = frozenset({LineKind.CURSOR, LineKind.MENU})  # what an urgent line sweeps aside


def speakable(text: object) -> str:
    """One clean line: control characters and line breaks become spaces,
    runs of spaces one, at most LONGEST_LINE characters. A voice's protocol
    or the log's lines can then never be broken or forged by what a line
    carries (a guide's text, a file's name)."""
    chars = (" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in str(text))
    return " ".join("".join(chars).split())[:LONGEST_LINE]


@dataclass(frozen=True)
class Line:
    kind: LineKind
    text: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", LineKind(self.kind))
        object.__setattr__(self, "text", speakable(self.text))
