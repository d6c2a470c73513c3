"""Every game a person plays, kept with its metrics; statistics made from them.

Pure Python: nothing here imports pyxel.

``game_record``    GameRecord: one game's line, and its compact text form
``store``          RecordStore: append-only records on disk or in the browser
``replay_folder``  the replays/ folder, its cap and what is kept past it
``summary``        statistics per level and shape, chart data
``keeper``         GameKeeper: a finished game's replay saved and record appended
``cli``            ``amigasweeper --stats``
"""

from .game_record import GameRecord
from .keeper import GameKeeper, Kept
from .replay_folder import REPLAY_CAP, ReplayFolder
from .store import BROWSER_CAP, GAMES_FILE, RecordStore
from .summary import ChartPoint, LevelSummary, chart, summarise

__all__ = [
    "BROWSER_CAP", "GAMES_FILE", "GameKeeper", "Kept", "REPLAY_CAP", "ChartPoint", "GameRecord", "LevelSummary", "RecordStore",
    "ReplayFolder", "chart", "summarise",
]
