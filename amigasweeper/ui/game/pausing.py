"""One rule for the game clock: it runs only while the MineSweeper window is
the game being played.

Each thing that stops it is a reason of its own: the player's Pause, and the
windows that take the player away from the board (the help viewer, the Duel,
a replay, the statistics) while they are open. The clock starts again only
when every reason has gone, so closing one window never restarts it under
another. A game in progress that any reason holds has its board hidden as
in Pause, so it cannot be studied with the clock stopped (the MineWindow
decides: an untouched board held by a window stays shown, and waits).

Best Times and About are the game's own requesters: as in MineSweeper 2.4 the
clock runs on behind them, so they hold nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from amigasweeper.engine import Game


class PauseReason(Enum):
    PAUSE = "Pause"  # the player's own: Game > Pause, P, or Right-Amiga-P
    HELP = "Help"
    DUEL = "Duel"
    REPLAY = "Replay"
    STATISTICS = "Statistics"


WINDOW_REASONS = frozenset(PauseReason) - {PauseReason.PAUSE}


class PauseReasons:
    """The reasons holding the clock of the game being played, kept across new
    games (``new_game`` is told of each)."""

    def __init__(self, current_game: Callable[[], Game]) -> None:
        self.current_game = current_game
        self.reasons: set[PauseReason] = set()

    def __contains__(self, reason: PauseReason) -> bool:
        return reason in self.reasons

    def hold(self, reason: PauseReason) -> None:
        self.reasons.add(reason)
        self._apply(self.current_game())

    def release(self, reason: PauseReason) -> None:
        self.reasons.discard(reason)
        self._apply(self.current_game())

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

    def new_game(self, game: Game) -> None:
        # A new game is never in Pause (as in 2.4), but an open window keeps it waiting.
        self.reasons.discard(PauseReason.PAUSE)
        self._apply(game)

    def _apply(self, game: Game) -> None:
        if self.reasons and not game.paused:
            game.pause()  # nothing happens to a finished game: it has no clock
        elif not self.reasons and game.paused:
            game.resume()
