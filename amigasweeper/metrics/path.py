"""The mouse's path over a game, as ms-toollib measures it.

ms-toollib adds up the straight distance between one mouse event and the
next from the first uncover on (before it, the pointer's wandering and
the flags put down count nothing), to the last event, after the game's
end too (marks put down under Both, say). It leaves out every event off the board (the
next distance is measured from the last place on the board), and gives
the sum in squares of 16
pixels: a replay whose squares are 8 pixels wide has its distances doubled,
one of 20 pixels has them times 0.8. So the path of one game is comparable
with another's whatever the size its squares were drawn at.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import hypot

PATH_SQUARE_PX = 16  # the square size ms-toollib gives the path in


def mouse_path(events: Iterable, width: int, height: int, cell_px: int, start: int = -1) -> float:
    """The path of mouse events (each with ``x`` and ``y`` in the replay's
    pixels) on a board of ``width`` x ``height`` squares of ``cell_px``
    pixels, counting the moves to the events after index ``start`` (the
    event of the first uncover)."""
    if cell_px <= 0:
        raise ValueError("a square is at least one pixel wide")
    right, bottom = width * cell_px, height * cell_px
    total, last_x, last_y = 0.0, None, None
    for index, event in enumerate(events):
        x, y = event.x, event.y
        if x >= right or y >= bottom or x < 0 or y < 0:
            continue
        if last_x is not None and index > start:
            total += hypot(x - last_x, y - last_y)
        last_x, last_y = x, y
    return total * PATH_SQUARE_PX / cell_px
