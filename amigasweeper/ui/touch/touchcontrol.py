"""Whether touch play is on, and switching it.

The command line's --touch / --no-touch win over the saved setting (Settings >
Touch Controls), whose default, "auto", turns touch play on in a browser on a
touch-screen device and off everywhere else. The gestures themselves live in
the input layer (intuition/gestures.py), so every window follows them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..intuition.gestures import TouchGestures, WindowSurface
from ..intuition.input import InputReader
from ..intuition.wm import WindowManager


def is_touch_screen(platform: str = sys.platform) -> bool:
    """A browser that reports touch points (navigator.maxTouchPoints). Only the
    web build can ask; a desktop says no (SDL cannot tell a touch screen from
    a mouse before the first touch)."""
    if platform != "emscripten":
        return False
    try:
        import js  # Pyodide's bridge to the page, present only in the browser

        return int(js.navigator.maxTouchPoints or 0) > 0
    except Exception:  # an old browser, or a page without the bridge: a mouse it is
        return False


def decide(saved: str, forced: bool | None, touch_screen: Callable[[], bool] = is_touch_screen) -> bool:
    if forced is not None:
        return forced
    if saved in ("on", "off"):
        return saved == "on"
    return touch_screen()


class TouchControl:
    def __init__(self, reader: InputReader, wm: WindowManager, saved: str, forced: bool | None,
                 touch_screen: Callable[[], bool] = is_touch_screen) -> None:
        self.reader = reader
        self.wm = wm
        self.on = decide(saved, forced, touch_screen)
        self.apply()

    def apply(self) -> None:
        self.reader.gestures = TouchGestures(WindowSurface(self.wm)) if self.on else None

    def toggle(self) -> str:
        """Settings > Touch Controls: flip it; the setting to save ("on"/"off")."""
        self.on = not self.on
        self.apply()
        return "on" if self.on else "off"
