"""A web browser's own accessibility settings, followed (issue 39).

What the page's CSS media features ask for (palette/media.py reads them):
``prefers-reduced-motion: reduce``, no flash and an opening shown at once;
``prefers-contrast: more``, the High contrast preset and the bold cursor.

A preference replaces a setting only while it is at its default: a choice
the player made in the menus or the Palette window always wins. What it
changes is for this run and is not saved (a choice saved afterwards is the
player's own). The page is asked at the start and again whenever it says a
preference changed (media.PageWatch); only the preference that changed is
followed again, and one taken back puts the default back. Outside a browser
nothing is asked and nothing changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from amigasweeper.access.colour.presets import DEFAULT, HIGH_CONTRAST
from amigasweeper.storage.settings_and_times import Settings

from ..game.boardview import BoardCanvas
from ..intuition.beep import Flash
from .media import PagePreferences, PageWatch, ask_page
from .palettecontrol import show

if TYPE_CHECKING:
    from ..host import PageHost

DEFAULTS = Settings()


class PageFollower:
    """The page's preferences followed for the whole run: asked and followed
    at the start, then again after each change the page reports."""

    def __init__(self, app: PageHost) -> None:
        self.app = app
        self.watch = PageWatch()  # listening before asking: no change falls between the two
        self.asked = ask_page()
        follow(app, self.asked)

    def tick(self) -> None:
        """Once a frame: a change reported since the last is followed now."""
        if self.watch.take():
            before, self.asked = self.asked, ask_page()
            follow(self.app, self.asked, before)


def follow(app: PageHost, preferences: PagePreferences, before: PagePreferences = PagePreferences()) -> list[str]:
    """Put the reader's preferences that differ from ``before`` (at the start,
    nothing asked) on the screen where the settings are at their defaults; a
    preference taken back puts the default back. Returns the settings
    changed, by name, for this run."""
    changed: list[str] = []
    if preferences.less_motion != before.less_motion:
        changed += follow_motion(app, preferences.less_motion)
    if preferences.more_contrast != before.more_contrast:
        changed += follow_contrast(app, preferences.more_contrast)
    return changed


def follow_motion(app: PageHost, less: bool) -> list[str]:
    settings, changed = app.storage.settings, []
    if settings.flash == DEFAULTS.flash:
        app.screen.flash = Flash.NONE if less else Flash(DEFAULTS.flash)
        changed.append("flash")
    if settings.ripple == DEFAULTS.ripple:
        BoardCanvas.instant = less
        changed.append("ripple")
    return changed


def follow_contrast(app: PageHost, more: bool) -> list[str]:
    settings, palette, changed = app.storage.settings, app.palette.palette, []
    if settings.palette == DEFAULT.name and palette.preset in (DEFAULT, HIGH_CONTRAST) and not palette.edited:
        palette = replace(palette, preset=HIGH_CONTRAST if more else DEFAULT)
        changed.append("palette")
    if settings.cursor == DEFAULTS.cursor:
        palette = replace(palette, cursor="bold" if more else DEFAULTS.cursor)
        changed.append("cursor")
    app.palette.palette = palette
    show(palette)
    return changed
