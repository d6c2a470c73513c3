"""The solver: hint rules, exact probabilities, a player and no-guess boards.

Pure Python; it sees only what a player sees (a PlayerView), never the mines.
"""

from . import engine_hooks  # noqa: F401  (gives the engine the no-guess maker and the Duel's reasoner)
from .analysis import Analysis, AnalysisJob, analyse
from .hint_rules import (
    Certainty,
    Deduction,
    Hint,
    Rule,
    all_certain,
    next_hint,
    probabilities,
    rule1,
    rule2,
    rule3,
    rule4,
    rule5,
    rule6,
    solve,
)
from .knowledge import Knowledge
from .noguess import NoGuessBoard, generate_no_guess, is_no_guess, no_guess_layout
from .player import Decision, GameResult, Player, best_move, choose_move, play_game

__all__ = [
    "Analysis",
    "AnalysisJob",
    "Certainty",
    "Decision",
    "Deduction",
    "GameResult",
    "Hint",
    "Knowledge",
    "NoGuessBoard",
    "Player",
    "Rule",
    "all_certain",
    "analyse",
    "best_move",
    "choose_move",
    "generate_no_guess",
    "is_no_guess",
    "next_hint",
    "no_guess_layout",
    "play_game",
    "probabilities",
    "rule1",
    "rule2",
    "rule3",
    "rule4",
    "rule5",
    "rule6",
    "solve",
]
