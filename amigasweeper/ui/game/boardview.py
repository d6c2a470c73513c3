"""The minefield on screen: a cached image of the squares, redrawn only where they
changed, with the ripple of an opening shown a ring a frame.

Drawing state only: the game's truth stays in engine.Game; this keeps what each
square currently looks like on screen and which squares still wait for their
ring of the ripple.
"""

from __future__ import annotations

from collections import deque

import pyxel

from amigasweeper.access.words.squares import Board
from amigasweeper.engine import MoveResult, Tile

from ..intuition.atlas import Cell, number_cell
from .geometry import Geometry

RINGS_PER_FRAME = 1  # one ring a frame: the opening is seen spreading, as on the Amiga

TILE_CELLS = {
    Tile.COVERED: Cell.COVERED,
    Tile.MARKED: Cell.FLAG,
    Tile.QUESTION: Cell.QUESTION,
    Tile.MINE: Cell.MINE,
    Tile.MINE_HIT: Cell.MINE_HIT,
    Tile.WRONG_MARK: Cell.WRONG_MARK,
}


def cell_look(tile: int) -> Cell:
    """The kind of cell that shows a tile; the geometry picks its sprite."""
    if tile >= Tile.COVERED:
        return TILE_CELLS[Tile(tile)]
    return Cell.UNCOVERED if tile == 0 else number_cell(tile)


class BoardCanvas:
    """An image holding every square as last drawn.

    ``instant`` is Settings > Ripple (Instant): an opening is shown whole at
    once, for players whom motion troubles. It is the screen's preference,
    kept here for every board drawn."""

    instant = False

    def __init__(self, game: Board, geometry: Geometry) -> None:
        self.game = game  # an engine.Game, or a view of one (the Duel's, the Replay's)
        self.geometry = geometry
        w, h = geometry.pixel_size
        self.image = pyxel.Image(max(1, w), max(1, h))
        self.shown: list[int | None] = [None] * game.topology.size
        self.waiting: deque[list[int]] = deque()  # rings not yet shown
        self._held_back: set[int] = set()
        self.redraw_all()

    # ------------------------------------------------------------- updating
    def redraw_all(self) -> None:
        self.image.cls(0)
        self.shown = [None] * self.game.topology.size
        for cell in self.game.topology.cells():
            if cell not in self._held_back:
                self.paint(cell, self.game.tile(cell))
            else:
                self.paint(cell, Tile.COVERED)

    def paint(self, cell: int, tile: int) -> None:
        if self.shown[cell] == tile:
            return
        self.shown[cell] = tile
        self.geometry.blit_cell(self.image, cell, cell_look(tile))

    def apply(self, result: MoveResult) -> None:
        """Show a move: its rings ripple out over the next frames, the rest at once."""
        rippling = {cell for ring in result.rings for cell in ring}
        if len(result.rings) > 1 and not self.instant:
            for ring in result.rings:
                self.waiting.append(ring)
                self._held_back.update(ring)
        else:
            rippling = set()
        for cell in result.changed:
            if cell not in rippling:
                self.paint(cell, self.game.tile(cell))

    def step(self) -> None:
        """One frame of the ripple."""
        for _ in range(min(RINGS_PER_FRAME, len(self.waiting))):
            ring = self.waiting.popleft()
            for cell in ring:
                self._held_back.discard(cell)
                self.paint(cell, self.game.tile(cell))

    def finish_ripple(self) -> None:
        while self.waiting:
            self.step()

    @property
    def rippling(self) -> bool:
        return bool(self.waiting)

    def sync(self, cells) -> None:
        """Repaint squares whose look may have changed outside a move (a loss, a win)."""
        for cell in cells:
            if cell not in self._held_back:
                self.paint(cell, self.game.tile(cell))
