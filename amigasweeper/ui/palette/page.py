"""A web browser's own accessibility settings, followed (issue 39).

The page's CSS media features say what the reader asked of their system:
``prefers-reduced-motion: reduce`` (no flash, an opening shown at once) and
``prefers-contrast: more`` (the High contrast preset and the bold cursor).
Python asks the page through Pyodide's ``js`` module, as ui/scaling/page.py
does, so the page needs no script of its own for it.

A preference replaces a setting only while it is at its default: a choice
the player made in the menus or the Palette window always wins. What it
changes is for this run and is not saved (a choice saved afterwards is the
player's own). Outside a browser nothing is asked and nothing changes.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from amigasweeper.access.colour.presets import DEFAULT, HIGH_CONTRAST
from amigasweeper.storage.settings_and_times import Settings

from ..game.boardview import BoardCanvas
from ..intuition.beep import Flash
from .control import show

if TYPE_CHECKING:
    from ..host import PageHost

LESS_MOTION = "(prefers-reduced-motion: reduce)"
MORE_CONTRAST = "(prefers-contrast: more)"
DEFAULTS = Settings()


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


def follow(app: PageHost, preferences: PagePreferences) -> list[str]:
    """Put the reader's preferences on the screen where the settings are at
    their defaults; returns the settings changed, by name, for this run."""
    settings, changed = app.storage.settings, []
    if preferences.less_motion:
        if settings.flash == DEFAULTS.flash:
            app.screen.flash = Flash.NONE
            changed.append("flash")
        if settings.ripple == DEFAULTS.ripple:
            BoardCanvas.instant = True
            changed.append("ripple")
    if preferences.more_contrast:
        palette = app.palette.palette
        if palette.preset is DEFAULT and not palette.edited:
            palette = replace(palette, preset=HIGH_CONTRAST)
            changed.append("palette")
        if palette.cursor == DEFAULTS.cursor:
            palette = replace(palette, cursor="bold")
            changed.append("cursor")
        app.palette.palette = palette
        show(palette)
    return changed
