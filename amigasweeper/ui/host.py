"""What the program offers the parts that drive its windows (the commands, the
Duel control): a small interface, so those parts never import the app that
owns them and the app can import them without a circle."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from amigasweeper.engine import Game
    from amigasweeper.storage import Storage

    from amigasweeper.play import EndQueue, Session

    from .game.minewindow import MineWindow
    from .intuition.modes import Look, ScreenMode
    from .intuition.requester import Requester
    from .intuition.screen import WorkbenchScreen
    from .intuition.window import Window
    from .intuition.wm import WindowManager
    from .scaling.pixels import WholePixels
    from .touch.control import TouchControl
    from .narrator.window import WindowNarration


class Teller(Protocol):
    def tell(self, title: str, paragraphs: list[str]) -> None: ...

    def ask_name(self, level, seconds: int, offered: str, answer: Callable[[str], None]) -> None: ...

    def open_best_times(self) -> None: ...


class DuelStarter(Protocol):
    def open_setup(self) -> None: ...


class StatsOpener(Protocol):
    def open(self) -> None: ...


class PaletteOpener(Protocol):
    def open(self) -> None: ...


class ReplayOpener(Protocol):
    def open_last(self) -> None: ...


class Host(Protocol):
    session: Session
    ending: EndQueue
    storage: Storage
    screen: WorkbenchScreen
    wm: WindowManager
    mine_window: MineWindow
    requesters: list[Requester]
    look: Look
    screen_mode: ScreenMode
    commands: Teller
    duels: DuelStarter
    touch_play: TouchControl
    narration: WindowNarration
    palette: PaletteOpener
    pixels: WholePixels
    stats: StatsOpener
    replays: ReplayOpener
    open_manual: Callable[[], None]
    request_quit: Callable[[], None]
    clock: Callable[[], float]

    @property
    def game(self) -> Game: ...

    def open_requester(self, requester: Requester, owner: Window | None = None) -> None: ...

    def resize_screen(self, mode: ScreenMode) -> None: ...
