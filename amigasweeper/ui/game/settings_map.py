"""Between the saved Settings (plain strings and numbers) and the session's
Choices: play/choices.py keeps the game's choices; the window adds its look
and screen mode."""

from __future__ import annotations

from amigasweeper.play import Choices
from amigasweeper.play.choices import choice_settings, choices_from_settings

__all__ = ["choices_from_settings", "settings_changes"]


def settings_changes(choices: Choices, look: str, screen_mode: str) -> dict:
    """The fields of Settings that mirror the session (the custom size is saved apart)."""
    return {**choice_settings(choices), "look": look, "screen_mode": screen_mode}
