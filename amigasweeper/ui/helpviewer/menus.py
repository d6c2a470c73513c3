"""The help viewer's menus, as data (no pyxel): MultiView's Navigate menu and
the page of the guide's problems."""

from __future__ import annotations

from enum import Enum

from ..intuition.menus import Menu, MenuItem


class ViewerCommand(str, Enum):
    CLOSE = "close"
    CONTENTS = "contents"
    INDEX = "index"
    HELP = "help"
    RETRACE = "retrace"
    BROWSE_PREV = "browse_prev"
    BROWSE_NEXT = "browse_next"
    PROBLEMS = "problems"


VIEWER_MENUS = (
    Menu("Project", (MenuItem("Close", ViewerCommand.CLOSE),)),
    Menu(
        "Navigate",
        (
            MenuItem("Contents", ViewerCommand.CONTENTS),
            MenuItem("Index", ViewerCommand.INDEX),
            MenuItem("Help", ViewerCommand.HELP),
            MenuItem("Retrace", ViewerCommand.RETRACE),
            MenuItem("Browse <", ViewerCommand.BROWSE_PREV),
            MenuItem("Browse >", ViewerCommand.BROWSE_NEXT),
            MenuItem("Problems", ViewerCommand.PROBLEMS, bar_before=True),
        ),
    ),
)
