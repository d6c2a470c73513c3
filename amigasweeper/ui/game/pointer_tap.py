"""The MineSweeper window's input, handed to the game being played.

The game (amigasweeper/play/played.py) records every input event once; the
window tells it what the player did on the board: the pointer's path over
it, each press and release with the square under it, in board pixels. Each
call is a comparison or two and one append: no frame gets slower for being
recorded. The pointer's board position is worked out only when the pointer
has moved.
"""

from __future__ import annotations

from collections.abc import Callable

from amigasweeper.play import Aim, PlayedGame
from amigasweeper.replay import RecordedButton as RecordedButton

from ..intuition.input import Button

BUTTONS = {Button.LEFT: RecordedButton.LEFT, Button.RIGHT: RecordedButton.RIGHT}


class PointerTap:
    """Where the pointer was last told to be, so an unmoved pointer costs nothing."""

    def __init__(self) -> None:
        self._seen: tuple[int, int] | None = None  # the pointer's screen pixel last frame
        self._last: Aim = None  # where the game was last told the pointer is

    def new_game(self) -> None:
        self._seen = self._last = None

    def pointer(self, played: PlayedGame, px: int, py: int, aim: Callable[[int, int], Aim]) -> None:
        """Once a frame: the pointer at screen pixel (px, py); ``aim`` finds
        the board pixel and square there, only when the pointer has moved."""
        if (px, py) == self._seen:
            return
        self._seen = (px, py)
        where = aim(px, py)
        if where != self._last:
            self._last = where
            played.pointer(where)

    def pressed(self, aim: Aim) -> None:
        """A press or release told the game where the pointer is."""
        self._last = aim
