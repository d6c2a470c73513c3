"""The AmigaGuide viewer: a Workbench window like MultiView showing a guide.

Button row (Contents, Index, Help, Retrace, Browse <, Browse >, ghosted when
they cannot act), the page laid out by amigasweeper.guide, links drawn as
bevelled buttons, proportional scrollers down the right and along the bottom,
and keys: Up/Down a line, Left/Right a column sideways (with Shift a
window's width), Page Up/Page Down/Space a page, Home/End, the mouse wheel,
Tab and Shift-Tab between links (paging to those beyond the window), Return
to follow, Backspace to retrace, / to find, N to find the next, G to go to a
page by name, Esc to close (or to stop a search). The window has size and
zoom gadgets; its text reflows when it is resized. The window title is the
page's title, as MultiView's is.

Links into other guides are found by Amiga path rules from the folder of the
guide that holds them; one that leads out of the folder tree the reader
opened asks first. Actions that would run a program are shown and refused.
A guide's problems are on a page of their own (:meth:`GuideViewer.show_problems`),
never in place of its MAIN page.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pyxel

from amigasweeper.guide import (
    ActionKind,
    DisplayLine,
    Document,
    LineStore,
    Link,
    Node,
    PageLayout,
    Pen as GuidePen,
    Run,
    Target,
    parse_file,
    problems_page,
)
from amigasweeper.guide.ilbm import is_iff_picture
from amigasweeper.guide.parser import decode_text
from amigasweeper.guide.paths import PICTURE_LIMIT, GuideFolder, Resolved, read_guide
from amigasweeper.plainfiles import read as read_plain, shown

from .. import collector
from ..intuition import font
from ..intuition.atlas import FONT
from ..intuition.gfx import bevel
from ..intuition.input import Button, Frame
from ..intuition.modes import Look
from ..intuition.palette import Pen
from ..intuition.requester import Choice, Requester, TextButton
from ..intuition.widgets import Widget
from ..intuition.window import BORDER, TITLE_H, Window
from ..intuition.menus import MenuItem
from ..intuition.menustrip import MenuStrip
from .finding import Finder
from .escaped import EscapedText
from .pictureview import PicturePage, is_picture_name, picture_page, screen_palette
from .menus import VIEWER_MENUS, ViewerCommand
from .opening import Chrome, opening_inner, wrap_rows
from .pageview import BACKGROUND_WORK, Layouts, Place, blank_beside, visible_runs
from .pens import GUIDE_PENS, SCREEN_COLOURS, screen_pen, text_pens
from .scrollers import SCROLLER_W, HScroller, Scroller

__all__ = ["GUIDE_PENS", "SCROLLER_W", "GuideViewer", "Place", "Scroller", "open_guide_file", "screen_pen"]

# A page line: a link's bevel (a pixel of edge and a pixel of space around its
# text) fits inside its own line with a pixel to spare, so a bevel never touches
# the text or the bevel of the line above or below.
LINK_PAD = 2  # from a link's text to its bevel's outside edge
LINE_H = FONT.cell + 2 * LINK_PAD + 1
PAGE_INSET_X = LINK_PAD + 1  # from the page's frame to its text: a link's bevel never meets the frame
PAGE_INSET_Y = 1
# A big guide is indexed in the background, pieces of INDEX_WORK line commands
# for up to INDEX_BUDGET seconds a frame: 60,000 nodes are all known after a few
# seconds of reading, so a Find started then searches at once.
INDEX_WORK = 100
INDEX_BUDGET = 0.004
FREEZE_EVERY = 60
# On a LowRes screen the viewer opens below the MineSweeper window's title bar
# (that window settles at y 16; its bar is 11 high), so the game can be brought
# forward with a click; a HighRes screen (this tall or more) has room for both.
LOWRES_TOP = 28
EMBED_LIMIT = 1 << 20  # bytes of a file an @embed line shows
HIGHRES_HEIGHT = 400
MIN_W, MIN_H = 150, 90  # the size gadget's limit: the buttons and a few lines of text  # frames of background layout between two freezes (collector.freeze_alive)


@dataclass(frozen=True)
class Destination:
    """Where a button leads: a page of a guide, or (``document`` None) a
    guide outside the reader's folder tree, opened only if the reader says so."""

    document: Document | None
    node: Node | None
    path: Path | None = None
    node_name: str = ""

MARGIN = 4
BUTTON_GAP = 2
GHOST_BUTTON_H = 13
# The viewer's measures around its page, for the size it opens at (opening.py).
CHROME = Chrome(margin=MARGIN, button_gap=BUTTON_GAP, button_h=GHOST_BUTTON_H, scroller=SCROLLER_W + 2,
                inset_x=PAGE_INSET_X, inset_y=PAGE_INSET_Y, line_h=LINE_H)


