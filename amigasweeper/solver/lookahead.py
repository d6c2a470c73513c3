"""The strong setting: at a close call, look one guess further.

The guess chooser scores a candidate by the chance to survive it and the
next guess, taking the next guess to be the safest square left whenever the
candidate's number proves nothing. At a close call (candidates within
CLOSE_CALL of the best score) that is too coarse: what matters is how good
the next guess really is, and a square that leaves a good guess behind is
worth more than one that leaves only a safe-looking square that leads
nowhere. So for each close candidate and each number it could show that
proves nothing, the position after it is worked out (the number uncovered,
the cheap rules and the count run again) and its own best two-step score
takes the place of the safest square's safety: a look-ahead of three
guesses where the plain score looks at two. Numbers that prove a square
still count as sure progress, as in the plain score.

It costs a full guess scoring per number of each close candidate, so it is
a setting of its own (Player's ``look_ahead``, the Demo and the hints when
asked for), measured against the default in docs/BENCHMARKS.md.
"""

from __future__ import annotations

from amigasweeper.engine import MARKED

from .analysis import Analysis
from .counting import ambient_deadline
from .guess import candidates, plain_guess, rank
from .guesses import Guess, Scored
from .knowledge import Knowledge

CLOSE_CALL = 0.03  # candidates within this (relative) of the best score are looked at further
LOOK_CANDIDATES = 3  # at most this many of them, best first


def choose_guess_ahead(knowledge: Knowledge, analysis: Analysis) -> Guess:
    """guess.choose_guess, looking one guess further at a close call."""
    plain = plain_guess(knowledge, analysis)
    if plain is not None:
        return plain
    close = rank(knowledge, analysis, candidates(knowledge, analysis), CLOSE_CALL)
    return deeper(knowledge, analysis, close) if len(close) > 1 else _plain(close[0])


def deeper(knowledge: Knowledge, analysis: Analysis, close: list[Scored]) -> Guess:
    """The close candidate with the best chance to survive it and the two guesses after it.

    Under a frame's deadline (the Demo's, counting_deadline) a look-ahead the
    deadline cuts short is dropped for the plain choice: a count of a position
    after a guess is not made to pause, so it is not started late.
    """
    best, best_key = close[0], None
    deadline = ambient_deadline()
    for scored in close[:LOOK_CANDIDATES]:
        if deadline.expired():
            return _plain(close[0])
        key = (_three_step(knowledge, scored), scored.score, scored.safety, -scored.cell)
        if best_key is None or key > best_key:
            best, best_key = scored, key
    return Guess(best.cell, best.safety, best.progress, "best chance to survive this guess and the two after it")


def _plain(scored: Scored) -> Guess:
    return Guess(scored.cell, scored.safety, scored.progress, "best chance to survive this guess and the next")


def _three_step(knowledge: Knowledge, scored: Scored) -> float:
    found = scored.found
    if not found:
        return scored.score
    total = sum(outcome.weight for outcome in found)
    if len(found) == 1:
        return scored.score  # dead: the plain score already marks it down
    reached = 0.0
    for outcome in found:
        after = 1.0 if outcome.proved else next_score(knowledge, scored.cell, outcome.shown)
        reached += outcome.weight * after
    return scored.credit * scored.safety * reached / total


def next_score(knowledge: Knowledge, cell: int, shown: int) -> float:
    """The best two-step score of the position after ``cell`` shows ``shown``
    mines among its unknown neighbours (1.0 if that proves a square safe)."""
    after = knowledge.copy()
    near = knowledge.topology.neighbours[cell]
    after.reveal(cell, shown + sum(1 for n in near if knowledge.cells[n] == MARKED))
    while True:
        if after.safe:
            return 1.0
        unknown = len(after.unknown)
        analysis = after.deduce()
        if after.safe:
            return 1.0
        if analysis is None or len(after.unknown) != unknown:
            continue  # new mines were found: count again with them known
        break
    if not after.unknown:
        return 1.0
    if not analysis.consistent or not analysis.probability:
        return 0.0
    pool = candidates(after, analysis)
    if not analysis.exact:
        return 1 - analysis.probability[pool[0]]  # an estimate: the safest square's chance is all there is
    return rank(after, analysis, pool, long_term=False)[0].score
