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
from pathlib import Path

from amigasweeper.guide import Document, Link, Node, StyledRun, parse_file, problems_page
from amigasweeper.guide.navigation import Destination, Navigation, Place

from .. import collector
from ..intuition.atlas import FONT
from ..intuition.gfx import bevel
from ..intuition.ghostbutton import GhostButton
from ..intuition.input import Frame
from ..intuition.menus import MenuItem
from ..intuition.menustrip import MenuStrip
from ..intuition.modes import Look
from ..intuition.requester import Requester
from ..intuition.scrollers import SCROLLER_W, HScroller, Scroller
from ..intuition.window import BORDER, TITLE_H
from ..windowcontrol import ControlledWindow
from .escaped import EscapedText
from .finding import Finder
from .following import LinkFollower
from .keys import press_keys
from .opening import Chrome, opening_inner, wrap_rows
from .pagedraw import LINE_H, PAGE_INSET_X, PAGE_INSET_Y, PageArea
from .pagescroll import PageScroll
from .pictureview import PicturePage
from .viewermenus import VIEWER_MENUS, ViewerCommand

__all__ = ["GuideViewer", "open_guide_file"]

# A big guide is indexed in the background, pieces of INDEX_WORK line commands
# for up to INDEX_BUDGET seconds a frame: 60,000 nodes are all known after a few
# seconds of reading, so a Find started then searches at once.
INDEX_WORK = 100
INDEX_BUDGET = 0.004
FREEZE_EVERY = 60  # frames of background layout between two freezes (collector.freeze_alive)
# On a LowRes screen the viewer opens below the MineSweeper window's title bar
# (that window settles at y 16; its bar is 11 high), so the game can be brought
# forward with a click; a HighRes screen (this tall or more) has room for both.
LOWRES_TOP = 28
HIGHRES_HEIGHT = 400
MIN_W, MIN_H = 150, 90  # the size gadget's limit: the buttons and a few lines of text
MARGIN = 4
BUTTON_GAP = 2
GHOST_BUTTON_H = 13  # the button row: a little shorter than a requester's buttons
BUTTON_ROW = (("Contents", ViewerCommand.CONTENTS), ("Index", ViewerCommand.INDEX), ("Help", ViewerCommand.HELP),
              ("Retrace", ViewerCommand.RETRACE), ("Browse <", ViewerCommand.BROWSE_PREV),
              ("Browse >", ViewerCommand.BROWSE_NEXT))
# The viewer's measures around its page, for the size it opens at (opening.py).
CHROME = Chrome(margin=MARGIN, button_gap=BUTTON_GAP, button_h=GHOST_BUTTON_H, scroller=SCROLLER_W + 2,
                inset_x=PAGE_INSET_X, inset_y=PAGE_INSET_Y, line_h=LINE_H)


