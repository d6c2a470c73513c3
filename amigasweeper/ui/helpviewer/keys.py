"""The help viewer's keys, in the order a frame takes them.

Up/Down a line, Left/Right a column sideways (with Shift a window's width),
Page Up/Page Down/Space a page, Home/End, the mouse wheel, Tab and
Shift-Tab between links, Return to follow, Backspace to retrace, / to find,
N to find the next, G to go to a page by name, B and V to browse, R to
have the Narrator read the lines shown, Esc to close (or to stop a search
first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from ..intuition.input import Frame

if TYPE_CHECKING:
    from .guideview import GuideViewer


def press_keys(viewer: GuideViewer, frame: Frame) -> None:
    scroll_keys(viewer, frame)
    if frame.key(pyxel.KEY_TAB):
        viewer.move_focus(-1 if frame.shift else 1)
    if frame.key(pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER) and viewer.focus is not None:
        links = viewer.visible_links()
        if viewer.focus < len(links):
            viewer.follow(links[viewer.focus][1].link)
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


def scroll_keys(viewer: GuideViewer, frame: Frame) -> None:
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
