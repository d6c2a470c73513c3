"""FilteredIndex: the statistics of the games a filter takes (records/filters.py),
folded from the games file a slice at a time, as LiveIndex makes a missing
index, so that the Statistics window never holds a frame while it works.
Nothing is saved: a filtered view lasts while the window shows it."""

from __future__ import annotations

from .filters import GameFilter
from .index import StatsIndex
from .record_store import RecordStore


class FilteredIndex:
    def __init__(self, store: RecordStore, only: GameFilter) -> None:
        self.store = store
        self.only = only
        self.index = StatsIndex(takes=only.predicate())
        self.ready = False
        self.problem: str | None = None

    def step(self, slice_bytes: int) -> bool:
        """One slice; True once every game there is has been looked at. Never raises."""
        if self.ready:
            return True
        try:
            self.ready = self.store.catch_up(self.index, slice_bytes)
        except OSError as error:
            self.problem = error.strerror or str(error)
            return False
        self.problem = None
        return self.ready

    def look_again(self) -> None:
        """Games were added: the next steps take them in."""
        self.ready = False

    @property
    def percent(self) -> int:
        return min(99, 100 * self.index.covers // max(1, self.store.size()))
