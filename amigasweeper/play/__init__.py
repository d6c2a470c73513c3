"""A game's life, from its first click to its record, replay and best time.

Pure Python: nothing here imports pyxel (a test makes sure). Every window
that plays a game sends these objects commands and draws what they say;
none keeps a game's state of its own.

``choices``  what the menus choose for the next game; the seeds of boards
``clock``    the clock rule: the reasons that hold a game's clock
``played``   PlayedGame: one game (moves, input events, help used, the end)
``session``  Session: the game being played and the choices
``assist``   Assist: the help the game is given (Hint, Show Safe and Mines,
             the odds and shading, the Demo), for every front end
``duel``     DuelPlay: one Duel, its moves and its end
``ending``   EndQueue: the one path a finished game takes (record, replay,
             best time), sliced across frames
"""

from .choices import Choices, SeedSource
from .clock import WINDOW_REASONS, PauseReason, PauseReasons
from .duel_play import DuelPlay, DuelPlayers, Opponent
from .ending import Desk, DuelJob, EndQueue, GameJob
from .played import CLICKS, Action, Aim, GameEnd, PlayedGame
from .session import Session

__all__ = [
    "CLICKS", "WINDOW_REASONS", "Action", "Aim", "Choices", "Desk", "DuelJob", "DuelPlay", "DuelPlayers",
    "EndQueue", "GameEnd", "GameJob", "Opponent", "PauseReason", "PauseReasons", "PlayedGame", "SeedSource",
    "Session",
]
