"""The shading a front end shows: the latest made for this game, kept while
the next position is worked out, and then shown all as estimates (its
proofs were about the position before)."""

from __future__ import annotations

from amigasweeper.engine import Game

from .current import Position, position_of
from .shading import Shading


class ShownShading:
    def __init__(self) -> None:
        self._shown: Shading | None = None
        self._for: Position | None = None  # the position it belongs to
        self._stale: tuple[Shading, Shading] | None = None  # a shading, and the same all as estimates

    def keep(self, shading: Shading, position: Position) -> None:
        self._shown, self._for = shading, position

    def of(self, game: Game) -> Shading:
        """What ``game``'s board shows: blank before any shading of this game."""
        shown, position = self._shown, self._for
        if shown is None or position is None or position[0] != id(game):
            return Shading.blank(game.topology.size)
        if position != position_of(game):
            if self._stale is None or self._stale[0] is not shown:  # made once: the board redraws by identity
                self._stale = (shown, shown.unsettled())
            return self._stale[1]
        return shown

    def estimated(self, worked_on: Position | None) -> bool:
        """Some square shows an estimate (``worked_on``: the position the solver works on now)."""
        if self._shown is None:
            return False
        return self._for != worked_on or self._shown.estimated
