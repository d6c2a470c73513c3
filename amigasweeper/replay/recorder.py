"""GameRecorder: what the MineSweeper window tells it while a game is played.

Recording is cheap on purpose: each call appends one small tuple and looks at
how many moves the game has made; no board work happens until the game ends
(see tools/bench_records.py for the cost per event).

The window calls, with board pixels and the square under the pointer:

* ``move(x, y, cell)`` when the pointer moves (all None off the board),
* ``press(button, x, y, cell)`` when a button goes down,
* ``release(button, x, y, cell)`` *after* it has applied what the release did
  to the game: the moves the game made since the last call are this
  release's outcome,
* ``key(click, cell)`` after a keyboard action (M/G, U/1, L/A),
* ``hold()`` / ``carry_on()`` when the game clock is stopped and restarted,
* ``helped()`` when a hint or the probabilities were shown during the game,
* ``finish(result)`` when the game ends or is abandoned.

Nothing is kept before the first press, and a game in which no square was
uncovered has no board to keep: ``finish`` returns None for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..engine.game import Game
from ..engine.rules import GameStatus
from ..metrics.clicks import Click
from .events import EventKind, InputEvent, RecordedButton, Result
from .recording import Recording


class GameRecorder:
    def __init__(
        self,
        game: Game,
        cell_px: int = 8,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.game = game
        self.cell_px = cell_px
        self._clock = clock
        self._wall = wall
        self._events: list[InputEvent] = []
        self._start: float | None = None
        self._started_wall = 0.0
        self._held_since: float | None = None
        self._held = 0.0
        self._moves_seen = len(game.moves)
        self._pointer: tuple[int | None, int | None, int | None] = (None, None, None)
        self._finished = False
        self._helped = False

    # ------------------------------------------------------------ reading
    @property
    def has_clicks(self) -> bool:
        """Whether a button was pressed (or a key used) on the board."""
        return self._start is not None

    @property
    def events(self) -> tuple[InputEvent, ...]:
        return tuple(self._events)

    def _now_ms(self, start: float) -> int:
        now = self._clock() if self._held_since is None else self._held_since
        return max(0, round((now - start - self._held) * 1000))

    def _new_moves(self) -> tuple:
        moves = self.game.moves
        fresh = tuple(moves[self._moves_seen :])
        self._moves_seen = len(moves)
        return fresh

    def _add(self, kind: EventKind, take_moves: bool = True, **fields) -> None:
        """Append an event; with ``take_moves`` it takes the game's new moves."""
        if self._finished:
            return
        start = self._start
        assert start is not None, "every caller begins the game (or sees it begun) first"
        moves = self._new_moves() if take_moves else ()
        self._events.append(InputEvent(self._now_ms(start), kind, moves=moves, **fields))

    def _begin(self) -> None:
        if self._start is None and not self._finished:
            self._start = self._clock()
            self._started_wall = self._wall()
            x, y, cell = self._pointer
            if x is not None:
                self._add(EventKind.MOVE, take_moves=False, x=x, y=y, cell=cell)

    # ------------------------------------------------------------- events
    def move(self, x: int | None, y: int | None, cell: int | None) -> None:
        if cell is None:
            x = y = None
        if (x, y, cell) == self._pointer:
            return
        self._pointer = (x, y, cell)
        if self._start is not None:
            self._add(EventKind.MOVE, x=x, y=y, cell=cell)

    def press(self, button: RecordedButton, x: int | None, y: int | None, cell: int | None) -> None:
        self._pointer = (x, y, cell) if cell is not None else (None, None, None)
        if cell is None and self._start is None:
            return  # a press off the board before the game is no part of it
        self._begin()
        x, y, cell = self._pointer
        self._add(EventKind.PRESS, x=x, y=y, cell=cell, button=RecordedButton(button))

    def release(self, button: RecordedButton, x: int | None, y: int | None, cell: int | None) -> None:
        self._pointer = (x, y, cell) if cell is not None else (None, None, None)
        x, y, cell = self._pointer
        if self._start is None:
            if len(self.game.moves) == self._moves_seen:
                return  # pressed off the board, let go on it, nothing done: no part of the game
            # the window acted on a release whose press we never saw: record both
            self._begin()
            self._add(EventKind.PRESS, take_moves=False, x=x, y=y, cell=cell, button=RecordedButton(button))
        self._add(EventKind.RELEASE, x=x, y=y, cell=cell, button=RecordedButton(button))

    def key(self, click: Click, cell: int | None) -> None:
        if cell is None:
            return
        x, y, _ = self._pointer  # None when the pointer was never seen: the square is what counts
        self._pointer = (x, y, cell)
        self._begin()
        self._add(EventKind.KEY, x=x, y=y, cell=cell, click=Click(click))

    def helped(self) -> None:
        """A hint was shown: the replay says so (EVF: not official, not fair)."""
        self._helped = True

    def hold(self) -> None:
        """The game clock stopped (Pause, a window in front): time stands still."""
        if self._held_since is None:
            self._held_since = self._clock()

    def carry_on(self) -> None:
        if self._held_since is not None:
            self._held += self._clock() - self._held_since
            self._held_since = None

    # ---------------------------------------------------------------- end
    def finish(self, result: Result | None = None) -> Recording | None:
        """The recording, or None when the game has nothing to keep.

        ``result`` defaults to what the game says: won, lost, else abandoned."""
        if self._finished:
            return None
        tail = self._new_moves()
        if tail and self._events:
            last = self._events[-1]
            self._events[-1] = InputEvent(
                last.t_ms, last.kind, last.x, last.y, last.cell, last.button, last.click, last.moves + tail
            )
        self._finished = True
        game = self.game
        if self._start is None or not game.placed:
            return None
        if result is None:
            result = {GameStatus.WON: Result.WON, GameStatus.LOST: Result.LOST}.get(game.status, Result.ABANDONED)
        return Recording(
            setup=game.setup,
            mines=game.mine_cells(),
            events=tuple(self._events),
            result=Result(result),
            time_ms=round(game.elapsed() * 1000),
            started=self._started_wall,
            cell_px=self.cell_px,
            helped=self._helped,
        )
