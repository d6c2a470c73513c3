"""Recording the game a person plays, from the MineWindow's own input.

The tap hands the recorder of the replay core what the player did on the
board: the pointer's path over it, each press and release with the square
under it, and the keyboard's moves, all in board pixels. Each call is a
comparison or two and one append: no frame gets slower for being recorded.

A game ends in the record as won, lost, or abandoned (a new game, Quit); one
with no click is not kept, nor one the Demo played in (the player did not
play it alone), and the Duel and the bots never come here.
"""

from __future__ import annotations

from collections.abc import Callable

from amigasweeper.engine import Game
from amigasweeper.metrics.clicks import Click
from amigasweeper.replay import Button as RecordedButton
from amigasweeper.replay import GameRecorder, Recording, Result

from ..intuition.input import Button

BUTTONS = {Button.LEFT: RecordedButton.LEFT, Button.RIGHT: RecordedButton.RIGHT}

# (x, y) on the board in pixels and the square there; None off the board.
Aim = tuple[int, int, int | None] | None


class GameTap:
    """The recorder of the game being played, fed by the MineWindow.

    ``on_recorded(recording)`` is told of each game that ends and is worth
    keeping; ``clock`` is the program's (a headless run counts frames)."""

    def __init__(self, clock: Callable[[], float], on_recorded: Callable[[Recording], None]) -> None:
        self.clock = clock
        self.on_recorded = on_recorded
        self.recorder: GameRecorder | None = None
        self._last: Aim = None  # where the pointer was last told to be
        self._seen: tuple[int, int] | None = None  # the pointer's screen pixel last frame
        self._held = False  # the game's clock is held (Pause, Help, ...)

    # ------------------------------------------------------------ the game
    def start(self, game: Game) -> None:
        """A new game: the one before ends as abandoned (if it was played)."""
        self.finish(abandoned=True)
        self.recorder = GameRecorder(game, clock=self.clock)
        self._last, self._seen, self._held = None, None, False

    def spoil(self) -> None:
        """The Demo played: this game is not the player's alone and is not kept."""
        self.recorder = None

    def finish(self, abandoned: bool = False) -> None:
        recorder, self.recorder = self.recorder, None
        if recorder is None:
            return
        # Left before its end: abandoned. Otherwise the game says won or lost.
        recording = recorder.finish(Result.ABANDONED if abandoned and not recorder.game.status.over else None)
        if recording is not None:
            self.on_recorded(recording)

    # ------------------------------------------------------------ the input
    def pointer(self, px: int, py: int, aim: Callable[[int, int], Aim]) -> None:
        """Once a frame: the pointer at screen pixel (px, py); ``aim`` finds
        the board pixel and square there, only when the pointer has moved."""
        if self.recorder is None or (px, py) == self._seen:
            return
        self._seen = (px, py)
        where = aim(px, py)
        if where != self._last:
            self._last = where
            self.recorder.move(*(where or (None, None, None)))

    def press(self, button: Button, aim: Aim) -> None:
        if self.recorder is not None:
            self._last = aim
            self.recorder.press(BUTTONS[button], *(aim or (None, None, None)))

    def release(self, button: Button, aim: Aim) -> None:
        """After the move the release made (if any) was played."""
        if self.recorder is not None:
            self._last = aim
            self.recorder.release(BUTTONS[button], *(aim or (None, None, None)))

    def key(self, click: Click, cell: int | None) -> None:
        """After a key's move was played."""
        if self.recorder is not None:
            self.recorder.key(click, cell)

    def follow_clock(self, held: bool) -> None:
        """Once a frame: the recorder's time stops while the game's clock is held."""
        if self.recorder is None or held == self._held:
            return
        self._held = held
        if held:
            self.recorder.hold()
        else:
            self.recorder.carry_on()
