"""One recorded game: enough to show it again and to count its metrics."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property

from .. import __version__
from ..engine.game import GameSetup
from ..engine.rules import MoveKind
from ..metrics.board import BoardMetrics, board_metrics
from ..metrics.clicks import BoardState
from ..metrics.game_metrics import GameMetrics
from ..metrics.path import mouse_path
from .events import InputEvent, MouseEvent, Result

OUR_SOFTWARE_NAME = "AmigaSweeper"  # how a file we wrote names us, before the version
OUR_SOFTWARE = f"{OUR_SOFTWARE_NAME} {__version__}"
WORKED_OUT = ("topology", "clock_start_ms", "_stream", "_clicks", "_metrics", "path")  # a Recording's cached properties


def clock_start_ms(events: Iterable[InputEvent]) -> int:
    """When the game's clock started, in the events' time: the first uncover
    (0 when nothing was uncovered). Events before it (marks put down first)
    come earlier."""
    return next((e.t_ms for e in events if any(m.kind is MoveKind.UNCOVER for m in e.moves)), 0)


@dataclass(frozen=True)
class Recording:
    """A game from its first press to its end.

    ``mines`` are the cells holding mines. ``mouse`` is None for our own games
    (their EVF mouse events are made from ``events`` when needed, see
    :mod:`.stream`) and holds the file's own mouse events for a game read from
    a replay file, so its metrics are counted from what the file says.
    ``evf_mode`` is the game mode such a file gives (see evf_header.EvfMode).
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
    helps: tuple[str, ...] = ()  # which kinds of help (play's Help values: "hint", "demo"...), when known
    mouse: tuple[MouseEvent, ...] | None = field(default=None, compare=False)
    evf_mode: int | None = field(default=None, compare=False)

    @cached_property
    def topology(self):  # asked for at every mouse event when counting: kept
        return self.setup.topology

    @cached_property
    def clock_start_ms(self) -> int:
        return clock_start_ms(self.events)

    def board_metrics(self) -> BoardMetrics:
        return board_metrics(self.topology, self.mines)

    def mouse_events(self) -> tuple[MouseEvent, ...]:
        """The game as EVF mouse events."""
        if self.mouse is not None:
            return self.mouse
        return tuple(m for m, _ in self._stream)

    def signed(self, player: str) -> Recording:
        """The same game signed with another name. What was worked out from
        its events (the mouse stream, the clicks, the metrics) is kept: a
        name changes none of it, and saving must not replay the game again."""
        copy = replace(self, player=player)
        for worked_out in WORKED_OUT:
            if worked_out in self.__dict__:
                copy.__dict__[worked_out] = self.__dict__[worked_out]
        return copy

    @cached_property
    def _stream(self) -> tuple[tuple[MouseEvent, int], ...]:
        # The engine replayed once: the click machine (metrics) and the EVF
        # writer (mouse_events) both read this one stream.
        from .stream import mouse_stream

        return tuple(mouse_stream(self))

    def metrics(self) -> GameMetrics:
        """Every metric of the whole game (ms-toollib's analysis of it)."""
        return self._metrics

    @cached_property
    def path(self) -> float:
        """How far the mouse went, as ms-toollib measures it (metrics/path.py)."""
        from .stream import play_start

        stream = None if self.mouse is not None else self._stream  # the one replay of the engine
        return mouse_path(self.mouse_events(), self.setup.width, self.setup.height, self.cell_px,
                          play_start(self, stream))

    def flag_counts(self) -> tuple[int, int]:
        """(the flags standing at the end as ms-toollib counts them, every flag put down)."""
        counts = self._clicks.counts()
        return counts.flags, counts.flags_placed

    def board_state(self) -> BoardState:
        """How ms-toollib's click machine leaves the board after the game's
        mouse events (won only when every safe square was uncovered)."""
        return self._clicks.state

    @cached_property
    def _clicks(self):  # the click machine after every event: worked out once
        from .stream import count_clicks

        return count_clicks(self, stream=self._stream)

    @cached_property
    def _metrics(self) -> GameMetrics:  # worked out once: saving a game asks twice
        return GameMetrics.compute(self.board_metrics(), self._clicks.counts(), self.time_ms)
