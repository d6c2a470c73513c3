"""The bot API of the 2002 TriMinesweeper challenge (seed 003), its harness and scoring.

A player is ``player(board_size, number_of_bombs, board, make_move)``: ``board``
is a flat list (``board[row * board_size + col]``) holding UNKNOWN, BOMB or a
neighbour count, and ``make_move(row, col, mark)`` plays or marks one cell and
returns ``(bombs_remaining, you_lose, you_win)``. See ``rules`` for the rules,
``harness`` for scoring, ``tournament`` for running bots isolated in worker
processes on every core (``cluster``: on the nodes of a Ray cluster), and
``players`` for the two bundled players.

Pure Python: nothing here imports pyxel.
"""

from ..win_rates import wilson_interval
from .challenge_game import (
    BOMB,
    UNKNOWN,
    ChallengeError,
    ChallengeGame,
    GameOverError,
    KnownCellError,
    MoveReply,
    OffBoardError,
    Outcome,
    RuleViolation,
)
from .harness import (
    BUILTIN_PLAYERS,
    ChallengeConfig,
    ChallengeReport,
    GameRecord,
    PlayerLoadError,
    load_player,
    play_game,
    run_challenge,
)
from .tournament import DEFAULT_TIME_LIMIT, TournamentReport, run_tournament

__all__ = [
    "BOMB",
    "BUILTIN_PLAYERS",
    "DEFAULT_TIME_LIMIT",
    "UNKNOWN",
    "ChallengeConfig",
    "ChallengeError",
    "ChallengeGame",
    "ChallengeReport",
    "GameOverError",
    "GameRecord",
    "KnownCellError",
    "MoveReply",
    "OffBoardError",
    "Outcome",
    "PlayerLoadError",
    "RuleViolation",
    "TournamentReport",
    "load_player",
    "play_game",
    "run_challenge",
    "run_tournament",
    "wilson_interval",
]
