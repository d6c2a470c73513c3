"""The Game: MineSweeper 2.4's rules on any board shape.

Game state only: what is under each square, what the player has uncovered and
marked, the clock. How a square looks on screen is the view's business, and
what the player may deduce is the solver's; both read the game through
``tile()`` and ``player_view()``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from .layouts import LayoutKind, LayoutMaker, LayoutUnavailable, layout_maker, random_layout
from .rules import (
    NOTHING,
    Completion,
    GameStatus,
    Mark,
    Move,
    MoveKind,
    MoveResult,
    Tile,
)
from .topology import Shape, Topology, make_topology
from .view import COVERED, MARKED, PlayerView

MAX_SECONDS = 999

Clock = Callable[[], float]


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to make the same board again."""

    width: int = 8
    height: int = 8
    mines: int = 10
    seed: int = 0
    shape: Shape = Shape.SQUARE
    marks: bool = True  # the Marks (?) menu item
    completion: Completion = Completion.ALL_NON_MINES
    layout: LayoutKind = LayoutKind.RANDOM

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", Shape.saved(self.shape))
        object.__setattr__(self, "completion", Completion.saved(self.completion))
        object.__setattr__(self, "layout", LayoutKind(self.layout))
        if not 0 < self.mines < self.width * self.height:
            raise ValueError(f"{self.mines} mines cannot go on a {self.width}x{self.height} board")

    @property
    def topology(self) -> Topology:
        return make_topology(self.shape, self.width, self.height)


