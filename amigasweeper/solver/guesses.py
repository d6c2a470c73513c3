"""What a guess is, as the guess chooser (guess.py) and its helpers
(dominance.py, living.py, lookahead.py) share it.

Its own module so that the helpers need not import the chooser that calls
them: each of the four imports these, and only guess.py and lookahead.py
import a chooser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .analysis import Analysis
    from .constraints import Constraint

OUTCOME_BUDGET = 20_000  # work budget (DP transitions) of one count of a candidate's numbers


@dataclass(frozen=True)
class Guess:
    cell: int
    safety: float  # chance the square is not a mine
    progress: float  # chance its number proves some other square, given it is safe
    reason: str


@dataclass(frozen=True)
class ShownNumber:
    """One number a candidate could show: how likely, and what it would lead to."""

    shown: int  # mines among the candidate's unknown neighbours (its number less known mines)
    weight: int  # arrangements (whole board) in which the candidate is safe and shows this number
    proved: int  # squares this number would prove safe
    next_safety: float  # the safest square's chance of being safe afterwards (1.0 if one is proved)


PRUNED = ShownNumber(-1, 0, 0, 0.0)  # ends the list of a candidate that cannot win (guess._Outcomes.outcomes)


@dataclass(frozen=True)
class Scored:
    """A candidate with its score (two-step survival, times its long-term credit)."""

    score: float
    safety: float
    cell: int
    progress: float
    credit: float
    found: list[ShownNumber] | None  # its possible numbers, every one (None: it shows nothing new)


class Outcomes(Protocol):
    """What dominance.py reads of the chooser's counts of a position (guess._Outcomes)."""

    analysis: Analysis
    component_of: dict[int, int]  # square -> index of its component in analysis.components
    off: set[int]  # unknown squares no number touches

    def if_safe(self, cell: int, affected: set[int]) -> list[Constraint] | None: ...
