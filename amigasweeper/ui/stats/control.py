"""Keeping every game a person plays, and the Statistics window.

Each recording the MineSweeper window hands on goes to the core's GameKeeper:
its replay file is saved in the replays folder (on the desktop) and its
record appended to the store. The Statistics window shows the figures; the
game waits while it is open (the clock rule)."""

from __future__ import annotations

import sys
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

# A game that ends while another copy holds the data folder's lock waits in
# memory and is tried again every quarter second; the frame loop never waits.
RETRY_FRAMES = 15
TELL_AFTER_FRAMES = 180  # the player hears of it once it has waited 3 s
WAITING_NOTE = ("Another copy of AmigaSweeper is holding the data folder. Your last game is kept in memory "
                "and goes into the statistics as soon as that copy lets go.")
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
        self._waiting: list[Recording] = []  # games whose record waits for another copy's lock
        self._waited_frames = 0
        app.mine_window.on_recorded = self.keep

    # --------------------------------------------------------------- keeping
    def keep(self, recording: Recording) -> None:
        """A game ended: its replay file and its record are kept, or wait for
        the lock without holding the frame up."""
        if self._waiting:
            self._waiting.append(recording)  # in order, after the ones already waiting
            return
        if not self._keep_now(recording, lock_timeout=0):
            self._waiting.append(recording)

    def tick(self, frame: int) -> None:
        """Each frame: try the waiting games again now and then."""
        if not self._waiting:
            return
        self._waited_frames += 1
        if self._waited_frames == TELL_AFTER_FRAMES:
            self.app.commands.tell("Saved Data", [WAITING_NOTE])
        if frame % RETRY_FRAMES == 0:
            self._retry(lock_timeout=0)

    def flush(self, lock_timeout: float) -> None:
        """Leaving: one patient try for the waiting games; those still
        waiting are named on stderr, as the settings are."""
        self._retry(lock_timeout)
        if self._waiting:
            print(f"amigasweeper: {len(self._waiting)} game(s) not added to the statistics: "
                  "another copy held the data folder", file=sys.stderr)

    def _retry(self, lock_timeout: float) -> None:
        waiting, self._waiting = self._waiting, []
        for index, recording in enumerate(waiting):
            if not self._keep_now(recording, lock_timeout):
                self._waiting = [recording, *waiting[index + 1 :]]
                return
        self._waited_frames = 0

    def _keep_now(self, recording: Recording, lock_timeout: float) -> bool:
        """False when another copy held the lock: nothing of the game is lost, it is kept again later."""
        kept = self.keeper.keep(recording, level_of(recording).value, lock_timeout)
        if kept.waiting:
            return False
        self._records.append(kept.record)
        self._last = (recording, kept.record.replay_name if self.keeper.replays is not None else "")
        if kept.problem:
            self.app.commands.tell("Saved Data", [kept.problem])
        if self.window is not None:
            self.window.refresh()
        return True

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

