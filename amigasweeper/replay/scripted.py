"""A scripted player that plays through a GameRecorder as the MineSweeper window
would: pointer paths, presses and releases with 2.4's button rules, keys.

It reads the real mines (it is a script, not a solver), makes the mistakes
people make (wrong flags, "?" cycles, clicks that do nothing, chords that do
not fire) and is deterministic for a seed. The tests play it to check every
metric against ms-toollib; tools/bench_records.py times the recorder with it.
"""

from __future__ import annotations

import random

from ..engine.game import Game, GameSetup
from ..engine.rules import Mark
from ..metrics.clicks import Click
from .events import RecordedButton, Result
from .recorder import GameRecorder
from .recording import Recording


class _FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class ScriptedPlayer:
    def __init__(self, setup: GameSetup, seed: int, cell_px: int = 8) -> None:
        self.rng = random.Random(seed)
        self.clock = _FakeClock()
        self.game = Game(setup, clock=self.clock)
        self.recorder = GameRecorder(self.game, cell_px=cell_px, clock=self.clock, wall=lambda: 1.7e9)
        self.cell_px = cell_px
        self.topology = self.game.topology
        self.pointer = (0, 0)

    # ---------------------------------------------------------------- input
    def wait(self, low: float = 0.03, high: float = 0.4) -> None:
        self.clock.now += self.rng.uniform(low, high)

    def pixel(self, cell: int) -> tuple[int, int]:
        col, row = self.topology.coords(cell)
        return col * self.cell_px + self.rng.randrange(self.cell_px), row * self.cell_px + self.rng.randrange(self.cell_px)

    def glide(self, cell: int) -> None:
        """Move the pointer to a square in a few steps."""
        x, y = self.pixel(cell)
        x0, y0 = self.pointer
        steps = self.rng.randint(1, 4)
        for i in range(1, steps + 1):
            px, py = x0 + (x - x0) * i // steps, y0 + (y - y0) * i // steps
            self.clock.now += self.rng.uniform(0.005, 0.03)
            self.recorder.move(px, py, self._cell_at(px, py))
        self.pointer = (x, y)

    def _cell_at(self, x: int, y: int) -> int | None:
        col, row = x // self.cell_px, y // self.cell_px
        return self.topology.index(col, row) if self.topology.contains(col, row) else None

    def left(self, cell: int, release_at: int | None = None) -> None:
        self.glide(cell)
        self.recorder.press(RecordedButton.LEFT, *self.pointer, cell)
        self.wait(0.02, 0.1)
        target = cell if release_at is None else release_at
        if release_at is not None:
            self.glide(release_at)
        if target is not None:
            self.game.uncover(target)
        self.recorder.release(RecordedButton.LEFT, *self.pointer, target)

    def right(self, cell: int, release_at: int | None = None) -> None:
        """2.4's right button: the square pressed on decides what the release does."""
        self.glide(cell)
        pressed_open = self.game.is_open(cell)
        self.recorder.press(RecordedButton.RIGHT, *self.pointer, cell)
        self.wait(0.02, 0.1)
        target = cell if release_at is None else release_at
        if release_at is not None:
            self.glide(release_at)
        if pressed_open and self.game.is_open(target):
            self.game.clear_around(target)
        elif not pressed_open and not self.game.is_open(target):
            self.game.toggle_mark(target)
        self.recorder.release(RecordedButton.RIGHT, *self.pointer, target)

    def key(self, click: Click, cell: int) -> None:
        self.glide(cell)
        if click is Click.LEFT:
            self.game.uncover(cell)
        elif click is Click.RIGHT:
            self.game.toggle_mark(cell)
        else:
            self.game.clear_around(cell)
        self.recorder.key(click, cell)

    # ----------------------------------------------------------------- play
    def _safe_covered(self) -> list[int]:
        g = self.game
        return [c for c in self.topology.cells() if not g.is_open(c) and (not g.placed or not g.is_mine(c))]

    def _chordable(self) -> list[int]:
        g = self.game
        out = []
        for c in self.topology.cells():
            if g.is_open(c) and g.number(c) > 0:
                around = self.topology.neighbours[c]
                if any(not g.is_open(n) and g.mark(n) != Mark.MINE for n in around):
                    out.append(c)
        return out

    def play(self, max_actions: int = 400, abandon_after: int | None = None) -> Recording | None:
        g, rng = self.game, self.rng
        self.left(rng.choice(list(self.topology.cells())))
        actions = 0
        while not g.status.over and actions < max_actions:
            if abandon_after is not None and actions >= abandon_after:
                break
            actions += 1
            self.wait()
            roll = rng.random()
            covered = [c for c in self.topology.cells() if not g.is_open(c)]
            mines_unflagged = [c for c in covered if g.is_mine(c) and g.mark(c) != Mark.MINE]
            if roll < 0.25 and mines_unflagged:
                cell = rng.choice(mines_unflagged)
                (self.key if rng.random() < 0.2 else lambda k, c: self.right(c))(Click.RIGHT, cell)
            elif roll < 0.30 and covered:
                cell = rng.choice(covered)  # a wrong flag, a "?" cycle, or a flag taken off
                for _ in range(rng.randint(1, 3)):
                    self.right(cell)
            elif roll < 0.45 and self._chordable():
                cell = rng.choice(self._chordable())
                if rng.random() < 0.15:
                    self.key(Click.CHORD, cell)
                else:
                    self.right(cell, release_at=rng.choice([None, None, rng.randrange(self.topology.size)]))
            elif roll < 0.50:
                self.left(rng.randrange(self.topology.size))  # may be open, flagged, or a mine
            elif roll < 0.53:
                self.right(rng.randrange(self.topology.size), release_at=rng.randrange(self.topology.size))
            else:
                safe = self._safe_covered()
                if not safe:
                    break
                cell = rng.choice(safe)
                if g.mark(cell) == Mark.MINE:
                    self.right(cell)  # take a wrong flag off first
                if rng.random() < 0.1:
                    self.key(Click.LEFT, cell)
                else:
                    self.left(cell)
        self.wait()
        return self.recorder.finish(None if g.status.over else Result.ABANDONED)
