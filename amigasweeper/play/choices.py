"""What the menus choose for the next game, the seeds its boards are made
from, and how the choices stand in the saved Settings."""

from __future__ import annotations

import random
from dataclasses import dataclass

from amigasweeper.engine import BEGINNER, Completion, Level, LevelError, LevelName, Shape, custom_level
from amigasweeper.engine.levels import STANDARD_LEVELS
from amigasweeper.storage import Settings


@dataclass
class Choices:
    """What the menus set; saved with the settings."""

    level: LevelName = LevelName.BEGINNER
    custom: Level = BEGINNER
    marks: bool = True
    completion: Completion = Completion.ALL_NON_MINES
    shape: Shape = Shape.SQUARE
    no_guess: bool = False
    # A run's --no-guess overrides the saved No-Guess setting without saving
    # it, as --touch does Touch Controls: this is the saved value meanwhile,
    # kept until the player chooses No-Guess Boards for themselves.
    saved_no_guess: bool | None = None

    @property
    def board(self) -> Level:
        return self.custom if self.level is LevelName.CUSTOM else STANDARD_LEVELS[self.level]

    def override_no_guess(self, enabled: bool) -> None:
        """No-guess boards on or off for this run only (the command line's --no-guess)."""
        if self.saved_no_guess is None:
            self.saved_no_guess = self.no_guess
        self.no_guess = enabled

    def choose_no_guess(self, enabled: bool) -> None:
        """The player's own choice: it is what is saved from now on."""
        self.no_guess, self.saved_no_guess = enabled, None


def choices_from_settings(settings: Settings, level: LevelName | None = None, no_guess: bool = False) -> Choices:
    """The saved choices; ``level`` and ``no_guess`` (from the command line)
    override the saved level and No-Guess setting for this run."""
    try:
        custom = custom_level(settings.custom_width, settings.custom_height, settings.custom_mines)
    except LevelError:
        custom = Choices().custom
    choices = Choices(
        level=level or LevelName(settings.level),
        custom=custom,
        marks=settings.marks,
        completion=Completion.saved(settings.completion),
        shape=Shape.saved(settings.shape),
        no_guess=settings.no_guess,
    )
    if no_guess:
        choices.override_no_guess(True)
    return choices


def choice_settings(choices: Choices) -> dict:
    """The fields of Settings that keep the choices (the Custom size is saved
    apart, with Storage.set_custom); an overridden No-Guess keeps its saved value."""
    saved_no_guess = choices.no_guess if choices.saved_no_guess is None else choices.saved_no_guess
    return {
        "level": choices.level.value,
        "marks": choices.marks,
        "completion": choices.completion.value,
        "shape": choices.shape.value,
        "no_guess": saved_no_guess,
    }


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
