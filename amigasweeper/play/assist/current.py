"""The solver's work on the position being played: one PositionWork, made
again whenever a move changes the position or a new game begins."""

from __future__ import annotations

from amigasweeper.engine import Game

from .frames import FrameBudget
from .position import PositionWork

Position = tuple[int, int]  # (id of the game, moves played): a position, as the work knows it


def position_of(game: Game) -> Position:
    return id(game), len(game.moves)


class CurrentWork:
    def __init__(self, frames: FrameBudget) -> None:
        self.frames = frames
        self.work: PositionWork | None = None
        self.position: Position | None = None  # the position ``work`` is about

    def work_for(self, game: Game) -> PositionWork | None:
        """The work, if there is some about the position ``game`` stands at now."""
        return self.work if self.position == position_of(game) else None

    def is_for(self, game: Game) -> bool:
        """Is the work (if any) about the position ``game`` stands at now?"""
        return self.work_for(game) is not None

    def of(self, game: Game) -> PositionWork:
        """The work on ``game``'s position, begun if it is a new one (the old is dropped)."""
        work = self.work_for(game)
        if work is None:
            if self.work is not None and not self.work.done:
                self.work.abandon()
            work = self.work = PositionWork(game, self.frames.clock)
            self.position = position_of(game)
        return work
