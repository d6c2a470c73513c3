"""Recording games, saving them as replays and playing them back.

Pure Python: nothing here imports pyxel.

``events``     what a recording is made of: input events, mouse events, results
``recording``  one recorded game (board, events, result) and its metrics
``recorder``   GameRecorder: fed by the MineSweeper window while a game is played
``stream``     a recording as the EVF format's mouse events (what metrics count)
``timeline``   a recording as the Replay window plays and scrubs it
``evf``        the EVF v4 format of Metasweeper and ms-toollib (square boards)
``native``     our own format, for every board shape
``files``      reading a replay file of either kind
"""

from .events import Button, EventKind, InputEvent, MouseEvent, Result
from .files import REPLAY_SUFFIXES, ReplayError, load_replay, replay_bytes, replay_suffix
from .recorder import GameRecorder
from .recording import Recording
from .timeline import ReplayState, Timeline

__all__ = [
    "REPLAY_SUFFIXES",
    "Button",
    "EventKind",
    "GameRecorder",
    "InputEvent",
    "MouseEvent",
    "Recording",
    "ReplayError",
    "ReplayState",
    "Result",
    "Timeline",
    "load_replay",
    "replay_bytes",
    "replay_suffix",
]
