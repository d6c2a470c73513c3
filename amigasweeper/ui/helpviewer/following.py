"""What the help viewer does with a link: a page of this guide or of
another one (found by the folder's rules, guide/paths.py), a picture shown
as a page, a warning before a guide outside the reader's folder tree opens,
a beep; a command that would run a program is named and refused."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from amigasweeper.guide import ActionKind, Document, Link, Node
from amigasweeper.guide.navigation import Navigation
from amigasweeper.guide.paths import PICTURE_LIMIT
from amigasweeper.guide.pictureheaders import is_picture_name
from amigasweeper.plainfiles import read as read_plain
from amigasweeper.plainfiles import shown

from ..intuition.modes import Look
from ..intuition.requester import Choice, Requester
from ..intuition.widgets import Widget
from .guidepens import SCREEN_COLOURS
from .pagedraw import PAGE_INSET_X, PAGE_INSET_Y
from .pictureview import PicturePage, picture_page, screen_palette

STATUS_CHARS = 60  # a status message fits the narrowest window


class Follows(Protocol):
    """What following a link needs of the viewer (guideview.GuideViewer): never the viewer itself."""

    navigation: Navigation  # the guide, where the reader is, and the guides a link may open
    page: Widget  # the page's area: a picture is scaled to fit it
    pictures: dict[int, PicturePage]  # picture pages, by id of their node
    status: str
    screen_size: tuple[int, int]
    ask: Callable[[Requester], None] | None  # None: no requester can be shown
    on_beep: Callable[[], None]
    look: Callable[[], Look]

    def close(self) -> None: ...

    def show(self, node: Node, line: int = 0, *, remember: bool = True, document: Document | None = None) -> None: ...

    def open_other(self, path: Path, node: str, line: int = 0, *, inside: bool = True) -> None: ...


class LinkFollower:
    """Follows links for one viewer, saying on its status line what it did not do."""

    def __init__(self, viewer: Follows) -> None:
        self.viewer = viewer

    def say(self, text: str) -> None:
        self.viewer.status = text[:STATUS_CHARS]

    def follow(self, link: Link) -> None:
        """Do what a link button says; programs are never run."""
        viewer, kind = self.viewer, link.kind
        if kind.runs_program:
            self.say(f"Not run: {kind.value} {link.target}")
        elif kind is ActionKind.BEEP:
            viewer.on_beep()
        elif kind in (ActionKind.CLOSE, ActionKind.QUIT):
            viewer.close()
        elif not link.target:
            self.say("This button leads nowhere")
        else:
            where = viewer.navigation.document.locate(link.target)
            if where.file is not None:
                self.follow_file(where.file, where.node, link.line)
                return
            target = viewer.navigation.document.node(where.node)
            if target is None:
                self.say(f"No page called {where.node}")
            else:
                viewer.show(target, link.line)

    def follow_file(self, file: str, node: str, line: int = 0) -> None:
        """A link to ``node`` of another guide, the Amiga path ``file``: found
        by Amiga path rules from this one's folder."""
        found = self.viewer.navigation.resolve(file)
        if found is None:
            self.say(f"No guide called {file}")
        elif found.reason or found.path is None:  # a Resolved without a path always gives its reason
            self.say(f"Not opened: {file} {found.words}")
        elif found.outside and (ask := self.viewer.ask) is not None:
            self.ask_to_leave(ask, found.path, node, line)
        elif found.outside:
            self.say(f"Not opened: {file} is outside the guide's folder")
        else:
            self.viewer.open_other(found.path, node, line)

    def ask_to_leave(self, ask: Callable[[Requester], None], path: Path, node: str, line: int) -> None:
        """A warning naming the host file the link resolves to: Return and Esc
        both cancel, and only a click on Open opens it."""
        requester: Requester

        def open_it() -> None:
            requester.close()
            self.viewer.open_other(path, node, line, inside=False)

        def cancel() -> None:
            requester.close()
            self.say("Not opened")

        lines = ["This link leads out of the guide's folder, to", shown(path),
                 "Open it only if you trust the guide."]
        choices: list[tuple[str, Callable[[], None]] | Choice] = [
            Choice("Open", open_it, mouse_only=True), Choice("Cancel", cancel)]
        requester = Requester("Leave the Guide's Folder?", lines, choices, self.viewer.screen_size, default=-1)
        ask(requester)

    def open_other(self, path: Path, node: str, line: int = 0, *, inside: bool = True) -> None:
        """Show ``node`` of the guide at ``path`` (read once, lazily) in the
        viewer; a picture file is shown as a page of its own."""
        if is_picture_name(path.name):
            self.open_picture(path, inside=inside)
            return
        document = self.viewer.navigation.guide(path, inside)
        if document.problems and not document.nodes:
            self.say(document.problems[0].message)
            return
        target = document.node(node) or document.main
        if target is None:
            self.say(f"{path.name} has no pages")
            return
        self.viewer.show(target, line if target.name.lower() == node.lower() else 0, document=document)

    def open_picture(self, path: Path, *, inside: bool = True) -> None:
        """A picture a link leads to, read by the folder's rules (at most
        PICTURE_LIMIT bytes), shown dithered to the screen's colours."""
        viewer = self.viewer
        read = viewer.navigation.reader(inside) or read_plain
        try:
            data = read(path, PICTURE_LIMIT)
        except OSError as error:
            self.say(f"Not shown: {error}")
            return
        room = (viewer.page.w - 2 * PAGE_INSET_X, viewer.page.h - 2 * PAGE_INSET_Y)
        page = picture_page(shown(path.name), data, room, screen_palette(SCREEN_COLOURS.get(viewer.look(), 8)))
        reachable = {id(viewer.navigation.place.node), *(id(place.node) for place in viewer.navigation.history)}
        # The pictures no page can come back to free their images.
        viewer.pictures = {key: kept for key, kept in viewer.pictures.items() if key in reachable}
        viewer.pictures[id(page.node)] = page
        viewer.show(page.node)