class Game:
    """One game of MineSweeper.

    ``clock`` gives the time in seconds (injected so tests need no sleeping).
    """

    def __init__(self, setup: GameSetup, clock: Clock = time.monotonic, layout_maker: LayoutMaker | None = None) -> None:
        self.setup = setup
        self.layout_maker = layout_maker  # None: the maker registered for setup.layout
        self.layout_note = ""  # why the board is not of the kind asked for, when it is not
        self.topology = setup.topology
        self.clock = clock
        self.marks_enabled = setup.marks
        self.status = GameStatus.READY
        self.paused = False
        self.moves: list[Move] = []
        self.exploded: int | None = None
        size = self.topology.size
        self._mine = bytearray(size)
        self._count = [0] * size
        self._open = bytearray(size)
        self._mark = bytearray(size)
        self._opened_safe = 0
        self._marked = 0
        self._marked_right = 0
        self._started_at: float | None = None
        self._clock_ran = False  # the first uncover started the timer
        self._elapsed = 0.0
        self._placed = False

    # ----------------------------------------------------------- construction
    @classmethod
    def with_mines(cls, setup: GameSetup, mines: Iterable[int], clock: Clock = time.monotonic) -> Game:
        """A game whose mines are already placed (tests, replays of fixed boards)."""
        game = cls(replace(setup, mines=len(frozenset(mines))), clock)
        game._place(frozenset(mines))
        return game

    def _place(self, mines: frozenset[int]) -> None:
        neighbours = self.topology.neighbours
        for cell in mines:
            self._mine[cell] = 1
        mine = self._mine
        self._count = [sum(mine[n] for n in neighbours[cell]) for cell in self.topology.cells()]
        for cell in self.topology.cells():
            if self._mark[cell] == Mark.MINE and mine[cell]:
                self._marked_right += 1
        self._placed = True

    def _place_for_first(self, first: int) -> None:
        try:
            maker = self.layout_maker or layout_maker(self.setup.layout)
            mines = maker(self.topology, self.setup.mines, first, random.Random(self.setup.seed))
        except LayoutUnavailable as why:
            # Never a board that merely claims to be what was asked: this one is
            # random, the setup says so (a replay makes the same board) and the
            # note tells the player why.
            self.layout_note = str(why)
            self.setup = replace(self.setup, layout=LayoutKind.RANDOM)
            mines = random_layout(self.topology, self.setup.mines, first, random.Random(self.setup.seed))
        self._place(mines)

    # ------------------------------------------------------------------ reading
    @property
    def mines(self) -> int:
        return self.setup.mines

    @property
    def mines_left(self) -> int:
        """Mines minus marks, wrong marks included: it may go negative."""
        return self.setup.mines - self._marked

    @property
    def placed(self) -> bool:
        return self._placed

    @property
    def cleared(self) -> bool:
        """Every safe square is uncovered (a win by marks alone leaves some covered)."""
        return self._non_mines_found()

    def is_mine(self, cell: int) -> bool:
        return bool(self._mine[cell])

    def is_open(self, cell: int) -> bool:
        return bool(self._open[cell])

    def mark(self, cell: int) -> Mark:
        return Mark(self._mark[cell])

    def number(self, cell: int) -> int:
        return self._count[cell]

    def mine_cells(self) -> frozenset[int]:
        return frozenset(cell for cell in self.topology.cells() if self._mine[cell])

    def wrong_marks(self) -> list[int]:
        return [c for c in self.topology.cells() if self._mark[c] == Mark.MINE and not self._mine[c]]

    def tile(self, cell: int) -> int:
        """What the player sees: a number 0-12 for an uncovered square, else a Tile."""
        if self._open[cell]:
            if self._mine[cell]:
                return Tile.MINE_HIT
            return self._count[cell]
        mark = self._mark[cell]
        if self.status is GameStatus.LOST:
            if mark == Mark.MINE:
                return Tile.MARKED if self._mine[cell] else Tile.WRONG_MARK
            if self._mine[cell]:
                return Tile.MINE
        if mark == Mark.MINE:
            return Tile.MARKED
        if mark == Mark.QUESTION:
            return Tile.QUESTION
        return Tile.COVERED

    def player_view(self) -> PlayerView:
        """Only what the player knows: numbers, marks, covered squares, the mine total."""
        opened, mines, marks, numbers = self._open, self._mine, self._mark, self._count
        cells = tuple(
            (numbers[c] if not mines[c] else COVERED)
            if opened[c]
            else (MARKED if marks[c] == Mark.MINE else COVERED)
            for c in range(len(opened))
        )
        return PlayerView(self.topology, self.mines, cells)

    # -------------------------------------------------------------------- clock
    def elapsed(self) -> float:
        if self._started_at is None:
            return self._elapsed
        return self._elapsed + max(0.0, self.clock() - self._started_at)

    @property
    def seconds(self) -> int:
        """The timer as Windows 3.1 shows it: 0 before the first uncover, then 1
        at once and one more each whole second (no game takes 0 seconds); it
        stops at 999."""
        if not self._clock_ran:
            return 0
        return min(MAX_SECONDS, int(self.elapsed()) + 1)

    def _start_clock(self) -> None:
        if self._started_at is None and not self.paused:
            self._started_at = self.clock()
            self._clock_ran = True

    def _stop_clock(self) -> None:
        if self._started_at is not None:
            self._elapsed = self.elapsed()
            self._started_at = None

    # -------------------------------------------------------------------- moves
    def play(self, move: Move) -> MoveResult:
        """Apply a move given as data (used by replay and by the UI alike)."""
        handler = {
            MoveKind.UNCOVER: self.uncover,
            MoveKind.MARK: self.toggle_mark,
            MoveKind.CLEAR: self.clear_around,
        }.get(move.kind)
        if handler is not None:
            assert move.cell is not None  # Move refuses a cell-taking kind without a cell
            return handler(move.cell)
        if move.kind is MoveKind.PAUSE:
            return self.pause()
        if move.kind is MoveKind.RESUME:
            return self.resume()
        return self.set_marks(move.kind is MoveKind.MARKS_ON)

    def _can_act(self) -> bool:
        return not self.status.over and not self.paused

    def _record(self, kind: MoveKind, cell: int | None = None) -> None:
        self.moves.append(Move(kind, cell))

    def uncover(self, cell: int) -> MoveResult:
        """Uncover one square; a blank one opens its neighbours ring by ring."""
        if not self._can_act() or self._open[cell] or self._mark[cell] == Mark.MINE:
            return NOTHING
        if not self._placed:
            self._place_for_first(cell)
        self._record(MoveKind.UNCOVER, cell)
        self._start_status()
        if self._mine[cell]:
            return self._lose(cell)
        rings = self._open_from([cell])
        return self._after_opening(rings)

    def clear_around(self, cell: int) -> MoveResult:
        """Uncover the unmarked neighbours of a number whose marks match it."""
        if not self._can_act() or not self._open[cell]:
            return NOTHING
        neighbours = self.topology.neighbours[cell]
        marks = sum(1 for n in neighbours if self._mark[n] == Mark.MINE)
        targets = [n for n in neighbours if not self._open[n] and self._mark[n] != Mark.MINE]
        if marks != self._count[cell] or not targets:
            return NOTHING
        self._record(MoveKind.CLEAR, cell)
        hit = next((n for n in targets if self._mine[n]), None)
        if hit is not None:
            return self._lose(hit)
        return self._after_opening(self._open_from(targets))

    def toggle_mark(self, cell: int) -> MoveResult:
        """Cycle a covered square: blank -> mine -> ? -> blank (no ? with Marks off)."""
        if not self._can_act() or self._open[cell]:
            return NOTHING
        self._record(MoveKind.MARK, cell)
        old = self._mark[cell]
        if old == Mark.NONE:
            new = Mark.MINE
        elif old == Mark.MINE and self.marks_enabled:
            new = Mark.QUESTION
        else:
            # A ? left from before Marks was switched off still cycles back to blank.
            new = Mark.NONE
        self._set_mark(cell, new)
        if self.status is GameStatus.PLAYING and self._completed():
            return self._win([cell])
        return MoveResult([], [cell], self.status)

    def set_marks(self, enabled: bool) -> MoveResult:
        if enabled == self.marks_enabled:
            return NOTHING
        self.marks_enabled = enabled
        self._record(MoveKind.MARKS_ON if enabled else MoveKind.MARKS_OFF)
        return MoveResult([], [], self.status)

    def pause(self) -> MoveResult:
        if self.paused or self.status.over:
            return NOTHING
        self._stop_clock()
        self.paused = True
        self._record(MoveKind.PAUSE)
        return MoveResult([], [], self.status)

    def resume(self) -> MoveResult:
        if not self.paused:
            return NOTHING
        self.paused = False
        if self.status is GameStatus.PLAYING:
            self._start_clock()
        self._record(MoveKind.RESUME)
        return MoveResult([], [], self.status)

    # ---------------------------------------------------------------- internals
    def _start_status(self) -> None:
        if self.status is GameStatus.READY:
            self.status = GameStatus.PLAYING
            self._start_clock()

    def _set_mark(self, cell: int, new: int) -> None:
        old = self._mark[cell]
        if old == Mark.MINE:
            self._marked -= 1
            self._marked_right -= self._mine[cell]
        if new == Mark.MINE:
            self._marked += 1
            self._marked_right += self._mine[cell]
        self._mark[cell] = new

    def _open_from(self, starts: list[int]) -> list[list[int]]:
        """Breadth-first opening through a FIFO queue, returned ring by ring.

        The queue is held as the ring being expanded and the ring being filled,
        so squares come out in the order they went in and the distance of each
        from the start is known without recursion.
        """
        opened, marks, counts = self._open, self._mark, self._count
        neighbours = self.topology.neighbours
        ring = []
        for cell in starts:
            if not opened[cell]:
                opened[cell] = 1
                ring.append(cell)
        rings = []
        while ring:
            rings.append(ring)
            following = []
            for cell in ring:
                if counts[cell] == 0:
                    for near in neighbours[cell]:
                        if not opened[near] and marks[near] != Mark.MINE:
                            opened[near] = 1
                            following.append(near)
            ring = following
        for ring in rings:
            for cell in ring:
                if marks[cell]:
                    self._set_mark(cell, Mark.NONE)  # a ? swept up by an opening
        self._opened_safe += sum(len(r) for r in rings)
        return rings

    def _mines_found(self) -> bool:
        return self._marked == self._marked_right == self.setup.mines

    def _non_mines_found(self) -> bool:
        return self._opened_safe == self.topology.size - self.setup.mines

    def _completed(self) -> bool:
        return self.setup.completion.satisfied(self._mines_found(), self._non_mines_found())

    def _after_opening(self, rings: list[list[int]]) -> MoveResult:
        changed = [cell for ring in rings for cell in ring]
        if self._completed():
            return self._win(changed, rings)
        return MoveResult(rings, changed, self.status)

    def _win(self, changed: list[int], rings: list[list[int]] | None = None) -> MoveResult:
        self.status = GameStatus.WON
        self._stop_clock()
        changed = list(changed)
        for cell in self.topology.cells():
            if self._mine[cell] and self._mark[cell] != Mark.MINE:
                self._set_mark(cell, Mark.MINE)  # the remaining mines are marked for the player
                changed.append(cell)
        return MoveResult(rings or [], changed, self.status)

    def _lose(self, cell: int) -> MoveResult:
        self.status = GameStatus.LOST
        self._stop_clock()
        self.exploded = cell
        self._open[cell] = 1
        changed = [cell] + [c for c in self.topology.cells() if self._mine[c] or self._mark[c]]
        return MoveResult([[cell]], changed, self.status)
