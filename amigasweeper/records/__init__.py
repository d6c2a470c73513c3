"""Every game a person plays, kept with its metrics; statistics made from them.

Pure Python: nothing here imports pyxel.

``kept_game``      KeptGame: one game's line, and its compact text form
``rows``           the rows of the statistics, and the one rule of a best time
``summary``        one row's figures, folded game by game; chart data
``index``          StatsIndex: every row's figures, kept beside the games file
``store``          RecordStore: append-only records on disk or in the browser
``live``           LiveIndex: the index kept current, a slice at a time
``replay_folder``  the replays/ folder, its cap and what is kept past it
``game_keeper``    GameKeeper: a finished game's record and replay
``cli``            ``amigasweeper --stats``
"""

from .game_keeper import GameKeeper
from .index import INDEX_FILE, StatsIndex
from .kept_game import KeptGame
from .live import LiveIndex
from .record_store import BROWSER_CAP, GAMES_FILE, RecordStore
from .replay_folder import REPLAY_CAP, ReplayFolder
from .rows import BestTimeTable, RowKey, board_name, counts_as_best
from .summary import ChartPoint, RowSummary, RowTally, chart_points, summarise

__all__ = [
    "BROWSER_CAP", "GAMES_FILE", "INDEX_FILE", "REPLAY_CAP", "ChartPoint", "GameKeeper", "KeptGame",
    "LiveIndex", "RecordStore", "ReplayFolder", "RowKey", "RowSummary", "RowTally", "StatsIndex", "BestTimeTable",
    "board_name", "chart_points", "counts_as_best", "summarise",
]
