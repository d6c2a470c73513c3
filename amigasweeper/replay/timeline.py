"""A recording as the Replay window plays it: events in time, and the state at any.

``Timeline(recording)`` answers, for event ``i`` (0 <= i < len):

* ``state(i)``: the board after the event (a Game: read it with ``tile``),
  the pointer, the buttons held, and the metrics so far;
* ``index_at(t_ms)``: the last event at or before a time, for playing at any
  speed and for the slider.

A state is made by replaying the moves from the start on a fresh game, so
scrubbing backwards costs the same as forwards (tools/bench_records.py
measures it: well under a frame for an Expert game).
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
        """A fresh Game with the moves of events 0..index applied."""
        game = replay_game(self.recording)
        for e in self.events[: index + 1]:
            for move in e.moves:
                game.play(move)
        return game

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
