"""The game being played and the choices it is played with.

This is the program's UI state in Simon Tatham's sense: which level, marks and
completion mode are chosen, the current engine.Game, and the seeds that make
each new board. Windows and menus act through it; it draws nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from amigasweeper.engine import (
    BEGINNER,
    EXPERT,
    INTERMEDIATE,
    Completion,
    Game,
    GameSetup,
    LayoutKind,
    Level,
    LevelName,
    Shape,
    custom_level,
)

from .pausing import PauseReasons

LEVELS = {LevelName.BEGINNER: BEGINNER, LevelName.INTERMEDIATE: INTERMEDIATE, LevelName.EXPERT: EXPERT}


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
        return self.custom if self.level is LevelName.CUSTOM else LEVELS[self.level]


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


class Session:
    def __init__(self, choices: Choices, clock: Callable[[], float], seeds: SeedSource) -> None:
        self.choices = choices
        self.clock = clock
        self.seeds = seeds
        self.on_new_game: list[Callable[[Game], None]] = []
        self.hint_used = False
        self.game = self._make_game()
        self.pauses = PauseReasons(lambda: self.game)  # what holds the clock: the same for every game
        self.on_new_game.append(self.pauses.new_game)

    def _make_game(self) -> Game:
        board = self.choices.board
        setup = GameSetup(
            width=board.width,
            height=board.height,
            mines=board.mines,
            seed=self.seeds.next(),
            shape=self.choices.shape,
            marks=self.choices.marks,
            completion=self.choices.completion,
            layout=LayoutKind.NO_GUESS if self.choices.no_guess else LayoutKind.RANDOM,
        )
        return Game(setup, self.clock)

    def new_game(self) -> Game:
        self.game = self._make_game()
        self.hint_used = False
        for listener in self.on_new_game:
            listener(self.game)
        return self.game

    def choose_level(self, level: LevelName) -> Game:
        self.choices.level = level
        return self.new_game()

    def choose_custom(self, width: object, height: object, mines: object, **limits: int) -> Game:
        """Validate and start a Custom board (LevelError says what is allowed)."""
        self.choices.custom = custom_level(width, height, mines, **limits)
        self.choices.level = LevelName.CUSTOM
        return self.new_game()

    def set_marks(self, enabled: bool) -> None:
        self.choices.marks = enabled
        self.game.set_marks(enabled)

    def set_completion(self, completion: Completion) -> Game:
        """A new completion rule applies from the next game, which starts now."""
        self.choices.completion = completion
        return self.new_game()

    def set_shape(self, shape: Shape) -> Game:
        self.choices.shape = shape
        return self.new_game()

    def set_no_guess(self, enabled: bool) -> Game:
        self.choices.no_guess = enabled
        return self.new_game()
