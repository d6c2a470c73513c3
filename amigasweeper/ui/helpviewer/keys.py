"""The help viewer's keys, in the order a frame takes them.

Up/Down a line, Left/Right a column sideways (with Shift a window's width),
Page Up/Page Down/Space a page, Home/End, the mouse wheel, Tab and
Shift-Tab between links, Return to follow, Backspace to retrace, / to find,
N to find the next, G to go to a page by name, B and V to browse, R to
have the Narrator read the lines shown, Esc to close (or to stop a search
first).
"""

from __future__ import annotations

from typing import Protocol

import pyxel

from amigasweeper.guide import Link, StyledRun

from ..intuition.input import Frame
from .finding import Finder
from .pagescroll import PageScroll


class Keyed(Protocol):
    """What the keys move in the viewer (guideview.GuideViewer): never the viewer itself."""

    scroll: PageScroll
    finder: Finder
    focus: int | None  # the link Tab chose, of visible_links()
    reads_asked: int  # R presses, for the Narrator

    @property
    def columns(self) -> int: ...

    @property
    def rows(self) -> int: ...

    def visible_links(self) -> list[tuple[int, StyledRun]]: ...

    def move_focus(self, step: int) -> None: ...

    def follow(self, link: Link) -> None: ...

    def retrace(self) -> None: ...

    def browse_prev(self) -> None: ...

    def browse_next(self) -> None: ...

    def close(self) -> None: ...


def press_keys(viewer: Keyed, frame: Frame) -> None:
    scroll_keys(viewer, frame)
    if frame.key(pyxel.KEY_TAB):
        viewer.move_focus(-1 if frame.shift else 1)
    if frame.key(pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER) and viewer.focus is not None:
        links = viewer.visible_links()
        link = links[viewer.focus][1].link if viewer.focus < len(links) else None
        if link is not None:  # visible_links() holds only runs with a link
            viewer.follow(link)
    if frame.key(pyxel.KEY_BACKSPACE):
        viewer.retrace()
    # The Search menu and Browse without the Amiga key, for browsers that
    # keep Alt or Command with some letters for themselves (Command-N opens
    # a window, Alt-F and Alt-V open a browser's menus).
    finder = viewer.finder
    if frame.key(pyxel.KEY_SLASH) and not frame.shift:
        finder.ask_find()
    if frame.key(pyxel.KEY_N):
        finder.find_next()
    if frame.key(pyxel.KEY_G):
        finder.ask_node()
    if frame.key(pyxel.KEY_B):
        viewer.browse_prev()
    if frame.key(pyxel.KEY_V):
        viewer.browse_next()
    if frame.key(pyxel.KEY_R):
        viewer.reads_asked += 1  # the Narrator (ui/narrator) reads the lines shown
    if frame.key(pyxel.KEY_ESCAPE):
        if finder.busy:
            finder.cancel()  # Esc stops a search first; again, it closes
        else:
            viewer.close()


def scroll_keys(viewer: Keyed, frame: Frame) -> None:
    scroll, rows = viewer.scroll, viewer.rows
    if frame.key(pyxel.KEY_UP):
        scroll.scroll_by(-1)
    if frame.key(pyxel.KEY_DOWN):
        scroll.scroll_by(1)
    sideways = viewer.columns if frame.shift else 1
    if frame.key(pyxel.KEY_LEFT):
        scroll.scroll_sideways(-sideways)
    if frame.key(pyxel.KEY_RIGHT):
        scroll.scroll_sideways(sideways)
    if frame.key(pyxel.KEY_PAGEUP):
        scroll.scroll_by(-rows)
    if frame.key(pyxel.KEY_PAGEDOWN, pyxel.KEY_SPACE):
        scroll.scroll_by(rows)
    if frame.key(pyxel.KEY_HOME):
        scroll.scroll_home()
    if frame.key(pyxel.KEY_END):
        scroll.scroll_to_end()
    if frame.wheel:
        scroll.scroll_by(-3 * frame.wheel)
