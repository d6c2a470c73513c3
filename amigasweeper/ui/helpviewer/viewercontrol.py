"""Opening and closing the help viewer: the game waits while it is open (its
board hidden as in Pause), its menus, and the requester that opens a guide
from a path typed by the player."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from amigasweeper import __version__, plainfiles
from amigasweeper.guide import Document, ManualPage, Node, load_manual
from amigasweeper.guide.paths import GUIDE_LIMIT
from amigasweeper.guide.savetext import save_page
from amigasweeper.plainfiles import shown
from amigasweeper.play.clock import PauseReason

from ..intuition import asl
from ..intuition.menustrip import MenuStrip
from ..intuition.requester import Requester, shorten_middle
from ..intuition.stringgadget import StringGadget
from ..windowcontrol import WindowControl
from ..windowkind import WindowKind
from .guideview import GuideViewer, open_guide_file
from .viewermenus import ViewerCommand

if TYPE_CHECKING:
    from ..host import ViewerHost

PATH_CHARS = 255  # the longest path the Open requester takes
PATH_GADGET_CHARS = 30  # characters shown at once: the requester fits a LowRes screen
NAME_CHARS = 24  # of a file's name in a message saying why it is not opened


class ViewerControl(WindowControl):
    app: ViewerHost
    kind = WindowKind.HELP_VIEWER
    pauses = PauseReason.HELP
    page = ManualPage.VIEWER

    def __init__(self, app: ViewerHost, start_dir: Path | None = None) -> None:
        super().__init__(app)
        self.start_dir = start_dir  # relative paths typed in Open are found from here
        self.window: GuideViewer | None = None
        self.alone = False  # `--guide FILE`: the viewer is the program, and closing it ends it

    def open_from_menu(self) -> None:
        """The manual at its contents (Help with nothing more particular in view)."""
        document = load_manual()
        self.open(document, document.main)

    def open(self, document: Document, page: Node | None = None) -> None:
        """Show a guide in the viewer window (replacing the one shown); the game
        waits, its board hidden, until the viewer closes."""
        app = self.app
        viewer = GuideViewer(
            document,
            app.screen_mode.size,
            on_close=self.closed,
            on_beep=app.screen.beep,
            on_depth=lambda: app.wm.depth(viewer),
            start=page,
            ask=app.open_requester,
            look=lambda: app.look,
        )
        viewer.menus = self.menus_for(viewer)
        self.open_window(viewer)

    def closed(self) -> None:
        super().closed()
        if self.alone and not self.app.wm.is_open(self.app.mine_window):
            self.app.request_quit()  # the viewer was the program, as MultiView is

    def tick(self) -> None:
        if self.window is not None:
            self.window.tick()

    def drop(self, paths: list[str]) -> bool:
        """A guide dropped on the program opens here."""
        guides = [p for p in paths if p.lower().endswith(".guide")]
        if guides:
            self.open(*open_guide_file(guides[0]))
        return bool(guides)

    def menus_for(self, viewer: GuideViewer) -> MenuStrip:
        """The viewer's own menus, with the program's part of Project added."""
        viewer.program_actions = {
            ViewerCommand.OPEN: self.ask_file if asl.available() else self.ask_path,
            ViewerCommand.SAVE_AS: self.ask_save,
            ViewerCommand.ABOUT: self.about,
            ViewerCommand.QUIT: self.app.request_quit,
        }
        return viewer.menu_strip

    # ------------------------------------------------------------ requesters
    def guide_folder(self) -> Path | None:
        viewer = self.window
        return Path(viewer.navigation.document.folder) if viewer is not None and viewer.navigation.document.folder else None

    def places(self) -> list[Path]:
        """The volumes this window's file requesters add (the guide's folder),
        the same for Open and Save As, so a folder has one name in both."""
        folder = self.guide_folder() or self.start_dir
        return [folder] if folder else []

    def ask_file(self) -> None:
        """Project > Open: the ASL file requester, from the guide's folder."""
        folder = self.guide_folder() or self.start_dir
        requester = asl.FileRequester(
            "Open Guide", self.app.screen_mode.size, on_choose=self.open_chosen, mode=asl.RequestMode.OPEN,
            drawer=folder, pattern="#?", places=self.places(), ask=self.app.open_requester,
            help_node=ManualPage.VIEWER)
        self.app.open_requester(requester, owner=self.window)

    def open_chosen(self, path: Path) -> str | None:
        """A guide chosen in the file requester: shown, or what was wrong with it."""
        why = plainfiles.why_not(path, GUIDE_LIMIT)
        if why:  # the name, shortened, then the reason whole: a long folder never hides it
            return f"{shorten_middle(shown(path.name), NAME_CHARS)} {why}"
        self.open(*open_guide_file(path))
        return None

    def ask_save(self) -> None:
        """Project > Save As: the page shown, as plain text, to a file the reader chooses."""
        viewer = self.window
        if viewer is None:
            return
        if not asl.available():
            viewer.status = "No files in a browser: nothing saved"
            return
        name = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in viewer.navigation.place.node.name)[:40] + ".txt"
        folder = self.guide_folder() or self.start_dir
        requester = asl.FileRequester(
            "Save Page As", self.app.screen_mode.size, on_choose=self.save_chosen, mode=asl.RequestMode.SAVE,
            drawer=folder, file=name, pattern="#?", places=self.places(), ask=self.app.open_requester,
            help_node=ManualPage.VIEWER)
        self.app.open_requester(requester, owner=viewer)

    def save_chosen(self, path: Path) -> str | None:
        """Write the page shown to ``path`` (the requester asked before replacing a file)."""
        viewer = self.window
        if viewer is None:
            return None
        try:
            save_page(viewer.navigation.place.node, path)
        except OSError as error:
            return f"Not saved: {error.strerror or error}"[:60]
        viewer.status = f"Saved {shown(path.name)}"[:60]
        return None

    def ask_path(self) -> None:
        """Project > Open: a requester for the path of a guide to show."""
        gadget = StringGadget("", "", PATH_GADGET_CHARS, PATH_CHARS)

        def ok() -> None:
            problem = self.open_path(gadget.text)
            if problem:
                requester.say(problem)
            else:
                requester.close()

        requester = Requester(
            "Open Guide",
            ["Path of an AmigaGuide file:"],
            [("Open", ok), ("Cancel", lambda: requester.close())],
            self.app.screen_mode.size,
            gadgets=[gadget],
            help_node=ManualPage.VIEWER,
        )
        self.app.open_requester(requester, owner=self.window)

    def open_path(self, text: str) -> str:
        """Open the guide at a typed path; the problem in words, or "" when shown."""
        text = text.strip()
        if not text:
            return "Type the path of a .guide file."
        path = Path(text).expanduser()
        if not path.is_absolute() and self.start_dir is not None:
            path = self.start_dir / path
        return self.open_chosen(path) or ""  # a plain file of bounded size, as the file requester's

    def about(self) -> None:
        viewer = self.window
        name = viewer.title if viewer is not None else ""
        lines = [f"AmigaGuide viewer of AmigaSweeper {__version__}", f"Showing: {name}"[:36]]
        requester = Requester("About", lines, [("OK", lambda: requester.close())], self.app.screen_mode.size,
                              help_node=ManualPage.VIEWER)
        self.app.open_requester(requester, owner=viewer)
