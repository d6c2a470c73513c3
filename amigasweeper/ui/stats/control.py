"""Keeping every game a person plays, and the Statistics window.

Each recording the MineSweeper window hands on becomes a record in the
append-only store and, while there is room under the cap, a replay file in
the replays folder (the core in amigasweeper.records decides what goes when
it is full). The Statistics window shows the figures; the game waits while it
is open (the clock rule)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from amigasweeper.engine import LevelName, Shape
from amigasweeper.records import GameRecord, RecordStore, ReplayFolder, chart, summarise
from amigasweeper.replay import Recording
from amigasweeper.storage import FileBackend

from ..game.pausing import PauseReason
from ..game.session import LEVELS
from ..intuition.menustrip import MenuStrip
from ..intuition.requester import Requester
from .menus import STATS_MENUS, StatsCommand
from .statswindow import StatsWindow

if TYPE_CHECKING:
    from ..host import Host

RESET_QUESTION = "Start the statistics again from nothing? Your games stay on disk, and the replays too."


def level_of(recording: Recording) -> LevelName:
    """The level a board is: Beginner, Intermediate or Expert by its size and mines, else Custom."""
    setup = recording.setup
    for name, level in LEVELS.items():
        if (level.width, level.height, level.mines) == (setup.width, setup.height, setup.mines):
            return name
    return LevelName.CUSTOM


class StatsControl:
    def __init__(self, app: Host) -> None:
        self.app = app
        folder = app.storage.backend.folder if isinstance(app.storage.backend, FileBackend) else None
        self.store = RecordStore(folder)
        self.replays = ReplayFolder(folder)
        self.window: StatsWindow | None = None
        self._records: list[GameRecord] | None = None  # read once, then kept up to date
        app.mine_window.on_recorded = self.keep

    # --------------------------------------------------------------- keeping
    def keep(self, recording: Recording) -> None:
        """A game ended: its replay file and its record are kept."""
        level = level_of(recording)
        replay, problems = "", []
        try:
            replay = self.replays.save(recording, self._sets_a_record(recording, level))
        except OSError as error:
            problems.append(f"The replay could not be saved: {error.strerror or error}.")
        record = GameRecord.from_recording(recording, level.value, replay)
        try:
            self.store.append(record)
        except OSError as error:
            problems.append(f"The game could not be added to the statistics: {error.strerror or error}.")
        if self._records is not None:
            self._records.append(record)
        if problems:
            self.app.commands.tell("Saved Data", problems)
        if self.window is not None:
            self.window.refresh()

    def _sets_a_record(self, recording: Recording, level: LevelName) -> bool:
        """A won game faster than every earlier win of its level and shape: its replay is never pruned."""
        if recording.result.value != "won":
            return False
        shape = recording.setup.shape.value
        best = [r.time_ms for r in self.records() if r.level == level.value and r.shape == shape and r.result == "won"]
        return not best or recording.time_ms < min(best)

    def records(self) -> list[GameRecord]:
        if self._records is None:
            self._records = self.store.load()
        return self._records

    def replay_folder(self) -> Path | None:
        return self.replays.folder

    # ------------------------------------------------- the window's figures
    def summaries(self) -> Sequence:
        return summarise(self.records())

    def chart(self, level: LevelName, shape: Shape) -> Sequence:
        return chart(self.records(), level.value, shape.value)

    def replays_line(self) -> str:
        return f"Replays kept: {self.replays.count()} of at most {self.replays.cap}."

    # --------------------------------------------------------------- window
    def open(self) -> None:
        app = self.app
        if self.window is not None:
            app.wm.to_front(self.window)
            app.wm.activate(self.window)
            return
        choices = app.session.choices
        window = StatsWindow(self, app.screen_mode.size, shape=choices.shape, level=choices.level,
                             on_close=self.closed, on_depth=lambda: app.wm.depth(window), on_reset=self.ask_reset)
        window.menus = MenuStrip.for_actions(
            STATS_MENUS,
            {StatsCommand.RESET: self.ask_reset, StatsCommand.CLOSE: window.close, StatsCommand.QUIT: app.request_quit},
        )
        self.window = window
        app.session.pauses.hold(PauseReason.STATISTICS)
        app.wm.open(window)

    def closed(self) -> None:
        if self.window is not None:
            self.app.wm.close(self.window)
        self.window = None
        self.app.session.pauses.release(PauseReason.STATISTICS)

    def ask_reset(self) -> None:
        """Reset asks first; Cancel (and Esc) keeps everything."""
        requester: Requester

        def reset() -> None:
            requester.close()
            self.reset()

        requester = Requester("Statistics", [RESET_QUESTION], [("Reset", reset), ("Cancel", lambda: requester.close())],
                              self.app.screen_mode.size, help_node="StatsWindows", default=1)
        self.app.open_requester(requester, owner=self.window)

    def reset(self) -> None:
        try:
            self.store.reset()
        except OSError as error:
            self.app.commands.tell("Saved Data", [f"The statistics could not be reset: {error.strerror or error}."])
        self._records = None
        if self.window is not None:
            self.window.refresh()

