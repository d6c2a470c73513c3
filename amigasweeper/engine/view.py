"""What a player knows about a board: the only input the solver ever gets."""

from __future__ import annotations

from dataclasses import dataclass

from .topology import Topology

COVERED = -1  # covered, unmarked (a ? mark counts as covered: it proves nothing)
MARKED = -2  # covered and marked as a mine by the player (possibly wrongly)
# Covered but known to be safe (a square proved safe and not yet uncovered, or a
# duel player's own wrong guess): it holds no mine and shows no number, so the
# solver counts it as neither unknown nor a constraint.
KNOWN_SAFE = -3


@dataclass(frozen=True)
class PlayerView:
    """``cells[i]`` is the number on an uncovered square, or COVERED, or MARKED."""

    topology: Topology
    mines: int
    cells: tuple[int, ...]

    def covered(self) -> list[int]:
        return [i for i, v in enumerate(self.cells) if v == COVERED]

    def marked(self) -> list[int]:
        return [i for i, v in enumerate(self.cells) if v == MARKED]

    def is_fresh(self) -> bool:
        """True before the first square is uncovered."""
        return all(v < 0 for v in self.cells)
