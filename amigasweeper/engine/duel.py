"""Duel: two players, one minefield, points for finding the mines (seed 001).

The board starts with its centre square open; no mine touches it, so it shows
a 0. Players 0 and 1 take turns, and a turn is one of two moves:

* UNCOVER a covered square. A safe square shows its number; a mine costs
  ``points.uncover_mine`` and stays on the board, visible, as "hit".
* GUESS that a covered square holds a mine. Right: ``points.right_guess`` and
  the mine becomes visible as "found". Wrong: ``points.wrong_guess``; the square
  stays covered for both, and only the guesser learns it is safe. The opponent
  is told a wrong guess happened, never where.

The game ends when every mine is visible (found or hit); most points wins and
equal points is a draw. (With the seed's points and an odd number of mines a
draw cannot happen: each mine moves the difference of the scores by 5 and a
wrong guess by 2, so the difference ends odd.) The turn passes after every
move, whatever it did.

Automatic reveal
----------------
After every move the board is evaluated and every safe square whose number
adds no new information is uncovered for both players. "No new information" is
measured on the *public* view: the uncovered numbers, the visible mines (known
mines) and the mine total; a player's private wrong guesses are never part of
it. With the solver's exact counting over that view:

``Reveal.KNOWN_NUMBERS`` (the default, the seed's rule)
    A covered square is uncovered when it is safe in every arrangement of the
    mines that fits the public view *and* it shows the same number in every one
    of them. Its number is then already known, so showing it changes nothing
    anyone can deduce, and one pass finds every such square. A 0 does not open
    its neighbours by itself: they are safe, but their numbers may still be
    unknown (so at the start only the centre is open, as in the original).
``Reveal.PROVED_SAFE`` (a more generous variant)
    Every square proved safe is uncovered, then the count runs again on the new
    numbers until nothing changes. This shows numbers nobody knew, so it hands
    information to the player who moves next; offered for comparison only.

Moves are data (``DuelMove``): a duel is its setup plus its moves, and
``Duel.replay`` rebuilds the same state from them. Pure Python; never imports
pyxel.

The reasoning the reveal needs (what is certain, whether a position is
consistent) is the solver's. The engine does not import it: a DuelReasoner is
given to the Duel, or registered once with ``register_reasoner`` (importing
amigasweeper.solver does that).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Set
from dataclasses import dataclass
from typing import Protocol

from .duel_moves import (
    DEFAULT_NAMES,
    PLAYERS,
    DuelEvent,
    DuelMove,
    DuelMoveKind,
    DuelMoveResult,
    DuelSetup,
    DuelTile,
    IllegalMove,
    Reveal,
    where,
)
from .view import COVERED, KNOWN_SAFE, MARKED, PlayerView

__all__ = ["Duel", "DuelReasoner", "number_is_known", "register_reasoner"]

# A player's own wrong guesses go into that player's view as KNOWN_SAFE: a
# square with no mine that shows no number, which is what the guess taught.

class ProvedSquares(Protocol):
    """What a reasoner proves about a public view (the solver's Certainty
    has these and more); read-only, so a frozen dataclass fits."""

    @property
    def safe(self) -> Set[int]: ...
    @property
    def mines(self) -> Set[int]: ...
    @property
    def exact(self) -> bool: ...  # the count was exact, not given up


@dataclass(frozen=True)
class DuelReasoner:
    """What the automatic reveal asks of a solver, about a public view."""

    certain: Callable[[PlayerView], ProvedSquares]
    consistent: Callable[[PlayerView], bool]  # does any arrangement of the mines fit the view?


_REASONER: list[DuelReasoner] = []


def register_reasoner(reasoner: DuelReasoner) -> None:
    """The reasoner Duels use when none is given to them."""
    _REASONER[:] = [reasoner]


def _registered_reasoner() -> DuelReasoner:
    if not _REASONER:
        raise RuntimeError("a Duel needs a reasoner: import amigasweeper.solver, or give the Duel one")
    return _REASONER[0]


class Duel:
    """One duel in progress (or over).

    ``mines`` fixes the layout (tests, made-up positions); by default it comes
    from the setup's seed. Player 0 moves first.
    """

    def __init__(self, setup: DuelSetup, mines: Iterable[int] | None = None, reasoner: DuelReasoner | None = None) -> None:
        self.setup = setup
        self.reasoner = reasoner or _registered_reasoner()
        self.topology = setup.topology
        layout = setup.make_mines() if mines is None else frozenset(mines)
        self._check_layout(layout)
        size = self.topology.size
        neighbours = self.topology.neighbours
        self._mine = bytearray(size)
        for cell in layout:
            self._mine[cell] = 1
        self._count = [sum(self._mine[n] for n in neighbours[cell]) for cell in self.topology.cells()]
        self._open = bytearray(size)  # safe squares uncovered
        self._shown: dict[int, tuple[int, DuelMoveResult]] = {}  # visible mine -> (player, FOUND or HIT)
        self._wrong: tuple[set[int], set[int]] = (set(), set())  # each player's wrong guesses
        self.scores = [0, 0]
        self.turn = 0
        self.history: list[DuelEvent] = []
        self._open[setup.centre] = 1
        self.opening = self._auto_reveal()  # normally nothing: see Reveal.KNOWN_NUMBERS

    def _check_layout(self, layout: frozenset[int]) -> None:
        if len(layout) != self.setup.mines:
            raise ValueError(f"the setup says {self.setup.mines} mines, the layout has {len(layout)}")
        allowed = set(self.setup.free_cells())
        if not layout <= allowed:
            raise ValueError("mines must lie on the board, away from the centre and its neighbours")

    @classmethod
    def replay(cls, setup: DuelSetup, moves: Iterable[DuelMove]) -> Duel:
        duel = cls(setup)
        for move in moves:
            duel.play(move)
        return duel

    # ------------------------------------------------------------------ reading
    @property
    def moves(self) -> list[DuelMove]:
        return [event.move for event in self.history]

    @property
    def over(self) -> bool:
        return len(self._shown) == self.setup.mines

    @property
    def winner(self) -> int | None:
        """The winning player once the game is over; None while playing or on a draw."""
        if not self.over or self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    @property
    def draw(self) -> bool:
        return self.over and self.scores[0] == self.scores[1]

    @property
    def mines_hidden(self) -> int:
        """Mines not yet visible (the game ends at 0)."""
        return self.setup.mines - len(self._shown)

    def is_open(self, cell: int) -> bool:
        return bool(self._open[cell])

    def is_visible(self, cell: int) -> bool:
        """Uncovered, or a mine shown as found or hit."""
        return bool(self._open[cell]) or cell in self._shown

    def shown_mine(self, cell: int) -> tuple[int, DuelMoveResult] | None:
        """(player, FOUND or HIT) for a visible mine, else None."""
        return self._shown.get(cell)

    def wrong_guesses(self, player: int) -> frozenset[int]:
        """A player's own wrong guesses: private to that player."""
        return frozenset(self._wrong[player])

    def tile(self, cell: int, viewer: int | None = None) -> int:
        """What ``viewer`` sees on a square (None: what both see)."""
        if self._open[cell]:
            return self._count[cell]
        shown = self._shown.get(cell)
        if shown is not None:
            return DuelTile.FOUND if shown[1] is DuelMoveResult.FOUND else DuelTile.HIT
        if viewer is not None and cell in self._wrong[viewer]:
            return DuelTile.WRONG_GUESS
        return DuelTile.COVERED

    def tiles(self, viewer: int | None = None) -> tuple[int, ...]:
        return tuple(self.tile(cell, viewer) for cell in self.topology.cells())

    def public_view(self) -> PlayerView:
        """What both players know, for the solver: numbers, visible mines as MARKED, the total."""
        cells = tuple(
            self._count[c] if self._open[c] else (MARKED if c in self._shown else COVERED)
            for c in self.topology.cells()
        )
        return PlayerView(self.topology, self.setup.mines, cells)

    def private_view(self, player: int) -> PlayerView:
        """The public view plus the player's own wrong guesses, as KNOWN_SAFE squares."""
        public = self.public_view()
        cells = list(public.cells)
        for cell in self._wrong[player]:
            if cells[cell] == COVERED:
                cells[cell] = KNOWN_SAFE
        return PlayerView(self.topology, self.setup.mines, tuple(cells))

    # The answers, for the end of the game and for tests; a player never needs them.
    def is_mine(self, cell: int) -> bool:
        return bool(self._mine[cell])

    def number(self, cell: int) -> int:
        return self._count[cell]

    # -------------------------------------------------------------------- moves
    def problem(self, move: DuelMove) -> str | None:
        """Why a move is illegal, or None when it may be played."""
        if self.over:
            return "the game is over"
        if move.player not in PLAYERS:
            return f"there is no player {move.player}"
        if move.player != self.turn:
            return f"it is not player {move.player + 1}'s turn"
        if not 0 <= move.cell < self.topology.size:
            return f"there is no square {move.cell} on this board"
        if self._open[move.cell]:
            return f"square {where(self.topology, move.cell)} is already uncovered"
        if move.cell in self._shown:
            return f"the mine at {where(self.topology, move.cell)} is already shown"
        if move.kind is DuelMoveKind.GUESS and move.cell in self._wrong[move.player]:
            return f"player {move.player + 1} already guessed wrong at {where(self.topology, move.cell)}"
        # Uncovering one's own wrong guess is allowed: it is covered for both, and
        # showing its number is a move like any other.
        return None

    def play(self, move: DuelMove) -> DuelEvent:
        """Apply a move given as data; raises IllegalMove with the reason."""
        reason = self.problem(move)
        if reason is not None:
            raise IllegalMove(reason)
        outcome = self._apply(move)
        points = self.setup.points.for_outcome(outcome)
        self.scores[move.player] += points
        # A wrong guess tells the public nothing, so there is nothing to reveal.
        revealed = () if outcome is DuelMoveResult.WRONG else self._auto_reveal()
        number = self._count[move.cell] if outcome is DuelMoveResult.NUMBER else None
        event = DuelEvent(move, outcome, points, number, revealed)
        self.history.append(event)
        self.turn = 1 - self.turn
        return event

    def uncover(self, cell: int) -> DuelEvent:
        """The player whose turn it is uncovers ``cell``."""
        return self.play(DuelMove(self.turn, DuelMoveKind.UNCOVER, cell))

    def guess(self, cell: int) -> DuelEvent:
        """The player whose turn it is guesses a mine at ``cell``."""
        return self.play(DuelMove(self.turn, DuelMoveKind.GUESS, cell))

    def _apply(self, move: DuelMove) -> DuelMoveResult:
        cell, mine = move.cell, self._mine[move.cell]
        if move.kind is DuelMoveKind.UNCOVER:
            if mine:
                self._shown[cell] = (move.player, DuelMoveResult.HIT)
                return DuelMoveResult.HIT
            self._open[cell] = 1
            return DuelMoveResult.NUMBER
        if mine:
            self._shown[cell] = (move.player, DuelMoveResult.FOUND)
            return DuelMoveResult.FOUND
        self._wrong[move.player].add(cell)
        return DuelMoveResult.WRONG

    # ---------------------------------------------------------- automatic reveal
    def _auto_reveal(self) -> tuple[int, ...]:
        """Uncover what the public view already implies (see the module doc)."""
        revealed: list[int] = []
        while True:
            view = self.public_view()
            certain = self.reasoner.certain(view)
            if self.setup.reveal is Reveal.PROVED_SAFE:
                ready = sorted(certain.safe)
            else:
                ready = [
                    c for c in sorted(certain.safe)
                    if number_is_known(view, certain.safe, certain.mines, c, self.reasoner.consistent)
                ]  # fmt: skip
            for cell in ready:
                if self._mine[cell]:
                    raise RuntimeError(f"the solver proved a mine safe at {where(self.topology, cell)}")
                self._open[cell] = 1
            revealed.extend(ready)
            # A known number changes nothing anyone can deduce, so with exact
            # counting one pass finds them all; otherwise look again.
            known_only = self.setup.reveal is Reveal.KNOWN_NUMBERS and certain.exact
            if not ready or known_only:
                return tuple(revealed)

    # ---------------------------------------------------------------------- log
    def describe(self, event: DuelEvent, names: Sequence[str] = DEFAULT_NAMES, viewer: int | None = None) -> str:
        """One move as a line of the move list, as ``viewer`` may read it (None: both)."""
        name = names[event.move.player]
        square = where(self.topology, event.move.cell)
        points = f"({event.points:+d})"
        if event.outcome is DuelMoveResult.NUMBER:
            line = f"{name} uncovered {square}: {event.number}"
        elif event.outcome is DuelMoveResult.HIT:
            line = f"{name} hit a mine at {square} {points}"
        elif event.outcome is DuelMoveResult.FOUND:
            line = f"{name} guessed a mine at {square} {points}"
        elif viewer == event.move.player:
            line = f"{name} guessed wrong at {square} {points}"
        else:
            line = f"{name} guessed wrong {points}"  # where stays the guesser's secret
        if event.revealed:
            count = len(event.revealed)
            line += f"; {count} known square{'s' if count > 1 else ''} shown"
        return line

    def log(self, names: Sequence[str] = DEFAULT_NAMES, viewer: int | None = None) -> list[str]:
        return [self.describe(event, names, viewer) for event in self.history]

    def summary(self, names: Sequence[str] = DEFAULT_NAMES) -> str:
        """The standing in one line: who leads, or the result once the game is over."""
        a, b = self.scores
        if self.over:
            if a == b:
                return f"Draw, {a} points each"
            win = 0 if a > b else 1
            return f"{names[win]} wins, {max(a, b)} to {min(a, b)}"
        return f"{names[0]} {a}, {names[1]} {b}; {names[self.turn]} to move, {self.mines_hidden} mines hidden"


def number_is_known(
    view: PlayerView,
    safe: Iterable[int],
    mines: Iterable[int],
    cell: int,
    consistent: Callable[[PlayerView], bool] | None = None,
) -> bool:
    """True when covered ``cell`` shows the same number in every arrangement that fits ``view``.

    ``safe`` and ``mines`` are the squares already proved (cell among the safe).
    Each number the square could show is tried as if it were uncovered; the
    number is known when exactly one of them leaves a consistent position
    (as ``consistent`` judges it: by default the registered reasoner).
    """
    consistent = consistent or _registered_reasoner().consistent

    cells = list(view.cells)
    for square in safe:
        cells[square] = KNOWN_SAFE
    for square in mines:
        cells[square] = MARKED
    near = view.topology.neighbours[cell]
    low = sum(1 for n in near if cells[n] == MARKED)
    open_ = sum(1 for n in near if cells[n] == COVERED)
    if open_ == 0:
        return True  # every neighbour is a known mine or known safe
    fits = 0
    for shown in range(low, low + open_ + 1):
        cells[cell] = shown
        if consistent(PlayerView(view.topology, view.mines, tuple(cells))):
            fits += 1
            if fits > 1:
                return False
    return fits == 1
