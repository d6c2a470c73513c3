"""One recorded game: enough to show it again and to count its metrics."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .. import __version__
from ..engine.game import GameSetup
from ..metrics.board import BoardMetrics, board_metrics
from ..metrics.game_metrics import GameMetrics
from .events import InputEvent, MouseEvent, Result

OUR_SOFTWARE = f"AmigaSweeper {__version__}"


@dataclass(frozen=True)
class Recording:
    """A game from its first press to its end.

    ``mines`` are the cells holding mines. ``mouse`` is None for our own games
    (their EVF mouse events are made from ``events`` when needed, see
    :mod:`.stream`) and holds the file's own mouse events for a game read from
    another program's EVF file, so its metrics are counted from what it says.
    """

    setup: GameSetup
    mines: frozenset[int]
    events: tuple[InputEvent, ...]
    result: Result
    time_ms: int
    started: float = 0.0  # when the first press happened, seconds since 1970
    cell_px: int = 8
    software: str = OUR_SOFTWARE
    player: str = ""
    helped: bool = False  # hints were shown during the game: not "official" in EVF terms
    mouse: tuple[MouseEvent, ...] | None = field(default=None, compare=False)

    @cached_property
    def topology(self):  # asked for at every mouse event when counting: kept
        return self.setup.topology

    def board_metrics(self) -> BoardMetrics:
        return board_metrics(self.topology, self.mines)

    def mouse_events(self) -> tuple[MouseEvent, ...]:
        """The game as EVF mouse events."""
        if self.mouse is not None:
            return self.mouse
        from .stream import mouse_stream

        return tuple(m for m, _ in mouse_stream(self))

    def metrics(self) -> GameMetrics:
        """Every metric of the whole game (ms-toollib's analysis of it)."""
        return self._metrics

    @cached_property
    def _metrics(self) -> GameMetrics:  # worked out once: saving a game asks twice
        from .stream import count_clicks

        counter = count_clicks(self)
        return GameMetrics.compute(self.board_metrics(), counter.counts(), self.time_ms)
