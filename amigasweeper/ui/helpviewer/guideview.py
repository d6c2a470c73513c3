"""The AmigaGuide viewer: a Workbench window like MultiView showing a guide.

Button row (Contents, Index, Help, Retrace, Browse <, Browse >, ghosted when
they cannot act), the page laid out by amigasweeper.guide, links drawn as
bevelled buttons, a proportional scroller, and keys: cursor and page keys,
Home/End, the mouse wheel, Tab and Shift-Tab between links, Return to follow,
Esc to close. Actions that would run a program are shown and refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pyxel

from amigasweeper.guide import (
    ActionKind,
    DisplayLine,
    Document,
    Link,
    Node,
    Pen as GuidePen,
    Run,
    layout_node,
    line_for,
    parse_file,
    problems_page,
    validate_links,
)

from ..intuition import font
from ..intuition.atlas import FONT
from ..intuition.gfx import bevel
from ..intuition.input import Button, Frame
from ..intuition.palette import Pen
from ..intuition.requester import TextButton
from ..intuition.widgets import Widget
from ..intuition.window import Window

# A page line: a link's bevel (a pixel of edge and a pixel of space around its
# text) fits inside its own line with a pixel to spare, so a bevel never touches
# the text or the bevel of the line above or below.
LINK_PAD = 2  # from a link's text to its bevel's outside edge
LINE_H = FONT.cell + 2 * LINK_PAD + 1
PAGE_INSET_X = LINK_PAD + 1  # from the page's frame to its text: a link's bevel never meets the frame
PAGE_INSET_Y = 1
SCROLLER_W = 11
MARGIN = 4
BUTTON_GAP = 2

GUIDE_PENS = {
    GuidePen.TEXT: Pen.BLACK,
    GuidePen.SHINE: Pen.WHITE,
    GuidePen.SHADOW: Pen.BLACK,
    GuidePen.FILL: Pen.BLUE,
    GuidePen.FILLTEXT: Pen.BLACK,
    GuidePen.BACKGROUND: Pen.GREY,
    GuidePen.HIGHLIGHT: Pen.WHITE,
}


def screen_pen(pen) -> int | None:
    """A guide's pen (a DrawInfo name or a number) as one of the screen's pens."""
    if pen is None:
        return None
    if isinstance(pen, GuidePen):
        return GUIDE_PENS[pen]
    return int(pen) % 8


@dataclass
class Place:
    """Where the viewer is: a page and the first line shown."""

    node: Node
    top: int = 0


class GhostButton(TextButton):
    """A button row gadget that is ghosted when it cannot act."""

    def __init__(self, label: str, action: Callable[[], None], can_act: Callable[[], bool]) -> None:
        super().__init__(label, action)
        self.can_act = can_act
        self.h = 13

    def on_press(self, frame: Frame, button: Button) -> None:
        if self.can_act():
            super().on_press(frame, button)

    def draw(self) -> None:
        super().draw()
        if not self.can_act():
            pyxel.dither(0.5)
            pyxel.rect(self.ax + 2, self.ay + 2, self.w - 4, self.h - 4, Pen.GREY)
            pyxel.dither(1.0)


class Scroller(Widget):
    """A proportional gadget: the knob's size is the visible share of the page.

    ``viewer`` is anything scrollable: total_lines, rows, top, scroll_by, scroll_to.
    """

    def __init__(self, viewer) -> None:
        super().__init__(0, 0, SCROLLER_W, 10)
        self.viewer = viewer
        self.grab: int | None = None  # pointer offset into the knob while dragging

    def knob(self) -> tuple[int, int]:
        total, shown = self.viewer.total_lines, self.viewer.rows
        track = self.h - 4
        if total <= shown:
            return 0, track
        size = max(6, track * shown // total)
        top = (track - size) * self.viewer.top // max(1, total - shown)
        return top, size

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is not Button.LEFT:
            return
        top, size = self.knob()
        offset = frame.y - (self.ay + 2)
        if top <= offset < top + size:
            self.grab = offset - top
        else:
            self.viewer.scroll_by(self.viewer.rows if offset >= top + size else -self.viewer.rows)

    def on_drag(self, frame: Frame) -> None:
        if self.grab is None:
            return
        top, size = self.knob()
        track = self.h - 4
        wanted = frame.y - (self.ay + 2) - self.grab
        room = max(1, track - size)
        span = max(0, self.viewer.total_lines - self.viewer.rows)
        self.viewer.scroll_to(round(max(0, min(room, wanted)) * span / room))

    def on_release(self, frame: Frame, button: Button) -> None:
        self.grab = None

    def draw(self) -> None:
        x, y = self.ax, self.ay
        bevel(x, y, self.w, self.h, recessed=True, fill=Pen.GREY)
        top, size = self.knob()
        bevel(x + 2, y + 2 + top, self.w - 4, size, fill=Pen.BLUE)


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
        column = (px - self.ax - PAGE_INSET_X) // FONT.cell
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
    ``on_beep`` flashes the screen for a BEEP button."""

    def __init__(
        self,
        document: Document,
        screen_size: tuple[int, int],
        *,
        on_close: Callable[[], None],
        on_beep: Callable[[], None],
        on_depth: Callable[[], None],
        start: Node | None = None,
    ) -> None:
        super().__init__(Path(document.source_name).name if document.source_name else "AmigaGuide", 0, 0, 100, 100, on_close=self.close, on_depth=on_depth)
        self.document = document
        self.on_closed = on_close
        self.on_beep = on_beep
        self.closed = False
        self.status = ""
        self.history: list[Place] = []
        self.focus: int | None = None  # index into the visible page's links
        self._layout_cache: dict[tuple[int, int], list[DisplayLine]] = {}
        self.buttons = [
            self.add(GhostButton("Contents", self.contents, lambda: self.contents_target() is not None)),
            self.add(GhostButton("Index", self.index, lambda: self.index_target() is not None)),
            self.add(GhostButton("Help", self.help, lambda: self.help_target() is not None)),
            self.add(GhostButton("Retrace", self.retrace, lambda: bool(self.history))),
            self.add(GhostButton("Browse <", self.browse_prev, lambda: self.prev_target() is not None)),
            self.add(GhostButton("Browse >", self.browse_next, lambda: self.next_target() is not None)),
        ]
        self.page = self.add(PageArea(self))
        self.scroller = self.add(Scroller(self))
        first = start or document.main or problems_page(document)
        self.place = Place(first)
        self.screen_size = screen_size
        self.relayout()

    # --------------------------------------------------------------- layout
    def relayout(self) -> None:
        screen_w, screen_h = self.screen_size
        self.x, self.y = 4, 14
        self.resize_inner(screen_w - 2 * self.x - 4, screen_h - self.y - 6 - 13)
        x, y, row_w = self.inner_x + MARGIN, self.inner_y + MARGIN, self.inner_w - 2 * MARGIN
        for button in self.buttons:
            if x + button.w > self.inner_x + MARGIN + row_w:
                x, y = self.inner_x + MARGIN, y + button.h + BUTTON_GAP
            button.x, button.y = x, y
            x += button.w + BUTTON_GAP
        text_top = y + self.buttons[-1].h + MARGIN
        self.page.x, self.page.y = self.inner_x + MARGIN, text_top
        self.page.w = self.inner_w - 2 * MARGIN - SCROLLER_W - 2
        self.page.h = self.inner_y + self.inner_h - MARGIN - text_top
        self.scroller.x, self.scroller.y = self.page.x + self.page.w + 2, text_top
        self.scroller.h = self.page.h
        self.scroll_to(self.place.top)

    @property
    def columns(self) -> int:
        return max(10, (self.page.w - 2 * PAGE_INSET_X) // FONT.cell)

    @property
    def rows(self) -> int:
        return max(1, (self.page.h - PAGE_INSET_Y) // LINE_H)

    @property
    def lines(self) -> list[DisplayLine]:
        key = (id(self.place.node), self.columns)
        if key not in self._layout_cache:
            self._layout_cache[key] = layout_node(self.place.node, self.columns)
        return self._layout_cache[key]

    @property
    def total_lines(self) -> int:
        return len(self.lines)

    @property
    def top(self) -> int:
        return self.place.top

    # ------------------------------------------------------------ navigation
    def show(self, node: Node, line: int = 0, *, remember: bool = True) -> None:
        if remember:
            self.history.append(Place(self.place.node, self.place.top))
        self.place = Place(node)
        self.focus = None
        self.status = ""
        self.scroll_to(line_for(self.lines, line) if line else 0)

    def contents_target(self) -> Node | None:
        return self.document.contents_for(self.place.node)

    def index_target(self) -> Node | None:
        return self.document.index_for(self.place.node)

    def help_target(self) -> Node | None:
        return self.document.help_for(self.place.node)

    def prev_target(self) -> Node | None:
        return self.document.browse_prev(self.place.node) if self.place.node in self.document.nodes else None

    def next_target(self) -> Node | None:
        return self.document.browse_next(self.place.node) if self.place.node in self.document.nodes else None

    def _go(self, target: Node | None) -> None:
        if target is not None and target is not self.place.node:
            self.show(target)

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

    def retrace(self) -> None:
        if self.history:
            place = self.history.pop()
            self.show(place.node, remember=False)
            self.scroll_to(place.top)

    def follow(self, link: Link) -> None:
        """Do what a link button says; programs are never run."""
        kind = link.kind
        if kind.runs_program:
            self.status = f"Not run: {kind.value} {link.target}"[:60]
        elif kind is ActionKind.BEEP:
            self.on_beep()
        elif kind in (ActionKind.CLOSE, ActionKind.QUIT):
            self.close()
        elif link.file and not self.document.names_this_file(link.file):
            self.follow_file(link)
        else:
            target = self.document.resolve(link)
            if target is None:
                self.status = f"No page called {link.node}"
            else:
                self.show(target, link.line)

    def follow_file(self, link: Link) -> None:
        """A link into another guide beside this one: open it in this window."""
        base = Path(self.document.source_name or ".").parent
        path = base / link.file
        if not path.is_file():
            self.status = f"No guide called {link.file}"
            return
        self.document = parse_file(path)
        self._layout_cache.clear()
        self.show(self.document.node(link.node) or self.document.main or problems_page(self.document))

    # -------------------------------------------------------------- scrolling
    def scroll_to(self, top: int) -> None:
        self.place.top = max(0, min(top, self.total_lines - self.rows))

    def scroll_by(self, lines: int) -> None:
        self.scroll_to(self.place.top + lines)

    def visible_links(self) -> list[tuple[int, Run]]:
        found = []
        for row in range(self.place.top, min(self.total_lines, self.place.top + self.rows)):
            found += [(row, run) for run in self.lines[row].runs if run.link is not None]
        return found

    def move_focus(self, step: int) -> None:
        links = self.visible_links()
        if not links:
            self.focus = None
            return
        self.focus = (0 if step > 0 else -1) if self.focus is None else self.focus + step
        self.focus %= len(links)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.on_closed()

    # ------------------------------------------------------------------ keys
    SCROLL_KEYS = {pyxel.KEY_UP: -1, pyxel.KEY_DOWN: 1}

    def on_key(self, frame: Frame) -> bool:
        for key, lines in self.SCROLL_KEYS.items():
            if frame.key(key):
                self.scroll_by(lines)
        if frame.key(pyxel.KEY_PAGEUP, pyxel.KEY_LEFT):
            self.scroll_by(-self.rows)
        if frame.key(pyxel.KEY_PAGEDOWN, pyxel.KEY_RIGHT, pyxel.KEY_SPACE):
            self.scroll_by(self.rows)
        if frame.key(pyxel.KEY_HOME):
            self.scroll_to(0)
        if frame.key(pyxel.KEY_END):
            self.scroll_to(self.total_lines)
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
        if frame.key(pyxel.KEY_ESCAPE):
            self.close()
        return True

    # ------------------------------------------------------------------ draw
    def draw_interior(self) -> None:
        bevel(self.page.ax - 1, self.page.ay - 1, self.page.w + 2, self.page.h + 2, recessed=True)
        if self.status:
            y = self.ay + self.inner_y + self.inner_h - 1
            font.draw_text(self.page.ax, y - FONT.cell, self.status, Pen.WHITE, bg=Pen.BLUE)

    def draw_page(self, x0: int, y0: int) -> None:
        pyxel.clip(x0, y0, self.page.w, self.page.h)
        links = self.visible_links() if self.focus is not None else []
        focused = links[self.focus][1] if self.focus is not None and self.focus < len(links) else None
        hovered = self.page.link_at(pyxel.mouse_x, pyxel.mouse_y) if self.page.contains(pyxel.mouse_x, pyxel.mouse_y) else None
        for screen_row, row in enumerate(range(self.place.top, min(self.total_lines, self.place.top + self.rows))):
            y = y0 + PAGE_INSET_Y + screen_row * LINE_H + LINK_PAD
            for run in self.lines[row].runs:
                lit = run is focused or (run.link is not None and run.link is hovered)
                self.draw_run(x0 + PAGE_INSET_X + run.column * FONT.cell, y, run, lit)
        pyxel.clip()

    def draw_run(self, x: int, y: int, run: Run, lit: bool) -> None:
        style = run.style
        pen = screen_pen(style.fg) if style.fg is not None else Pen.BLACK
        bg = screen_pen(style.bg)
        if run.link is not None:
            width = font.text_width(run.text)
            pad = LINK_PAD
            bevel(x - pad, y - pad, width + 2 * pad, FONT.cell + 2 * pad, recessed=lit, fill=Pen.BLUE if lit else Pen.GREY)
            if run.link.kind.runs_program:
                pen = Pen.WHITE  # shown, but it will not run
            bg = None
        font.draw_text(x, y, run.text, pen, bold=style.bold, italic=style.italic, underline=style.underline, bg=bg)


def open_guide_file(path: str | Path) -> tuple[Document, Node]:
    """A dropped guide and the page to show first: its problems if it has any."""
    document = parse_file(path)
    problems = [*document.problems, *validate_links(document)]
    if problems or document.main is None:
        return document, problems_page(document, problems)
    return document, document.main

