"""The luck audit of a person's game, from its recording (see ``solver.luck`` for the mathematics).

Every move that opens squares (an uncover, or a chord: one move, right only
if every square it opens is safe) is weighed from the position the player
saw just before it: the numbers, the mine total and the rule the board was
laid by. A move those prove safe is no guess and adds nothing. A guess adds
the factor ``(1 - λ) + λ·X/p``, p its chance of being safe, X 1 when it was.

A person's flags are never checked by the game, so they are not facts:
marking is no move here, and a flagged square counts as covered, whatever
its flag says.

The odds hold only for a board laid uniformly at random under a known
rule. Our own random boards are (the mines go anywhere but the first square
uncovered). A no-guess board is made to need no guess, which no uniform
layout is: it is not audited. A file from another program does not say how
its mines were laid: the rule assumed is said with the result.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction

from ..engine.layouts import LayoutKind
from ..engine.rules import Move, MoveKind, Tile
from ..slices import SLICE, Steps, finish
from ..solver.counting import DEFAULT_BUDGET
from ..solver.luck import (
    DEFAULT_ALPHA,
    LAMBDAS,
    Chance,
    GameLuck,
    Verdict,
    all_safe_chance_steps,
    mixture_log10,
    position_chances_steps,
    threshold,
)
from .recording import OUR_SOFTWARE_NAME, Recording
from .stream import replay_game

COVERED_VIEW = -1  # engine.COVERED: a square the player cannot read (flagged or not)
HIGHEST_NUMBER = 12  # tiles above it are covered squares, marks and mines


class LayingRule(str, Enum):
    """How the board's mines were laid, as far as the file tells."""

    OURS = "ours"  # our random boards: anywhere but the first square uncovered
    ASSUMED = "assumed"  # another program's file: the same rule assumed, and said
    NO_GUESS = "no-guess"  # made to need no guess: not audited


RULE_WORDS = {
    LayingRule.OURS: "laid by AmigaSweeper: uniformly at random on every square but the first one uncovered",
    LayingRule.ASSUMED: "the file does not say how {software} laid its mines: assumed uniformly at random on "
                  "every square but the first one uncovered (if it promised more, an opening on the first "
                  "click say, the first guesses were safer than these odds)",
    LayingRule.NO_GUESS: "a no-guess board, made so that no guess is needed: no uniform layout behaves like it, "
                   "so it is not audited",
}


@dataclass(frozen=True)
class AuditedGuess:
    """One move the position did not prove safe."""

    move: int  # its number among the game's moves that open squares, from 1
    t_ms: int
    kind: MoveKind  # UNCOVER, or CLEAR (a chord)
    cell: int  # the square uncovered, or the number chorded
    opened: tuple[int, ...]  # the squares it opens at once (before any opening spreads)
    p: Fraction | None  # its chance of being safe (None: over the work budget, skipped)
    best: Fraction | None  # the safest single square's chance then (None: over the budget)
    safe: bool  # it opened no mine
    event: int  # the recording's event that played it (the Replay window's index)

    @property
    def safest(self) -> bool | None:
        """Whether it was as safe as the best square available (None: not known)."""
        return None if self.p is None or self.best is None else self.p >= self.best


@dataclass
class ReplayAudit:
    rule: LayingRule
    software: str
    alpha: float = DEFAULT_ALPHA
    guesses: list[AuditedGuess] = field(default_factory=list)
    proved: int = 0  # moves that opened squares the position proved safe
    luck: GameLuck = field(default_factory=GameLuck.empty)
    log10_max: float = 0.0  # the running maximum of the luck, read after each guess

    @property
    def audited(self) -> bool:
        return self.rule is not LayingRule.NO_GUESS

    @property
    def log10_e(self) -> float:
        return mixture_log10(self.luck.log10)

    @property
    def flagged(self) -> bool:
        return self.log10_max >= threshold(self.alpha)

    def rule_words(self) -> str:
        return RULE_WORDS[self.rule].format(software=self.software or "the program that wrote it")


