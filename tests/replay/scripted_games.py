"""Scripts of many games for `amigasweeper --headless --script`, planned
against a shadow copy of each board.

The program makes its boards from ``--seed``: the first game has that seed,
every later one the next number of ``random.Random(seed)`` (SeedSource in
ui/game/session.py), and the mines are laid at the first uncover. So the
planner plays every game first on its own engine.Game with the same setup and
seed, and writes down the clicks and keys that played it: the script then
plays the same game in the real program, with its pointer, its buttons held
over frames, its recorder and its end-of-game pipeline.

The games are the mix a competitive player makes, and the awkward cases the
EVF writer must carry: marks put down (and "?" cycles) before the first
uncover, right presses let go over another square, clear-around by the right
button and by the L key, keyboard marks and uncovers, Pause, losses, games
abandoned by New, wins under every completion mode, wins by marks alone
(All Mines Found, Either), Marks (?) on and off, the three 2.4 levels and the
community's 30x16 Expert (a Custom board).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum

from amigasweeper.engine import Completion, Game, GameSetup, GameStatus, Mark

END_WAIT = 90  # frames for the last ripple to finish and the end requester to open


class Fate(str, Enum):
    WIN = "win"  # every safe square uncovered (and, under Both, every mine marked)
    MARKS_WIN = "marks"  # All Mines Found or Either, won by marking every mine
    LOSE = "lose"
    ABANDON = "abandon"


@dataclass(frozen=True)
class Board:
    key: str  # the Right-Amiga key of the level, or "" for Custom
    width: int
    height: int
    mines: int


BEGINNER = Board("B", 8, 8, 10)
INTERMEDIATE = Board("I", 16, 16, 40)
EXPERT = Board("E", 32, 16, 99)
EXPERT_30 = Board("", 30, 16, 99)  # the community's Expert, a Custom board here
SMALL_CUSTOM = Board("", 9, 7, 12)
COMPLETION_KEYS = {Completion.ALL_MINES: "1", Completion.ALL_NON_MINES: "2", Completion.BOTH: "3", Completion.EITHER: "4"}


@dataclass
class PlannedGame:
    number: int  # 0 for the first game of the script
    setup: GameSetup
    fate: Fate
    status: GameStatus = GameStatus.READY  # how the shadow game ended
    opened_all: bool = False  # every safe square uncovered at the end
    kept: bool = False  # a square was uncovered: the program keeps the game
    mines: frozenset[int] = frozenset()  # where the shadow game's mines are
    features: set[str] = field(default_factory=set)


class Planner:
    """Writes the script line by line while playing the shadow games."""

    def __init__(self, seed: int, rng_seed: int) -> None:
        self.lines: list[str] = []
        self.rng = random.Random(rng_seed)
        self._seeds = random.Random(seed)
        self._next_seed: int | None = seed
        self.board = BEGINNER
        self.marks = True
        self.completion = Completion.ALL_NON_MINES
        self.game = self._new_shadow()
        self.games: list[PlannedGame] = []

    # ------------------------------------------------------------ the shadow
    def _seed(self) -> int:
        if self._next_seed is not None:
            seed, self._next_seed = self._next_seed, None
            return seed
        return self._seeds.randrange(2**32)

    def _new_shadow(self) -> Game:
        setup = GameSetup(width=self.board.width, height=self.board.height, mines=self.board.mines,
                          seed=self._seed(), marks=self.marks, completion=self.completion)
        return Game(setup, clock=lambda: 0.0)

    def emit(self, *lines: str) -> None:
        self.lines.extend(lines)

    def wait(self, low: int = 0, high: int = 12) -> None:
        frames = self.rng.randint(low, high)
        if frames:
            self.emit(f"wait {frames}")

    def at(self, cell: int) -> None:
        col, row = self.game.topology.coords(cell)
        self.emit(f"cell {col} {row}")

    # ------------------------------------------------------------- settings
    def choose(self, board: Board, marks: bool, completion: Completion) -> None:
        """Set up the next game as the menus would. A change of level or of
        completion mode starts a new game (each takes a seed); Marks (?)
        changes the game in hand."""
        fresh = False
        if board != self.board:
            self.board = board
            if board.key:
                self.emit(f"key amiga {board.key}")
            else:
                self._custom(board)
            self.game, fresh = self._new_shadow(), True
        if completion is not self.completion:
            self.completion = completion
            self.emit(f"key amiga {COMPLETION_KEYS[completion]}")
            self.game, fresh = self._new_shadow(), True
        if not fresh and self.games:
            self.emit("key amiga N")
            self.game = self._new_shadow()
        if marks != self.marks:
            self.marks = marks
            self.emit("key amiga M")
        self.game.set_marks(self.marks)

    def _custom(self, board: Board) -> None:
        self.emit("key amiga C")
        for index, value in enumerate((board.width, board.height, board.mines)):
            if index:
                self.emit("key TAB")
            self.emit("key END", *["key BACKSPACE"] * 5, f"type {value}")
        self.emit("key RETURN")

    # -------------------------------------------------------------- actions
    def _click(self, button: str, cell: int, release_at: int | None) -> int:
        """Press over a square, let go over it or another; the square let go over."""
        self.at(cell)
        self.emit(f"press {button}")
        self.wait(0, 4)
        if release_at is not None:
            self.at(release_at)
        self.emit(f"release {button}")
        return cell if release_at is None else release_at

    def left(self, cell: int, release_at: int | None = None) -> None:
        self.game.uncover(self._click("left", cell, release_at))

    def right(self, cell: int, release_at: int | None = None) -> None:
        """2.4's right button: the square pressed on decides what the release does."""
        g = self.game
        pressed_open = g.is_open(cell)
        target = self._click("right", cell, release_at)
        if pressed_open and g.is_open(target):
            g.clear_around(target)
        elif not pressed_open and not g.is_open(target):
            g.toggle_mark(target)

    def key(self, name: str, cell: int) -> None:
        g = self.game
        self.at(cell)
        self.emit(f"key {name}")
        if name in ("U", "1"):
            g.uncover(cell)
        elif name in ("M", "G"):
            g.toggle_mark(cell)
        elif name in ("L", "A"):
            g.clear_around(cell)
        else:  # 2: the right button's action
            (g.clear_around if g.is_open(cell) else g.toggle_mark)(cell)

    def pause(self) -> None:
        self.emit("key P")
        self.wait(5, 40)
        self.emit("key P")

    # ----------------------------------------------------------- what to do
    def covered(self) -> list[int]:
        return [c for c in self.game.topology.cells() if not self.game.is_open(c)]

    def safe_covered(self) -> list[int]:
        return [c for c in self.covered() if not self.game.is_mine(c)]

    def mines_unmarked(self) -> list[int]:
        return [c for c in self.covered() if self.game.is_mine(c) and self.game.mark(c) != Mark.MINE]

    def wrong_marks(self) -> list[int]:
        return [c for c in self.covered() if self.game.mark(c) != Mark.NONE and not self.game.is_mine(c)]

    def chordable(self) -> list[int]:
        g = self.game
        out = []
        for c in g.topology.cells():
            if g.is_open(c) and g.number(c) > 0:
                around = g.topology.neighbours[c]
                marked = sum(1 for n in around if g.mark(n) == Mark.MINE)
                if marked == g.number(c) and any(not g.is_open(n) and g.mark(n) != Mark.MINE for n in around):
                    if all(g.mark(n) != Mark.MINE or g.is_mine(n) for n in around):
                        out.append(c)
        return out

    def before_first_uncover(self, features: set[str]) -> None:
        """Marks put down, cycled and taken off before the game starts."""
        for _ in range(self.rng.randint(1, 4)):
            cell = self.rng.randrange(self.game.topology.size)
            roll = self.rng.random()
            if roll < 0.6:
                for _ in range(self.rng.randint(1, 3)):
                    self.right(cell)
            elif roll < 0.8:
                self.key("M", cell)
            else:
                self.right(cell, release_at=self.rng.randrange(self.game.topology.size))
            self.wait()
        features.add("marks before the first uncover")

    def first_uncover(self) -> None:
        g = self.game
        choices = [c for c in g.topology.cells() if g.mark(c) != Mark.MINE]
        self.left(self.rng.choice(choices))

    def step(self, fate: Fate, features: set[str]) -> None:
        """One action on the way to the game's fate."""
        g, rng = self.game, self.rng
        roll = rng.random()
        unmarked = self.mines_unmarked()
        if roll < 0.22 and unmarked:
            cell = rng.choice(unmarked)
            if rng.random() < 0.2:
                self.key(rng.choice(["M", "G", "2"]), cell)
                features.add("key mark")
            else:
                self.right(cell)
        elif roll < 0.28 and self.covered():
            cell = rng.choice(self.covered())  # a wrong mark, a "?" cycle, a mark taken off
            for _ in range(rng.randint(1, 3)):
                self.right(cell)
            if g.marks_enabled and g.mark(cell) == Mark.QUESTION:
                features.add("? left standing")
            features.add("right cycles")
        elif roll < 0.40 and self.chordable():
            cell = rng.choice(self.chordable())
            if rng.random() < 0.25:
                self.key(rng.choice(["L", "A", "2"]), cell)
                features.add("key chord")
            else:
                self.right(cell)
                features.add("chord")
        elif roll < 0.43:
            self.right(rng.randrange(g.topology.size), release_at=rng.randrange(g.topology.size))
            features.add("right let go elsewhere")
        elif roll < 0.46 and g.status is GameStatus.PLAYING:
            opened = [c for c in g.topology.cells() if g.is_open(c)]
            self.left(rng.choice(opened))  # a click that does nothing
        elif roll < 0.47:
            self.pause()
            features.add("pause")
        else:
            self.uncover_safe(fate, features)

    def uncover_safe(self, fate: Fate, features: set[str]) -> None:
        g, rng = self.game, self.rng
        for cell in self.wrong_marks():
            if g.mark(cell) == Mark.MINE:
                self.right(cell)  # a wrong flag comes off first
        safe = self.safe_covered()
        if fate is Fate.MARKS_WIN:
            safe = safe[: max(0, len(safe) - 2)]  # two safe squares stay covered
        if not safe:
            return
        cell = rng.choice(safe)
        if g.mark(cell) != Mark.NONE and rng.random() < 0.5:
            self.right(cell)  # a "?" may be uncovered as it is, or taken off
        roll = rng.random()
        if roll < 0.1:
            self.key(rng.choice(["U", "1"]), cell)
            features.add("key uncover")
        elif roll < 0.15:
            self.left(cell, release_at=rng.choice(safe))
            features.add("left let go elsewhere")
        else:
            self.left(cell)

    def finish_by_marks(self) -> None:
        """Every mine marked, no wrong mark: a win under All Mines Found and Either."""
        g = self.game
        for cell in self.wrong_marks():
            while g.mark(cell) != Mark.NONE:
                self.right(cell)
        for cell in self.mines_unmarked():
            if g.status.over:
                return
            while g.mark(cell) != Mark.MINE and not g.status.over:
                self.right(cell)

    # ----------------------------------------------------------------- games
    def play(self, fate: Fate, board: Board, marks: bool, completion: Completion) -> PlannedGame:
        self.choose(board, marks, completion)
        planned = PlannedGame(len(self.games), self.game.setup, fate)
        g, rng = self.game, self.rng
        self.wait(1, 8)
        if rng.random() < 0.3:
            self.before_first_uncover(planned.features)
        self.first_uncover()
        budget = rng.randint(3, 12) if fate is Fate.ABANDON else 4000
        steps = 0
        while not g.status.over and steps < budget:
            steps += 1
            self.wait()
            if fate is Fate.LOSE and rng.random() < 0.08:
                mines = [c for c in self.covered() if g.is_mine(c) and g.mark(c) != Mark.MINE]
                self.left(rng.choice(mines))
                break
            if fate is Fate.MARKS_WIN and len(self.safe_covered()) <= 2:
                self.finish_by_marks()
                break
            before = len(g.moves)
            self.step(fate, planned.features)
            if len(g.moves) == before and not self.safe_covered() and completion is not Completion.ALL_NON_MINES:
                self.finish_by_marks()  # Both (or All Mines Found): the marks are what is left
        planned.status = g.status
        planned.kept = g.placed
        planned.mines = g.mine_cells() if g.placed else frozenset()
        planned.opened_all = not self.safe_covered()
        self.games.append(planned)
        if g.status.over:
            self.emit(f"wait {END_WAIT}", "key ESCAPE", "wait 2", "key ESCAPE")
        return planned


