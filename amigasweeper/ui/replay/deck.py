"""The replay's tape deck, without pixels: where in the game it is, whether it
plays and how fast. The Replay window turns its gadgets into these calls and
draws the state at ``index``.

Time is the game's own, in milliseconds from the first event; the deck starts
before that event, on the untouched board. It advances by
the wall clock times the speed while playing, so a game plays at its real
pace at 1x; it stops at the end, and play from the end starts again. Step
and step back move one event and stop; End goes to the end of the game.
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol


class Speed(Enum):
    X1 = 1
    X2 = 2
    X4 = 4

    @property
    def label(self) -> str:
        return f"{self.value}x"


class Tape(Protocol):
    """What the deck needs of a replay's timeline."""

    duration_ms: int
    times: list[int]  # each event's time

    def __len__(self) -> int: ...

    def index_at(self, t_ms: float) -> int: ...


class Deck:
    def __init__(self, tape: Tape) -> None:
        self.tape = tape
        self.t_ms = 0.0
        self.playing = False
        self.speed = Speed.X1
        self.index = -1  # before the first event: the board untouched

    @property
    def at_end(self) -> bool:
        return self.t_ms >= self.tape.duration_ms and self.index >= len(self.tape) - 1

    def advance(self, wall_ms: float) -> bool:
        """Let ``wall_ms`` of real time pass; True when the shown event changed."""
        if not self.playing:
            return False
        changed = self.seek(self.t_ms + wall_ms * self.speed.value)
        if self.at_end:
            self.playing = False
        return changed

    def play_pause(self) -> None:
        if self.playing:
            self.playing = False
            return
        if self.at_end:
            self.rewind()
        self.playing = True

    def rewind(self) -> bool:
        """Back to before the first event; True when the shown event changed."""
        self.playing = False
        return self.seek(0, -1)

    def step(self) -> bool:
        """One event on, and stop there (a paused deck steps through a game)."""
        self.playing = False
        if self.index + 1 >= len(self.tape):
            return False
        return self.seek(self.tape.times[self.index + 1], self.index + 1)

    def step_back(self) -> bool:
        """One event back, and stop there; before the first, the untouched board."""
        self.playing = False
        if self.index < 0:
            return False
        if self.index == 0:
            return self.rewind()
        return self.seek(self.tape.times[self.index - 1], self.index - 1)

    def end(self) -> bool:
        """To the end of the game: its last event, its recorded time."""
        self.playing = False
        return self.seek(self.tape.duration_ms, len(self.tape) - 1)

    def seek(self, t_ms: float, index: int | None = None) -> bool:
        """Go to a time (the slider); True when the shown event changed."""
        self.t_ms = max(0.0, min(float(self.tape.duration_ms), t_ms))
        if not len(self.tape):
            return False
        wanted = self.tape.index_at(self.t_ms) if index is None else index
        changed, self.index = wanted != self.index, wanted
        return changed
