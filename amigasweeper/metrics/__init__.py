"""The competitive community's Minesweeper metrics, defined as ms-toollib defines them.

Pure Python: nothing here imports pyxel, and ms-toollib is never needed (the
tests use it only as an oracle).

``board``         what a board asks of a player: 3BV, openings, islands, ZiNi
``clicks``        what the player did: left, right and chord clicks, effective ones,
                  3BV solved
``game_metrics``  one game's figures together, with the rates (IOE, 3BV/s, RQP...)
"""

from .board import BoardMetrics, bbbv, board_metrics, islands, numbers_of, openings, zini
from .clicks import Click, ClickCounter, ClickCounts
from .game_metrics import GameMetrics

__all__ = [
    "BoardMetrics",
    "Click",
    "ClickCounter",
    "ClickCounts",
    "GameMetrics",
    "bbbv",
    "board_metrics",
    "islands",
    "numbers_of",
    "openings",
    "zini",
]
