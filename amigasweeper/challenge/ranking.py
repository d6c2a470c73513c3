"""How sure the ranking is: the scores' 95% intervals by a paired bootstrap over the boards.

Every player plays the same boards, so the boards are what is resampled:
each resample draws as many boards as were played, with replacement, and
every player's score is summed over that same draw. Two players' scores
then move together with the boards' luck (a board nobody can win costs all
of them alike), and the interval of their difference is far narrower than
two separate intervals would suggest. Neighbours in the ranking whose
difference's interval holds zero cannot be told apart on these games.

A board's part of a score is the challenge's: its cells when won, minus the
milliseconds the bot took on it. The resamples are drawn from a fixed seed,
so the same records always give the same intervals.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .harness import ChallengeReport

RESAMPLES = 2000
FEWEST_RESAMPLES = 200  # for a very long run, where each resample costs much
WORK = 20_000_000  # boards summed over all resamples and players, at most, before resamples are cut
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
    """The intervals for players already in their ranking order."""
    boards = sorted({record.index for report in ranked for record in report.records})
    if not boards:
        return Ranking(tuple((0.0, 0.0) for _ in ranked), (), 0, 0)
    column = {board: n for n, board in enumerate(boards)}
    parts = []
    for report in ranked:  # a board a player did not play (a run stopped early) adds nothing to its score
        row = [0.0] * len(boards)
        for record in report.records:
            row[column[record.index]] = cells * record.outcome.won - record.ms
        parts.append(row)
    count = len(boards)
    resamples = max(FEWEST_RESAMPLES, min(RESAMPLES, WORK // (count * max(1, len(parts)))))
    draw = random.Random(f"amigasweeper-bootstrap:{count}:{len(parts)}").random
    totals: list[list[float]] = [[] for _ in parts]
    for _ in range(resamples):
        picks = [int(draw() * count) for _ in range(count)]
        for row, sums in zip(parts, totals, strict=True):
            sums.append(sum(map(row.__getitem__, picks)))
    intervals = tuple(_interval(sums) for sums in totals)
    differences = tuple(_interval([a - b for a, b in zip(upper, lower, strict=True)])
                        for upper, lower in itertools.pairwise(totals))
    return Ranking(intervals, differences, resamples, count)


def _interval(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    last = len(ordered) - 1
    return ordered[round(LOW * last)], ordered[round(HIGH * last)]
