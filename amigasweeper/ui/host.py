"""What the program offers the parts that drive its windows: small interfaces,
so those parts never import the app that owns them (the app imports them) and
each one says what it really uses.

``WindowHost`` is what every window control needs (windowcontrol.py); each
control adds the little more it uses. ``Host`` is the MineSweeper window's
command centre's (game/commandcentre.py), which carries out the game's menus and
so reaches most of the program.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from amigasweeper.engine import Game
    from amigasweeper.play import EndQueue, Session
    from amigasweeper.play.ending import BestTimeRow
    from amigasweeper.replay import Recording
    from amigasweeper.storage import Storage

    from .drive.frameclock import FrameClock
    from .game.minewindow import MineWindow
    from .intuition.menus import MenuItem
    from .intuition.menustrip import MenuStrip
    from .intuition.modes import Look, ScreenMode
    from .intuition.requester import Requester
    from .intuition.screen import WorkbenchScreen
    from .intuition.window import Window
    from .intuition.wm import WindowManager
    from .palette.pens import Palette
    from .scaling.pixels import WholePixels
    from .windowkind import WindowKind


class Teller(Protocol):
    def tell(self, title: str, paragraphs: list[str]) -> None: ...

    def ask_name(self, row: BestTimeRow, seconds: int, offered: str, answer: Callable[[str], None]) -> None: ...

    def open_best_times(self) -> None: ...

    def open_about(self) -> None: ...


class WindowHost(Protocol):
    """What every window control needs: the window manager, the screen's
    mode, requesters, the session (whose clock its window may hold), and
    the way out."""

    wm: WindowManager
    screen_mode: ScreenMode
    session: Session

    def open_requester(self, requester: Requester, owner: Window | None = None) -> None: ...

    def request_quit(self) -> None: ...


class ViewerHost(WindowHost, Protocol):
    """The help viewer's: the screen's look and beep, and whether the game's window is open."""

    look: Look
    screen: WorkbenchScreen
    mine_window: MineWindow


class DuelHost(WindowHost, Protocol):
    """The Duel's: the last name typed, and the end-of-game queue its results take."""

    storage: Storage
    ending: EndQueue


class ReplayHost(WindowHost, Protocol):
    """The Replay window's: a sentence for the player."""

    @property
    def commands(self) -> Teller: ...  # read-only: a protocol's attribute would have to be this type exactly


class ReplayShower(Protocol):
    def show(self, recording: Recording, name: str, shelved: str = "") -> None: ...

    def open_last(self) -> None: ...


class StatsHost(DuelHost, ReplayHost, Protocol):
    """The Statistics window's: the games kept (through the queue's keeper) and the Replay window."""

    @property
    def replays(self) -> ReplayShower: ...


class WindowOpener(Protocol):
    """Opens a registered control's window by its kind (windowcontrol.py):
    what a menu item that opens a window calls, never the control itself."""

    def open_window(self, kind: WindowKind) -> None: ...


class InformationHost(Protocol):
    """The Information windows': the window manager, the screen's mode, and
    the options the program was started with (shown as Tool Types)."""

    wm: WindowManager
    screen_mode: ScreenMode
    options: Any  # ui/window_options.py's Options


class WorkbenchHost(ReplayHost, InformationHost, WindowOpener, Protocol):
    """The Workbench's (workbench/workbenchcontrol.py): its menus open the game's
    window, About and Information, and it keeps its Snapshot with the settings."""

    storage: Storage
    mine_window: MineWindow
    clock: Callable[[], float]  # the program's clock (frames when headless or scripted)


class PaletteHost(WindowHost, Protocol):
    """The Palette window's: the settings it keeps, and a sentence for the player."""

    storage: Storage
    @property
    def commands(self) -> Teller: ...  # read-only: a protocol's attribute would have to be this type exactly


class PaletteHolder(Protocol):
    palette: Palette  # the palette on the screen now


class PageHost(Protocol):
    """What a web page's preferences change (palette/page_preferences.py)."""

    storage: Storage
    screen: WorkbenchScreen
    @property
    def palette(self) -> PaletteHolder: ...


class TouchSwitch(Protocol):
    on: bool

    def toggle(self) -> str: ...


class NarrationSwitch(Protocol):
    """What the menus ask of the window's Narrator (narrator/windownarration.py): whether it
    speaks, to switch it, and to confirm a chosen item."""

    on: bool

    def switch(self, on: bool) -> str | None: ...

    def chosen(self, item: MenuItem, checked: bool) -> None: ...


class Host(WindowHost, WindowOpener, Protocol):
    """The game's menus' (game/commandcentre.py) and the end of a game's path
    (game/finished_games.py). It names no window control: windows open by
    their kind (``open_window``)."""

    ending: EndQueue
    storage: Storage
    mine_window: MineWindow
    screen: WorkbenchScreen
    look: Look

    @property
    def commands(self) -> Teller: ...  # read-only: a protocol's attribute would have to be this type exactly

    @property
    def touch_play(self) -> TouchSwitch: ...

    @property
    def narration(self) -> NarrationSwitch: ...

    pixels: WholePixels
    clock: Callable[[], float]

    @property
    def game(self) -> Game: ...

    def open_manual(self) -> None: ...

    def resize_screen(self, mode: ScreenMode) -> None: ...


class KeyboardHost(Protocol):
    """What the keyboard's way through the program (keys/keyboardcontrol.py) uses."""

    wm: WindowManager
    open_menus_strip: MenuStrip | None  # the strip shown (held with the mouse, or walked with F10)

    @property
    def menus(self) -> MenuStrip: ...

    def open_manual(self) -> None: ...


class ScreenBarHost(Protocol):
    """What the screen's title bar (screenbar.py) reads."""

    wm: WindowManager
    mine_window: MineWindow
    screen: WorkbenchScreen
    frame_clock: FrameClock
    menus_seen: bool  # a newcomer is told how to find the menus until then

    @property
    def touch_play(self) -> TouchSwitch: ...

    def show_legend(self) -> bool: ...
