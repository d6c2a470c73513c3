"""A recording as the Replay window plays it: events in time, and the state at any.

``Timeline(recording)`` answers, for event ``i`` (-1 <= i < len, -1 being
the untouched board):

* ``state(i)``: the board after the event (a Game: read it with ``tile``),
  the pointer, the buttons held, and the metrics so far;
* ``index_at(t_ms)``: the last event at or before a time, for playing at any
  speed and for the slider.

Time is the events' own, from the first press (0). The game's clock starts
at the first uncover (``clock_start_ms``; marks put down before it come
earlier) and runs for the recorded time, so the tape ends at
``duration_ms = clock_start_ms + time_ms``, where ms-toollib ends a video
too; ``clock(t_ms)`` is what the game's timer showed then. An event after
that end (a move between the last click and the game being kept) is shown
at the end.

A long game's timeline can be made a slice at a time (:meth:`Timeline.building`).
Going forward (playing), a state carries on from the one made before it:
only the new events' moves are applied, to the same Game. Going back
(scrubbing, stepping back), it starts from the nearest earlier checkpoint,
a copy of the Game kept every CHECKPOINTS-th of the game, so no step back
replays the whole game. The Game of a state is the timeline's own: read it,
and do not keep it past the next ``state()`` (tools/bench_replays.py
measures both ways on the largest sample file).
"""

from __future__ import annotations

import bisect
import copy
from dataclasses import dataclass

from ..engine.game import Game
from ..metrics.board import BoardMetrics, board_metrics_steps
from ..metrics.clicks import ClickCounter, Mouse
from ..metrics.game_metrics import GameMetrics
from ..slices import SLICE, Steps, finish
from .events import EventKind, RecordedButton
from .recording import Recording
from .stream import cell_at, mouse_stream_steps, replay_game

CHECKPOINTS = 64  # copies of the game kept along the tape, at most
MIN_SPACING = 64  # events between two copies, at least


@dataclass(frozen=True)
class ReplayState:
    index: int
    t_ms: int
    pointer: tuple[int, int] | None  # board pixels, None off the board
    buttons: frozenset[RecordedButton]
    game: Game
    metrics: GameMetrics


Tape = tuple[BoardMetrics, list, list]  # the board's figures; the click counts and buttons held after each event


def _tape(recording: Recording) -> Steps[Tape]:
    """The board's figures, and the click counts and the buttons held after
    each event. A move counts nothing, so the events after a move share
    the counts before it."""
    board = yield from board_metrics_steps(recording.topology, recording.mines)
    stream = yield from mouse_stream_steps(recording)
    counter = ClickCounter(recording.topology, recording.mines)
    counts, buttons = [], []
    current, held = counter.counts(), set()
    position = 0
    for index, event in enumerate(recording.events):
        if index % SLICE == 0:
            yield
        clicked = False
        while position < len(stream) and stream[position][1] <= index:
            mouse = stream[position][0]
            counter.step(mouse.mouse, cell_at(recording, mouse.x, mouse.y))
            clicked = clicked or mouse.mouse is not Mouse.MOVE
            position += 1
        if clicked:
            current = counter.counts()
        counts.append(current)
        if event.kind is EventKind.PRESS and event.button:
            held.add(event.button)
        elif event.kind is EventKind.RELEASE and event.button:
            held.discard(event.button)
        buttons.append(frozenset(held))
    return board, counts, buttons


def _copy(game: Game) -> Game:
    """A copy of a game's board. The board's shape and setup never change
    and are shared; the list of its moves is left out (a replay never reads
    it, and it would make each copy as long as the game)."""
    return copy.deepcopy(game, {id(game.moves): [], id(game.topology): game.topology, id(game.setup): game.setup})


class Timeline:
    def __init__(self, recording: Recording, tape: Tape | None = None) -> None:
        """The timeline of a recording; ``tape`` is what :meth:`building` made
        (without it, it is made here at once)."""
        self.recording = recording
        self.events = recording.events
        self.times = [e.t_ms for e in self.events]
        self.clock_start_ms = recording.clock_start_ms
        self.duration_ms = self.clock_start_ms + recording.time_ms if self.times else 0
        self._board, self._counts, self._buttons = tape or finish(_tape(recording))
        self._spacing = max(MIN_SPACING, len(self.events) // CHECKPOINTS + 1)
        self._checkpoints: dict[int, Game] = {-1: _copy(replay_game(recording))}
        self._game = replay_game(recording)
        self._game_index = -1  # the last event whose moves self._game has

    @classmethod
    def building(cls, recording: Recording) -> Steps[Timeline]:
        """The same timeline made a slice at a time (see slices.py)."""
        return cls(recording, (yield from _tape(recording)))

    def __len__(self) -> int:
        return len(self.events)

    def index_at(self, t_ms: float) -> int:
        """The last event at or before ``t_ms`` (-1 before the first); every
        event from the end of the tape on."""
        if t_ms >= self.duration_ms and self.events:
            return len(self.events) - 1
        return bisect.bisect_right(self.times, t_ms) - 1

    def clock(self, t_ms: float) -> float:
        """What the game's timer showed at a time of the tape, in ms."""
        return max(0.0, min(float(self.recording.time_ms), t_ms - self.clock_start_ms))

    def game_at(self, index: int) -> Game:
        """The Game with the moves of events 0..index applied (the timeline's own)."""
        if index < self._game_index:
            start = max(i for i in self._checkpoints if i <= index)
            self._game, self._game_index = _copy(self._checkpoints[start]), start
        for at in range(self._game_index + 1, index + 1):
            for move in self.events[at].moves:
                self._game.play(move)
            if at % self._spacing == 0 and at not in self._checkpoints:
                self._checkpoints[at] = _copy(self._game)
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
        last = index == len(self.events) - 1
        time_ms = self.recording.time_ms if last else round(self.clock(event.t_ms))
        metrics = GameMetrics.compute(self._board, self._counts[index], time_ms)
        return ReplayState(index, event.t_ms, pointer, self._buttons[index], game, metrics)
