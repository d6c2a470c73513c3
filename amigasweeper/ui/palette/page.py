"""A web browser's own accessibility settings, followed (issue 39).

What the page's CSS media features ask for (palette/media.py reads them):
``prefers-reduced-motion: reduce``, no flash and an opening shown at once;
``prefers-contrast: more``, the High contrast preset and the bold cursor.

A preference replaces a setting only while it is at its default: a choice
the player made in the menus or the Palette window always wins. What it
changes is for this run and is not saved (a choice saved afterwards is the
player's own). The page is asked at the start and again whenever it says a
preference changed (media.PageWatch); a preference taken back puts the
default back. Outside a browser nothing is asked and nothing changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from amigasweeper.access.colour.presets import DEFAULT, HIGH_CONTRAST
from amigasweeper.storage.settings_and_times import Settings

from ..game.boardview import BoardCanvas
from ..intuition.beep import Flash
from .control import show
from .media import PagePreferences

if TYPE_CHECKING:
    from ..host import PageHost

DEFAULTS = Settings()


def follow(app: PageHost, preferences: PagePreferences) -> list[str]:
    """Put the reader's preferences on the screen where the settings are at
    their defaults, and take them off again when the reader takes them back
    (a change while the page runs); returns the settings changed, by name."""
    settings, changed = app.storage.settings, []
    if settings.flash == DEFAULTS.flash:
        flash = Flash.NONE if preferences.less_motion else Flash(DEFAULTS.flash)
        if app.screen.flash is not flash:
            app.screen.flash = flash
            changed.append("flash")
    if settings.ripple == DEFAULTS.ripple and BoardCanvas.instant is not preferences.less_motion:
        BoardCanvas.instant = preferences.less_motion
        changed.append("ripple")
    palette = app.palette.palette
    if settings.palette == DEFAULT.name and palette.preset in (DEFAULT, HIGH_CONTRAST) and not palette.edited:
        preset = HIGH_CONTRAST if preferences.more_contrast else DEFAULT
        if palette.preset is not preset:
            palette = replace(palette, preset=preset)
            changed.append("palette")
    if settings.cursor == DEFAULTS.cursor:
        cursor = "bold" if preferences.more_contrast else DEFAULTS.cursor
        if palette.cursor != cursor:
            palette = replace(palette, cursor=cursor)
            changed.append("cursor")
    if palette is not app.palette.palette:
        app.palette.palette = palette
        show(palette)
    return changed