FATES_BY_COMPLETION = {
    Completion.ALL_NON_MINES: [Fate.WIN, Fate.WIN, Fate.LOSE, Fate.LOSE, Fate.ABANDON],
    Completion.BOTH: [Fate.WIN, Fate.LOSE],
    Completion.ALL_MINES: [Fate.MARKS_WIN, Fate.WIN, Fate.LOSE],
    Completion.EITHER: [Fate.MARKS_WIN, Fate.WIN, Fate.LOSE],
}
BOARDS = [BEGINNER] * 6 + [INTERMEDIATE] * 3 + [EXPERT, EXPERT_30, SMALL_CUSTOM]
COMPLETIONS = [Completion.ALL_NON_MINES] * 5 + [Completion.ALL_MINES, Completion.BOTH, Completion.EITHER]


def plan(games: int, seed: int = 29, rng_seed: int = 1) -> tuple[str, list[PlannedGame]]:
    """A script of ``games`` games for ``--seed seed --level beginner``."""
    planner = Planner(seed, rng_seed)
    rng = planner.rng
    while len(planner.games) < games:
        # Runs of the same settings, as a player keeps to a level for a while.
        board, completion = rng.choice(BOARDS), rng.choice(COMPLETIONS)
        marks = rng.random() < 0.7
        for _ in range(rng.randint(1, 6)):
            if len(planner.games) >= games:
                break
            planner.play(rng.choice(FATES_BY_COMPLETION[completion]), board, marks, completion)
    planner.emit("quit")
    return "\n".join(planner.lines) + "\n", planner.games
