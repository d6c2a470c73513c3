"""Where the mouse pointer is on the screen.

Pyxel tells where the pointer is on the display (its framebuffer). The
Workbench screen can be dragged down by its title bar (screen.py), and then
a point of the screen shows lower on the display, by the screen's top edge:
every widget works in screen coordinates, which are the display's less that
edge. Nothing but this module (and the input reader, through it) turns one
into the other.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel


@dataclass
class ScreenPlace:
    """How far the screen is dragged down on the display (Intuition's
    Screen.TopEdge); the screen sets it, everything else reads it."""

    top: int = 0


PLACE = ScreenPlace()


def position() -> tuple[int, int]:
    """The pointer in screen coordinates (above the screen, y is negative)."""
    return pyxel.mouse_x, pyxel.mouse_y - PLACE.top


def display_position(x: int, y: int) -> tuple[int, int]:
    """Where a point of the screen shows on the display."""
    return x, y + PLACE.top


def move_to(x: int, y: int) -> None:
    """Put the pointer over a point of the screen."""
    pyxel.set_mouse_pos(*display_position(x, y))
