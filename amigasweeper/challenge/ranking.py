"""How sure the ranking is: the scores' 95% intervals by a paired bootstrap over blocks of boards.

Every player plays the same boards, so the boards are what is resampled,
and every player's score is summed over the same draw: two players' scores
then move together with the boards' luck (a board nobody can win costs all
of them alike), and the interval of their difference is far narrower than
two separate intervals would suggest. Neighbours in the ranking whose
difference's interval holds zero cannot be told apart on these games.

A board's part of a score is the challenge's: its cells when won, minus the
milliseconds the bot took on it. So that a run's memory stays flat in its
length, the boards are resampled in blocks: board i belongs to block
i mod ``tally.BLOCKS`` (1,000), and each player's tally keeps its score's
sum over each block. A resample draws as many blocks as hold a board, with
replacement, and sums each player's blocks of that same draw. The boards
are independent draws of one deal, and so are the blocks' sums (each a sum
over its own boards), so the spread of the resampled totals is the spread
of the score over such runs, as the bootstrap over single boards estimated
it; with 1,000 blocks the percentiles are as steady as with single boards
(a test compares the two on a few thousand games and checks the intervals'
coverage on simulated runs). A run of fewer boards than blocks has one
board a block: the old bootstrap over boards exactly. The resamples are
drawn from a fixed seed, so the same results always give the same
intervals.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .harness import ChallengeReport
from .tally import BLOCKS

RESAMPLES = 2000
FEWEST_RESAMPLES = 200  # for a very long run, where each resample costs much
WORK = 20_000_000  # blocks summed over all resamples and players, at most, before resamples are cut
LOW, HIGH = 0.025, 0.975


@dataclass(frozen=True)
class Ranking:
    intervals: tuple[tuple[float, float], ...]  # each ranked player's score, 95%
    differences: tuple[tuple[float, float], ...]  # player i's score minus player i+1's, 95%
    resamples: int
    boards: int

    def level_with_next(self, place: int) -> bool:
        """Whether the player ranked ``place`` (from 0) cannot be told apart from the one after it."""
        if place >= len(self.differences):
            return False
        low, high = self.differences[place]
        return low <= 0.0 <= high


def rank(ranked: Sequence[ChallengeReport], cells: int) -> Ranking:
    """The intervals for players already in their ranking order (``cells``: kept for the callers; each
    tally knows its board's cells)."""
    held = [block for block in range(BLOCKS) if any(report.sums.block_games[block] for report in ranked)]
    boards = max((report.games for report in ranked), default=0)
    if not held:
        return Ranking(tuple((0.0, 0.0) for _ in ranked), (), 0, 0)
    # a block a player has no game in (a run stopped early) adds nothing to its score
    parts = [[report.sums.block_scores[block] for block in held] for report in ranked]
    totals = bootstrap(parts)
    intervals = tuple(_interval(sums) for sums in totals)
    differences = tuple(_interval([a - b for a, b in zip(upper, lower, strict=True)])
                        for upper, lower in itertools.pairwise(totals))
    return Ranking(intervals, differences, len(totals[0]), boards)


def bootstrap(parts: list[list[float]], resamples: int | None = None) -> list[list[float]]:
    """Each player's resampled totals: ``parts[p][k]`` is player p's sum over block k; every resample draws
    as many blocks as there are, with replacement, the same draw for every player."""
    count = len(parts[0])
    if resamples is None:
        resamples = max(FEWEST_RESAMPLES, min(RESAMPLES, WORK // (count * max(1, len(parts)))))
    draw = random.Random(f"amigasweeper-bootstrap:{count}:{len(parts)}").random
    totals: list[list[float]] = [[] for _ in parts]
    for _ in range(resamples):
        picks = [int(draw() * count) for _ in range(count)]
        for row, sums in zip(parts, totals, strict=True):
            sums.append(sum(map(row.__getitem__, picks)))
    return totals


def _interval(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    last = len(ordered) - 1
    return ordered[round(LOW * last)], ordered[round(HIGH * last)]
