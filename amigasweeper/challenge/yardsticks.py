"""Honest players of every strength, to hold the luck audit against (see ``audit``).

An honest player knows nothing beyond what the referee told it, so the
audit must never flag it, whether it plays well or badly: ``strong`` (the
solver's strong setting), ``random_player`` (any covered cell, played or
marked at random) and ``safest`` (a random one of the safest cells, by the
exact chances). With ``players.solver`` and ``players.naive`` they are the
honest side of the audit's evidence (tests, and tools/audit_evidence.py).
Each is named ``amigasweeper.challenge.yardsticks:NAME`` in a tournament.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from amigasweeper.engine import MoveKind, Shape, make_topology
from amigasweeper.solver.player import Decision, Player

from .challenge_game import UNKNOWN
from .players import MakeMove, _SolverGame

CLOSE = 1e-12  # chances this close are the same chance (the analysis gives floats of exact ratios)
_RANDOM = random.Random(41)  # the yardsticks' own dice, never the board's


def strong(board_size: int, number_of_bombs: int, board: Sequence[int], make_move: MakeMove,
           shape: Shape | str = Shape.TRIANGLE) -> None:
    """The reference player with the solver's strong setting (close calls looked at one guess further)."""
    game = _SolverGame(make_topology(shape, board_size, board_size), number_of_bombs, board, make_move)
    game.decider = Player(game.knowledge, look_ahead=True)
    game.play()


def safest(board_size: int, number_of_bombs: int, board: Sequence[int], make_move: MakeMove,
           shape: Shape | str = Shape.TRIANGLE) -> None:
    """Every proved cell, then a guess at random among the cells least likely to hold a bomb."""
    game = _SolverGame(make_topology(shape, board_size, board_size), number_of_bombs, board, make_move)
    game.decider = _Safest(game.knowledge)
    game.play()


class _Safest(Player):
    def decide(self) -> Decision:
        knowledge = self.knowledge
        while True:
            if knowledge.safe:
                return self._certain()
            before = len(knowledge.unknown)
            analysis = knowledge.deduce()
            if knowledge.safe:
                return self._certain()
            if analysis is None or len(knowledge.unknown) != before:
                continue  # new bombs were found: count again with them known
            break
        chances = {cell: p for cell, p in analysis.probability.items() if cell in knowledge.unknown}
        if not chances:
            return Decision(_RANDOM.choice(sorted(knowledge.unknown)), MoveKind.UNCOVER, False, 0.0, "no chances")
        best = min(chances.values())
        cell = _RANDOM.choice(sorted(c for c, p in chances.items() if p <= best + CLOSE))
        return Decision(cell, MoveKind.UNCOVER, False, 1 - best, "a random one of the safest")


def random_player(board_size: int, number_of_bombs: int, board: Sequence[int], make_move: MakeMove,
                  shape: Shape | str = Shape.TRIANGLE) -> None:
    """A covered cell at random each move, marked (as a bomb) half the time, played otherwise."""
    covered = [cell for cell, value in enumerate(board) if value == UNKNOWN]
    while covered:
        cell = covered.pop(_RANDOM.randrange(len(covered)))
        _, lose, win = make_move(*divmod(cell, board_size), _RANDOM.random() < 0.5)
        if lose or win:
            return
