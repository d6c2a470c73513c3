"""Between the saved Settings (plain strings and numbers) and the session's
Choices: what the menus chose is saved with the settings and read back at start."""

from __future__ import annotations

from amigasweeper.engine import Completion, LevelError, LevelName, Shape, custom_level
from amigasweeper.storage import Settings

from .choices import Choices


def choices_from_settings(settings: Settings) -> Choices:
    try:
        custom = custom_level(settings.custom_width, settings.custom_height, settings.custom_mines)
    except LevelError:
        custom = Choices().custom
    return Choices(
        level=LevelName(settings.level),
        custom=custom,
        marks=settings.marks,
        completion=Completion(settings.completion),
        shape=Shape(settings.shape),
        no_guess=settings.no_guess,
    )


def settings_changes(choices: Choices, look: str, screen_mode: str) -> dict:
    """The fields of Settings that mirror the session (the custom size is saved apart)."""
    return {
        "level": choices.level.value,
        "marks": choices.marks,
        "completion": choices.completion.value,
        "shape": choices.shape.value,
        "no_guess": choices.no_guess,
        "look": look,
        "screen_mode": screen_mode,
    }
