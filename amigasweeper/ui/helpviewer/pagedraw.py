"""The help viewer's page on the screen: its lines, link buttons, the match
found and the status line, and the button row's ghosted buttons.

A page line is tall enough that a link's bevel (a pixel of edge and a pixel
of space around its text) fits inside its own line with a pixel to spare,
so a bevel never touches the text or the bevel of the line above or below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pyxel

from amigasweeper.guide import DrawInfoPen as GuidePen
from amigasweeper.guide import Link, StyledRun
from amigasweeper.guide.navigation import Navigation

from ..intuition import font, pointer
from ..intuition.atlas import FONT
from ..intuition.gfx import bevel
from ..intuition.input import Button, Frame
from ..intuition.modes import Look
from ..intuition.palette import Pen
from ..intuition.widgets import Widget
from .finding import Finder
from .guidepens import text_pens
from .pagescroll import PageScroll
from .pageview import blank_beside, visible_runs
from .pictureview import PicturePage


class Page(Protocol):
    """What the page needs of its viewer (guideview.GuideViewer): never the viewer itself."""

    navigation: Navigation  # the guide and where the reader is
    scroll: PageScroll  # the lines shown
    finder: Finder  # the match to mark
    pictures: dict[int, PicturePage]  # picture pages, by id of their node
    focus: int | None  # the link Tab chose, of visible_links()
    status: str
    drawn_chars: int  # characters drawn by the last frame (a work count for tests)
    look: Callable[[], Look]

    @property
    def columns(self) -> int: ...

    @property
    def rows(self) -> int: ...

    def visible_links(self) -> list[tuple[int, StyledRun]]: ...

    def follow(self, link: Link) -> None: ...

LINK_PAD = 2  # from a link's text to its bevel's outside edge
LINE_H = FONT.cell + 2 * LINK_PAD + 1
PAGE_INSET_X = LINK_PAD + 1  # from the page's frame to its text: a link's bevel never meets the frame
PAGE_INSET_Y = 1


class PageArea(Widget):
    """The text of the page; clicking a link button follows it."""

    def __init__(self, viewer: Page) -> None:
        super().__init__()
        self.viewer = viewer
        self.held: Link | None = None

    def link_at(self, px: int, py: int) -> Link | None:
        viewer = self.viewer
        row = (py - self.ay - PAGE_INSET_Y) // LINE_H + viewer.navigation.place.top
        if not 0 <= row < viewer.scroll.total_lines:
            return None
        column = (px - self.ax - PAGE_INSET_X) // FONT.cell + viewer.navigation.place.left
        return viewer.scroll.lines[row].link_at(column)

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is Button.LEFT:
            self.held = self.link_at(frame.x, frame.y)

    def on_release(self, frame: Frame, button: Button) -> None:
        link, self.held = self.held, None
        if link is not None and self.link_at(frame.x, frame.y) is link:
            self.viewer.follow(link)

    # ------------------------------------------------------------------ draw
    def draw(self) -> None:
        x0, y0 = self.ax, self.ay
        pyxel.clip(x0, y0, self.w, self.h)
        picture = self.viewer.pictures.get(id(self.viewer.navigation.place.node))
        if picture is not None and picture.image is not None:
            image = picture.image
            pyxel.blt(x0 + (self.w - image.width) // 2, y0 + (self.h - image.height) // 2, image,
                      0, 0, image.width, image.height)
        else:
            self.draw_lines(x0, y0)
        self.draw_status(x0, y0)
        pyxel.clip()

    def draw_lines(self, x0: int, y0: int) -> None:
        viewer = self.viewer
        links = viewer.visible_links() if viewer.focus is not None else []
        focused = links[viewer.focus][1] if viewer.focus is not None and viewer.focus < len(links) else None
        mouse = pointer.position()
        hovered = self.link_at(*mouse) if self.contains(*mouse) else None
        lines, left, columns, top = viewer.scroll.lines, viewer.navigation.place.left, viewer.columns + 1, viewer.navigation.place.top
        viewer.drawn_chars = 0
        look = viewer.look()
        for screen_row, row in enumerate(range(top, min(len(lines), top + viewer.rows))):
            y = y0 + PAGE_INSET_Y + screen_row * LINE_H + LINK_PAD
            for run, column, text in visible_runs(lines[row], left, columns):
                lit = run is focused or (run.link is not None and run.link is hovered)
                room = blank_beside(lines[row], run) if run.link is not None else (True, True)
                draw_run(x0 + PAGE_INSET_X + column * FONT.cell, y, run, text, lit, look, room)
                viewer.drawn_chars += len(text)
            for start, end in viewer.finder.spans(lines, row):
                self.draw_found(x0, y, lines[row].text, start, end)

    def draw_status(self, x0: int, y0: int) -> None:
        """A message about the last action, on the line below the text shown."""
        viewer = self.viewer
        if viewer.status:
            y = y0 + PAGE_INSET_Y + viewer.rows * LINE_H + LINK_PAD
            font.draw_text(x0 + PAGE_INSET_X, y, viewer.status[: viewer.columns], Pen.WHITE, bg=Pen.BLUE)

    def draw_found(self, x0: int, y: int, text: str, start: int, end: int) -> None:
        """The match found, white on the fill pen, as a selection is shown."""
        left, columns = self.viewer.navigation.place.left, self.viewer.columns
        start, end = max(start, left), min(end, left + columns + 1)
        if start < end:
            font.draw_text(x0 + PAGE_INSET_X + (start - left) * FONT.cell, y, text[start:end], Pen.WHITE, bg=Pen.BLUE)


def draw_run(x: int, y: int, run: StyledRun, text: str, lit: bool, look: Look,
             room: tuple[bool, bool] = (True, True)) -> None:
    """A run of text; a link as a button, whose bevel reaches LINK_PAD
    into the cells beside it only where they are blank (``room``)."""
    style = run.style
    pen, paper = text_pens(style.fg, style.bg, look)
    bg: Pen | None = paper  # None: no paper drawn behind the text
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
