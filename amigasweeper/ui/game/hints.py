"""The Hint menu on screen: the next certain move with its rule, MySweeper's
checked squares and red X's, probability shading, and the Demo player.

UI state only: the solver (amigasweeper.solver) decides; this keeps what is
shown until the next move and draws it over the board.

No frame waits for the solver. The work on a position (position_work.py)
gets FRAME_BUDGET seconds of each frame, less what the frame already spent
on the solver (building a new position's frontier, the Demo's move);
meanwhile the last shading stays on the board, every square of it shown as
an estimate, and the screen shows Intuition's busy pointer. While the Demo
waits between moves, what is left of each frame's budget works out its next
guess ahead (its counts are cached as they finish), so the frame of the move
seldom has to think. Rules 1-4 answer a Hint at once; rules 5 and 6, Show
Safe and Mines and the Demo's next move wait for the count. A count that
runs past its patience gives estimates for the squares that no proof
settles; the board draws them apart from settled ones, and the legend and
the "Mine chance" text say so.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum

from amigasweeper.engine import MARKED, Game, Mark, MoveKind
from amigasweeper.solver import Knowledge, Player
from amigasweeper.solver.counting import CACHE, GRAVEYARD, PAUSED, Deadline, WatchedDeadline, counting_deadline
from amigasweeper.solver.rules import counted_hint, simple_hint

from ..intuition.atlas import Cell
from .position_work import PositionWork, Shading

DEMO_FRAMES = 8  # frames between the Demo player's moves: quick, but each one is seen
# The probability shading's steps and legend are drawn by shading.py.
FRAME_BUDGET = 0.0015  # seconds of solver work one frame may do (a frame is 16.7 ms; with
# drawing and the move itself, 2 ms left the 99th-percentile frame on 32x32/400 at 3.9-4.7 ms)
THINK_FRAMES = 30  # frames past its time a Demo move may wait for its guess to be worked out ahead


class Request(Enum):
    HINT = "hint"
    SAFE_AND_MINES = "safe and mines"


class HintState:
    """What the Hint menu currently shows over one game."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock  # injectable: tests measure the solver's work, not time
        self.marks: dict[int, Cell] = {}  # square -> HINT_SAFE or HINT_MINE, until the next move
        self.message = ""
        self.show_probabilities = False
        self.demo = False
        self.strong = False  # Hint > Strong Demo: the Demo's guesses look further (solver/lookahead.py)
        self.demo_wait = 0
        self.pending: set[Request] = set()
        self.work: PositionWork | None = None
        self._work_for: tuple[int, int] | None = None
        self._shown: Shading | None = None  # the shading on the board, kept until the next is ready
        self._shown_for: tuple[int, int] | None = None  # the position it belongs to: (id of the game, moves)
        self._stale_of: Shading | None = None  # the shading last shown all as estimates, and how
        self._stale_shading: Shading | None = None
        self._frame_spent = 0.0  # clock time this frame has given the solver so far
        # (position, square): the Demo's guess worked out ahead; square None when given up
        self._plan: tuple[tuple[int, int], int | None] | None = None

    def forget(self) -> None:
        """A move was made or a new game began: the marks and message go."""
        self.marks.clear()
        self.message = ""
        self.pending.clear()

    # ------------------------------------------------------------- the work
    def work_for(self, game: Game) -> PositionWork:
        key = (id(game), len(game.moves))
        if self._work_for != key or self.work is None:
            if self.work is not None and not self.work.done:
                self.work.abandon()
            self.work = PositionWork(game, self.clock)
            self._work_for = key
        return self.work

    def wanted(self, game: Game) -> bool:
        """Does anything on screen wait for the solver's work on this position?"""
        active = self.show_probabilities or self.pending or self.demo
        return bool(active) and game.placed and not game.status.over and not game.paused

    def update(self, game: Game) -> None:
        """Once every frame: a slice of work, and whatever it finished goes on screen."""
        self._slice(game)
        self._frame_spent = 0.0  # the next frame has its whole budget again

    def _slice(self, game: Game) -> None:
        """What is left of this frame's solver budget, spent on the position on screen."""
        started = self.clock()
        if not self.wanted(game):
            GRAVEYARD.bury(Deadline(self._left(started), self.clock))  # free old counts in idle frames
            return
        new_position = self.work is None or self._work_for != (id(game), len(game.moves))
        quiet = self._frame_spent == 0.0 and not new_position  # no other solver work in this frame yet
        work = self.work_for(game)  # a new position's frontier is built within the frame's budget too
        if not work.done and self._left(started) > 0:
            work.step(self._left(started))
            quiet = False
        if work.chances is not None:
            self._shown, self._shown_for = work.shading, self._work_for
        if work.analysis is not None:
            self._answer(game, work)
        if self.demo and work.done and quiet:
            # Only in a frame with no other solver work: the player's own
            # steps around its counts (ordering candidates, the endgame
            # search) are not held by the deadline and need the room.
            self._think_ahead(work, started)
        self._frame_spent += self.clock() - started

    def _left(self, started: float) -> float:
        """Seconds of solver work this frame may still do (its slice began at ``started``)."""
        return FRAME_BUDGET - self._frame_spent - (self.clock() - started)

    def busy(self, game: Game) -> bool:
        """True while the player waits for the solver (the busy pointer shows)."""
        if not self.wanted(game) or self._work_for != (id(game), len(game.moves)):
            return self.wanted(game)
        work = self.work
        waiting_for_count = (self.show_probabilities or self.pending) and work.analysis is None
        overdue = self.demo_wait <= 0 and work.done and self._guess_pending(work)
        waiting_for_demo = self.demo and not work.knowledge.safe and (not work.done or overdue)
        return bool(waiting_for_count or waiting_for_demo)

    # ------------------------------------------------------------- commands
    def hint(self, game: Game) -> None:
        self.marks.clear()
        if not game.placed:
            self.message = "Any square is safe to start."
            return
        deduction = simple_hint(game.player_view())
        if deduction is not None:
            self._say(deduction)
            return
        self._ask(game, Request.HINT)

    def show_safe_and_mines(self, game: Game) -> None:
        self.marks.clear()
        if not game.placed:
            self.message = "Nothing is known yet: any square is safe to start."
            return
        self._ask(game, Request.SAFE_AND_MINES)

    def _ask(self, game: Game, request: Request) -> None:
        """Answer in this frame if the count is ready or quick, else when it is."""
        self.message = ""
        self.pending.add(request)
        if not game.status.over:
            self._slice(game)

    def _answer(self, game: Game, work: PositionWork) -> None:
        analysis = work.analysis
        if Request.HINT in self.pending:
            self.pending.discard(Request.HINT)
            deduction = counted_hint(analysis)
            if deduction is not None:
                self._say(deduction)
            elif analysis.exact:
                self.message = "No square is certain: you must guess."
            else:  # every certain square was still found (solver/decide.py): only the chances are rough
                self.message = "No square is certain: you must guess (the chances are estimates)."
        if Request.SAFE_AND_MINES in self.pending:
            self.pending.discard(Request.SAFE_AND_MINES)
            safe, mines, exact, problem = work.certain()
            self._mark(safe, mines)
            found = f"{len(safe)} safe, {len(mines)} mines known"
            self.message = problem or (found if exact else found + "; the other chances are estimates")

    def _say(self, deduction) -> None:
        self.message = f"{deduction.rule.title}: {deduction.reason}"
        self._mark(deduction.safe, deduction.mines)

    def _mark(self, safe, mines) -> None:
        self.marks.update({cell: Cell.HINT_SAFE for cell in safe})
        self.marks.update({cell: Cell.HINT_MINE for cell in mines})

    # -------------------------------------------------------- probabilities
    def shading(self, game: Game) -> Shading:
        """The shading on the board: the latest of this game, maybe a move old, and then
        shown all as estimates (its proofs were about another position)."""
        shown, position = self._shown, self._shown_for
        if shown is None or position is None or position[0] != id(game):
            return Shading.blank(game.topology.size)
        if position != (id(game), len(game.moves)):
            return self._stale(shown)
        return shown

    def _stale(self, shown: Shading) -> Shading:
        """``shown`` with nothing settled, made once per shading (the board redraws by identity)."""
        if self._stale_of is not shown:
            self._stale_of, self._stale_shading = shown, shown.unsettled()
        return self._stale_shading

    def chances(self, game: Game) -> list[float | None]:
        """The chance each square is shaded with (None: not shaded)."""
        return self.shading(game).chances

    @property
    def estimated(self) -> bool:
        """Some square on the board shows an estimate."""
        shown, position = self._shown, self._shown_for
        if shown is None:
            return False
        return position != self._work_for or shown.estimated

    def chance_text(self, game: Game, cell: int | None) -> str:
        if cell is None or game.is_open(cell):
            return ""
        shading = self.shading(game)
        chance = shading.chances[cell]
        if chance is None:
            return ""
        col, row = game.topology.coords(cell)
        if not shading.settled[cell]:
            return f"Mine chance about {chance * 100:.0f}% (estimate) at {col + 1},{row + 1}"
        return f"Mine chance {chance * 100:.1f}% at {col + 1},{row + 1}"

    # ----------------------------------------------------------------- demo
    def demo_move(self, game: Game):
        """The Demo player's next move, every few frames: (square, MoveKind) or None."""
        if not self.demo or game.status.over or game.paused:
            self.demo = self.demo and not game.status.over
            return None
        self.demo_wait -= 1
        if self.demo_wait > 0:
            return None
        if not game.placed:
            self.demo_wait = DEMO_FRAMES
            return self._player(Knowledge.from_view(game.player_view())).decide().cell, MoveKind.UNCOVER
        work = self.work_for(game)
        knowledge = work.knowledge
        if knowledge.safe:
            self.demo_wait = DEMO_FRAMES
            return min(knowledge.safe), MoveKind.UNCOVER
        if not work.done:
            return None  # still counting: try again next frame (update() does the work)
        if self._guess_pending(work) and self.demo_wait > -THINK_FRAMES:
            return None  # the guess is still being worked out in the frames' spare time
        self.demo_wait = DEMO_FRAMES
        if not knowledge.unknown:
            # Nothing left to uncover: under All Mines Found (or Both) the game is
            # won by marking, so the Demo marks the mines it knows.
            return self._mark_a_known_mine(game, work)
        planned = self._planned()
        if planned is not None:
            return planned, MoveKind.UNCOVER  # worked out while the Demo waited
        return self._guess_now(work), MoveKind.UNCOVER

    def set_strong(self, on: bool) -> None:
        """Hint > Strong Demo on or off; a guess worked out ahead with the other setting is dropped."""
        if on != self.strong:
            self.strong = on
            self._plan = None

    def _player(self, knowledge: Knowledge) -> Player:
        """The Demo's player: the strong setting when asked for, else the default."""
        return Player(knowledge, True if self.strong else None)

    def _guess_now(self, work: PositionWork) -> int:
        """The Demo's guess when it was not worked out ahead in time."""
        knowledge, final = work.knowledge, work.final
        if final.consistent and final.exact:
            # The position's counts are cached, and what the player adds to weigh
            # its guesses gets what is left of the frame's budget (past it, a
            # guess is judged by safety alone).
            started = self.clock()
            with counting_deadline(Deadline(self._left(started), self.clock)):
                cell = self._player(knowledge).decide().cell
            self._frame_spent += self.clock() - started
            return cell
        # An estimate (or marks that cannot be right): the square least likely to hold a mine.
        chance = final.probability
        return min(knowledge.unknown, key=lambda c: (chance.get(c, 1.0), c))

    def _guess_pending(self, work: PositionWork) -> bool:
        """Is the Demo's guess in this (counted) position still being worked out ahead?"""
        knowledge, final = work.knowledge, work.final
        if knowledge.safe or not knowledge.unknown or not (final.consistent and final.exact):
            return False  # a certain move, or a guess by the estimate: nothing to work out
        return self._plan is None or self._plan[0] != self._work_for

    def _think_ahead(self, work: PositionWork, started: float) -> None:
        """The Demo's next guess, with what is left of this frame's budget.

        The counts that finish are cached, and those the deadline stops go on
        from there the next time (counting.PAUSED), so a guess too big for one
        frame gets further in each frame the Demo waits; a try that counts
        nothing, or spends more than its slice again outside the counts, would
        only repeat itself, and ends the thinking ahead. A guess worked out
        with no count cut short by the deadline is the one the player makes
        with time to spare, and is kept for the move, which waits for it up to
        THINK_FRAMES past its time; else the move frame thinks with what is
        left of its budget.
        """
        if not self._guess_pending(work):
            return
        left = self._left(started)
        if left <= 0:
            return
        deadline, began = WatchedDeadline(left, self.clock), self.clock()
        progress = CACHE.stored + PAUSED.kept
        with counting_deadline(deadline):
            cell = self._player(work.knowledge).decide().cell
        if not deadline.cut:
            self._plan = (self._work_for, cell)
        elif CACHE.stored + PAUSED.kept == progress or self.clock() - began > 2 * left:
            # No further than the last try, or most of the try went outside
            # the counts (which a new try would repeat): leave it to the move.
            self._plan = (self._work_for, None)

    def _planned(self) -> int | None:
        """The square the Demo worked out ahead for the position on screen, if any."""
        if self._plan is None or self._plan[0] != self._work_for:
            return None
        return self._plan[1]

    def _mark_a_known_mine(self, game: Game, work: PositionWork):
        cells = work.knowledge.cells
        unmarked = sorted(c for c, v in enumerate(cells) if v == MARKED and game.mark(c) == Mark.NONE)
        if not unmarked:
            self.demo = False  # nothing the Demo can prove is left to do
            return None
        return unmarked[0], MoveKind.MARK
