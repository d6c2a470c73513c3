"""Sorting the best times of a file written before Best Times kept kinds
of game apart (see storage/time_kinds.py): each level's time goes to the
row of the kept game it matches, a win that counts for Best Times of that
level and that time in seconds (the games file keeps no names, so the name
cannot be matched). A square random game leaves it in 2.4's slot; a game
of another kind moves it to that kind's row; when no kept game matches
(the games file is newer than the time, or was deleted), it goes to a row
marked as from an earlier version, kind unknown. Runs once, reading the
games file through (off the frame: a step of the end-of-game queue).
"""

from __future__ import annotations

from ..storage.settings_and_times import BestTime
from ..storage.time_kinds import earlier_kind, time_kind
from .kept_game import KeptGame
from .record_store import RecordStore
from .rows import BestTimeTable, counts_as_best


def sort_moves(store: RecordStore, earlier: dict[str, BestTime]) -> dict[str, str | None]:
    """Level: the row its time goes to (None: it stays in 2.4's slot)."""
    found: dict[str, set[str | None]] = {level: set() for level in earlier}
    for line, _end in store.lines():
        try:
            record = KeptGame.from_line(line)
        except (ValueError, KeyError, TypeError):
            continue  # a header, a reset or a damaged line
        held = earlier.get(record.level)
        if held is None or record.seconds != held.seconds \
                or not counts_as_best(record.won, record.helped, record.by_marks, BestTimeTable.BEST_TIMES):
            continue
        found[record.level].add(time_kind(record.level, record.shape, record.no_guess))
    moves: dict[str, str | None] = {}
    for level, kinds in found.items():
        named = {kind for kind in kinds if kind is not None}
        if None in kinds:
            moves[level] = None
        elif named:
            moves[level] = min(named)
        else:
            moves[level] = earlier_kind(level)
    return moves
