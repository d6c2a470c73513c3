"""The Replay window's menus, as data (no pyxel)."""

from __future__ import annotations

from enum import Enum

from ..intuition.menus import Menu, MenuItem


class ReplayCommand(str, Enum):
    OPEN = "replay_open"
    LAST = "replay_last"
    SAVE = "replay_save"
    KEEP = "replay_keep"
    NEXT_GUESS = "replay_next_guess"
    PREVIOUS_GUESS = "replay_previous_guess"
    CLOSE = "replay_close"
    QUIT = "replay_quit"


REPLAY_MENUS: tuple[Menu, ...] = (
    Menu(
        "Replay",
        (
            MenuItem("Open...", ReplayCommand.OPEN, "O"),
            MenuItem("Last Game", ReplayCommand.LAST, "L"),
            MenuItem("Save As...", ReplayCommand.SAVE, "A"),
            MenuItem("Keep Replay", ReplayCommand.KEEP, "P"),
            MenuItem("Next Guess", ReplayCommand.NEXT_GUESS, "G", bar_before=True),
            MenuItem("Previous Guess", ReplayCommand.PREVIOUS_GUESS, "B"),
            MenuItem("Close", ReplayCommand.CLOSE, "K", bar_before=True),
            MenuItem("Quit", ReplayCommand.QUIT, "Q"),
        ),
    ),
)
