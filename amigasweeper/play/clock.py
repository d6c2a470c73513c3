"""The clock rule, written once: the game's clock runs only while the
player is at the MineSweeper window.

MineSweeper 2.4's manual says only that Pause stops the clock. Everything
else about it we read from how a Workbench program of 1993 worked. 2.4 was
an Intuition program: its best-times window and its other requesters were
modal, and the history of version 2.2 shows the game window was not even
redrawn while the high-score window was up, so the program did nothing
else, its clock included, until the requester was answered. Intuition sends
its timer ticks only to the active window, so a game whose window another
window had made inactive got no seconds either. So, here:

* Pause stops the clock (the player's own reason);
* so does any other window or requester being the active one (AWAY): the
  Best Times and About requesters, a message, the Workbench, any window
  the player clicked;
* and so does any window that takes the player away from the board while
  it is open, even sent behind (the help viewer, a Duel, a replay, the
  statistics), as before.

The clock runs again only when every reason has gone. A game in progress
that any reason holds has its board hidden as in Pause (the MineWindow
draws it so), so it cannot be studied with the clock stopped; an untouched
board stays shown, and waits.

The recorder follows the clock: time the clock stood still is not in the
replay either.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Protocol


class PauseReason(Enum):
    PAUSE = "Pause"  # the player's own: Game > Pause, P, or Right-Amiga-P
    AWAY = "Another window"  # the MineSweeper window is not the active one
    HELP = "Help"
    DUEL = "Duel"
    REPLAY = "Replay"
    STATISTICS = "Statistics"


# The windows that hold the game while they are open, even behind it.
WINDOW_REASONS = frozenset({PauseReason.HELP, PauseReason.DUEL, PauseReason.REPLAY, PauseReason.STATISTICS})


class Clocked(Protocol):
    """What the reasons act on: the game being played (a PlayedGame)."""

    @property
    def paused(self) -> bool: ...

    def hold(self) -> None: ...

    def carry_on(self) -> None: ...


class PauseReasons:
    """The reasons holding the clock of the game being played, kept across new
    games (``new_game`` is told of each)."""

    def __init__(self, current: Callable[[], Clocked]) -> None:
        self.current = current
        self.reasons: set[PauseReason] = set()

    def __contains__(self, reason: PauseReason) -> bool:
        return reason in self.reasons

    def hold(self, reason: PauseReason) -> None:
        self.reasons.add(reason)
        self._apply(self.current())

    def release(self, reason: PauseReason) -> None:
        self.reasons.discard(reason)
        self._apply(self.current())

    def set(self, reason: PauseReason, holding: bool) -> None:
        """Hold or release, whichever ``holding`` says (once a frame for AWAY)."""
        if holding != (reason in self.reasons):
            self.hold(reason) if holding else self.release(reason)

    def windows_holding(self) -> list[PauseReason]:
        """The open windows that keep the game waiting, in the enum's order."""
        return [r for r in PauseReason if r in self.reasons and r in WINDOW_REASONS]

    def waiting_text(self) -> str:
        """What the player is told when the face cannot resume the game."""
        names = [r.value for r in self.windows_holding()]
        if not names:
            return ""
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"The clock waits while {listed} {'is' if len(names) == 1 else 'are'} open: close to play."

    def new_game(self, _game=None) -> None:
        # A new game is never in Pause (as in 2.4), but an open window keeps it waiting.
        self.reasons.discard(PauseReason.PAUSE)
        self._apply(self.current())

    def _apply(self, played: Clocked) -> None:
        if self.reasons and not played.paused:
            played.hold()  # nothing happens to a finished game: it has no clock
        elif not self.reasons and played.paused:
            played.carry_on()
