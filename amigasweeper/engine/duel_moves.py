"""What a Duel is played with (see duel.py for the rules): its setup and
points, a move, what a move did, and how a square looks to each player.
Moves are data: a duel is its setup plus its moves."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from .names import square_name
from .topology import Shape, Topology, make_topology

PLAYERS = (0, 1)
DEFAULT_NAMES = ("Player 1", "Player 2")


class DuelMoveKind(str, Enum):
    UNCOVER = "uncover"
    GUESS = "guess"  # "there is a mine here"


class DuelMoveResult(str, Enum):
    """What a move turned out to be."""

    NUMBER = "number"  # uncovered a safe square
    HIT = "hit"  # uncovered a mine
    FOUND = "found"  # guessed a mine rightly
    WRONG = "wrong"  # guessed a mine where there is none


class Reveal(str, Enum):
    """Which squares the automatic reveal uncovers (see the module doc)."""

    KNOWN_NUMBERS = "known-numbers"
    PROVED_SAFE = "proved-safe"


class DuelTile(IntEnum):
    """What one square looks like to a viewer (numbers 0-12 are their own values)."""

    COVERED = 20
    FOUND = 21  # a mine guessed rightly
    HIT = 22  # a mine stepped on
    WRONG_GUESS = 23  # the viewer's own wrong guess: safe, still covered


@dataclass(frozen=True)
class DuelPoints:
    uncover_mine: int = -5
    right_guess: int = 5
    wrong_guess: int = -2

    def for_outcome(self, outcome: DuelMoveResult) -> int:
        return {
            DuelMoveResult.NUMBER: 0,
            DuelMoveResult.HIT: self.uncover_mine,
            DuelMoveResult.FOUND: self.right_guess,
            DuelMoveResult.WRONG: self.wrong_guess,
        }[outcome]


@dataclass(frozen=True)
class DuelSetup:
    """Everything needed to make the same duel again."""

    size: int = 11
    mines: int = 15
    shape: Shape = Shape.SQUARE
    seed: int = 0
    points: DuelPoints = field(default_factory=DuelPoints)
    reveal: Reveal = Reveal.KNOWN_NUMBERS

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", Shape.saved(self.shape))
        object.__setattr__(self, "reveal", Reveal(self.reveal))
        if self.size < 2:
            raise ValueError(f"a duel board needs at least 2x2 squares, not {self.size}x{self.size}")
        room = len(self.free_cells())
        if not 0 < self.mines <= room:
            raise ValueError(
                f"{self.mines} mines cannot go on a {self.size}x{self.size} board: "
                f"between 1 and {room} fit outside the open centre"
            )

    @property
    def topology(self) -> Topology:
        return make_topology(self.shape, self.size, self.size)

    @property
    def centre(self) -> int:
        return self.topology.index(self.size // 2, self.size // 2)

    def free_cells(self) -> list[int]:
        """The squares a mine may go on: all but the centre and its neighbours."""
        topology = self.topology
        keep_clear = {self.centre, *topology.neighbours[self.centre]}
        return [cell for cell in topology.cells() if cell not in keep_clear]

    def make_mines(self) -> frozenset[int]:
        return frozenset(random.Random(self.seed).sample(self.free_cells(), self.mines))


@dataclass(frozen=True)
class DuelMove:
    player: int
    kind: DuelMoveKind
    cell: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", DuelMoveKind(self.kind))


@dataclass(frozen=True)
class DuelEvent:
    """What one move did: its outcome, the points it scored, the squares revealed after it."""

    move: DuelMove
    outcome: DuelMoveResult
    points: int
    number: int | None  # the number shown, for DuelMoveResult.NUMBER
    revealed: tuple[int, ...]  # uncovered by the automatic reveal, in order


class IllegalMove(ValueError):
    """A move the rules do not allow; the message says why."""


def where(topology: Topology, cell: int) -> str:
    """A square as players name it: C5 (names.py), as the hints do."""
    return square_name(topology, cell)
