"""Opening and closing the Replay window: the last game, a replay chosen in
the ASL file requester, one dropped on the program or named on the command
line (--replay FILE). The game waits while the window is open (the clock
rule), and a file that cannot be played is said in a requester.

A file is read a slice at a time (replay/files.py's ReplayLoad): half a
frame's work each frame, the window opening when it is done, so a long
game never holds the frame loop; AVF, RMV and MVF files are first read by
ms-toollib in a process of its own (replay/foreign.py)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from amigasweeper.guide import ManualPage
from amigasweeper.plainfiles import shown
from amigasweeper.play.clock import PauseReason
from amigasweeper.records.replay_names import name_for
from amigasweeper.replay import (
    REPLAY_SUFFIXES,
    Recording,
    ReplayError,
    ReplayLoad,
    Timeline,
    open_replay,
    replay_bytes,
    replay_suffix,
)
from amigasweeper.storage import FileBackend

from ..intuition.asl import FileRequester, RequestMode, available
from ..intuition.menustrip import MenuStrip
from ..windowcontrol import WindowControl
from ..windowkind import WindowKind
from .download import download, in_browser
from .replaymenus import REPLAY_MENUS, ReplayCommand
from .replaywindow import ReplayWindow

if TYPE_CHECKING:
    from ..host import ReplayHost

PATTERN = "#?(" + "|".join(REPLAY_SUFFIXES) + ")"  # #?(.evf|.asreplay|.avf|.rmv|.mvf)
NO_LAST_GAME = "No game has been recorded yet: play one (a click is enough), then ask again."
LOAD_BUDGET_S = 0.008  # a frame's share of reading a replay: half of a 60 fps frame


def is_replay(path: str | Path) -> bool:
    return Path(path).suffix.lower() in REPLAY_SUFFIXES


class Shelf(Protocol):
    """Where the games kept are (the Statistics control)."""

    def last_game(self) -> Recording | None: ...

    def last_replay_name(self) -> str: ...

    def replay_folder(self) -> Path | None: ...

    def keep_replay(self, name: str) -> str | None: ...

    def is_kept(self, name: str) -> bool: ...


class ReplayControl(WindowControl):
    app: ReplayHost
    kind = WindowKind.REPLAY
    pauses = PauseReason.REPLAY
    page = ManualPage.STATS_WINDOWS

    def __init__(self, app: ReplayHost, shelf: Shelf) -> None:
        super().__init__(app)
        self.shelf = shelf
        self.window: ReplayWindow | None = None
        self.shelved = ""  # the file in the replays folder shown, if the window shows one
        self._wall: float | None = None  # the program's clock at the last frame
        self.pending: tuple[ReplayLoad, Path, str] | None = None  # a file being read

    # ------------------------------------------------------------- opening
    def show(self, recording: Recording, name: str, shelved: str = "", timeline: Timeline | None = None) -> None:
        """Show a recording, in the open window or a new one; ``shelved`` is
        its file's name in the replays folder, if it is one of those;
        ``timeline`` its timeline, when it is made already."""
        app = self.app
        self.shelved = shelved
        if self.window is not None:
            self.window.load(recording, name, timeline)
            self.bring_forward()
            return
        window = ReplayWindow(recording, name, app.screen_mode.size, on_close=self.closed,
                              on_depth=lambda: app.wm.depth(window), timeline=timeline)
        window.menus = MenuStrip.for_actions(
            REPLAY_MENUS,
            {
                ReplayCommand.OPEN: self.ask_file,
                ReplayCommand.LAST: self.open_last,
                ReplayCommand.SAVE: self.ask_save,
                ReplayCommand.KEEP: self.keep,
                ReplayCommand.NEXT_GUESS: window.next_guess,
                ReplayCommand.PREVIOUS_GUESS: window.previous_guess,
                ReplayCommand.CLOSE: window.close,
                ReplayCommand.QUIT: app.request_quit,
            },
            {ReplayCommand.OPEN: available, ReplayCommand.KEEP: self.can_keep,
             ReplayCommand.NEXT_GUESS: lambda: window.audit.next_guess(window.deck.index) is not None,
             ReplayCommand.PREVIOUS_GUESS: lambda: window.audit.previous_guess(window.deck.index) is not None},
        )
        self.open_window(window)

    def open_from_menu(self) -> None:
        self.open_last()

    def open_last(self) -> None:
        recording = self.shelf.last_game()
        if recording is None:
            self.app.commands.tell("Replay", [NO_LAST_GAME])
            return
        self.show(recording, "the last game", self.shelf.last_replay_name())

    def open_path(self, path: str | Path) -> str:
        """Start reading a replay file (a small one is shown at once); the
        problem in words, or "" when it is shown or under way."""
        path = Path(path)
        try:
            load = open_replay(path)
        except ReplayError as error:
            return str(error)
        folder = self.shelf.replay_folder()
        shelved = path.name if folder is not None and path.parent == folder else ""
        self.cancel_pending()
        self.pending = (load, path, shelved)
        self._poll_pending(at_once=load.small)
        return ""

    def cancel_pending(self) -> None:
        if self.pending is not None:
            self.pending[0].cancel()
            self.pending = None

    def _poll_pending(self, at_once: bool = False) -> None:
        """A frame's share of reading the file (all of a small one); show it when it is read."""
        if self.pending is None:
            return
        load, path, shelved = self.pending
        try:
            done = load.poll(math.inf if at_once else LOAD_BUDGET_S)
        except ReplayError as error:
            self.pending = None
            self.app.commands.tell("Replay", [f"{shown(path.name)} cannot be played: {error}"])
            return
        if done is not None:
            self.pending = None
            recording, timeline = done
            self.show(recording, path.name, shelved, timeline)

    def open_or_tell(self, path: str | Path) -> None:
        problem = self.open_path(path)
        if problem:
            self.app.commands.tell("Replay", [f"{shown(Path(path).name)} cannot be played: {problem}"])

    def drop(self, paths: list[str]) -> bool:
        """Files dropped on the program: True when one was a replay (it is shown)."""
        replays = [p for p in paths if is_replay(p)]
        if replays:
            self.open_or_tell(replays[0])
        return bool(replays)

    def can_keep(self) -> bool:
        return bool(self.shelved) and not self.shelf.is_kept(self.shelved)

    def keep(self) -> None:
        """Replay > Keep Replay: the replays folder's cap never takes this one."""
        if not self.can_keep():
            return
        problem = self.shelf.keep_replay(self.shelved)
        self.app.commands.tell("Replay", [problem or f"{self.shelved} is kept: it stays when old replays go."])

    # ----------------------------------------------------------- requesters
    def places(self) -> list[Path]:
        """The volumes this window's file requesters add (the replays folder),
        the same for Open and Save As, so a folder has one name in both."""
        folder = self.shelf.replay_folder()
        return [folder] if folder else []

    def ask_file(self) -> None:
        """Replay > Open...: the ASL file requester, in the replays folder."""
        if not available():
            return
        folder = self.shelf.replay_folder()
        requester = FileRequester(
            "Open Replay", self.app.screen_mode.size, on_choose=self.open_path, pattern=PATTERN,
            drawer=folder, places=self.places(), help_node=ManualPage.REPLAYS,
        )
        self.app.open_requester(requester, owner=self.window)

    def ask_save(self) -> None:
        """Replay > Save As...: the replay shown, written where the player says
        (in the browser, downloaded)."""
        window = self.window
        if window is None:
            return
        recording = window.recording
        suffix = replay_suffix(recording)
        if in_browser():
            name = self.shelved or name_for(recording, suffix)
            problem = download(name, replay_bytes(recording))
            self.app.commands.tell("Replay", [problem or f"{name} was handed to the browser to download."])
            return

        def save(path: Path) -> str:
            if path.suffix.lower() != suffix:  # another name than the one asked about is never written
                return f"This replay is a {suffix} file: end its name with {suffix}."
            try:
                FileBackend(path.parent).write(path.name, replay_bytes(recording))  # atomic
            except OSError as error:
                return f"Cannot write {path.name}: {error.strerror or error}"
            return ""

        requester = FileRequester(
            "Save Replay", self.app.screen_mode.size, on_choose=save, mode=RequestMode.SAVE, pattern=PATTERN,
            drawer=self.shelf.replay_folder(), file=name_for(recording, suffix), places=self.places(),
            ask=self.app.open_requester,
            help_node=ManualPage.REPLAYS,
        )
        self.app.open_requester(requester, owner=window)

    # ---------------------------------------------------------------- frames
    def tick(self) -> None:
        """Once a frame: a file being read is asked after, the window
        plays on by the time that passed, and a slice of its luck audit is counted."""
        if self.pending is not None:
            self._poll_pending()
        now = self.app.session.clock()
        if self.window is not None and self._wall is not None:
            self.window.advance((now - self._wall) * 1000)
        if self.window is not None:
            self.window.tick_audit()
        self._wall = now


