"""A recording as the Replay window plays it: events in time, and the state at any.

``Timeline(recording)`` answers, for event ``i`` (0 <= i < len):

* ``state(i)``: the board after the event (a Game: read it with ``tile``),
  the pointer, the buttons held, and the metrics so far;
* ``index_at(t_ms)``: the last event at or before a time, for playing at any
  speed and for the slider.

Going forward (playing), a state carries on from the one made before it: only
the new events' moves are applied, to the same Game. Going back (scrubbing),
the moves are replayed on a fresh game from the start. So the Game of a state
is the timeline's own: read it, and do not keep it past the next ``state()``
(tools/bench_records.py measures a state of an Expert game).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from ..engine.game import Game
from ..metrics.board import board_metrics
from ..metrics.clicks import ClickCounter
from ..metrics.game_metrics import GameMetrics
from .events import Button, EventKind
from .recording import Recording
from .stream import cell_at, mouse_stream, replay_game


@dataclass(frozen=True)
class ReplayState:
    index: int
    t_ms: int
    pointer: tuple[int, int] | None  # board pixels, None off the board
    buttons: frozenset[Button]
    game: Game
    metrics: GameMetrics


class Timeline:
    def __init__(self, recording: Recording) -> None:
        self.recording = recording
        self.events = recording.events
        self.times = [e.t_ms for e in self.events]
        self._board = board_metrics(recording.topology, recording.mines)
        self._stream = mouse_stream(recording)
        self._counts = self._counts_per_event()
        self._buttons = self._buttons_per_event()
        self._game = replay_game(recording)
        self._game_index = -1  # the last event whose moves self._game has

    def __len__(self) -> int:
        return len(self.events)

    @property
    def duration_ms(self) -> int:
        return self.times[-1] if self.times else 0

    def index_at(self, t_ms: float) -> int:
        """The last event at or before ``t_ms`` (-1 before the first)."""
        return bisect.bisect_right(self.times, t_ms) - 1

    def _counts_per_event(self):
        counter = ClickCounter(self.recording.topology, self.recording.mines)
        counts = [None] * len(self.events)
        position = 0
        for index in range(len(self.events)):
            while position < len(self._stream) and self._stream[position][1] <= index:
                mouse = self._stream[position][0]
                counter.step(mouse.mouse, cell_at(self.recording, mouse.x, mouse.y))
                position += 1
            counts[index] = counter.counts()
        return counts

    def _buttons_per_event(self) -> list[frozenset[Button]]:
        held: set[Button] = set()
        out = []
        for e in self.events:
            if e.kind is EventKind.PRESS and e.button:
                held.add(e.button)
            elif e.kind is EventKind.RELEASE and e.button:
                held.discard(e.button)
            out.append(frozenset(held))
        return out

    def game_at(self, index: int) -> Game:
        """The Game with the moves of events 0..index applied (the timeline's own)."""
        if index < self._game_index:
            self._game, self._game_index = replay_game(self.recording), -1
        for e in self.events[self._game_index + 1 : index + 1]:
            for move in e.moves:
                self._game.play(move)
        self._game_index = max(self._game_index, index)
        return self._game

    def state(self, index: int) -> ReplayState:
        index = max(-1, min(index, len(self.events) - 1))
        game = self.game_at(index)
        if index < 0:
            empty = ClickCounter(self.recording.topology, self.recording.mines).counts()
            return ReplayState(-1, 0, None, frozenset(), game, GameMetrics.compute(self._board, empty, 0))
        event = self.events[index]
        pointer = (event.x, event.y) if event.x is not None and event.y is not None else None
        time_ms = min(event.t_ms, self.recording.time_ms) if index < len(self.events) - 1 else self.recording.time_ms
        metrics = GameMetrics.compute(self._board, self._counts[index], time_ms)
        return ReplayState(index, event.t_ms, pointer, self._buttons[index], game, metrics)
