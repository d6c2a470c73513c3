"""No-guess boards: every game from the first click can be won by logic alone.

Made the way Simon Tatham's Mines makes them: place mines at random, run the
solver (rules 1-6, mine count included) from the first click, and when it gets
stuck, move a few mines near where it is stuck ("perturb") instead of throwing
the board away. Mines move between unknown squares only, so everything already
uncovered stays safe; the solver then carries on from where it was with the
changed numbers. A board that the carried-on solve finishes is checked again
from scratch before it is accepted, since earlier steps were read from numbers
that have changed since. A run that stops gaining ground starts again from a
fresh random board.

The first square is kept clear of mines and, when the density allows, so are
its neighbours: the game then opens with an area, and boards need far fewer
repairs.

Generation has a time limit (TIME_LIMIT, read from an injectable clock): the
CPU time of the thread that makes the board, not the wall clock, so a loaded
machine (other programs taking the cores) does not cut the search short and
hand the player who asked for no-guess a random board. On
dense boards no proof may come in time; the engine's maker then raises
LayoutUnavailable, so the player is told and gets an honest random board,
never an unproven one passed off as no-guess. The solver registers the maker
with the engine (engine_hooks.py); the engine never imports the solver.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from amigasweeper.engine import COVERED, LayoutUnavailable, Topology

from .knowledge import Knowledge

STALL_LIMIT = 25  # perturbations in a row without solving more squares before starting again
MAX_ATTEMPTS = 60  # fresh boards tried before giving up
DEDUCE_BUDGET = 20_000
TIME_LIMIT = 0.5  # seconds of CPU the first click may wait for a proved board


def _cpu_clock() -> Callable[[], float]:
    """This thread's CPU time where the system gives it (the board is made in
    one thread while others draw frames), else the process's."""
    for name in ("thread_time", "process_time"):
        clock = getattr(time, name, None)  # a browser's Python has no thread_time
        if clock is None:
            continue
        try:
            clock()
        except OSError:  # named but not working on this system
            continue
        return clock
    return time.perf_counter


CLOCK: Callable[[], float] = _cpu_clock()  # read at each call, so tests can give their own


class GaveUp(Enum):
    """Why no proved board was found (the player is told which)."""

    NO = "no"  # a proved board was found
    TIME = "time"  # the time limit ran out
    ATTEMPTS = "attempts"  # MAX_ATTEMPTS fresh boards were tried and none could be repaired


@dataclass(frozen=True)
class NoGuessBoard:
    mines: frozenset[int]
    proven: bool  # False only if every attempt failed (the best board found is returned)
    attempts: int
    perturbations: int
    gave_up: GaveUp = GaveUp.NO


class _LayoutSolve:
    """A solve of one layout from the first click, which the layout may change under."""

    def __init__(self, topology: Topology, layout: set[int], first: int) -> None:
        self.topology = topology
        self.layout = layout
        self.first = first
        neighbours = topology.neighbours
        self.count = [sum(1 for n in neighbours[c] if n in layout) for c in topology.cells()]
        self.knowledge = Knowledge(topology, len(layout))
        self.opened = 0
        self._open(first)

    def _open(self, cell: int) -> None:
        """Uncover a safe square, spreading through zeros as the game does."""
        knowledge, count, neighbours = self.knowledge, self.count, self.topology.neighbours
        queue = [cell]
        for square in queue:
            if knowledge.cells[square] != COVERED:
                continue
            knowledge.reveal(square, count[square])
            self.opened += 1
            if count[square] == 0:
                queue.extend(n for n in neighbours[square] if knowledge.cells[n] == COVERED)

    def solve(self) -> bool:
        """Deduce and uncover until stuck; True when every safe square is uncovered."""
        knowledge = self.knowledge
        target = self.topology.size - len(self.layout)
        while self.opened < target:
            if not knowledge.safe:
                unknown_before = len(knowledge.unknown)
                analysis = knowledge.deduce(DEDUCE_BUDGET)
                if analysis is not None and not analysis.consistent:
                    return False
                if not knowledge.safe and len(knowledge.unknown) == unknown_before:
                    return False
                continue
            for cell in sorted(knowledge.safe):
                knowledge.safe.discard(cell)
                self._open(cell)
        return True

    # ------------------------------------------------------------- perturbing
    def move_mine(self, source: int, target: int) -> None:
        """Move a mine between two unknown squares and renumber what the player sees."""
        self.layout.discard(source)
        self.layout.add(target)
        knowledge, neighbours = self.knowledge, self.topology.neighbours
        for cell, step in ((source, -1), (target, 1)):
            for near in neighbours[cell]:
                self.count[near] += step
                if knowledge.cells[near] >= 0:
                    knowledge.cells[near] = self.count[near]
                    knowledge.dirty.add(near)
                    knowledge.frontier.add(near)

    def stuck_squares(self, protected: set[int]) -> tuple[list[int], list[int]]:
        """Unknown squares next to a number (where the solver is stuck), and those beyond."""
        cells, neighbours = self.knowledge.cells, self.topology.neighbours
        near, beyond = [], []
        for cell in sorted(self.knowledge.unknown):
            if cell in protected:
                continue
            if any(cells[n] >= 0 for n in neighbours[cell]):
                near.append(cell)
            else:
                beyond.append(cell)
        return near, beyond


