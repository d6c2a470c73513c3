"""Icons > Information...: one Information window for each selected icon, as
Workbench opens them (an icon whose window is open already brings it to the
front). The facts are found out when the window opens (iconfacts.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from amigasweeper.guide import ManualPage

from ..intuition.atlas import Icon
from ..windowkind import WindowKind
from .iconfacts import VOLUMES, Facts, tool_facts, volume_facts
from .informationwindow import InformationWindow

if TYPE_CHECKING:
    from ..host import InformationHost

VOLUME_NAMES = {Icon.WORKBENCH: "Workbench", Icon.RAM_DISK: "Ram Disk"}


def tool_types(options) -> list[str]:
    """The options the program was started with, written as Tool Types are
    (KEYWORD=value; a switch alone), those left at their defaults left out."""
    words = {"seed": "SEED", "level": "LEVEL", "look": "LOOK", "screen": "SCREEN", "data_dir": "DATA-DIR",
             "script": "SCRIPT", "guide": "GUIDE", "node": "NODE", "replay": "REPLAY"}
    found = []
    for name, word in words.items():
        value = getattr(options, name, None)
        if value is not None:
            found.append(f"{word}={getattr(value, 'value', value)}")
    if getattr(options, "headless", False):
        found.append("HEADLESS")
    touch = getattr(options, "touch_play", None)
    if touch is not None:
        found.append("TOUCH" if touch else "NOTOUCH")
    return found


def facts_of(icon: Icon, options) -> Facts:
    if icon is Icon.MINESWEEPER:
        return tool_facts(tool_types(options))
    name = VOLUME_NAMES[icon]
    return volume_facts(name, VOLUMES[name]())


class InformationControl:
    """Registered with the app like every window control (windowcontrol.py),
    though it keeps a window for each icon: the game goes on behind them,
    as behind Workbench's."""

    kind = WindowKind.INFORMATION
    page = ManualPage.WORKBENCH  # Help in an Information window: the Workbench's page

    def __init__(self, app: InformationHost, selected: Callable[[], list[Icon]]) -> None:
        self.app = app
        self.selected = selected  # the icons selected on the Workbench, which Icons > Information... opens
        self.windows: dict[Icon, InformationWindow] = {}

    def open_from_menu(self) -> None:
        self.open_all(self.selected())

    def open_all(self, icons: list[Icon]) -> None:
        for icon in icons:
            self.open(icon)

    def open(self, icon: Icon) -> None:
        app = self.app
        window = self.windows.get(icon)
        if window is not None and app.wm.is_open(window):
            app.wm.to_front(window)
            app.wm.activate(window)
            return
        others = sum(1 for other in self.windows.values() if app.wm.is_open(other))
        window = InformationWindow(facts_of(icon, app.options), icon, app.screen_mode.size,
                                   on_close=lambda: self.close(icon), cascade=others)
        self.windows[icon] = window
        app.wm.open(window)

    def close(self, icon: Icon) -> None:
        window = self.windows.pop(icon, None)
        if window is not None:
            self.app.wm.close(window)

    # ------------------------------------------------------- registration
    def tick(self) -> None:
        """Nothing changes in an open Information window by itself."""

    def drop(self, paths: list[str]) -> bool:
        return False  # a file dropped is never an icon's

    def manual_page(self) -> str | None:
        active = self.app.wm.active
        return self.page if active is not None and active in self.windows.values() else None
