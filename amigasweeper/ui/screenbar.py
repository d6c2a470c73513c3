"""What the screen's title bar says: the active window's screen title; for
the game, a hint's message or the mine chance under the pointer; for a
newcomer, how to find the menus. A message too long for the bar scrolls
through it (marquee.py), from its first character when it is new."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .game.shading_legend import legend_width
from .intuition import font, pointer
from .intuition.marquee import marquee
from .intuition.requester import Requester
from .intuition.screen import SCREEN_DEPTH_W, SCREEN_TITLE

if TYPE_CHECKING:
    from .host import ScreenBarHost

# Shown in the screen bar until the player first opens a menu.
NEWCOMER_TITLE = "Hold right button: menus. F1: manual"
NEWCOMER_TOUCH_TITLE = "Long press here: menus"  # touch play: no right button


class ScreenBar:
    def __init__(self) -> None:
        self.text, self.since = "", 0  # the message shown and the frame it came

    def title(self, app: ScreenBarHost) -> str:
        """The screen bar: the active window's screen title. For the game, a
        hint's message or the chance under the pointer; for a newcomer, how to
        find the menus; else the window's own title or the screen's name."""
        active = app.wm.active
        while isinstance(active, Requester) and active.owner is not None:
            active = active.owner
        text = ""
        hints = app.mine_window.hints
        if active is app.mine_window:
            text = hints.message
            if not text and hints.show_probabilities and app.wm.active is app.mine_window:
                field = app.mine_window.field
                x, y = pointer.position()
                if field.visible and field.contains(x, y):
                    text = hints.chance_text(field.cell_under(x, y))
        if not text and not app.menus_seen:
            text = NEWCOMER_TOUCH_TITLE if app.touch_play.on else NEWCOMER_TITLE
        if not text:
            return (active.screen_title if active is not None else None) or SCREEN_TITLE
        estimated = app.mine_window.hints.estimated
        right = legend_x(app.screen.w, estimated) if app.show_legend() else app.screen.w - SCREEN_DEPTH_W
        if text != self.text:  # a new message scrolls from its first character
            self.text, self.since = text, app.frame_clock.frames
        return marquee(text, (right - 8) // font.ADVANCE, app.frame_clock.frames - self.since)


def legend_x(screen_w: int, estimated: bool = False) -> int:
    """Where the legend starts: it ends just left of the screen's depth gadget."""
    return screen_w - SCREEN_DEPTH_W - 4 - legend_width(estimated)