def rule_of(recording: Recording) -> LayingRule:
    if recording.setup.layout is LayoutKind.NO_GUESS:
        return LayingRule.NO_GUESS
    return LayingRule.OURS if recording.software.startswith(OUR_SOFTWARE_NAME) else LayingRule.ASSUMED


def audit_recording(recording: Recording, alpha: float = DEFAULT_ALPHA, budget: int = DEFAULT_BUDGET) -> ReplayAudit:
    """Weigh every move that opens squares, in the order played."""
    return finish(audit_steps(recording, alpha, budget))


def audit_steps(recording: Recording, alpha: float = DEFAULT_ALPHA, budget: int = DEFAULT_BUDGET) -> Steps[ReplayAudit]:
    """The same audit a slice at a time (slices.py): it yields after each move that opens squares, every
    SLICE events without one, and within a move's weighing after every piece of it (a chunk of a count,
    of the combining, a box weighed: luck.py's ``*_steps``), where it goes on at the next call. So a
    frame is held for a piece, never for a whole count, and nothing is done twice: the numbers are those
    of ``audit_recording``. The work ``budget``, never the time, decides what is skipped."""
    threshold(alpha)  # refuses an α outside (0, 1)
    audit = ReplayAudit(rule_of(recording), recording.software, alpha)
    if not audit.audited:
        return audit
    game = replay_game(recording)
    topology, total, mines = recording.topology, recording.setup.mines, recording.mines
    opened_any = False
    number = 0
    for index, event in enumerate(recording.events):
        if index % SLICE == 0:
            yield
        for move in event.moves:
            targets, cell = _opens(game, move), move.cell
            if targets and cell is not None:  # (a move that opens squares always names its own)
                number += 1
                if opened_any:  # the first square uncovered is safe by the rule
                    view = [t if t <= HIGHEST_NUMBER else COVERED_VIEW for t in map(game.tile, topology.cells())]
                    guess = AuditedGuess(number, event.t_ms, move.kind, cell, targets, None, None,
                                  not any(t in mines for t in targets), index)
                    chances = yield from _chances(guess, topology, view, total, budget)
                    _weigh(audit, guess, *chances)
                    yield
                else:
                    audit.proved += 1
                opened_any = True
            game.play(move)
    return audit


def _opens(game, move: Move) -> tuple[int, ...]:
    """The squares ``move`` opens at once, as the engine decides it (nothing when it does nothing)."""
    cell = move.cell
    if move.kind not in (MoveKind.UNCOVER, MoveKind.CLEAR) or cell is None or game.status.over or game.paused:
        return ()
    if move.kind is MoveKind.UNCOVER:
        return (cell,) if game.tile(cell) in (Tile.COVERED, Tile.QUESTION) else ()
    shown = game.tile(cell)
    if shown > HIGHEST_NUMBER:
        return ()
    near = game.topology.neighbours[cell]
    flags = sum(1 for n in near if game.tile(n) == Tile.MARKED)
    targets = tuple(n for n in near if game.tile(n) in (Tile.COVERED, Tile.QUESTION))
    return targets if flags == shown else ()


def _chances(guess: AuditedGuess, topology, view: list[int], total: int,
             budget: int) -> Generator[None, None, tuple[Fraction | None, Fraction | None]]:
    """The guess's chance of being safe and the safest square's (None for one over ``budget``), a slice
    at a time."""
    p = yield from all_safe_chance_steps(topology, view, total, guess.opened, budget)
    chances = (yield from position_chances_steps(topology, view, total, budget)) if p is not None and p != 1 else None
    return p, (None if chances is None else 1 - min(chances.values()))


def _weigh(audit: ReplayAudit, guess: AuditedGuess, p: Fraction | None, best: Fraction | None) -> None:
    if p == 1:
        audit.proved += 1
        return
    if p is None:
        audit.luck.add(Chance(Verdict.SKIPPED), guess.safe)
        audit.guesses.append(guess)
        return
    audit.guesses.append(replace(guess, p=p, best=best))
    audit.luck.add(Chance(Verdict.AUDITED, p), guess.safe, LAMBDAS)
    audit.log10_max = max(audit.log10_max, audit.log10_e)
