"""The help viewer's menus, after MultiView's, as data (no pyxel): Project
(open another guide, about, close the window, quit the program), Navigate
(the viewer's buttons and the page of the guide's problems) and Search (find
text, find it again, go to a page by name)."""

from __future__ import annotations

from enum import Enum

from ..intuition.menus import Menu, MenuItem


class ViewerCommand(str, Enum):
    OPEN = "open"
    SAVE_AS = "save_as"
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
    FIND = "find"
    FIND_NEXT = "find_next"
    GO_TO = "go_to"


VIEWER_MENUS: tuple[Menu, ...] = (
    Menu(
        "Project",
        (
            MenuItem("Open...", ViewerCommand.OPEN, "O"),
            MenuItem("Save As...", ViewerCommand.SAVE_AS, "A"),
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
            MenuItem("Browse >", ViewerCommand.BROWSE_NEXT, "V"),
            MenuItem("Problems", ViewerCommand.PROBLEMS, "P", bar_before=True),
        ),
    ),
    Menu(
        "Search",
        (
            MenuItem("Find...", ViewerCommand.FIND, "F"),
            MenuItem("Find Next", ViewerCommand.FIND_NEXT, "N"),
            MenuItem("Go To Page...", ViewerCommand.GO_TO, "G", bar_before=True),
        ),
    ),
)
