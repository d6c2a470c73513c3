"""LiveIndex: the statistics of a data folder as this copy of the program
knows them, kept current a slice at a time.

At start (or when the Statistics window opens) the saved index is read; if
it is behind the games (another copy, or an older version, added games) the
rest is folded in by :meth:`LiveIndex.step`, a few hundred kilobytes of
lines at a time, so no frame waits; if it is missing or does not match the
games it is made again from the first line in the same way, and saved once
it is whole. A game this copy adds goes into it at once (see
:meth:`.store.RecordStore.append`).

``index`` is never changed in place: each slice is folded into a copy that
then takes its place, and an append returns a new one. The Statistics
window reads it in the frame while the end of a game may be written in a
worker thread (play/end_worker.py); each sees a whole index. Should the two
cross, the one put last may lack a game the other took in: the next step
finds the index short of the games file and folds the rest in.
"""

from __future__ import annotations

from .index import StatsIndex
from .record_store import INDEX_LAG_BYTES, RecordStore

SLICE_BYTES = 256 * 1024  # about 3,000 games' lines: a few milliseconds of folding


class LiveIndex:
    def __init__(self, store: RecordStore, saves: bool = True) -> None:
        self.store = store
        self.saves = saves  # False for --stats, which only reads: no index and no lock written
        self.index: StatsIndex | None = None
        self.ready = False  # every game there was at the last look is in ``index``
        self.problem: str | None = None  # why the games could not be read at the last step
        self._reload = True  # read the saved index: another copy may have moved it on
        self._unsaved = False  # ours is ahead of the saved one: save it once it is whole
        self._saved_at: int | None = None  # what the saved index covers, when it is of these games

    def look_again(self) -> None:
        """Other copies may have added games: the next steps take them in."""
        self.ready, self._reload = False, True

    def adopt(self, index: StatsIndex | None) -> None:
        """What an append returned: the current index, or None when it was behind."""
        if index is None:
            self.ready = False
        else:
            self.index, self.ready = index, True

    def step(self, slice_bytes: int = SLICE_BYTES) -> bool:
        """One slice of work; True once the index holds every game. Never
        raises: games that cannot be read leave the index as it was, and
        ``problem`` says why."""
        if self.ready:
            return True
        try:
            done = self._step(slice_bytes)
        except OSError as error:
            self.problem = error.strerror or str(error)
            return False
        self.problem = None
        return done

    def _step(self, slice_bytes: int) -> bool:
        store = self.store
        if self._reload or self.index is None:
            self._reload = False
            saved = store.load_index()
            ours = self.index.covers if self.index is not None else -1
            self._saved_at = None
            if saved is not None and store.fits(saved):
                self._saved_at = saved.covers
                if saved.covers >= ours:
                    self.index = saved
        index = self.index
        if index is None or not store.fits(index):
            index, self._unsaved = StatsIndex(), True  # none, or not of these games: made again
        if index.covers != store.size():
            index = index.copy()
            done = store.catch_up(index, slice_bytes)
            self._unsaved = True
        else:
            done = True
        self.index = index
        if not done:
            return False
        self.ready = True
        if self._unsaved and self.saves and self._worth_saving(index):
            try:
                self._unsaved = not store.save_index(index, lock_timeout=0)
                self._saved_at = index.covers if not self._unsaved else self._saved_at
            except OSError:  # the lock is taken, or the folder read-only: saved with the next game
                pass
        return True

    def _worth_saving(self, index: StatsIndex) -> bool:
        """Whether to write the index whole now: when none of these games is
        saved, or the saved one lags INDEX_LAG_BYTES or more (as appends do:
        a few games behind, a reader catches up in a moment, and writing an
        index of thousands of rows in a frame would be felt)."""
        return self._saved_at is None or index.covers - self._saved_at >= INDEX_LAG_BYTES

    def whole(self) -> StatsIndex:
        """The index made whole now, however long it takes (the shell's
        --stats, tests); as far as it got when the games cannot be read."""
        while not self.step(1 << 24) and self.problem is None:
            pass
        return self.index or StatsIndex()