class GhostButton(TextButton):
    """A button row gadget that is ghosted when it cannot act."""

    def __init__(self, label: str, action: Callable[[], None], can_act: Callable[[], bool]) -> None:
        super().__init__(label, action)
        self.can_act = can_act
        self.h = GHOST_BUTTON_H

    def on_press(self, frame: Frame, button: Button) -> None:
        if self.can_act():
            super().on_press(frame, button)

    def draw(self) -> None:
        super().draw()
        if not self.can_act():
            pyxel.dither(0.5)
            pyxel.rect(self.ax + 2, self.ay + 2, self.w - 4, self.h - 4, Pen.GREY)
            pyxel.dither(1.0)


class PageArea(Widget):
    """The text of the page; clicking a link button follows it."""

    def __init__(self, viewer: GuideViewer) -> None:
        super().__init__()
        self.viewer = viewer
        self.held: Link | None = None

    def link_at(self, px: int, py: int) -> Link | None:
        viewer = self.viewer
        row = (py - self.ay - PAGE_INSET_Y) // LINE_H + viewer.place.top
        if not 0 <= row < viewer.total_lines:
            return None
        column = (px - self.ax - PAGE_INSET_X) // FONT.cell + viewer.place.left
        return viewer.lines[row].link_at(column)

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is Button.LEFT:
            self.held = self.link_at(frame.x, frame.y)

    def on_release(self, frame: Frame, button: Button) -> None:
        link, self.held = self.held, None
        if link is not None and self.link_at(frame.x, frame.y) is link:
            self.viewer.follow(link)

    def draw(self) -> None:
        self.viewer.draw_page(self.ax, self.ay)


