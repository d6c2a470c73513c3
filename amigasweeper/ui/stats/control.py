"""Keeping every game a person plays, and the Statistics window.

Each recording the MineSweeper window hands on goes to the core's GameKeeper:
its replay file is saved in the replays folder (on the desktop) and its
record appended to the store. The Statistics window shows the figures; the
game waits while it is open (the clock rule)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from amigasweeper.engine import LevelName, Shape
from amigasweeper.records import REPLAY_CAP, GameKeeper, GameRecord, chart, summarise
from amigasweeper.replay import Recording, ReplayError, load_replay
from amigasweeper.storage import FileBackend
from amigasweeper.storage.memory_backend import MemoryBackend

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


def keeper_for(backend) -> GameKeeper:
    """Where the settings are: files beside them on the desktop, memory for a
    headless run (nothing of the player's is touched), else the browser's
    localStorage (records only: a replay there is saved as a download)."""
    if isinstance(backend, FileBackend):
        return GameKeeper(backend.folder)
    if isinstance(backend, MemoryBackend):
        return GameKeeper(None)
    return GameKeeper(backend=backend)


class StatsControl:
    def __init__(self, app: Host) -> None:
        self.app = app
        self.keeper = keeper_for(app.storage.backend)
        self.window: StatsWindow | None = None
        self._records: list[GameRecord] = []
        self._last: tuple[Recording, str] | None = None  # the newest game and its replay file, for Replay
        app.mine_window.on_recorded = self.keep

    # --------------------------------------------------------------- keeping
    def keep(self, recording: Recording) -> None:
        """A game ended: its replay file and its record are kept."""
        kept = self.keeper.keep(recording, level_of(recording).value)
        self._records.append(kept.record)
        self._last = (recording, kept.record.replay_name if self.keeper.replays is not None else "")
        if kept.problem:
            self.app.commands.tell("Saved Data", [kept.problem])
        if self.window is not None:
            self.window.refresh()

    def records(self) -> list[GameRecord]:
        return self._records

    # ------------------------------------------- the shelf of the Replay window
    def replay_folder(self) -> Path | None:
        return self.keeper.replays.folder if self.keeper.replays is not None else None

    def last_game(self) -> Recording | None:
        """The newest game: played in this run, else the newest replay on disk."""
        if self._last is None:
            self._last = self._newest_on_disk()
        return self._last[0] if self._last else None

    def last_replay_name(self) -> str:
        """The newest game's file in the replays folder ("" when it has none)."""
        return self._last[1] if self._last else ""

    def _newest_on_disk(self) -> tuple[Recording, str] | None:
        folder = self.replay_folder()
        names = self.keeper.replays.names() if folder is not None else []
        for name in reversed(names):  # a damaged newest one: the one before
            try:
                return load_replay(folder / name), name
            except ReplayError:
                continue
        return None

    def keep_replay(self, name: str) -> str | None:
        """The player keeps a replay: the cap never takes it. A problem in words, or None."""
        return self.keeper.keep_replay(name)

    def is_kept(self, name: str) -> bool:
        return name in self.keeper.kept_names()

    # ------------------------------------------------- the window's figures
    def summaries(self) -> Sequence:
        return summarise(self.records())

    def chart(self, level: LevelName, shape: Shape) -> Sequence:
        return chart(self.records(), level.value, shape.value)

    def replays_line(self) -> str:
        replays = self.keeper.replays
        if replays is None:
            return "No replay files here: only the records are kept."
        return f"Replays kept: {replays.count()} (at most {replays.cap or REPLAY_CAP})."

    # --------------------------------------------------------------- window
    def open(self) -> None:
        app = self.app
        if self.window is not None:
            app.wm.to_front(self.window)
            app.wm.activate(self.window)
            return
        loaded = self.keeper.store.load()  # with the games other copies kept
        self._records = loaded.records
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
        if loaded.damaged_lines:
            lines = "line" if loaded.damaged_lines == 1 else "lines"
            app.commands.tell("Statistics", [f"{loaded.damaged_lines} {lines} of the games file could not be "
                                             "read and are left out (a copy killed while writing, say); "
                                             "the file is not changed."])

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
            self.keeper.store.reset(round(time.time() * 1000))
        except OSError as error:
            self.app.commands.tell("Saved Data", [f"The statistics could not be reset: {error.strerror or error}."])
        self._records = self.keeper.store.load().records
        if self.window is not None:
            self.window.refresh()

