"""Where the mines go: layout makers, chosen by name so a game record can name one.

A layout maker is ``maker(topology, mines, first_cell, rng) -> frozenset[int]``.
It is called on the first uncover, so the first square is never a mine. Every
maker draws only from the ``random.Random`` it is given (never the global RNG):
the same seed and the same first square always give the same board.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Enum

from .topology import Topology

LayoutMaker = Callable[[Topology, int, int, random.Random], frozenset[int]]


class LayoutKind(str, Enum):
    RANDOM = "random"  # any square but the first may hold a mine
    NO_GUESS = "no-guess"  # solvable from the first click by logic alone


def random_layout(topology: Topology, mines: int, first_cell: int, rng: random.Random) -> frozenset[int]:
    """Mines on ``mines`` squares chosen uniformly among all but the first."""
    candidates = [cell for cell in topology.cells() if cell != first_cell]
    if not 0 <= mines <= len(candidates):
        raise ValueError(f"{mines} mines do not fit {len(candidates)} free squares")
    return frozenset(rng.sample(candidates, mines))


def layout_maker(kind: LayoutKind | str) -> LayoutMaker:
    kind = LayoutKind(kind)
    if kind is LayoutKind.RANDOM:
        return random_layout
    # Imported here, not at the top: the solver builds on the engine, and only
    # no-guess games need it.
    from amigasweeper.solver.noguess import no_guess_layout

    return no_guess_layout
