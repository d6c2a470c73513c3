"""What a web browser's page says its reader prefers (issue 39).

The page's CSS media features say what the reader asked of their system:
``prefers-reduced-motion: reduce`` and ``prefers-contrast: more``. Python
asks the page through Pyodide's ``js`` module, as ui/scaling/page.py does,
so the page needs no script of its own for it. Nothing here imports Pyxel:
the browser check (tools/web/media_check.py) runs it in Pyodide alone, in
headless Chromium with those preferences emulated. What the program does
with the answer is palette/page_preferences.py's.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

LESS_MOTION = "(prefers-reduced-motion: reduce)"
MORE_CONTRAST = "(prefers-contrast: more)"


@dataclass(frozen=True)
class PagePreferences:
    less_motion: bool = False
    more_contrast: bool = False


def matches(window, query: str) -> bool:
    """Whether the page's ``window.matchMedia(query)`` matches."""
    match_media = getattr(window, "matchMedia", None)
    return bool(match_media is not None and match_media(query).matches)


def ask_page(platform: str = sys.platform) -> PagePreferences:
    """What the browser's page says the reader prefers; nothing outside a
    browser, or where the page cannot be asked (an old browser)."""
    if platform != "emscripten":
        return PagePreferences()
    try:
        import js  # Pyodide's bridge to the page, present only in the browser

        return PagePreferences(matches(js.window, LESS_MOTION), matches(js.window, MORE_CONTRAST))
    except Exception:  # noqa: BLE001 - a page that cannot be asked: the saved settings alone
        return PagePreferences()


class PageWatch:
    """The two media queries listened to while the program runs: the reader
    can change their system's settings with the page open, and the page's
    ``change`` event says so. The event only notes it (``take``): the frame
    loop asks the page again and follows the new answer between frames."""

    def __init__(self, platform: str = sys.platform) -> None:
        self.pending = False
        self.listening: list = []  # the MediaQueryLists and the handler, kept alive while the program runs
        if platform == "emscripten":
            self.listening = listen(self.note)

    def note(self, _event=None) -> None:
        self.pending = True

    def take(self) -> bool:
        """Whether a preference changed since the last call."""
        pending, self.pending = self.pending, False
        return pending


def listen(on_change) -> list:
    """Add ``on_change`` as a change listener of both queries; what must be
    kept for it to go on being called, or nothing where the page cannot be
    listened to (the preferences are then those asked at the start)."""
    try:
        import js
        from pyodide.ffi import create_proxy  # a Python function the page can call after this returns

        handler = create_proxy(on_change)
        lists = [js.window.matchMedia(query) for query in (LESS_MOTION, MORE_CONTRAST)]
        for media_list in lists:
            media_list.addEventListener("change", handler)
    except Exception:  # noqa: BLE001 - an old page without change events: asked once, at the start
        return []
    return [handler, *lists]
