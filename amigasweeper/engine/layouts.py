"""Where the mines go: layout makers, chosen by name so a game record can name one.

A layout maker is ``maker(topology, mines, first_cell, rng) -> frozenset[int]``.
It is called on the first uncover, so the first square is never a mine. Every
maker draws only from the ``random.Random`` it is given (never the global RNG):
the same seed and the same first square always give the same board.

The engine knows only the random maker. Others come from above and are given
to it: a package that can make a kind of board registers its maker here (the
solver registers the no-guess one when it is imported), or a Game is handed a
maker directly. The engine itself imports nothing from the solver or the UI.
A maker that cannot make what is asked of it (no board proved solvable within
its time, say) raises LayoutUnavailable with a sentence for the player, and
the game falls back to a random board and says so (Game.layout_note).
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


class LayoutUnavailable(Exception):
    """A maker could not make the board asked for; the message is for the player."""


def random_layout(topology: Topology, mines: int, first_cell: int, rng: random.Random) -> frozenset[int]:
    """Mines on ``mines`` squares chosen uniformly among all but the first."""
    candidates = [cell for cell in topology.cells() if cell != first_cell]
    if not 0 <= mines <= len(candidates):
        raise ValueError(f"{mines} mines do not fit {len(candidates)} free squares")
    return frozenset(rng.sample(candidates, mines))


_MAKERS: dict[LayoutKind, LayoutMaker] = {LayoutKind.RANDOM: random_layout}


def register_layout_maker(kind: LayoutKind | str, maker: LayoutMaker) -> None:
    """Make ``maker`` the one games of this kind use (the random maker cannot be replaced)."""
    kind = LayoutKind(kind)
    if kind is LayoutKind.RANDOM:
        raise ValueError("the random layout is the engine's own")
    _MAKERS[kind] = maker


def layout_maker(kind: LayoutKind | str) -> LayoutMaker:
    """The maker registered for ``kind``; LayoutUnavailable if none is."""
    kind = LayoutKind(kind)
    try:
        return _MAKERS[kind]
    except KeyError:
        raise LayoutUnavailable(f"No maker of {kind.value} boards is loaded.") from None
