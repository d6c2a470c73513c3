"""What the Workbench's menus and icons do here. Every item of 3.1's menus
(workbenchmenus.py) that means something in this program works; the rest are ghosted,
as Workbench ghosts what is not available, for the reasons menus.GHOSTED
gives. Snapshot keeps the icons' places and the Workbench window's box with
the settings (validated when read back, storage/validation.py), and they
come back when the program starts; Backdrop is kept there too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from amigasweeper.guide import ManualPage

from ..intuition.atlas import Icon
from ..intuition.menustrip import MenuStrip
from ..intuition.requester import Requester
from ..windowkind import WindowKind
from .backdrop import WorkbenchWindow, kept_box
from .icons import ICONS
from .workbenchmenus import GHOSTED, WORKBENCH_MENUS
from .workbenchmenus import WorkbenchCommand as C

if TYPE_CHECKING:
    from ..host import WorkbenchHost

QUIT_QUESTION = "Do you really want to quit AmigaSweeper?"
DISK_NOTE = "nothing on it opens here"


def kept_places(saved: tuple[tuple[str, int, int], ...]) -> dict[Icon, tuple[int, int]]:
    """The saved places of icons this Workbench has (others are left out)."""
    known = {icon.value: icon for icon, _label in ICONS}
    return {known[name]: (x, y) for name, x, y in saved if name in known}


class WorkbenchControl:
    """Registered with the app like every window control (windowcontrol.py).
    Its window is always open, as the Workbench's is: opening it by its
    kind brings it to the front."""

    kind = WindowKind.WORKBENCH
    page = ManualPage.WORKBENCH

    def __init__(self, app: WorkbenchHost) -> None:
        self.app = app
        settings = app.storage.settings
        self.kept = kept_places(settings.icon_places)
        self.last_message = ""  # the last thing the Workbench said in the title bar
        self.window = WorkbenchWindow(app.screen_mode.size, app.clock, self.open_icon, backdrop=settings.backdrop,
                                      kept=self.kept, box=kept_box(settings.workbench_window, app.screen_mode.size))
        self.window.menus = self._menus()

    def _menus(self) -> MenuStrip:
        window = self.window
        actions = {
            C.BACKDROP: self.toggle_backdrop,
            C.REDRAW_ALL: self.redraw_all,
            C.UPDATE_ALL: self.update,
            C.LAST_MESSAGE: self.show_last_message,
            C.ABOUT: lambda: self.app.commands.open_about(),
            C.QUIT: self.ask_quit,
            C.UPDATE: self.update,
            C.SELECT_CONTENTS: window.select_all,
            C.CLEAN_UP: window.clean_up,
            C.SNAPSHOT_WINDOW: lambda: self.snapshot(window_too=True, icons=[]),
            C.SNAPSHOT_ALL: lambda: self.snapshot(window_too=not window.backdrop, icons=[i.icon for i in window.icons]),
            C.OPEN: lambda: self.open_icon(window.selected()),
            C.INFORMATION: lambda: self.app.open_window(WindowKind.INFORMATION),
            C.ICON_SNAPSHOT: lambda: self.snapshot(window_too=False, icons=window.selected_icons()),
            C.UNSNAPSHOT: self.unsnapshot,
            C.RESET_WB: self.reset,
        }
        some_selected = lambda: window.selected() is not None  # noqa: E731 - one condition, four items
        enabled = {
            **{command: (lambda: False) for command in GHOSTED},
            C.LAST_MESSAGE: lambda: bool(self.last_message),
            C.SNAPSHOT_WINDOW: lambda: not window.backdrop,  # a backdrop's place and size are the screen's
            **{command: some_selected for command in (C.OPEN, C.INFORMATION, C.ICON_SNAPSHOT, C.UNSNAPSHOT)},
        }
        checked = {C.BACKDROP: lambda: window.backdrop, C.SHOW_ICONS: lambda: True, C.VIEW_BY_ICON: lambda: True}
        return MenuStrip.for_actions(WORKBENCH_MENUS, actions, enabled, checked)

    # ------------------------------------------------------------- the icons
    def open_icon(self, icon: Icon | None) -> None:
        """A double-clicked icon (or Icons > Open): MineSweeper opens its
        window (a new game, as the program started again); a disk says that
        nothing on it opens here."""
        app = self.app
        if icon is Icon.MINESWEEPER:
            window = app.mine_window
            if app.wm.is_open(window):
                app.wm.to_front(window)
                app.wm.activate(window)
                return
            app.session.new_game()
            app.wm.open(window)
        elif icon is not None:
            label = dict(ICONS)[icon]
            self.say(f"{label}: {DISK_NOTE}")
            app.commands.tell(label, [f"A disk of our Workbench: {DISK_NOTE}."])

    def say(self, text: str) -> None:
        """A message of the Workbench's, in the screen's title bar as 3.1
        shows them, kept for Last Message."""
        self.last_message = text
        self.window.show_message(text)

    def show_last_message(self) -> None:
        self.window.show_message(self.last_message)

    # -------------------------------------------------------------- snapshot
    def snapshot(self, *, window_too: bool, icons: list[Icon]) -> None:
        """Keep the places of these icons, and the window's box, with the settings."""
        for icon in icons:
            self.kept[icon] = self.window.places[icon]
        changes: dict[str, object] = {"icon_places": self._saved_places()}
        if window_too and not self.window.backdrop:
            changes["workbench_window"] = self.window.box()
        self._save(**changes)

    def unsnapshot(self) -> None:
        """The selected icons' kept places are forgotten (they are tidied at the next start)."""
        for icon in self.window.selected_icons():
            self.kept.pop(icon, None)
        self._save(icon_places=self._saved_places())

    def _saved_places(self) -> tuple[tuple[str, int, int], ...]:
        return tuple(sorted((icon.value, x, y) for icon, (x, y) in self.kept.items()))

    def _save(self, **changes) -> None:
        problem = self.app.storage.change_settings(**changes)
        if problem:
            self.app.commands.tell("Saved Data", [problem])

    # ------------------------------------------------------- registration
    def open_from_menu(self) -> None:
        self.app.wm.to_front(self.window)
        self.app.wm.activate(self.window)

    def tick(self) -> None:
        """The Workbench's own clock (its title's messages) runs in its window."""

    def drop(self, paths: list[str]) -> bool:
        return False  # files dropped go to the viewer or the Replay window

    def manual_page(self) -> str | None:
        return self.page if self.app.wm.active is self.window else None

    # ------------------------------------------------------ the whole bench
    def toggle_backdrop(self) -> None:
        """The screen's backdrop, or a window of its own (at the box
        Snapshot kept): Workbench closes its window and opens it again so."""
        app, window = self.app, self.window
        backdrop = not window.backdrop
        app.wm.close(window)
        window.set_backdrop(backdrop, kept_box(app.storage.settings.workbench_window, app.screen_mode.size))
        app.wm.open(window)
        self._save(backdrop=backdrop)

    def redraw_all(self) -> None:
        """Every window drawn again from nothing: the Workbench's icons and
        the game's board are drawn afresh instead of from their copies."""
        self.window.redraw()
        self.app.mine_window.canvas.redraw_all()

    def update(self) -> None:
        """Update (All): the Workbench reads again what is kept on disk,
        another copy's Snapshot too, and its icons go to their kept places."""
        self.app.storage.refresh_settings()
        self.kept = kept_places(self.app.storage.settings.icon_places)
        self.window.arrange(self.kept)

    def reset(self) -> None:
        """Tools > ResetWB: the Workbench's window closes and opens again,
        read afresh, with nothing selected."""
        app, window = self.app, self.window
        app.wm.close(window)
        window.select_only(None)
        self.update()
        window.redraw()
        app.wm.open(window)

    def ask_quit(self) -> None:
        """Quit...: asked first, as Workbench asks."""
        requester: Requester

        def quit_now() -> None:
            requester.close()
            self.app.request_quit()

        requester = Requester("Workbench Request", [QUIT_QUESTION], [("OK", quit_now), ("Cancel", lambda: requester.close())],
                              self.app.screen_mode.size, help_node=ManualPage.WORKBENCH)
        self.app.open_requester(requester, owner=self.window)
