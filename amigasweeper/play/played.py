"""PlayedGame: one game's life, from the first click to its end.

Every window that plays a game of MineSweeper sends it commands: the
MineSweeper window (mouse and keys), the Demo, touch play and any
keyboard-only or text player. It holds

* the engine's Game, and plays each move on it (the rules of the buttons
  are here, not in a window);
* the setup as it stood at the first uncover (the Marks setting then, not
  when the board was made);
* every input event, recorded once, in the order they came (the replay);
* whether any help was used (Hint, Show Safe and Mines, Show
  Probabilities, the Demo);
* the clock's holds (see :mod:`.clock`), which the recording follows;
* the end: won, lost, or abandoned (New, close or Quit after at least one
  uncover), handed on once as a GameEnd;
* what each move did, told to ``on_move`` once the move is recorded (the
  Narrator's lines come from it: play/narration.py).

A game in which no square was uncovered ends with nothing to keep.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from amigasweeper.engine import Game, GameSetup, LevelName, Move, MoveKind, MoveResult
from amigasweeper.metrics.clicks import Click
from amigasweeper.replay import GameRecorder, RecordedButton, Recording, Result

# (x, y) on the board in pixels and the square there; None off the board.
Aim = tuple[int, int, int | None] | None


class Action(Enum):
    UNCOVER = "uncover"
    MARK = "mark"
    CLEAR = "clear"
    RIGHT = "right"  # the right button's choice: mark a covered square, clear around an open one


CLICKS = {Action.UNCOVER: Click.LEFT, Action.MARK: Click.RIGHT, Action.CLEAR: Click.CHORD}
MOVES = {Action.UNCOVER: MoveKind.UNCOVER, Action.MARK: MoveKind.MARK, Action.CLEAR: MoveKind.CLEAR}
MoveListener = Callable[[Game, Move, MoveResult], None]  # a move played and what it did


class Help(Enum):
    """The kinds of help a game can be given (play/assist): kept apart so that a
    Demo game can be told from one where the player asked for a hint."""

    HINT = "hint"
    SAFE_AND_MINES = "safe and mines"
    PROBABILITIES = "probabilities"
    DEMO = "demo"


@dataclass(frozen=True)
class GameEnd:
    """A finished game, as the end of a game's path (play/ending.py) takes it."""

    recording: Recording  # setup at the first uncover, the player's name, help used
    level: LevelName  # the level chosen in the menus when it began: its Best Times entry
    by_marks: bool = False  # won by marking every mine with safe squares still covered
    seconds: int = 0  # what the counter showed, as Best Times keeps it
    practice: bool = False  # played for practice: kept apart, no best time (records/kept_game.py)

    @property
    def won(self) -> bool:
        return self.recording.result is Result.WON


