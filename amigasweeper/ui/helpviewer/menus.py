"""The help viewer's menus, after MultiView's, as data (no pyxel): Project
(open another guide, about, close the window, quit the program) and Navigate
(the viewer's buttons and the page of the guide's problems)."""

from __future__ import annotations

from enum import Enum

from ..intuition.menus import Menu, MenuItem


class ViewerCommand(str, Enum):
    OPEN = "open"
    ABOUT = "about"
    CLOSE = "close"
    QUIT = "quit"
    CONTENTS = "contents"
    INDEX = "index"
    HELP = "help"
    RETRACE = "retrace"
    BROWSE_PREV = "browse_prev"
    BROWSE_NEXT = "browse_next"
    PROBLEMS = "problems"


VIEWER_MENUS: tuple[Menu, ...] = (
    Menu(
        "Project",
        (
            MenuItem("Open...", ViewerCommand.OPEN, "O"),
            MenuItem("About...", ViewerCommand.ABOUT, "?", bar_before=True),
            MenuItem("Close", ViewerCommand.CLOSE, "K", bar_before=True),
            MenuItem("Quit", ViewerCommand.QUIT, "Q"),
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
            MenuItem("Problems", ViewerCommand.PROBLEMS, "P", bar_before=True),
        ),
    ),
)
