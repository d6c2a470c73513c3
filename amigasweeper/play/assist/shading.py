"""Shading: the chance of a mine on each covered square, as the solver has
worked it out so far, and whether each chance is settled or an estimate.

What a front end shows of the probabilities: the window shades the board
with it (ui/game/shading_legend.py draws the steps), the text mode reads a
square's odds from it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class Shading:
    """A chance per square (None: not shaded) and whether it is settled (final) or an estimate."""

    chances: list[float | None]
    settled: list[bool]

    @classmethod
    def blank(cls, size: int) -> Shading:
        return cls([None] * size, [False] * size)

    @cached_property
    def estimated(self) -> bool:
        """Some square shows an estimate (worked out once: the legend asks every frame)."""
        return any(chance is not None and not final for chance, final in zip(self.chances, self.settled))

    def unsettled(self) -> Shading:
        """The same chances, all as estimates (those of a position since changed)."""
        return Shading(self.chances, [False] * len(self.chances))

    def with_proofs(self, safe: Iterable[int], mines: Iterable[int]) -> Shading:
        """These squares settled at 0% and 100%, the rest as they are."""
        chances, settled = list(self.chances), list(self.settled)
        for cells, value in ((safe, 0.0), (mines, 1.0)):
            for cell in cells:
                chances[cell], settled[cell] = value, True
        return Shading(chances, settled)
