"""The rules of MineSweeper 2.4 on square, hexagonal and triangular boards.

Pure Python: nothing here imports pyxel.
"""

from .game import MAX_SECONDS, Game, GameSetup
from .layouts import LayoutKind, LayoutMaker, LayoutUnavailable, register_layout_maker
from .levels import BEGINNER, EXPERT, INTERMEDIATE, Level, LevelError, LevelName, custom_level
from .rules import Completion, GameStatus, Mark, Move, MoveKind, MoveResult, Tile
from .topology import Shape, Topology, make_topology
from .view import COVERED, KNOWN_SAFE, MARKED, PlayerView

__all__ = [
    "BEGINNER",
    "COVERED",
    "EXPERT",
    "INTERMEDIATE",
    "KNOWN_SAFE",
    "MARKED",
    "MAX_SECONDS",
    "Completion",
    "Game",
    "GameSetup",
    "GameStatus",
    "LayoutKind",
    "LayoutMaker",
    "LayoutUnavailable",
    "Level",
    "LevelError",
    "LevelName",
    "Mark",
    "Move",
    "MoveKind",
    "MoveResult",
    "PlayerView",
    "Shape",
    "Tile",
    "Topology",
    "custom_level",
    "make_topology",
    "register_layout_maker",
]