class PlayedGame:
    def __init__(self, game: Game, level: LevelName, clock: Callable[[], float],
                 on_end: Callable[[GameEnd], None], player: Callable[[], str] = lambda: "",
                 wall: Callable[[], float] = time.time, on_move: MoveListener = lambda *move: None) -> None:
        self.game = game
        self.on_move = on_move
        self.level = level
        self.on_end = on_end
        self.player = player
        self.recorder = GameRecorder(game, clock=clock, wall=wall)
        self.setup: GameSetup | None = None  # as it stood at the first uncover
        self.helped = False
        self.helps: set[Help] = set()  # which kinds of help: the games line keeps them (a Demo is not a hint)
        self.noted = False  # the window has told why the board is not the kind asked for
        self.ended = False

    # ------------------------------------------------------------ state
    @property
    def paused(self) -> bool:
        return self.game.paused

    def can_play(self) -> bool:
        return not self.game.status.over and not self.game.paused

    def right_action(self, cell: int) -> Action:
        """What the right button does on a square: clear around an open one, else mark."""
        return Action.CLEAR if self.game.is_open(cell) else Action.MARK

    def click_of(self, action: Action, cell: int | None) -> Click:
        """What a keyboard action is, in the terms of the recorded clicks."""
        if action is Action.RIGHT and cell is not None:
            action = self.right_action(cell)
        return CLICKS.get(action, Click.RIGHT)

    # ------------------------------------------------------------ commands
    def pointer(self, aim: Aim) -> None:
        """The pointer moved (to a square, or off the board)."""
        self.recorder.move(*(aim or (None, None, None)))

    def press(self, button: RecordedButton, aim: Aim) -> None:
        self.recorder.press(RecordedButton(button), *(aim or (None, None, None)))

    def release(self, button: RecordedButton, aim: Aim, action: Action | None) -> MoveResult | None:
        """A button let go where ``aim`` says; ``action`` is what it was
        pressed to do (None: nothing). The right button acts only on a square
        of the kind it was pressed on, as in 2.4."""
        cell = aim[2] if aim else None
        played = None
        if cell is not None and action is not None and self.can_play():
            is_open = self.game.is_open(cell)
            if not (action is Action.MARK and is_open or action is Action.CLEAR and not is_open):
                played = self._play(action, cell)
        self.recorder.release(RecordedButton(button), *(aim or (None, None, None)))
        self._check_end()
        if played is None:
            return None
        self.on_move(self.game, *played)
        return played[1]

    def key(self, action: Action, cell: int | None) -> MoveResult | None:
        """A key, the Demo or a player with no pointer acting on a square:
        recorded with its square, as the click it stands for."""
        if cell is None or not self.can_play():
            return None
        click = self.click_of(action, cell)
        move, result = self._play(action, cell)
        self.recorder.key(click, cell)
        self._check_end()
        self.on_move(self.game, move, result)
        return result

    def use_help(self, kind: Help) -> None:
        """Hint, Show Safe and Mines, Show Probabilities, the Demo: this game
        is not the player's alone (no best time; EVF: not fair)."""
        self.helped = True
        self.helps.add(Help(kind))

    def set_marks(self, enabled: bool) -> None:
        self._told(Move(MoveKind.MARKS_ON if enabled else MoveKind.MARKS_OFF), self.game.set_marks(enabled))

    def _told(self, move: Move, result: MoveResult) -> None:
        """A move that changed something besides the squares, told on."""
        if result.accepted:
            self.on_move(self.game, move, result)

    # ------------------------------------------------------------ the clock
    def hold(self) -> None:
        result = self.game.pause()
        if self.game.paused and self.recorder.has_clicks:  # before the first press there is no time to hold
            self.recorder.hold()
        self._told(Move(MoveKind.PAUSE), result)

    def carry_on(self) -> None:
        result = self.game.resume()
        self.recorder.carry_on()
        self._told(Move(MoveKind.RESUME), result)

    # ------------------------------------------------------------ the end
    def abandon(self) -> None:
        """New, close or Quit: a game played and not over ends as abandoned."""
        self._finish(None if self.game.status.over else Result.ABANDONED)

    def _play(self, action: Action, cell: int) -> tuple[Move, MoveResult]:
        game = self.game
        if action is Action.RIGHT:
            action = self.right_action(cell)
        play = {Action.UNCOVER: game.uncover, Action.MARK: game.toggle_mark, Action.CLEAR: game.clear_around}
        result = play[action](cell)
        if self.setup is None and game.placed:
            # Play began: the setup as it stands now (the Marks setting now,
            # the board's kind as made) is the game's.
            self.setup = replace(game.setup, marks=game.marks_enabled)
        return Move(MOVES[action], cell), result

    def _check_end(self) -> None:
        if self.game.status.over:
            self._finish(None)

    def _finish(self, result: Result | None) -> None:
        if self.ended:
            return
        self.ended = True
        recording = self.recorder.finish(result)
        if recording is None:
            return  # no square was uncovered: nothing to keep
        game = self.game
        recording = replace(recording, setup=self.setup or recording.setup, player=self.player(),
                            helped=self.helped, helps=tuple(sorted(help.value for help in self.helps)))
        by_marks = recording.result is Result.WON and not game.cleared
        self.on_end(GameEnd(recording, self.level, by_marks, game.seconds))
