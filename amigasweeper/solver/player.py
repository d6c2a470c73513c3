"""A player that plays to win, for the Hint menu's "best move" and for bots.

Every certain move comes first; a guess is made only when nothing is certain,
by the exhaustive endgame search when few arrangements remain, else by the
guess chooser. The first click goes in a corner, which under the safe-first-
click rule most often opens an area. Everything is deterministic: ties break
towards the lower square number.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from amigasweeper.engine import Game, GameSetup, GameStatus, MoveKind, PlayerView, Topology

from .endgame import best_endgame_move
from .guess import choose_guess
from .knowledge import Knowledge
from .lookahead import choose_guess_ahead


@dataclass(frozen=True)
class Decision:
    cell: int
    action: MoveKind
    certain: bool  # False for a guess
    safety: float  # chance the move does not lose (1.0 when certain)
    reason: str


@dataclass(frozen=True)
class GameResult:
    won: bool
    moves: int  # squares the player chose to uncover
    guesses: int  # of which were not certain (the first click is never counted)
    time: float  # seconds spent, solver and engine together
    decisions: int = 0  # times the solver was asked for a move


LOOK_AHEAD = False  # the default player's setting; True is the strong setting (lookahead.py)


class Player:
    """Decides moves from its own Knowledge, which the caller keeps up to date.

    ``look_ahead`` (default: LOOK_AHEAD) is the strong setting: close calls
    between guesses are looked at one guess further (lookahead.py).
    """

    def __init__(self, knowledge: Knowledge, look_ahead: bool | None = None) -> None:
        self.knowledge = knowledge
        self.look_ahead = LOOK_AHEAD if look_ahead is None else look_ahead

    def decide(self) -> Decision:
        knowledge = self.knowledge
        if knowledge.fresh:
            return Decision(opening_square(knowledge.topology), MoveKind.UNCOVER, True, 1.0, "open in a corner")
        while True:
            if knowledge.safe:
                return self._certain()
            unknown_before = len(knowledge.unknown)
            analysis = knowledge.deduce()
            if knowledge.safe:
                return self._certain()
            if analysis is None or len(knowledge.unknown) != unknown_before:
                continue  # new mines were found: count again with them known
            break
        if not knowledge.unknown:
            raise ValueError("no covered square is left to uncover")
        if not analysis.consistent or not analysis.probability:
            cell = min(knowledge.unknown)
            return Decision(cell, MoveKind.UNCOVER, False, 0.0, "the position is inconsistent")
        plan = best_endgame_move(knowledge, analysis) if analysis.exact else None
        if plan is not None:
            return Decision(plan.cell, MoveKind.UNCOVER, False, 1 - analysis.probability[plan.cell],
                            f"endgame search: {plan.win_chance:.0%} chance to win from here")
        guess = (choose_guess_ahead if self.look_ahead else choose_guess)(knowledge, analysis)
        return Decision(guess.cell, MoveKind.UNCOVER, False, guess.safety, guess.reason)

    def _certain(self) -> Decision:
        cell = min(self.knowledge.safe)
        return Decision(cell, MoveKind.UNCOVER, True, 1.0, "proved safe")


def opening_square(topology: Topology) -> int:
    """The first square to uncover: the corner with the fewest neighbours.

    The first square is always safe, and the fewer neighbours it has, the more
    often it is a zero that opens an area. On triangles two corners have four
    neighbours and two have five; tools/bench_openings.py measured the game's
    win rate from each (docs/BENCHMARKS.md, "Openings").
    """
    neighbours = topology.neighbours
    return min(topology.corners(), key=lambda cell: (len(neighbours[cell]), cell))


def choose_move(view: PlayerView) -> tuple[int, MoveKind]:
    """The move the player would make in this position: (square, MoveKind.UNCOVER)."""
    decision = best_move(view)
    return decision.cell, decision.action


def best_move(view: PlayerView, look_ahead: bool | None = None) -> Decision:
    """Like choose_move, with whether it is certain, how safe, and why (``look_ahead``: as Player's)."""
    return Player(Knowledge.from_view(view), look_ahead).decide()


def play_game(
    setup: GameSetup,
    clock: Callable[[], float] = time.perf_counter,
    move_times: list[float] | None = None,
    first: int | None = None,
    look_ahead: bool | None = None,
) -> GameResult:
    """Play one game to the end with the engine, reading only what it reveals.

    ``move_times``, if given, receives the seconds each decision took
    (benchmarks); ``first``, if given, is the first square uncovered instead of
    the player's own opening (tools/bench_openings.py measures openings);
    ``look_ahead`` is as Player's. Decisions are timed only for ``move_times``:
    a CPU clock is a system call (6 us here), which at two a move was 8% of
    an Expert game's cost.
    """
    start = clock()
    game = Game(setup, clock=clock)
    knowledge = Knowledge(game.topology, setup.mines)
    player = Player(knowledge, look_ahead)
    moves = guesses = decisions = 0
    while not game.status.over:
        before = clock() if move_times is not None else 0.0
        if first is not None and knowledge.fresh:
            decision = Decision(first, MoveKind.UNCOVER, True, 1.0, "the opening asked for")
        else:
            decision = player.decide()
        if move_times is not None:
            move_times.append(clock() - before)
        decisions += 1
        result = game.uncover(decision.cell)
        moves += 1
        guesses += not decision.certain
        if game.status is GameStatus.LOST:
            break
        if not result.accepted:
            raise RuntimeError(f"the engine refused to uncover square {decision.cell}")
        knowledge.reveal_all((cell, game.tile(cell)) for cell in result.uncovered)
    return GameResult(game.status is GameStatus.WON, moves, guesses, clock() - start, decisions)
