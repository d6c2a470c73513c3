"""The keyboard's way through the program (issue 32): F10 walks the active
window's menus (intuition/menuwalk.py), F9 cycles the windows and Tab lights
gadgets (intuition/keyfocus.py). The app asks ``take`` first each frame; a
frame it uses reaches no window."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from ..intuition.input import Frame
from ..intuition.keyfocus import FocusRing, cycle_windows
from ..intuition.menuwalk import WALK_KEY, MenuWalk

if TYPE_CHECKING:
    from ..host import KeyboardHost

HELP_KEYS = (pyxel.KEY_F1, getattr(pyxel, "KEY_HELP", pyxel.KEY_F1))


class KeyboardControl:
    def __init__(self, app: KeyboardHost) -> None:
        self.app = app
        self.walk = MenuWalk()
        self.ring = FocusRing()

    def take(self, frame: Frame) -> bool:
        app = self.app
        if self.walk.walking:
            self._walk(frame)
            return True
        if app.open_menus_strip is not None:
            return False  # menus held open with the mouse
        if frame.plain_key(WALK_KEY):
            strip = app.menus
            app.open_menus_strip = strip
            self.walk.start(strip)
            return True
        if cycle_windows(app.wm, frame):
            return True
        return self.ring.take(frame, app.wm.active)

    def _walk(self, frame: Frame) -> None:
        if frame.key(*HELP_KEYS):
            self.app.open_manual()  # the manual's page on the menu being walked
            self.walk.stop()
        else:
            self.walk.update(frame)
        if not self.walk.walking and self.app.open_menus_strip is not None:
            self.app.open_menus_strip = None

    def draw(self) -> None:
        self.ring.follow(self.app.wm.active)  # a window closed or left this frame takes its light along
        self.ring.draw()
