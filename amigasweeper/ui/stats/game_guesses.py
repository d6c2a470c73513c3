"""Statistics > Game's Guesses...: how good the chosen game's guesses were.

For a game whose replay is kept, a requester gives its guesses (moves what
the player saw did not prove safe), how many of them were the safest square
available then, their mean odds of being safe, and the luck total (log10 of
the luck audit's product, replay/audit.py). The audit is counted a slice a
frame (replay/audit_frames.py), "counting..." shown until it is done; Replay
opens the game in the Replay window, which names each guess as it comes.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Protocol

from amigasweeper.guide import ManualPage
from amigasweeper.records import GameKeeper, KeptGame
from amigasweeper.replay import ReplayError
from amigasweeper.replay.audit_frames import COUNTING, FrameAudit, summary_lines

from ..intuition.requester import Requester

if TYPE_CHECKING:
    from ..host import StatsHost

TITLE = "Game's Guesses"
NO_REPLAY = "Choose a game whose replay is kept: its guesses are counted from the replay."


class GuessShelf(Protocol):
    """What the requester needs of the Statistics control."""

    app: StatsHost

    @property
    def keeper(self) -> GameKeeper: ...

    def has_replay(self, record: KeptGame) -> bool: ...

    def open_game(self, record: KeptGame) -> None: ...


class GuessesRequester(Requester):
    """The chosen game's guesses in figures, filled in when the audit is done."""

    def __init__(self, shelf: GuessShelf, record: KeptGame, audit: FrameAudit) -> None:
        self.shelf, self.record, self.audit = shelf, record, audit
        started = time.strftime("%Y-%m-%d %H:%M", time.localtime(record.date_ms / 1000))
        self.heading = f"The game of {started}: {record.result}"
        super().__init__(TITLE, [self.heading, COUNTING], [("Replay", self.replay), ("OK", self.close)],
                         shelf.app.screen_mode.size, help_node=ManualPage.STATS_WINDOWS, default=-1)

    def tick(self) -> None:
        """A frame's share of the audit; its figures once it is done."""
        if self.audit.ready or self.audit.problem:
            return
        if self.audit.tick() or self.audit.problem:
            self.lines = [self.heading, *(summary_lines(self.audit.audit) if self.audit.ready
                                          else [self.audit.problem])]
            self.relayout()

    def replay(self) -> None:
        self.close()
        self.shelf.open_game(self.record)


def show_guesses(shelf: GuessShelf, record: KeptGame | None) -> None:
    """Open the requester for ``record`` (the game chosen in the list), or say why not."""
    app, replays = shelf.app, shelf.keeper.replays
    if record is None or replays is None or not shelf.has_replay(record):
        app.commands.tell(TITLE, [NO_REPLAY])
        return
    try:
        recording = replays.load(record)
    except ReplayError as error:
        app.commands.tell(TITLE, [f"{record.replay_name} cannot be read: {error}"])
        return
    app.open_requester(GuessesRequester(shelf, record, FrameAudit(recording)))
