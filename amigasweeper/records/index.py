"""StatsIndex: the statistics of a games file, kept beside it and updated
as games are added, so that neither saving a game nor opening the
Statistics window reads the games again.

The index says how much of the games file it has taken in (``covers``, in
bytes, always at the end of a line) and the last line it took in
(``tail``). It is current when the games file is ``covers`` bytes long and
those bytes end with that line; then a new game is folded into it and both
are written under the data folder's lock, so two copies of the program
keep it right between them. When the file is longer (a copy of an older
version added games without it), the lines after ``covers`` are folded in,
a slice at a time. When the index is missing, damaged, or does not match
the file (a file put back from a copy, say), it is made again from the
first line, a slice at a time: it holds nothing the games file does not.

A reset line (see :mod:`.store`) starts every row afresh and counts the
games before it in ``games_before_reset``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .kept_game import KeptGame
from .rows import RowKey
from .summary import RowSummary, RowTally

INDEX_FILE = "amigasweeper-games-index.json"
# 2: rows count practice games apart; 3: helped games apart, the figures and pictures of
# records/row_figures.py (an index of another version is made again from the games)
INDEX_VERSION = 3
MAX_INDEX_BYTES = 32 * 1024 * 1024  # far past any real index: a bigger file is not ours, and is made again
HEADER_WORD = "AmigaSweeper games"
RESET_WORD = "reset"
# A game's line is about 90 bytes and at most a few hundred (26 numbers and
# codes); a longer one is no game (NUL padding after a crash, a file put in
# by mistake): it is set aside, counted as damaged, and never held whole.
MAX_LINE_BYTES = 4096
SET_ASIDE = "\0set aside: longer than any game"  # what a line too long to read stands as (see RecordStore.lines)


def reset_date(line: str) -> int | None:
    """The date of a reset line ("reset DATE_MS"), or None for any other line."""
    if line.startswith(RESET_WORD + " ") and line[len(RESET_WORD) + 1:].isdigit():
        return int(line[len(RESET_WORD) + 1:])
    return None


@dataclass
class StatsIndex:
    rows: dict[RowKey, RowTally] = field(default_factory=dict)
    covers: int = 0  # bytes of the games file taken in
    tail: str = ""  # the last line taken in
    games: int = 0  # games since the last reset (abandoned ones too)
    damaged: int = 0  # lines that could not be read
    reset_ms: int | None = None
    games_before_reset: int = 0
    # Not saved: the bytes of a last line with no newline that is already
    # longer than any game (set aside, not counted until it ends).
    long_tail: int = 0
    # Not saved: the rows this index may fold into in place. A copy shares
    # the others' tallies with the index it came from, and copies a row only
    # when a game of it is folded in (so a save's cost does not grow with
    # the number of rows).
    _own: set[RowKey] = field(default_factory=set, repr=False, compare=False)
    # Not saved: a filter's predicate (records/filtered.py); the games it refuses are not folded.
    takes: Callable[[KeptGame], bool] | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------ folding
    def fold_line(self, line: str, takes=None) -> KeptGame | None:
        """Take in one whole line of the games file (without its newline);
        the game it holds, if it holds one. ``takes`` (a filter's predicate)
        leaves out a game it refuses: not folded, and None."""
        self.tail = line
        if not line or line.startswith(HEADER_WORD):
            return None
        date = reset_date(line)
        if date is not None:
            self.games_before_reset += self.games
            self.rows, self.games, self.reset_ms, self._own = {}, 0, date, set()
            return None
        try:
            if len(line) > MAX_LINE_BYTES:
                raise ValueError("longer than any game")
            record = KeptGame.from_line(line)
        except (ValueError, KeyError, TypeError):
            self.damaged += 1
            return None
        if takes is not None and not takes(record):
            return None
        self._row(RowKey.of(record)).fold(record, line)
        self.games += 1
        return record

    def _row(self, key: RowKey) -> RowTally:
        """The row to fold a game of ``key`` into: this index's own tally
        (copied from the shared one the first time)."""
        tally = self.rows.get(key)
        if tally is None or key not in self._own:  # (a row of its own is always in rows)
            tally = tally.copy() if tally is not None else RowTally()
            self.rows[key] = tally
            self._own.add(key)
        return tally

    def fold_bytes(self, data: bytes) -> None:
        """Take in bytes of whole lines, each ending in a newline; ``covers`` moves on."""
        for line in data.decode("utf-8", "replace").split("\n")[:-1]:
            self.fold_line(line, self.takes)
        self.covers += len(data)
        if data:  # the last line as its very bytes, even when they are not UTF-8 (see RecordStore.fits)
            self.tail = data[:-1].rsplit(b"\n", 1)[-1][-MAX_LINE_BYTES:].decode("utf-8", "surrogateescape")

    def set_aside(self, end: int, last_bytes: bytes) -> None:
        """Step over a line too long to be a game, ending (newline included)
        at byte ``end``; ``last_bytes`` are its last MAX_LINE_BYTES bytes."""
        self.damaged += 1
        self.covers = end
        self.tail = last_bytes[-MAX_LINE_BYTES:].decode("utf-8", "surrogateescape")
        self.long_tail = 0

    # ------------------------------------------------------------ reading
    def summaries(self) -> list[RowSummary]:
        """Every row's figures, 2.4's levels first (see RowKey.sort_key)."""
        return [RowSummary.of(key, self.rows[key]) for key in sorted(self.rows, key=RowKey.sort_key)]

    def spared_replays(self) -> set[str]:
        """The replay files of the games that hold a best (time, 3BV/s or IOE) of a row."""
        names = set()
        for tally in self.rows.values():
            for best in (tally.best_time, tally.best_rate, tally.best_ioe):
                if best is not None and best.replay:
                    names.add(best.replay)
        return names

    def copy(self) -> StatsIndex:
        """A copy to fold into, so whoever reads this one meanwhile sees it
        whole: the rows' tallies are shared until a game of the row is folded
        into the copy, which then copies that row alone (see ``_own``). This
        index stops folding in place too: both now share the tallies."""
        self._own = set()
        return replace(self, rows=dict(self.rows), _own=set())

    # ------------------------------------------------------------ saved form
    def to_bytes(self) -> bytes:
        document = {
            "version": INDEX_VERSION, "covers": self.covers, "tail": self.tail, "games": self.games,
            "damaged": self.damaged, "reset_ms": self.reset_ms, "games_before_reset": self.games_before_reset,
            "rows": [[key.as_list(), tally.as_dict()] for key, tally in self.rows.items()],
        }
        return json.dumps(document, separators=(",", ":"), allow_nan=False).encode("utf-8")

    @classmethod
    def from_bytes(cls, data: bytes) -> StatsIndex:
        """The index in ``data``; ValueError when it is anything but one we wrote."""
        if len(data) > MAX_INDEX_BYTES:
            raise ValueError("the index is too big to be ours")
        try:
            document = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
            raise ValueError(f"the index is not JSON ({error})") from None
        if not isinstance(document, dict) or document.get("version") != INDEX_VERSION:
            raise ValueError("the index is of another version")
        index = cls()
        for name in ("covers", "games", "damaged", "games_before_reset"):
            value = document.get(name)
            if type(value) is not int or value < 0:
                raise ValueError(f"{name} is not a count")
            setattr(index, name, value)
        tail, reset_ms, rows = document.get("tail"), document.get("reset_ms"), document.get("rows")
        if not isinstance(tail, str) or "\n" in tail or (reset_ms is not None and type(reset_ms) is not int):
            raise ValueError("the index's tail or reset is out of shape")
        if not isinstance(rows, list):
            raise ValueError("the index's rows are not a list")
        index.tail, index.reset_ms = tail, reset_ms
        for entry in rows:
            if not isinstance(entry, list) or len(entry) != 2:
                raise ValueError("a row of the index is out of shape")
            key = RowKey.from_list(entry[0])
            if key in index.rows:
                raise ValueError("a row appears twice in the index")
            try:
                index.rows[key] = RowTally.from_dict(entry[1])
            except (KeyError, TypeError) as error:  # a bad game line among the row's last games
                raise ValueError(f"a row of the index is out of shape ({error})") from None
        return index
