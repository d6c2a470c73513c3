"""The help viewer's menus, after MultiView's, as data (no pyxel)."""

from __future__ import annotations

from enum import Enum

from ..intuition.menus import Menu, MenuItem


class ViewerCommand(str, Enum):
    OPEN = "viewer_open"
    ABOUT = "viewer_about"
    QUIT = "viewer_quit"
    CONTENTS = "viewer_contents"
    INDEX = "viewer_index"
    HELP = "viewer_help"
    RETRACE = "viewer_retrace"
    BROWSE_PREV = "viewer_browse_prev"
    BROWSE_NEXT = "viewer_browse_next"


VIEWER_MENUS: tuple[Menu, ...] = (
    Menu(
        "Project",
        (
            MenuItem("Open...", ViewerCommand.OPEN, "O"),
            MenuItem("About...", ViewerCommand.ABOUT, "?", bar_before=True),
            MenuItem("Quit", ViewerCommand.QUIT, "Q", bar_before=True),
        ),
    ),
    Menu(
        "Navigate",
        (
            MenuItem("Contents", ViewerCommand.CONTENTS, "C"),
            MenuItem("Index", ViewerCommand.INDEX, "I"),
            MenuItem("Help", ViewerCommand.HELP, "H"),
            MenuItem("Retrace", ViewerCommand.RETRACE, "R", bar_before=True),
            MenuItem("Browse <", ViewerCommand.BROWSE_PREV, "B"),
            MenuItem("Browse >", ViewerCommand.BROWSE_NEXT, "F"),
        ),
    ),
)
