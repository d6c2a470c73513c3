"""A replay's luck audit (audit.py) made over frames, and the words the windows show of it.

The Replay and Statistics windows ask for a game's guesses while they draw
frames, and an exact count can take longer than a frame: :class:`FrameAudit`
runs ``audit_steps`` for a budget of time each frame (slices.py); it pauses
between the pieces of a move's weighing (a chunk of a count, of the
combining, a box weighed) and goes on where it was at the next frame. Time
only paces it: every move is weighed exactly as ``audit_recording`` weighs it
(the work budget, never the clock, decides what is skipped), so the numbers
are the whole-file audit's.

Nothing here imports pyxel: the windows read :meth:`FrameAudit.status`,
:meth:`FrameAudit.guess_at` and :func:`summary_lines`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ..slices import Sliced
from ..solver.constraints import Inconsistent
from .audit import AuditedGuess, ReplayAudit, audit_steps
from .recording import Recording

FRAME_BUDGET_S = 0.004  # a frame's share of the audit: a quarter of a 60 fps frame
COUNTING = "Luck audit: counting..."
NOT_AUDITED = "A no-guess board: not audited (its mines are not laid at random)"
NO_GUESSES = "No guesses: every square opened was proved safe by what the player saw"


class Stage(str, Enum):
    """Where a guess is, seen from the event the Replay window shows."""

    NEXT = "next"  # the event shown is the one just before it: the board is what the player saw
    PLAYED = "played"  # the event shown played it
    EARLIER = "earlier"  # the latest guess before the event shown


def percent(p: Fraction | None) -> str:
    return "?" if p is None else f"{float(p):.0%}"


def guess_words(guess: AuditedGuess) -> str:
    """"62% safe; the safest square was 81%", as the Replay window's status line says it."""
    if guess.p is None:
        return "not weighed (an exact count needs more than the work budget)"
    if guess.safest:
        return f"{percent(guess.p)} safe; the safest there was"
    return f"{percent(guess.p)} safe; the safest square was {percent(guess.best)}"


@dataclass(frozen=True)
class GuessSummary:
    """A game's guesses in figures: the Statistics window's panel."""

    count: int  # moves not proved safe, weighed or not
    weighed: int  # of them, the ones counted exactly
    judged: int  # of those, the ones whose safest square could be counted too
    safest: int  # judged guesses as safe as the safest square then
    mean_p: float | None  # their mean chance of being safe (None: none weighed)
    log10_e: float  # the luck total
    log10_max: float  # its highest point along the game
    flagged: bool

    @classmethod
    def of(cls, audit: ReplayAudit) -> GuessSummary:
        weighed = [g for g in audit.guesses if g.p is not None]
        chances = [float(g.p) for g in audit.guesses if g.p is not None]
        mean = sum(chances) / len(chances) if chances else None
        judged = [g for g in weighed if g.safest is not None]
        return cls(len(audit.guesses), len(weighed), len(judged), sum(1 for g in judged if g.safest), mean,
                   audit.log10_e, audit.log10_max, audit.flagged)


def summary_lines(audit: ReplayAudit) -> list[str]:
    """A finished audit in a few lines (the Statistics window's guesses)."""
    if not audit.audited:
        return [NOT_AUDITED]
    if not audit.guesses:
        return [NO_GUESSES, f"Moves proved safe: {audit.proved}"]
    s = GuessSummary.of(audit)
    lines = [f"Guesses: {s.count} ({s.count - s.weighed} not weighed: over the work budget)" if s.weighed < s.count
             else f"Guesses: {s.count}",
             f"The safest square available: {s.safest} of {s.judged}"]
    if s.mean_p is not None:
        lines.append(f"Mean odds: {s.mean_p:.0%} safe")
    lines.append(f"Luck total: log10 {s.log10_e:+.2f} (highest {s.log10_max:+.2f})")
    lines.append("Verdict: luckier than chance allows" if s.flagged else "Verdict: no sign of more than luck")
    return lines


class FrameAudit:
    """One recording's audit, run ``tick(budget)`` at a time until ``ready``."""

    def __init__(self, recording: Recording, clock: Callable[[], float] = time.perf_counter) -> None:
        self.recording = recording
        self._work = Sliced(audit_steps(recording), clock)
        self.audit: ReplayAudit | None = None
        self.problem = ""  # why it cannot be audited, once found: the audit stops there

    @property
    def ready(self) -> bool:
        return self.audit is not None

    def tick(self, budget_s: float | None = None) -> bool:
        """A frame's share of the work (one piece at least; FRAME_BUDGET_S of time by default); True once
        the audit is done."""
        if self.audit is not None or self.problem:
            return self.ready
        try:
            if self._work.advance(FRAME_BUDGET_S if budget_s is None else budget_s):
                self.audit = self._work.value
        except Inconsistent as error:  # a file whose numbers no layout of its mines fits
            self.problem = f"Luck audit: not possible: what the board shows contradicts itself ({error})"
        return self.ready

    def guess_at(self, index: int) -> tuple[AuditedGuess, Stage] | None:
        """The guess to name with event ``index`` shown: the one it plays or the next event plays, else
        the latest one before it (None: none yet, or the audit not ready)."""
        if self.audit is None:
            return None
        earlier = None
        for guess in self.audit.guesses:
            if guess.event == index + 1:
                return guess, Stage.NEXT
            if guess.event == index:
                return guess, Stage.PLAYED
            if guess.event < index:
                earlier = guess
        return None if earlier is None else (earlier, Stage.EARLIER)

    def status(self, index: int) -> str:
        """The Replay window's status line with event ``index`` shown."""
        audit = self.audit
        if audit is None:
            return self.problem or COUNTING
        if not audit.audited:
            return NOT_AUDITED
        if not audit.guesses:
            return NO_GUESSES
        found = self.guess_at(index)
        total = len(audit.guesses)
        if found is None:
            return f"{total} guess{'es' if total > 1 else ''}: G goes to the first"
        guess, stage = found
        number = audit.guesses.index(guess) + 1
        if stage is Stage.NEXT:
            return f"Guess {number}/{total} next: {guess_words(guess)}"
        ended = "" if stage is Stage.EARLIER or guess.safe else ": a mine"
        return f"Guess {number}/{total}: {guess_words(guess)}{ended}"

    def next_guess(self, index: int) -> AuditedGuess | None:
        """The first guess whose board (the event before it) comes after event ``index``."""
        if self.audit is None:
            return None
        return next((g for g in self.audit.guesses if g.event - 1 > index), None)

    def previous_guess(self, index: int) -> AuditedGuess | None:
        """The last guess whose board comes before event ``index``."""
        if self.audit is None:
            return None
        return next((g for g in reversed(self.audit.guesses) if g.event - 1 < index), None)