class GuideViewer(Window):
    """A guide in a window. ``on_close`` is called when the viewer closes;
    ``on_beep`` flashes the screen for a BEEP button; ``ask`` shows a
    requester (for a link out of the guide's folder); ``look`` says which
    look the screen has, for the colours of raw pen numbers."""

    keeps_tab = True  # Tab walks the page's links (intuition/keyfocus.py)

    title = EscapedText()  # a page's title, from the guide
    status = EscapedText()  # often names a link's target or a node

    def __init__(
        self,
        document: Document,
        screen_size: tuple[int, int],
        *,
        on_close: Callable[[], None],
        on_beep: Callable[[], None],
        on_depth: Callable[[], None],
        start: Node | None = None,
        ask: Callable[[Requester], None] | None = None,
        look: Callable[[], Look] = lambda: Look.KICKSTART3,
    ) -> None:
        super().__init__("AmigaGuide", 0, 0, 100, 100, on_close=self.close, on_depth=on_depth)
        self.on_closed = on_close
        self.on_beep = on_beep
        self.ask = ask
        self.look = look
        self.closed = False
        self.status = ""
        self.history: list[Place] = []
        self.focus: int | None = None  # index into the visible page's links
        self.following_end = False  # End pressed while the page was still being laid out
        # (node, columns, layout) of a page laid out from a line far down: see ``view``.
        self.segment: tuple[Node, int, PageLayout] | None = None
        self._frames_laying_out = 0
        self.drawn_chars = 0  # characters drawn by the last frame (a work count for tests)
        self.layouts = Layouts()
        self.finder = Finder(self)
        self.pictures: dict[int, PicturePage] = {}  # picture pages shown, by id of their node
        self._node_totals: dict[int, int] = {}  # lines of long pages, counted for the scroller
        self._embeds_from(document)
        # The folder tree the reader opened: links leaving it ask first (guide/paths.py).
        self.tree = GuideFolder(document.folder) if document.folder else None
        self.guides: dict[Path, Document] = {}
        self._destinations: dict[tuple[int, str], Destination | None] = {}
        self.buttons = [
            self.add(GhostButton("Contents", self.contents, lambda: self.contents_target() is not None)),
            self.add(GhostButton("Index", self.index, lambda: self.index_target() is not None)),
            self.add(GhostButton("Help", self.help, lambda: self.help_target() is not None)),
            self.add(GhostButton("Retrace", self.retrace, lambda: bool(self.history))),
            self.add(GhostButton("Browse <", self.browse_prev, lambda: self.prev_target() is not None)),
            self.add(GhostButton("Browse >", self.browse_next, lambda: self.next_target() is not None)),
        ]
        self.page = self.add(PageArea(self))
        self.enable_sizing(MIN_W, MIN_H)
        self.enable_zoom()
        self.scroller = self.add(Scroller(self))
        self.hscroller = self.add(HScroller(self))
        first = start or document.main or problems_page(document)
        self.place = Place(document, first)
        self.title = first.title
        self.screen_size = screen_size
        if document.problems and first is document.main:
            self.status = "This guide has problems: Navigate menu, Problems"
        self.relayout()

    @property
    def document(self) -> Document:
        return self.place.document

    # --------------------------------------------------------------- layout
    def relayout(self) -> None:
        """Place the window (at the size the reader gave it, else the default
        for the screen) and lay out its gadgets and page; the page reflows to
        the new width from the line at the top."""
        shown_line = self.top_node_line() if self.page.w else 0
        old_columns = self.columns if self.page.w else 0
        screen_w, screen_h = self.screen_size
        if self.sized:
            self.resize_inner(*self._inner_for(*self.fit_size(self.w, self.h)))
            self.settle(self.x, self.y)
        else:  # the guide's own size (@width, @height), as MultiView opens it: opening.py
            top = LOWRES_TOP if screen_h < HIGHRES_HEIGHT else 14
            room = (screen_w - 2 * 4 - 4, screen_h - top - 6 - 13)
            self.resize_inner(*opening_inner(self.document, room, [b.w for b in self.buttons], CHROME))
            self.settle(4, top)
        y = self.inner_y + MARGIN
        for row in wrap_rows([b.w for b in self.buttons], self.inner_w - 2 * MARGIN, BUTTON_GAP):
            x = self.inner_x + MARGIN
            for button in (self.buttons[index] for index in row):
                button.x, button.y = x, y
                x += button.w + BUTTON_GAP
            y += self.buttons[row[0]].h + BUTTON_GAP
        text_top = y - BUTTON_GAP + MARGIN
        self.page.x, self.page.y = self.inner_x + MARGIN, text_top
        self.page.w = self.inner_w - 2 * MARGIN - SCROLLER_W - 2
        self.page.h = self.inner_y + self.inner_h - MARGIN - text_top - SCROLLER_W - 2
        self.scroller.x, self.scroller.y = self.page.x + self.page.w + 2, text_top
        self.scroller.h = self.page.h
        self.hscroller.x, self.hscroller.y = self.page.x, self.page.y + self.page.h + 2
        self.hscroller.w = self.page.w
        if old_columns and old_columns != self.columns:
            self.segment = None
            self.go_to_node_line(shown_line)
        else:
            self.scroll_to(self.place.top)
        self.scroll_sideways_to(self.place.left)

    def _inner_for(self, w: int, h: int) -> tuple[int, int]:
        return w - 2 * self.border, h - TITLE_H - BORDER

    def on_resized(self) -> None:
        """The size or zoom gadget changed the window: lay it out again, reflowing the text."""
        self.relayout()

    @property
    def columns(self) -> int:
        return max(10, (self.page.w - 2 * PAGE_INSET_X) // FONT.cell)

    @property
    def rows(self) -> int:
        """Page lines shown: one fewer while a status message takes the last line, so it covers no text."""
        return max(1, (self.page.h - PAGE_INSET_Y) // LINE_H - (1 if self.status else 0))

    @property
    def layout(self) -> PageLayout:
        return self.layouts.get(self.place.node, self.columns)

    @property
    def view(self) -> PageLayout:
        """The layout shown: the page from its top, or from a line far down
        that the reader jumped to (End, a link's line, a find), until the
        layout from the top gets there."""
        segment = self.segment
        if segment is not None and segment[0] is self.place.node and segment[1] == self.columns:
            return segment[2]
        return self.layout

    @property
    def lines(self) -> list[DisplayLine]:
        """The shown screen lines laid out so far (at least the visible ones)."""
        view = self.view
        view.ensure(self.place.top + self.rows + 1)
        return view.lines

    @property
    def total_lines(self) -> int:
        """Lines laid out so far: the whole page once the layout is complete."""
        return len(self.lines)

    @property
    def widest(self) -> int:
        return self.view.widest

    @property
    def top(self) -> int:
        return self.place.top

    @property
    def left(self) -> int:
        return self.place.left

    def tick(self) -> None:
        """Each frame: index a little more of a big guide and lay out a little
        more of the page, in the background."""
        busy = self.document.indexing or self.finder.busy
        if self.finder.busy:
            self.finder.tick()
        elif self.document.indexing:
            deadline = time.perf_counter() + INDEX_BUDGET
            while not self.document.index_more(INDEX_WORK) and time.perf_counter() < deadline:
                pass
        layout, view = self.layout, self.view
        if view is not layout:
            self._rejoin(layout, view)
        if self.following_end and not view.done:
            view.advance(BACKGROUND_WORK)
            self._place_top(len(view.lines))
        if not layout.done:
            layout.advance(BACKGROUND_WORK)
            busy = True
        if busy:
            self._frames_laying_out += 1
            # A search or the index makes thousands of long-lived objects a
            # frame: frozen at once (a cheap list splice), the collector never
            # scans them in a frame of its own.
            if self.finder.busy or self.document.indexing or self._frames_laying_out % FREEZE_EVERY == 0:
                # The lines laid out so far live as long as the page: keep
                # the cycle collector from scanning them again and again,
                # which froze frames of a page of 180,000 lines for a second.
                # (Guides and layouts hold no cycles; thawed on close.)
                collector.freeze_alive()

    # ------------------------------------------------------------ navigation
    def show(self, node: Node, line: int = 0, *, remember: bool = True, document: Document | None = None) -> None:
        if remember:
            top = self.place.top if self.view is self.layout else -1
            self.history.append(Place(self.document, self.place.node, top, self.place.left, self.top_node_line()))
        self.place = Place(document or self.document, node)
        self.title = node.title
        self.focus = None
        self.status = ""
        self.following_end = False
        self.segment = None
        if line:
            self.go_to_node_line(line)
        else:
            self.scroll_to(0)

    # A jump further than this many lines past what is laid out is laid out
    # from near its target (at once), not from the top of the page.
    JUMP_FAR = 1500
    JUMP_CONTEXT = 40  # lines laid out above a line jumped to
    END_WORK = 20_000  # layout done at once for End before the view follows it frame by frame

    def go_to_node_line(self, node_line: int) -> None:
        """Show the page from its line ``node_line`` (counted from 0), laid out
        by whichever layout is nearest to it, or from near it when none is."""
        layout, view = self.layout, self.view
        choices = [layout] + ([view] if view is not layout and view.start <= node_line else [])

        def gap(choice: PageLayout) -> int:
            if choice.reaches(node_line):
                return 0
            return node_line - (choice.lines[-1].node_line if choice.lines else choice.start)

        best = min(choices, key=gap)
        if gap(best) > self.JUMP_FAR and self._can_anchor():
            self._anchor(max(0, node_line - self.JUMP_CONTEXT))
            best = self.view
        elif best is layout:
            self.segment = None
        self.scroll_to(best.line_for(node_line))

    def vertical_axis(self) -> tuple[int, int, int, Callable[[int], None]]:
        """(total, shown, first shown, move to) for the vertical scroller: in
        screen lines once the page is laid out to its end; before that in the
        page's own lines (counted at once without reading them), so the knob
        is where the reader is and dragging it lands at once anywhere."""
        layout, node = self.layout, self.place.node
        if layout.done or not self._can_anchor():
            return self.total_lines, self.rows, self.top, self.scroll_to
        total = self._node_totals.get(id(node))
        if total is None:
            total = self._node_totals[id(node)] = node.lines.total()
        return max(total, self.rows), self.rows, self.top_node_line(), self.go_to_node_line

    def top_node_line(self) -> int:
        """The line of the node at the top of the view (counted from 0)."""
        lines = self.view.lines
        return lines[min(self.place.top, len(lines) - 1)].node_line if lines else 0

    def scroll_home(self) -> None:
        self.segment = None
        self.scroll_to(0)
        self.scroll_sideways_to(0)

    def _can_anchor(self) -> bool:
        return isinstance(self.place.node.lines, LineStore)

    def _anchor(self, start: int) -> None:
        node = self.place.node
        if start <= 0:
            self.segment = None
        else:
            self.segment = (node, self.columns, PageLayout(node, self.columns, start))

    def _rejoin(self, layout: PageLayout, view: PageLayout) -> None:
        """Back to the layout from the top once it covers the line shown."""
        lines = view.lines
        shown = lines[min(self.place.top, len(lines) - 1)].node_line if lines else view.start
        if layout.reaches(shown) and not self.following_end:
            self.segment = None
            self.place.top = layout.index_of(shown)

    def _reanchor_above(self, view: PageLayout, top: int) -> int:
        """Scrolling up past the first line of a layout begun far down: begin it
        further up; the new top, where the old one's line now is."""
        first = view.lines[0].node_line if view.lines else view.start
        self._anchor(max(0, view.start - 2 * max(-top, self.rows)))
        new = self.view
        new.line_for(first)
        return new.index_of(first) + top

    # The targets of the buttons: @toc, @index, @help, @next and @prev may
    # name a page of another guide, found as a link's file is.
    def contents_target(self) -> Destination | None:
        node, document = self.place.node, self.document
        found = self._destination(node.toc) or self._destination(document.toc)
        return found or (Destination(document, document.main) if document.main else None)

    def index_target(self) -> Destination | None:
        return self._destination(self.place.node.index) or self._destination(self.document.index)

    def help_target(self) -> Destination | None:
        return self._destination(self.place.node.help) or self._destination(self.document.help)

    def prev_target(self) -> Destination | None:
        return self._browse(self.place.node.prev, -1)

    def next_target(self) -> Destination | None:
        return self._browse(self.place.node.next, 1)

    def _browse(self, named: str | None, step: int) -> Destination | None:
        node, document = self.place.node, self.document
        if not document.holds(node):
            return None  # a page of the viewer's own, such as the problems page
        if named:
            return self._destination(named)
        other = document.browse_next(node) if step > 0 else document.browse_prev(node)
        return Destination(document, other) if other is not None else None

    def _destination(self, reference: str | None) -> Destination | None:
        """Where a node reference leads, from the guide shown; None if nowhere.
        References into other files are looked up once and remembered, as
        the buttons ask every frame whether they can act."""
        if not reference:
            return None
        document = self.document
        where = document.locate(reference)
        if where.file is None:
            node = document.node(where.node)
            return Destination(document, node) if node is not None else None
        key = (id(document), reference)
        if key not in self._destinations:
            self._destinations[key] = self._find_other(where)
        return self._destinations[key]

    def _find_other(self, where: Target) -> Destination | None:
        found = self._resolve(where.file)
        if found is None or found.path is None or found.reason:
            return None
        if found.outside:
            return Destination(None, None, found.path, where.node)  # asked about when chosen
        document = self._guide(found.path)
        node = document.node(where.node)
        return Destination(document, node) if node is not None else None

    def _go(self, target: Destination | None) -> None:
        if target is None:
            return
        if target.document is None:
            if self.ask is not None:
                self._ask_to_leave(Resolved(target.path, outside=True), target.node_name, 0)
        elif target.node is not self.place.node:
            self.show(target.node, document=target.document)

    def contents(self) -> None:
        self._go(self.contents_target())

    def index(self) -> None:
        self._go(self.index_target())

    def help(self) -> None:
        self._go(self.help_target())

    def browse_prev(self) -> None:
        self._go(self.prev_target())

    def browse_next(self) -> None:
        self._go(self.next_target())

    def show_problems(self) -> None:
        """The page listing the guide's problems (the Navigate menu's Problems)."""
        self.show(problems_page(self.document, root=self.tree.root if self.tree is not None else None))

    def retrace(self) -> None:
        if self.history:
            place = self.history.pop()
            self.show(place.node, remember=False, document=place.document)
            if place.top < 0:
                self.go_to_node_line(place.line)  # it was shown from a layout begun far down
            else:
                self.scroll_to(place.top)
            self.scroll_sideways_to(place.left)

    def follow(self, link: Link) -> None:
        """Do what a link button says; programs are never run."""
        kind = link.kind
        if kind.runs_program:
            self.status = f"Not run: {kind.value} {link.target}"[:60]
        elif kind is ActionKind.BEEP:
            self.on_beep()
        elif kind in (ActionKind.CLOSE, ActionKind.QUIT):
            self.close()
        elif not link.target:
            self.status = "This button leads nowhere"
        else:
            where = self.document.locate(link.target)
            if where.file is not None:
                self.follow_file(where, link.line)
                return
            target = self.document.node(where.node)
            if target is None:
                self.status = f"No page called {where.node}"[:60]
            else:
                self.show(target, link.line)

    def _resolve(self, file: str) -> Resolved | None:
        """Where a link's file part leads by the rules of guide/paths.py
        (None for a guide read from memory: no folder to look in)."""
        if self.tree is None or not self.document.folder:
            return None
        return self.tree.resolve(file, self.document.folder)

    def follow_file(self, where: Target, line: int = 0) -> None:
        """A link into another guide: found by Amiga path rules from this one's folder."""
        found = self._resolve(where.file)
        if found is None:
            self.status = f"No guide called {where.file}"[:60]
        elif found.reason:
            self.status = f"Not opened: {where.file} {found.words}"[:60]
        elif found.outside and self.ask is not None:
            self._ask_to_leave(found, where.node, line)
        elif found.outside:
            self.status = f"Not opened: {where.file} is outside the guide's folder"[:60]
        else:
            self.open_other(found.path, where.node, line)

    def _ask_to_leave(self, found: Resolved, node: str, line: int) -> None:
        """A warning naming the host file the link resolves to: Return and Esc
        both cancel, and only a click on Open opens it."""
        requester: Requester

        def open_it() -> None:
            requester.close()
            self.open_other(found.path, node, line, inside=False)

        def cancel() -> None:
            requester.close()
            self.status = "Not opened"

        lines = ["This link leads out of the guide's folder, to", found.shown,
                 "Open it only if you trust the guide."]
        choices = [Choice("Open", open_it, mouse_only=True), Choice("Cancel", cancel)]
        requester = Requester("Leave the Guide's Folder?", lines, choices, self.screen_size, default=-1)
        self.ask(requester)

    def _guide(self, path: Path, inside: bool = True) -> Document:
        """The guide at ``path`` (a real path), read (lazily) the first time
        only: inside the folder by its rules, else as a guide the reader chose."""
        if path not in self.guides:
            reader = self.tree.read if inside and self.tree is not None else read_guide
            self.guides[path] = parse_file(path, lazy=True, read=reader)
            self._embeds_from(self.guides[path])
        return self.guides[path]

    def _embeds_from(self, document: Document) -> None:
        """Let the guide's @embed lines show the text of the files they name."""
        document.embedder = lambda name: self.embed_text(document, name)

    def embed_text(self, document: Document, name: str) -> str:
        """The text an ``@embed`` line of ``document`` shows: the file it names,
        found and read by the folder's rules, or a line saying why not."""
        if self.tree is None or not document.folder:
            return f"[{name} is not embedded: this guide has no folder]"
        found = self.tree.resolve(name, document.folder, limit=EMBED_LIMIT)
        if found.path is None or found.reason or found.outside:
            why = "it is outside the guide's folder" if found.outside and not found.reason else found.reason
            return f"[{name} is not embedded: {why or 'not found'}]"
        try:
            data = self.tree.read(found.path, EMBED_LIMIT)
        except OSError as error:
            return f"[{name} is not embedded: {error}]"
        if is_iff_picture(data) or is_picture_name(name):
            return f"[{name} is a picture: a link to it shows it]"
        return decode_text(data).rstrip("\n")

    def open_other(self, path: Path, node: str, line: int = 0, *, inside: bool = True) -> None:
        """Show ``node`` of the guide at ``path`` (read once, lazily) in this
        window; a picture file is shown as a page of its own."""
        if is_picture_name(path.name):
            self.open_picture(path, inside=inside)
            return
        document = self._guide(path, inside)
        if document.problems and not document.nodes:
            self.status = document.problems[0].message[:60]
            return
        target = document.node(node) or document.main
        if target is None:
            self.status = f"{path.name} has no pages"[:60]
            return
        self.show(target, line if target.name.lower() == node.lower() else 0, document=document)

    def open_picture(self, path: Path, *, inside: bool = True) -> None:
        """A picture a link leads to, read by the folder's rules (at most
        PICTURE_LIMIT bytes), shown dithered to the screen's colours."""
        name = shown(path.name)
        try:
            data = self.tree.read(path, PICTURE_LIMIT) if inside and self.tree is not None else read_plain(path, PICTURE_LIMIT)
        except OSError as error:
            self.status = f"Not shown: {error}"[:60]
            return
        room = (self.page.w - 2 * PAGE_INSET_X, self.page.h - 2 * PAGE_INSET_Y)
        page = picture_page(name, data, room, screen_palette(SCREEN_COLOURS.get(self.look(), 8)))
        reachable = {id(self.place.node), *(id(place.node) for place in self.history)}
        self.pictures = {key: kept for key, kept in self.pictures.items() if key in reachable}  # the rest free their images
        self.pictures[id(page.node)] = page
        self.show(page.node)

    # ------------------------------------------------------------------ menus
    @property
    def menu_strip(self) -> MenuStrip:
        """The viewer's own menus (Project, Navigate), shown while it is in front."""
        if getattr(self, "_menu_strip", None) is None:
            self._menu_strip = MenuStrip(VIEWER_MENUS, checked=lambda item: False,
                                         enabled=self.menu_enabled, on_select=self.menu_select)
        return self._menu_strip

    def _menu_actions(self) -> dict[ViewerCommand, tuple[Callable[[], None], Callable[[], bool]]]:
        always = lambda: True  # noqa: E731
        return {
            ViewerCommand.CLOSE: (self.close, always),
            ViewerCommand.CONTENTS: (self.contents, lambda: self.contents_target() is not None),
            ViewerCommand.INDEX: (self.index, lambda: self.index_target() is not None),
            ViewerCommand.HELP: (self.help, lambda: self.help_target() is not None),
            ViewerCommand.RETRACE: (self.retrace, lambda: bool(self.history)),
            ViewerCommand.BROWSE_PREV: (self.browse_prev, lambda: self.prev_target() is not None),
            ViewerCommand.BROWSE_NEXT: (self.browse_next, lambda: self.next_target() is not None),
            ViewerCommand.PROBLEMS: (self.show_problems, always),
            ViewerCommand.FIND: (self.finder.ask_find, lambda: self.ask is not None),
            ViewerCommand.FIND_NEXT: (self.finder.find_next, lambda: self.ask is not None),
            ViewerCommand.GO_TO: (self.finder.ask_node, lambda: self.ask is not None),
            # Open, About and Quit belong to the program around the viewer (helpviewer/control.py).
            **{command: (action, always) for command, action in getattr(self, "program_actions", {}).items()},
        }

    def menu_enabled(self, item: MenuItem) -> bool:
        entry = self._menu_actions().get(item.command)
        return entry is not None and entry[1]()

    def menu_select(self, item: MenuItem) -> None:
        if self.menu_enabled(item):
            self._menu_actions()[item.command][0]()

    # -------------------------------------------------------------- scrolling
    def scroll_to(self, top: int) -> None:
        """Show the page from line ``top`` (the reader's choice: End's
        following of a growing page stops)."""
        self.following_end = False
        self._place_top(top)

    def _place_top(self, top: int) -> None:
        view = self.view
        if top < 0 and view.start > 0:
            top = self._reanchor_above(view, top)
            view = self.view
        known = view.ensure(max(0, top) + self.rows)
        self.place.top = max(0, min(top, known - self.rows))

    def scroll_by(self, lines: int) -> None:
        self.scroll_to(self.place.top + lines)

    def scroll_to_end(self) -> None:
        """End: the last line laid out; while the page is still being laid
        out, the view keeps to its end as more arrives."""
        layout, node = self.layout, self.place.node
        if not layout.done and self._can_anchor():
            total = node.lines.total()
            known = layout.lines[-1].node_line if layout.lines else 0
            if total - known > self.JUMP_FAR:
                self._anchor(max(0, total - self.JUMP_CONTEXT))
        view = self.view
        view.advance(self.END_WORK)
        self._place_top(len(view.lines))
        self.following_end = not view.done

    def scroll_sideways_to(self, left: int) -> None:
        self.place.left = max(0, min(left, self.widest - self.columns))

    def scroll_sideways(self, columns: int) -> None:
        self.scroll_sideways_to(self.place.left + columns)

    def visible_links(self) -> list[tuple[int, Run]]:
        found = []
        lines = self.lines
        for row in range(self.place.top, min(len(lines), self.place.top + self.rows)):
            found += [(row, run) for run, _c, _t in visible_runs(lines[row], self.place.left, self.columns)
                      if run.link is not None]
        return found

    TAB_REACH = 2000  # lines Tab looks through beyond the window for the next button

    def move_focus(self, step: int) -> None:
        """Tab: the next button on screen; past the last one, the page scrolls to
        the next button below (Shift-Tab: above); with none, round again."""
        links = self.visible_links()
        if self.focus is None and links:
            self.focus = 0 if step > 0 else len(links) - 1
            return
        if self.focus is not None and 0 <= self.focus + step < len(links):
            self.focus += step
            return
        row = self._link_row_beyond(step)
        if row is None:
            self.focus = (0 if step > 0 else len(links) - 1) if links else None
            return
        self.scroll_to(row if step > 0 else row - self.rows + 1)
        links = self.visible_links()
        rows = [index for index, (link_row, _run) in enumerate(links) if link_row == row]
        self.focus = (rows[0] if step > 0 else rows[-1]) if rows else None

    def _link_row_beyond(self, step: int) -> int | None:
        """The first line with a button below the window (step 1) or above it (-1)."""
        view, top = self.view, self.place.top
        if step > 0:
            first = top + self.rows
            view.ensure(first + self.TAB_REACH)
            rows = range(first, min(len(view.lines), first + self.TAB_REACH))
        else:
            rows = range(top - 1, max(-1, top - 1 - self.TAB_REACH), -1)
        return next((row for row in rows if any(run.link is not None for run in view.lines[row].runs)), None)

    def ask_requester(self, requester: Requester) -> None:
        if self.ask is not None:
            self.ask(requester)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            collector.thaw()
            self.on_closed()

    # ------------------------------------------------------------------ keys
    def on_key(self, frame: Frame) -> bool:
        if frame.key(pyxel.KEY_UP):
            self.scroll_by(-1)
        if frame.key(pyxel.KEY_DOWN):
            self.scroll_by(1)
        sideways = self.columns if frame.shift else 1
        if frame.key(pyxel.KEY_LEFT):
            self.scroll_sideways(-sideways)
        if frame.key(pyxel.KEY_RIGHT):
            self.scroll_sideways(sideways)
        if frame.key(pyxel.KEY_PAGEUP):
            self.scroll_by(-self.rows)
        if frame.key(pyxel.KEY_PAGEDOWN, pyxel.KEY_SPACE):
            self.scroll_by(self.rows)
        if frame.key(pyxel.KEY_HOME):
            self.scroll_home()
        if frame.key(pyxel.KEY_END):
            self.scroll_to_end()
        if frame.wheel:
            self.scroll_by(-3 * frame.wheel)
        if frame.key(pyxel.KEY_TAB):
            self.move_focus(-1 if frame.shift else 1)
        if frame.key(pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER) and self.focus is not None:
            links = self.visible_links()
            if self.focus < len(links):
                self.follow(links[self.focus][1].link)
        if frame.key(pyxel.KEY_BACKSPACE):
            self.retrace()
        # The Search menu and Browse without the Amiga key, for browsers that
        # keep Alt or Command with some letters for themselves (Command-N opens
        # a window, Alt-F and Alt-V open a browser's menus): / finds, N finds
        # the next, G goes to a page by name, B and V browse.
        if frame.key(pyxel.KEY_SLASH) and not frame.shift:
            self.finder.ask_find()
        if frame.key(pyxel.KEY_N):
            self.finder.find_next()
        if frame.key(pyxel.KEY_G):
            self.finder.ask_node()
        if frame.key(pyxel.KEY_B):
            self.browse_prev()
        if frame.key(pyxel.KEY_V):
            self.browse_next()
        if frame.key(pyxel.KEY_ESCAPE):
            if self.finder.busy:
                self.finder.cancel()  # Esc stops a search first; again, it closes
            else:
                self.close()
        return True

    # ------------------------------------------------------------------ draw
    def draw_interior(self) -> None:
        bevel(self.page.ax - 1, self.page.ay - 1, self.page.w + 2, self.page.h + 2, recessed=True)

    def draw_status(self, x0: int, y0: int) -> None:
        """A message about the last action, on the line below the text shown."""
        if self.status:
            y = y0 + PAGE_INSET_Y + self.rows * LINE_H + LINK_PAD
            font.draw_text(x0 + PAGE_INSET_X, y, self.status[: self.columns], Pen.WHITE, bg=Pen.BLUE)

    def draw_page(self, x0: int, y0: int) -> None:
        picture = self.pictures.get(id(self.place.node))
        if picture is not None and picture.image is not None:
            image = picture.image
            pyxel.clip(x0, y0, self.page.w, self.page.h)
            pyxel.blt(x0 + (self.page.w - image.width) // 2, y0 + (self.page.h - image.height) // 2, image,
                      0, 0, image.width, image.height)
            self.draw_status(x0, y0)
            pyxel.clip()
            return
        pyxel.clip(x0, y0, self.page.w, self.page.h)
        links = self.visible_links() if self.focus is not None else []
        focused = links[self.focus][1] if self.focus is not None and self.focus < len(links) else None
        hovered = self.page.link_at(pyxel.mouse_x, pyxel.mouse_y) if self.page.contains(pyxel.mouse_x, pyxel.mouse_y) else None
        lines, left, columns = self.lines, self.place.left, self.columns + 1
        self.drawn_chars = 0
        look = self.look()
        for screen_row, row in enumerate(range(self.place.top, min(len(lines), self.place.top + self.rows))):
            y = y0 + PAGE_INSET_Y + screen_row * LINE_H + LINK_PAD
            for run, column, text in visible_runs(lines[row], left, columns):
                lit = run is focused or (run.link is not None and run.link is hovered)
                room = blank_beside(lines[row], run) if run.link is not None else (True, True)
                self.draw_run(x0 + PAGE_INSET_X + column * FONT.cell, y, run, text, lit, look, room)
                self.drawn_chars += len(text)
            for start, end in self.finder.spans(lines, row):
                self.draw_found(x0, y, lines[row].text, start, end)
        self.draw_status(x0, y0)
        pyxel.clip()

    def draw_found(self, x0: int, y: int, text: str, start: int, end: int) -> None:
        """The match found, white on the fill pen, as a selection is shown."""
        left = self.place.left
        start, end = max(start, left), min(end, left + self.columns + 1)
        if start < end:
            font.draw_text(x0 + PAGE_INSET_X + (start - left) * FONT.cell, y, text[start:end], Pen.WHITE, bg=Pen.BLUE)

    def draw_run(self, x: int, y: int, run: Run, text: str, lit: bool, look: Look,
                 room: tuple[bool, bool] = (True, True)) -> None:
        """A run of text; a link as a button, whose bevel reaches LINK_PAD
        into the cells beside it only where they are blank (``room``)."""
        style = run.style
        pen, bg = text_pens(style.fg, style.bg, look)
        if run.link is not None:
            width = font.text_width(text)
            pad_left, pad_right = (LINK_PAD if blank else 0 for blank in room)
            bevel(x - pad_left, y - LINK_PAD, width + pad_left + pad_right, FONT.cell + 2 * LINK_PAD, recessed=lit,
                  fill=Pen.BLUE if lit else Pen.GREY)
            # On the button's grey; white for a button that will not act.
            pen, _grey = text_pens(style.fg, GuidePen.BACKGROUND, look)
            if run.link.kind.runs_program or (run.link.kind.navigates and not run.link.target):
                pen = Pen.WHITE
            bg = None
        elif bg == Pen.GREY:
            bg = None  # the page is already grey: only coloured paper is drawn
        font.draw_text(x, y, text, pen, bold=style.bold, italic=style.italic, underline=style.underline, bg=bg)


def open_guide_file(path: str | Path) -> tuple[Document, Node]:
    """A guide to show and the page to show first: its MAIN page, whatever
    its problems (they are on their own page); the problems page only when
    the file has no page at all."""
    document = parse_file(path, lazy=True)
    return document, document.main or problems_page(document)