def _perturb(run: _LayoutSolve, protected: set[int], rng: random.Random) -> bool:
    """Change the board around one stuck square; False if nothing can move."""
    near, beyond = run.stuck_squares(protected)
    if not near:
        return False
    layout = run.layout
    cell = rng.choice(near)
    # Empty or fill the chosen square, trading with squares beyond the frontier
    # first (that changes no number the player has read), then with the frontier.
    if cell in layout:
        pool = [c for c in beyond if c not in layout] or [c for c in near if c not in layout]
        if not pool:
            return False
        run.move_mine(cell, rng.choice(pool))
    else:
        pool = [c for c in beyond if c in layout] or [c for c in near if c in layout and c != cell]
        if not pool:
            return False
        run.move_mine(rng.choice(pool), cell)
    return True


def _protected(topology: Topology, mines: int, first: int) -> set[int]:
    around = {first, *topology.neighbours[first]}
    return around if mines <= topology.size - len(around) else {first}


def is_no_guess(topology: Topology, mines: frozenset[int] | set[int], first: int) -> bool:
    """True when the solver clears the board from ``first`` without a single guess."""
    if first in mines:
        return False
    return _LayoutSolve(topology, set(mines), first).solve()


def generate_no_guess(
    topology: Topology,
    mines: int,
    first_cell: int,
    rng: random.Random,
    time_limit: float | None = TIME_LIMIT,
    clock: Callable[[], float] | None = None,
) -> NoGuessBoard:
    """A no-guess board with its story (attempts, perturbations, proven).

    Gives up after MAX_ATTEMPTS fresh boards or ``time_limit`` seconds of
    ``clock`` (None: no limit; the clock defaults to CLOCK), returning the
    best board found, unproven.
    """
    clock = clock or CLOCK
    protected = _protected(topology, mines, first_cell)
    free = [c for c in topology.cells() if c not in protected]
    if mines > len(free):
        raise ValueError(f"{mines} mines do not fit {len(free)} free squares")
    ends = None if time_limit is None else clock() + time_limit
    perturbations = 0
    best: tuple[int, frozenset[int]] | None = None
    for attempt in range(1, MAX_ATTEMPTS + 1):
        run = _LayoutSolve(topology, set(rng.sample(free, mines)), first_cell)
        most, stalls = -1, 0
        while stalls < STALL_LIMIT:
            if ends is not None and clock() >= ends:
                layout = frozenset(run.layout) if best is None else best[1]
                return NoGuessBoard(layout, False, attempt, perturbations, GaveUp.TIME)
            if run.solve():
                layout = frozenset(run.layout)
                if is_no_guess(topology, layout, first_cell):
                    return NoGuessBoard(layout, True, attempt, perturbations)
                run = _LayoutSolve(topology, set(layout), first_cell)  # read afresh, then keep repairing
                run.solve()
            if run.opened > most:
                most, stalls = run.opened, 0
            else:
                stalls += 1
            if best is None or run.opened > best[0]:
                best = (run.opened, frozenset(run.layout))
            if not _perturb(run, protected, rng):
                break
            perturbations += 1
    assert best is not None  # every attempt's first round keeps its board (MAX_ATTEMPTS, STALL_LIMIT >= 1)
    return NoGuessBoard(best[1], False, MAX_ATTEMPTS, perturbations, GaveUp.ATTEMPTS)


def no_guess_layout(topology: Topology, mines: int, first_cell: int, rng: random.Random) -> frozenset[int]:
    """The engine's layout maker for LayoutKind.NO_GUESS: a proved board, or LayoutUnavailable."""
    board = generate_no_guess(topology, mines, first_cell, rng)
    if not board.proven:
        raise LayoutUnavailable(why_not_proved(board, mines, topology))
    return board.mines


def why_not_proved(board: NoGuessBoard, mines: int, topology: Topology) -> str:
    """The player's sentence for a board that could not be proved: why, and what they get instead."""
    what = f"a board of {mines} mines on {topology.width}x{topology.height} that needs no guessing"
    tried = f"{board.attempts} {'board' if board.attempts == 1 else 'boards'} tried"
    if board.gave_up is GaveUp.TIME:
        why = f"The time for finding {what} ran out ({TIME_LIMIT:g} s of work, {tried})"
    else:
        why = f"The generator gave up after {tried} without finding {what}"
    return f"{why}, so this is an ordinary board: it may need a guess."

