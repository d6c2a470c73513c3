"""What every window a controller opens shares, written once.

A *controlled window* (the help viewer, the Duel, the Statistics and the
Replay windows) tells its controller once that it closed, however it
closes: its close gadget, Esc, a menu's Close, a link's CLOSE.

Every control says the kind of window it opens (``WindowKind``): the menus
open a window by its kind (``open_window`` of the host), never by naming
its control.

A *window control* opens its window, closes the one it replaces, and while
its window is open holds the game's clock for its reason (``pauses``:
play/clock.py), releasing it when the window closes. The app registers its
controls and calls each one's ``tick``, ``drop`` and ``manual_page``
without naming a window (the ``Registered`` protocol). A new screen mode
needs nothing of them: the window manager reopens every window it holds
(intuition/reopen.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from amigasweeper.play.clock import PauseReason

from .intuition.window import Window
from .windowkind import WindowKind

if TYPE_CHECKING:
    from .host import WindowHost


class ControlledWindow(Window):
    """A window that says once that it closed (``on_close``)."""

    def __init__(self, title: str, *, on_close: Callable[[], None], on_depth: Callable[[], None]) -> None:
        super().__init__(title, 0, 0, 100, 100, on_close=self.close, on_depth=on_depth)
        self.on_closed = on_close
        self.closed = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.on_closed()


class Registered(Protocol):
    """What the app asks of each registered window control."""

    kind: WindowKind

    def open_from_menu(self) -> None:
        """What a menu item naming this kind does: open the window, or bring it forward."""

    def tick(self) -> None: ...

    def drop(self, paths: list[str]) -> bool: ...

    def manual_page(self) -> str | None: ...


class WindowControl:
    """Opens and closes one window at a time for the app; the game waits
    while it is open when ``pauses`` names a reason. ``page`` is the
    manual's page about the window (F1 while it is active)."""

    pauses: PauseReason | None = None
    page: str | None = None

    def __init__(self, app: WindowHost) -> None:
        self.app = app
        self.window: Window | None = None

    def open_window(self, window: Window) -> None:
        """Open ``window`` in place of the one open, if any."""
        if self.window is not None:
            self.app.wm.close(self.window)
        if self.pauses is not None:
            self.app.session.pauses.hold(self.pauses)
        self.window = window
        self.app.wm.open(window)

    def bring_forward(self) -> bool:
        """The open window to the front and active; False if none is open."""
        if self.window is None:
            return False
        self.app.wm.to_front(self.window)
        self.app.wm.activate(self.window)
        return True

    def closed(self) -> None:
        """The window closed (its ``on_close``): gone from the screen, and the game goes on."""
        if self.window is not None:
            self.app.wm.close(self.window)
        self.window = None
        if self.pauses is not None:
            self.app.session.pauses.release(self.pauses)

    # ------------------------------------------------------- registration
    def tick(self) -> None:
        """Each frame's work of an open window (nothing by default)."""

    def drop(self, paths: list[str]) -> bool:
        """Files dropped on the program: True when this control took them."""
        return False

    def manual_page(self) -> str | None:
        """The manual's page while this control's window is the active one."""
        return self.page if self.window is not None and self.app.wm.active is self.window else None
