"""The luck audit of a challenge game, from its move log, on the referee's side.

Each move a bot made is weighed against what the referee had told it by
then: the board's numbers, the bombs it had marked (a mark is checked at
once, so a marked bomb is a fact) and so ``bombs_remaining``, the bomb total,
and the table's rule for laying boards. With ``safe_first`` the bombs are
laid at the first move, uniformly, never on the first cell *played*: a first
play is right for sure (it adds nothing), while a first *mark* protects
nothing and is right with chance bombs/cells, as any later move is weighed
from the uniform layout given what was shown. Without it the bombs are laid
uniformly before any move. The mathematics is in ``solver.luck``.

The audit runs after the game, in the table's process (the referee's CPU,
never a bot's, and never while a bot's clock runs).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from amigasweeper.engine import COVERED, MARKED, Topology
from amigasweeper.solver.counting import DEFAULT_BUDGET
from amigasweeper.solver.luck import (
    DEFAULT_ALPHA,
    LAMBDAS,
    Chance,
    GameLuck,
    RunningLuck,
    Verdict,
    move_chance,
    threshold,
)

from .challenge_game import BOMB

Move = tuple[int, bool, int]  # (cell, marked, what the cell showed after it): a ChallengeGame's log entry


@dataclass(frozen=True)
class Rules:
    """What the audit must know of a table: its board, the bomb total, and how bombs were laid."""

    topology: Topology
    bombs: int
    safe_first: bool


def audit_game(rules: Rules, log: Sequence[Move], lambdas: Sequence[float] = LAMBDAS,
               budget: int = DEFAULT_BUDGET) -> GameLuck:
    """Weigh every move of one game's log, in order."""
    luck = GameLuck.empty(lambdas)
    for chance, right in weighed_moves(rules, log, budget):
        luck.add(chance, right, lambdas)
    return luck


def weighed_moves(rules: Rules, log: Sequence[Move], budget: int = DEFAULT_BUDGET) -> Iterator[tuple[Chance, bool]]:
    """Each move's chance of being right, from the position before it, and whether it was."""
    cells = [COVERED] * rules.topology.size
    for number, (cell, mark, shown) in enumerate(log):
        if cells[cell] != COVERED:
            raise ValueError(f"move {number + 1} of the log is on square {cell}, already known")
        right = (shown == BOMB) == mark
        yield chance_of(rules, cells, cell, mark, first=number == 0, budget=budget), right
        # A marked bomb is a known bomb; a bomb played or a wrong mark ends the game, so what the
        # square is said to hold then matters to no later move.
        cells[cell] = MARKED if shown == BOMB else shown


def chance_of(rules: Rules, cells: Sequence[int], cell: int, mark: bool, first: bool,
              budget: int = DEFAULT_BUDGET) -> Chance:
    """The chance the move is right, given the position and the table's rule for its first move."""
    if first and rules.safe_first and not mark:
        return Chance(Verdict.PROVED)  # the bombs are laid around the first cell played
    return move_chance(rules.topology, cells, rules.bombs, cell, mark, budget)


class AuditMode(str, Enum):
    """What a flagged player gets: ``report`` marks it in the results, ``disqualify`` also takes it out
    of the ranking (no rank, and the intervals are made without it)."""

    REPORT = "report"
    DISQUALIFY = "disqualify"


@dataclass(frozen=True)
class AuditSettings:
    """The run's audit, fixed before any game: its false-alarm bound and what a flag costs. Its bets
    are ``LAMBDAS`` always (the tables weigh every game with them): chosen before any result is seen."""

    alpha: float = DEFAULT_ALPHA
    mode: AuditMode = AuditMode.REPORT

    def __post_init__(self) -> None:
        threshold(self.alpha)  # refuses an α outside (0, 1)
        object.__setattr__(self, "mode", AuditMode(self.mode))

    def flagged(self, running: RunningLuck) -> bool:
        return running.flagged(self.alpha)

    def to_dict(self) -> dict:
        return {"alpha": self.alpha, "mode": self.mode.value, "lambdas": list(LAMBDAS), "work_budget": DEFAULT_BUDGET}


def player_luck(lucks: Iterable[GameLuck | None]) -> RunningLuck:
    """A player's games' audits chained in the order given (game-number order); unplayed games add nothing."""
    running = RunningLuck(LAMBDAS)
    for luck in lucks:
        if luck is not None:
            running.add(luck)
    return running


def luck_figures(running: RunningLuck, alpha: float) -> dict:
    """A player's ``"audit"`` in the JSON results."""
    return {"log10_e": running.log10_e, "log10_e_max": running.log10_max, "flagged": running.flagged(alpha),
            "moves_audited": running.audited, "moves_skipped": running.skipped}
