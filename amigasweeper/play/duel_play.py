"""DuelPlay: one Duel's life, as play/played.py is a game's: the board,
the players, the computer's moves, and the end, handed on once.

The Duel window sends it the human's moves and asks it for the computer's;
it draws what the Duel says. The computer player is the solver's
(solver/duel_ai.py), reached from here (``computer_player``) so that no
front end imports the solver. The result goes the way every game's end goes
(play/ending.py): counted with the best times, from the first player's
side, against the opponent.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from amigasweeper.engine.duel import Duel
from amigasweeper.engine.duel_moves import DuelMove, DuelMoveKind
from amigasweeper.solver.duel_ai import DuelAI

ComputerPlayer = Callable[[Duel], DuelMove]  # the computer's choice of move in a duel


class Opponent(str, Enum):
    HUMAN = "Player vs Player"
    COMPUTER = "Player vs Computer"


@dataclass(frozen=True)
class DuelPlayers:
    names: tuple[str, str]
    opponent: Opponent
    strength: str = "normal"  # the computer's, when it plays

    @property
    def computer(self) -> int | None:
        """The computer's seat (player 1), or None in hot-seat play."""
        return 1 if self.opponent is Opponent.COMPUTER else None

    @property
    def opponent_key(self) -> str:
        """Whom the results are counted against: the computer at its strength, or the second player."""
        return f"computer-{self.strength}" if self.computer is not None else self.names[1]


def computer_player(players: DuelPlayers, seed: int) -> ComputerPlayer | None:
    """The computer's choice of move at the players' strength, its chance drawn
    from the board's seed (so a duel plays the same again); None in hot-seat play."""
    if players.computer is None:
        return None
    return DuelAI(players.strength, random.Random(seed)).move


class DuelPlay:
    def __init__(self, duel: Duel, players: DuelPlayers,
                 computer: ComputerPlayer | None,
                 on_end: Callable[[str, str], None]) -> None:
        self.duel = duel
        self.players = players
        self.computer = computer  # the computer's choice of move, when it plays
        self.on_end = on_end  # (opponent, "win" | "loss" | "draw")
        self.ended = False

    @property
    def over(self) -> bool:
        return self.duel.over

    def computers_turn(self) -> bool:
        return not self.duel.over and self.duel.turn == self.players.computer

    def human_move(self, kind: DuelMoveKind, cell: int | None) -> bool:
        """The player to move plays a square; False when it cannot be played
        (nothing happens, as in the main game)."""
        if cell is None or self.duel.over or self.computers_turn():
            return False
        move = DuelMove(self.duel.turn, kind, cell)
        if self.duel.problem(move):
            return False
        self._play(move)
        return True

    def computer_move(self) -> None:
        if self.computers_turn() and self.computer is not None:
            self._play(self.computer(self.duel))

    def _play(self, move: DuelMove) -> None:
        self.duel.play(move)
        if self.duel.over and not self.ended:
            self.ended = True
            winner = self.duel.winner
            result = "draw" if winner is None else ("win" if winner == 0 else "loss")
            self.on_end(self.players.opponent_key, result)