class GuideViewer(ControlledWindow):
    """A guide in a window. ``on_close`` is called when the viewer closes;
    ``on_beep`` flashes the screen for a BEEP button; ``ask`` shows a
    requester (for a link out of the guide's folder); ``look`` says which
    look the screen has, for the colours of raw pen numbers.

    Where the reader is and where buttons lead is ``navigation``'s
    (guide/navigation.py); which lines show, ``scroll``'s (pagescroll.py);
    the page's drawing, ``page``'s (pagedraw.py). The window lays them out,
    takes the keys and says what happened on its status line."""

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
        super().__init__("AmigaGuide", on_close=on_close, on_depth=on_depth)
        self._menu_strip: MenuStrip | None = None  # made when first asked for (menu_strip)
        self.on_beep = on_beep
        self.ask = ask
        self.look = look
        self.status = ""
        self.focus: int | None = None  # index into the visible page's links
        self.reads_asked = 0  # R presses: the Narrator reads the lines shown at each
        self._frames_laying_out = 0
        self.drawn_chars = 0  # characters drawn by the last frame (a work count for tests)
        self.navigation = Navigation(document, start)
        self.scroll = PageScroll(self.navigation, lambda: self.columns, lambda: self.rows)
        self.finder = Finder(self)
        self.pictures: dict[int, PicturePage] = {}  # picture pages shown, by id of their node
        self.links = LinkFollower(self)
        self.actions = self._actions()
        # Open, Save As, About and Quit belong to the program around the viewer (helpviewer/viewercontrol.py sets them).
        self.program_actions: dict[ViewerCommand, Callable[[], None]] = {}
        self.buttons = [self.add(GhostButton(label, *self.actions[command], GHOST_BUTTON_H)) for label, command in BUTTON_ROW]
        self.page = self.add(PageArea(self))
        self.enable_sizing(MIN_W, MIN_H)
        self.enable_zoom()
        self.scroller = self.add(Scroller(self.scroll))
        self.hscroller = self.add(HScroller(self.scroll))
        first = self.navigation.place.node
        self.title = first.title
        self.screen_size = screen_size
        if document.problems and first is document.main:
            self.status = "This guide has problems: Navigate menu, Problems"
        self.relayout()

    def next_target(self) -> Destination | None:
        return self.navigation.next_target()

    def top_node_line(self) -> int:
        return self.scroll.top_node_line()

    def go_to_node_line(self, node_line: int) -> None:
        self.scroll.go_to_node_line(node_line)

    def scroll_to(self, top: int) -> None:
        self.scroll.scroll_to(top)

    def scroll_sideways_to(self, left: int) -> None:
        self.scroll.scroll_sideways_to(left)

    def visible_links(self) -> list[tuple[int, StyledRun]]:
        return self.scroll.visible_links()

    def shown_text(self) -> str:
        """The lines shown, as one text (for the Narrator): each line's runs, in order."""
        scroll = self.scroll
        lines = scroll.lines
        shown = lines[scroll.top:min(len(lines), scroll.top + self.rows)]
        return " ".join(" ".join("".join(run.text for run in line.runs).split()) for line in shown).strip()

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
            self.resize_inner(*opening_inner(self.navigation.document, room, [b.w for b in self.buttons], CHROME))
            self.settle(4, top)
        text_top = self._place_buttons()
        self.page.x, self.page.y = self.inner_x + MARGIN, text_top
        self.page.w = self.inner_w - 2 * MARGIN - SCROLLER_W - 2
        self.page.h = self.inner_y + self.inner_h - MARGIN - text_top - SCROLLER_W - 2
        self.scroller.x, self.scroller.y = self.page.x + self.page.w + 2, text_top
        self.scroller.h = self.page.h
        self.hscroller.x, self.hscroller.y = self.page.x, self.page.y + self.page.h + 2
        self.hscroller.w = self.page.w
        if old_columns and old_columns != self.columns:
            self.scroll.segment = None
            self.go_to_node_line(shown_line)
        else:
            self.scroll_to(self.navigation.place.top)
        self.scroll_sideways_to(self.navigation.place.left)

    def _place_buttons(self) -> int:
        """The button row, wrapped to the window's width; the page's top."""
        y = self.inner_y + MARGIN
        for row in wrap_rows([b.w for b in self.buttons], self.inner_w - 2 * MARGIN, BUTTON_GAP):
            x = self.inner_x + MARGIN
            for button in (self.buttons[index] for index in row):
                button.x, button.y = x, y
                x += button.w + BUTTON_GAP
            y += self.buttons[row[0]].h + BUTTON_GAP
        return y - BUTTON_GAP + MARGIN

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

    def tick(self) -> None:
        """Each frame: index a little more of a big guide and lay out a little
        more of the page, in the background."""
        busy = self.navigation.document.indexing or self.finder.busy
        if self.finder.busy:
            self.finder.tick()
        elif self.navigation.document.indexing:
            deadline = time.perf_counter() + INDEX_BUDGET
            while not self.navigation.document.index_more(INDEX_WORK) and time.perf_counter() < deadline:
                pass
        if self.scroll.advance() or busy:
            self._frames_laying_out += 1
            # A search or the index makes thousands of long-lived objects a
            # frame: frozen at once (a cheap list splice), the collector never
            # scans them in a frame of its own.
            if self.finder.busy or self.navigation.document.indexing or self._frames_laying_out % FREEZE_EVERY == 0:
                # The lines laid out so far live as long as the page: keep
                # the cycle collector from scanning them again and again,
                # which froze frames of a page of 180,000 lines for a second.
                # (Guides and layouts hold no cycles; thawed on close.)
                collector.freeze_alive()

    # ------------------------------------------------------------ navigation
    def show(self, node: Node, line: int = 0, *, remember: bool = True, document: Document | None = None) -> None:
        left = None
        if remember:
            top = self.navigation.place.top if self.scroll.view is self.scroll.layout else -1
            left = Place(self.navigation.document, self.navigation.place.node, top, self.navigation.place.left, self.top_node_line())
        self.navigation.go(node, document, remember=left)
        self.title = node.title
        self.focus = None
        self.status = ""
        self.scroll.new_page()
        if line:
            self.go_to_node_line(line)
        else:
            self.scroll_to(0)

    def _go(self, target: Destination | None) -> None:
        if target is None:
            return
        if target.document is None:  # a guide outside the folder tree, at target.path
            if self.ask is not None and target.path is not None:
                self.links.ask_to_leave(self.ask, target.path, target.node_name, 0)
        elif target.node is not None and target.node is not self.navigation.place.node:
            self.show(target.node, document=target.document)

    def contents(self) -> None:
        self._go(self.navigation.contents_target())

    def index(self) -> None:
        self._go(self.navigation.index_target())

    def help(self) -> None:
        self._go(self.navigation.help_target())

    def browse_prev(self) -> None:
        self._go(self.navigation.prev_target())

    def browse_next(self) -> None:
        self._go(self.navigation.next_target())

    def show_problems(self) -> None:
        """The page listing the guide's problems (the Navigate menu's Problems)."""
        self.show(self.navigation.problems())

    def retrace(self) -> None:
        place = self.navigation.back()
        if place is not None:
            self.show(place.node, remember=False, document=place.document)
            if place.top < 0:
                self.go_to_node_line(place.line)  # it was shown from a layout begun far down
            else:
                self.scroll_to(place.top)
            self.scroll_sideways_to(place.left)

    def follow(self, link: Link) -> None:
        """Do what a link button says; programs are never run."""
        self.links.follow(link)

    def open_other(self, path: Path, node: str, line: int = 0, *, inside: bool = True) -> None:
        self.links.open_other(path, node, line, inside=inside)

    # ------------------------------------------------------------------ menus
    @property
    def menu_strip(self) -> MenuStrip:
        """The viewer's own menus (Project, Navigate), shown while it is in front."""
        if self._menu_strip is None:
            self._menu_strip = MenuStrip(VIEWER_MENUS, checked=lambda item: False,
                                         enabled=self.menu_enabled, on_select=self.menu_select)
        return self._menu_strip

    def _actions(self) -> dict[ViewerCommand, tuple[Callable[[], None], Callable[[], bool]]]:
        """What each command does, and whether it can act now: for the button row and the menus."""
        always = lambda: True  # noqa: E731
        can = self.navigation
        return {
            ViewerCommand.CLOSE: (self.close, always),
            ViewerCommand.CONTENTS: (self.contents, lambda: can.contents_target() is not None),
            ViewerCommand.INDEX: (self.index, lambda: can.index_target() is not None),
            ViewerCommand.HELP: (self.help, lambda: can.help_target() is not None),
            ViewerCommand.RETRACE: (self.retrace, lambda: bool(can.history)),
            ViewerCommand.BROWSE_PREV: (self.browse_prev, lambda: can.prev_target() is not None),
            ViewerCommand.BROWSE_NEXT: (self.browse_next, lambda: can.next_target() is not None),
            ViewerCommand.PROBLEMS: (self.show_problems, always),
            ViewerCommand.FIND: (self.finder.ask_find, lambda: self.ask is not None),
            ViewerCommand.FIND_NEXT: (self.finder.find_next, lambda: self.ask is not None),
            ViewerCommand.GO_TO: (self.finder.ask_node, lambda: self.ask is not None),
        }

    def _menu_entry(self, item: MenuItem) -> tuple[Callable[[], None], Callable[[], bool]] | None:
        """The action of a menu item and whether it can be done now; None for
        an item that is not the viewer's."""
        command = item.command
        if not isinstance(command, ViewerCommand):
            return None
        always = lambda: True  # noqa: E731
        program = self.program_actions.get(command)
        return (program, always) if program is not None else self.actions.get(command)

    def menu_enabled(self, item: MenuItem) -> bool:
        entry = self._menu_entry(item)
        return entry is not None and entry[1]()

    def menu_select(self, item: MenuItem) -> None:
        entry = self._menu_entry(item)
        if entry is not None and entry[1]():
            entry[0]()

    # ------------------------------------------------------------- links
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
        row = self.scroll.link_row_beyond(step)
        if row is None:
            self.focus = (0 if step > 0 else len(links) - 1) if links else None
            return
        self.scroll_to(row if step > 0 else row - self.rows + 1)
        links = self.visible_links()
        rows = [index for index, (link_row, _run) in enumerate(links) if link_row == row]
        self.focus = (rows[0] if step > 0 else rows[-1]) if rows else None

    def ask_requester(self, requester: Requester) -> None:
        if self.ask is not None:
            self.ask(requester)

    def close(self) -> None:
        if not self.closed:
            collector.thaw()  # the pages' lines go with the window
        super().close()

    # ------------------------------------------------------------------ keys
    def on_key(self, frame: Frame) -> bool:
        press_keys(self, frame)
        return True

    # ------------------------------------------------------------------ draw
    def draw_interior(self) -> None:
        bevel(self.page.ax - 1, self.page.ay - 1, self.page.w + 2, self.page.h + 2, recessed=True)


def open_guide_file(path: str | Path) -> tuple[Document, Node]:
    """A guide to show and the page to show first: its MAIN page, whatever
    its problems (they are on their own page); the problems page only when
    the file has no page at all."""
    document = parse_file(path, lazy=True)
    return document, document.main or problems_page(document)
