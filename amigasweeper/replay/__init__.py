"""Recording games, saving them as replays and playing them back.

Pure Python: nothing here imports pyxel.

``events``     what a recording is made of: input events, mouse events, results
``recording``  one recorded game (board, events, result) and its metrics
``recorder``   GameRecorder: fed by the MineSweeper window while a game is played
``stream``     a recording as the EVF format's mouse events (what metrics count)
``board_moves`` a file's mouse events as the moves the Replay window plays
``timeline``   a recording as the Replay window plays and scrubs it
``evf``        the EVF format of Metasweeper and ms-toollib (square boards):
               ``evf_header`` its flags and modes, ``evf_read`` its bytes
``native``     our own format, for every board shape
``foreign``    AVF, RMV and MVF, read by ms-toollib in a child process
               (``toollib_child``)
``files``      reading a replay file of any kind, at once or a slice a frame
               (amigasweeper/slices.py)
"""

from .errors import ReplayError
from .events import EventKind, InputEvent, MouseEvent, RecordedButton, Result
from .files import OWN_SUFFIXES, REPLAY_SUFFIXES, ReplayLoad, load_replay, open_replay, replay_bytes, replay_suffix
from .recorder import GameRecorder
from .recording import Recording
from .timeline import ReplayState, Timeline

__all__ = [
    "OWN_SUFFIXES",
    "REPLAY_SUFFIXES",
    "ReplayLoad",
    "RecordedButton",
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
    "open_replay",
    "replay_bytes",
    "replay_suffix",
]
