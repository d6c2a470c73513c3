"""The game being played and the choices it is played with.

This is the program's play state in Simon Tatham's sense: which level,
marks and completion mode are chosen, the game being played (a
PlayedGame) and the seeds that make each new board, the clock's reasons,
the help given to the game (``assist``: play/assist) and where a finished
game goes (``on_end``). Windows and menus act through it; it draws nothing
and never imports pyxel.

Its games may be no-guess boards: the solver's maker of them is registered
with the engine here (solver/engine_hooks.py), so that no front end needs
to import the solver for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from amigasweeper.engine import (
    Completion,
    Game,
    GameSetup,
    LayoutKind,
    LevelName,
    Move,
    MoveResult,
    Shape,
    custom_level,
)
from amigasweeper.solver.engine_hooks import install as install_solver_hooks

from .assist.assist import Assist
from .choices import Choices, SeedSource
from .clock import PauseReasons
from .played import GameEnd, MoveListener, PlayedGame


class Session:
    def __init__(self, choices: Choices, clock: Callable[[], float], seeds: SeedSource,
                 wall: Callable[[], float] = time.time,
                 solver_clock: Callable[[], float] = time.perf_counter) -> None:
        install_solver_hooks()  # no-guess boards and the Duel's automatic reveal
        self.choices = choices
        self.clock = clock
        self.wall = wall
        self.seeds = seeds
        self.on_new_game: list[Callable[[Game], None]] = []
        self.on_move: list[MoveListener] = []  # every move of every game: what it did (the Narrator's source)
        self.on_end: Callable[[GameEnd], None] = lambda end: None  # the end of a game's path
        self.player_name: Callable[[], str] = lambda: ""  # the name a replay is signed with
        self.played = self._make()
        self.pauses = PauseReasons(lambda: self.played)  # what holds the clock: the same for every game
        self.on_new_game.append(self.pauses.new_game)
        self.assist = Assist(lambda: self.played, solver_clock)  # Hint, Show Safe and Mines, odds, the Demo
        self.on_new_game.append(self.assist.new_game)
        self.on_move.append(self.assist.moved)

    @property
    def game(self) -> Game:
        return self.played.game

    def _make(self) -> PlayedGame:
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
        return PlayedGame(Game(setup, self.clock), self.choices.level, self.clock,
                          lambda end: self.on_end(end), lambda: self.player_name(), self.wall, self._moved)

    def _moved(self, game: Game, move: Move, result: MoveResult) -> None:
        for listener in self.on_move:
            listener(game, move, result)

    def new_game(self) -> Game:
        """The game being played is left (kept as abandoned if it was played) and a new one begins."""
        self.played.abandon()
        self.played = self._make()
        for listener in self.on_new_game:
            listener(self.game)
        return self.game

    def leave(self) -> None:
        """Quit, a stop signal or the game window closed: the game being played ends as abandoned."""
        self.played.abandon()

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
        self.played.set_marks(enabled)

    def set_completion(self, completion: Completion) -> Game:
        """A new completion rule applies from the next game, which starts now."""
        self.choices.completion = completion
        return self.new_game()

    def set_shape(self, shape: Shape) -> Game:
        self.choices.shape = shape
        return self.new_game()

    def set_no_guess(self, enabled: bool) -> Game:
        """Settings > No-Guess Boards: the player's choice, saved (it ends a --no-guess override)."""
        self.choices.choose_no_guess(enabled)
        return self.new_game()
