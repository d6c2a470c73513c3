"""The Statistics window's control: its figures come from the index the end
of every game keeps current (amigasweeper/play/ending.py writes the games;
nothing here writes one), the replays it opens, and Reset. It is also the
Replay window's shelf: the newest game, and the replays folder. The game
waits while the window is open (the clock rule)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from amigasweeper.guide import ManualPage
from amigasweeper.play import PauseReason
from amigasweeper.play.ending import ResetJob
from amigasweeper.records import REPLAY_CAP, GameKeeper, KeptGame, RowKey, RowSummary, chart_points
from amigasweeper.records.filtered import FilteredIndex
from amigasweeper.records.filters import GameFilter
from amigasweeper.replay import Recording, ReplayError, load_replay

from ..game import dialogs
from ..intuition.menustrip import MenuStrip
from ..intuition.requester import Requester
from ..windowcontrol import WindowControl
from ..windowkind import WindowKind
from .game_guesses import show_guesses
from .statsmenus import FILTER_PARTS, STATS_MENUS, StatsCommand, filter_command
from .statswindow import StatsWindow

if TYPE_CHECKING:
    from ..host import StatsHost

FILTER_SLICE = 32 * 1024  # bytes of games a frame folds for a filtered view, as the index is made (play/ending.py)
RESET_QUESTION = "Start the statistics again from nothing? Your games stay on disk, and the replays too."


class StatsControl(WindowControl):
    app: StatsHost
    kind = WindowKind.STATISTICS
    pauses = PauseReason.STATISTICS
    page = ManualPage.STATS_WINDOWS

    def __init__(self, app: StatsHost) -> None:
        super().__init__(app)
        self.window: StatsWindow | None = None
        self._shown: tuple = ()  # what the window's figures were made from: made again when it changes
        self.only = GameFilter()  # the Filter menu's choice: nothing filtered at first
        self.filtered: FilteredIndex | None = None  # the games it takes, folded a slice a frame

    @property
    def keeper(self) -> GameKeeper:
        return self.app.ending.desk.keeper

    # ------------------------------------------------- the window's figures
    def _index(self):
        """The index shown: the filtered one while a filter is chosen, else the live one."""
        if self.filtered is not None:
            return self.filtered.index
        return self.keeper.live.index

    def rows(self) -> Sequence[tuple[RowKey, RowSummary]]:
        index = self._index()
        return [(s.key, s) for s in index.summaries()] if index is not None else []

    def _tally(self, key: RowKey):
        index = self._index()
        return index.rows.get(key) if index is not None else None

    # ------------------------------------------------- the Filter menu
    def choose_filter(self, part: str, value) -> None:
        """A Filter menu item: one part of the filter set; the games folded
        again with it a slice a frame (see tick), the window saying so."""
        self.only = replace(self.only, **{part: value}, now=time.time())
        self.filtered = FilteredIndex(self.keeper.store, self.only) if self.only.active else None
        self._shown = ()

    def no_filter(self) -> None:
        self.only, self.filtered, self._shown = GameFilter(), None, ()

    def filter_chosen(self, part: str, value) -> bool:
        return getattr(self.only, part) == value

    def games(self, key: RowKey) -> Sequence[KeptGame]:
        tally = self._tally(key)
        return list(reversed(tally.records())) if tally is not None else []

    def points(self, key: RowKey) -> Sequence:
        tally = self._tally(key)
        return chart_points(tally) if tally is not None else []

    def status_line(self) -> str:
        filtered = self.filtered
        if filtered is not None:
            if filtered.problem:
                return f"The games file cannot be read: {filtered.problem}."
            if not filtered.ready:
                return f"Filtering your games: {filtered.percent}%"
            return f"Filtered: {self.only.words()}."
        live = self.keeper.live
        if not live.ready:
            if live.problem:
                return f"The games file cannot be read: {live.problem}."
            size = max(1, self.keeper.store.size())
            done = live.index.covers if live.index is not None else 0
            aside = self.keeper.store.setting_aside
            if aside is not None:
                return f"Setting aside a line longer than any game: {(aside[1] - aside[0]) >> 20} MB looked through"
            return f"Counting your games: {min(99, 100 * done // size)}%"
        replays = self.keeper.replays
        if replays is None:
            return "No replay files here: only the records are kept."
        return f"Replays kept: {replays.count()} (at most {replays.cap or REPLAY_CAP})."

    def has_replay(self, record: KeptGame) -> bool:
        replays = self.keeper.replays
        return replays is not None and replays.name_of(record) is not None

    def open_game(self, record: KeptGame) -> None:
        """The Replay button: the game's replay in the Replay window."""
        replays = self.keeper.replays
        if replays is None:  # the button is ghosted without a replays folder (has_replay)
            return
        try:
            recording = replays.load(record)
        except ReplayError as error:
            self.app.commands.tell("Replay", [f"{record.replay_name} cannot be played: {error}"])
            return
        name = replays.name_of(record) or record.replay_name
        self.app.replays.show(recording, name, name)

    # ------------------------------------------- the shelf of the Replay window
    def replay_folder(self) -> Path | None:
        replays = self.keeper.replays
        return replays.folder if replays is not None else None

    def _last(self) -> tuple[Recording, str] | None:
        """The newest game and its replay's name: one still on its way to
        the disk (its name is "" until its replay is written), else the newest
        kept in this run, else the newest replay on disk."""
        waiting = self.app.ending.newest_game()
        if waiting is not None:
            return waiting, ""
        return self.keeper.last or self._newest_on_disk()

    def last_game(self) -> Recording | None:
        last = self._last()
        return last[0] if last else None

    def last_replay_name(self) -> str:
        last = self._last()
        return last[1] if last else ""

    def _newest_on_disk(self) -> tuple[Recording, str] | None:
        folder, replays = self.replay_folder(), self.keeper.replays
        if folder is None or replays is None:
            return None
        for name in reversed(replays.names()):
            try:  # a damaged newest one: the one before
                return load_replay(folder / name), name
            except ReplayError:
                continue
        return None

    def keep_replay(self, name: str) -> str | None:
        """The player keeps a replay: the cap never takes it. A problem in words, or None."""
        return self.keeper.keep_replay(name)

    def is_kept(self, name: str) -> bool:
        return name in self.keeper.kept_names()

    # --------------------------------------------------------------- window
    def tick(self) -> None:
        """Each frame: an open window shows games kept since (by this copy, or
        by another once the index caught up with them)."""
        live = self.keeper.live
        shown: tuple = (id(live.index), live.index.covers if live.index else 0, live.ready)  # what the window shows
        filtered = self.filtered
        if filtered is not None and self.window is not None:
            if live.ready and filtered.ready and filtered.index.covers != self.keeper.store.size():
                filtered.look_again()  # a game was kept meanwhile
            filtered.step(FILTER_SLICE)
            shown = (*shown, filtered.index.covers, filtered.ready, self.only)
        if self.window is not None and shown != self._shown:
            self._shown = shown
            self.window.refresh()

    def open_from_menu(self) -> None:
        self.open()

    def open(self) -> None:
        app = self.app
        if self.bring_forward():
            return
        live = self.keeper.live
        live.look_again()  # with the games other copies kept
        live.step()
        choices = app.session.choices
        board = choices.board
        prefer = RowKey(choices.shape.value, board.width, board.height, board.mines, choices.completion.value,
                        choices.no_guess)
        window = StatsWindow(self, app.screen_mode.size, prefer=prefer, on_close=self.closed,
                             on_depth=lambda: app.wm.depth(window), on_reset=self.ask_reset)
        filters = {filter_command(part, value): (lambda part=part, value=value: self.choose_filter(part, value))
                   for _, part, items in FILTER_PARTS for _, value in items}
        window.menus = MenuStrip.for_actions(
            STATS_MENUS,
            {StatsCommand.RESET: self.ask_reset, StatsCommand.PLAYER_NAME: self.ask_player_name,
             StatsCommand.CLOSE: window.close, StatsCommand.QUIT: app.request_quit,
             StatsCommand.NO_FILTER: self.no_filter, StatsCommand.GUESSES: lambda: show_guesses(self, window.list.game),
             **filters},
            checked={command: (lambda c=command: self.filter_chosen(c[1], c[2])) for command in filters},
        )
        self._shown = ()
        self.open_window(window)
        damaged = live.index.damaged if live.index is not None else 0
        long_tail = live.index.long_tail if live.index is not None else 0
        if damaged or long_tail:
            lines = "line" if damaged + bool(long_tail) == 1 else "lines"
            app.commands.tell("Statistics", [f"{damaged + bool(long_tail)} {lines} of the games file could not be "
                                             "read and are left out (a copy killed while writing, say); the file "
                                             "is not changed."])

    def ask_player_name(self) -> None:
        """Statistics > Player Name...: the name replays are signed with (a setting, saved at once)."""
        storage = self.app.storage

        def named(name: str) -> None:
            problem = storage.change_settings(player_name=name)
            if problem:
                self.app.commands.tell("Saved Data", [problem])

        requester = dialogs.player_name(storage.settings.player_name, self.app.screen_mode.size, named)
        self.app.open_requester(requester, owner=self.window)

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
        """A reset line after the games kept so far, written as every game is (the one queue)."""
        self.app.ending.put(ResetJob(round(time.time() * 1000), done=self._shown_again))

    def _shown_again(self) -> None:
        if self.window is not None:
            self.window.refresh()
