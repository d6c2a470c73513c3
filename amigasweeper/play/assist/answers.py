"""What the assistance answers, for any front end: a hint, the squares
known safe and known mined, the odds of one square.

Each answer carries its squares (for a board to mark) and one sentence
(``text``) that the window shows in the screen's title bar and the text
mode prints or speaks. The sentences are the window's since 2.4's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from amigasweeper.solver.hint_rules import Deduction, Rule

ANY_SQUARE = "Any square is safe to start."
NOTHING_KNOWN = "Nothing is known yet: any square is safe to start."
MUST_GUESS = "No square is certain: you must guess."
MUST_GUESS_ROUGHLY = "No square is certain: you must guess (the chances are estimates)."
GAME_OVER = "The game is over."
GAME_PAUSED = "The game is paused: resume it first."


class SquareVerdict(Enum):
    SAFE = "safe"
    MINE = "mine"


class Request(Enum):
    """What waits for the count of the position."""

    HINT = "hint"
    SAFE_AND_MINES = "safe and mines"
    ODDS = "odds"


@dataclass(frozen=True)
class HintAnswer:
    """The next certain move and why; with no square (``square`` None) when
    none is certain, before the first click, or when the marks cannot all be
    right (``rule`` 0)."""

    square: int | None  # the square named: the lowest proved safe, else the lowest proved a mine
    verdict: SquareVerdict | None
    rule: int | None  # 1-6 (solver/hint_rules.py), 0: the marks do not fit; None: no rule applies
    why: str
    title: str = ""  # "Rule 3: subset"
    safe: frozenset[int] = frozenset()  # every square the rule proves safe ...
    mines: frozenset[int] = frozenset()  # ... and a mine

    @classmethod
    def of(cls, deduction: Deduction) -> HintAnswer:
        safe, mines = deduction.safe, deduction.mines
        square = min(safe) if safe else min(mines) if mines else None
        verdict = None if square is None else SquareVerdict.SAFE if safe else SquareVerdict.MINE
        rule = deduction.rule
        return cls(square, verdict, 0 if rule is Rule.CONTRADICTION else rule.value, deduction.reason,
                   rule.title, safe, mines)

    @classmethod
    def none(cls, why: str) -> HintAnswer:
        return cls(None, None, None, why)

    @property
    def text(self) -> str:
        return f"{self.title}: {self.why}" if self.title else self.why


@dataclass(frozen=True)
class KnownSquares:
    """Show Safe and Mines: every square provably safe and provably a mine."""

    safe: frozenset[int]
    mines: frozenset[int]
    exact: bool = True  # False: the count gave up somewhere (the rest of the chances are estimates)
    note: str = ""  # said instead of the counts: nothing known yet, or what is wrong with the marks

    @property
    def text(self) -> str:
        if self.note:
            return self.note
        found = f"{len(self.safe)} safe, {len(self.mines)} mines known"
        return found if self.exact else found + "; the other chances are estimates"


@dataclass(frozen=True)
class Odds:
    """The chance of a mine on one square; ``chance`` None when it has none
    to show (uncovered, marked, or not yet worked out), and ``note`` says why."""

    square: int
    where: str  # the square's name, C5, as the hints name squares
    chance: float | None
    settled: bool = False  # final (a proof or an exact count), else an estimate
    note: str = ""

    @property
    def text(self) -> str:
        if self.chance is None:
            return self.note
        if not self.settled:
            return f"Mine chance about {self.chance * 100:.0f}% (estimate) at {self.where}"
        return f"Mine chance {self.chance * 100:.1f}% at {self.where}"
