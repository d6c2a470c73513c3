"""What the menus choose for the next game, and the seeds its boards are made from."""

from __future__ import annotations

import random
from dataclasses import dataclass

from amigasweeper.engine import BEGINNER, Completion, Level, LevelName, Shape
from amigasweeper.engine.levels import STANDARD_LEVELS


@dataclass
class Choices:
    """What the menus set; saved with the settings."""

    level: LevelName = LevelName.BEGINNER
    custom: Level = BEGINNER
    marks: bool = True
    completion: Completion = Completion.ALL_NON_MINES
    shape: Shape = Shape.SQUARE
    no_guess: bool = False

    @property
    def board(self) -> Level:
        return self.custom if self.level is LevelName.CUSTOM else STANDARD_LEVELS[self.level]


class SeedSource:
    """Seeds for new boards: a fixed sequence from --seed, else fresh entropy."""

    def __init__(self, seed: int | None) -> None:
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self._first = seed

    def next(self) -> int:
        if self._first is not None:
            seed, self._first = self._first, None
            return seed
        return self._rng.randrange(2**32)
