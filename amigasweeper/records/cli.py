"""``amigasweeper --stats [--json] [--data-dir D]``: the statistics in a shell.

No window and no pyxel: this module imports only the pure core. Without
--data-dir the folder is AMIGASWEEPER_DATA_DIR, else where the desktop game
keeps its files (Pyxel's user data folder). Nothing is written there (no
index, no lock, no clean-up of what a crash left: that is the game's, at
its start): the table comes from the saved index, caught up in memory with
any game it lacks, and --json streams the games as it reads them, so its
memory does not grow with the history. A --data-dir (or an
AMIGASWEEPER_DATA_DIR) that is not a folder is an error; Pyxel's default
folder not made yet means no games.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from ..storage.folders import APP_NAME, DATA_DIR_ENV, VENDOR_NAME, default_folder
from .index import StatsIndex, reset_date
from .live import LiveIndex
from .replay_folder import REPLAY_FOLDER
from .replay_names import replay_names_of
from .rows import COMPLETION_NAMES, SHAPE_NAMES, RowKey
from .store import RecordStore

USAGE = "usage: amigasweeper --stats [--json] [--data-dir FOLDER]"


def desktop_folder() -> Path:
    """AMIGASWEEPER_DATA_DIR, else the folder Pyxel's ``user_data_dir`` gives the
    desktop game, found without importing pyxel: on every system Pyxel 2.9
    makes it as the home folder, ``.pyxel``, then the vendor's and the
    program's names in lower case (a test checks the two agree)."""
    return default_folder(None) or Path.home() / ".pyxel" / VENDOR_NAME.lower() / APP_NAME.lower()


def _options(args: list[str]) -> tuple[bool, Path | None]:
    as_json, folder = False, None
    rest = [a for a in args if a != "--stats"]
    while rest:
        word = rest.pop(0)
        if word == "--json":
            as_json = True
        elif word == "--data-dir" and rest:
            folder = Path(rest.pop(0))
        elif word.startswith("--data-dir="):
            folder = Path(word.split("=", 1)[1])
        else:
            raise ValueError(f"--stats does not take {word!r}")
    return as_json, folder


def _fmt(value, pattern: str) -> str:
    return "-" if value is None else pattern.format(value)


COLUMNS = (  # (heading, width, the figure of a RowSummary as text)
    ("Board", 22, lambda s: s.key.board),
    ("Shape", 11, lambda s: SHAPE_NAMES.get(s.key.shape, s.key.shape)),
    ("Completion", 20, lambda s: COMPLETION_NAMES.get(s.key.completion, s.key.completion)),
    ("Kind", 9, lambda s: s.key.kind),
    ("Played", 7, lambda s: str(s.played)),
    ("Won", 6, lambda s: str(s.won)),
    ("Win %", 6, lambda s: _fmt(s.win_percent, "{:.1f}")),
    ("Streak", 7, lambda s: str(s.current_streak)),
    ("Best", 5, lambda s: str(s.best_streak)),
    ("Best time", 10, lambda s: _fmt(s.best_ms and s.best_ms / 1000, "{:.3f}")),
    ("its 3BV", 8, lambda s: _fmt(s.best_time_bbbv, "{}")),
    ("its 3BV/s", 10, lambda s: _fmt(s.best_time_bbbv_per_s, "{:.2f}")),
    ("Best 3BV/s", 11, lambda s: _fmt(s.best_bbbv_per_s, "{:.2f}")),
    ("Avg 3BV/s", 10, lambda s: _fmt(s.average_bbbv_per_s, "{:.2f}")),
    ("Avg IOE", 8, lambda s: _fmt(s.average_ioe, "{:.2f}")),
    ("Avg RQP", 8, lambda s: _fmt(s.average_rqp, "{:.1f}")),
    ("Abandoned", 10, lambda s: str(s.abandoned)),
)


def table(summaries) -> str:
    """One line a row: the first four columns to the left, the figures to the right."""
    def line(cells) -> str:
        return "".join(c.ljust(w) if i < 4 else c.rjust(w) for i, ((_, w, _), c) in enumerate(zip(COLUMNS, cells)))

    lines = [line([heading for heading, _, _ in COLUMNS]).rstrip()]
    lines += [line([text(s) for _, _, text in COLUMNS]).rstrip() for s in summaries]
    if not summaries:
        lines.append("No games recorded yet.")
    return "\n".join(lines)


def main(args: list[str]) -> int:
    try:
        return _main(args)
    except BrokenPipeError:  # `amigasweeper --stats | head`: the reader has had enough
        sys.stdout = None  # so the interpreter's last flush has nothing to complain of
        return 0


def _main(args: list[str]) -> int:
    try:
        as_json, folder = _options(args)
    except ValueError as error:
        print(f"amigasweeper: {error}\n{USAGE}", file=sys.stderr)
        return 2
    # A folder the player named (--data-dir, or the variable) must be there; only Pyxel's default may not yet be.
    named = folder is not None or default_folder(None) is not None  # (None given: the variable's folder or None)
    where = "" if folder is not None else f" ({DATA_DIR_ENV})"
    folder = folder or desktop_folder()
    if named and not folder.is_dir():
        what = "does not exist" if not folder.exists() else "is not a folder"
        print(f"amigasweeper: the data folder {folder}{where} {what}\n{USAGE}", file=sys.stderr)
        return 2
    store = RecordStore(folder)
    try:
        if as_json:
            write_json(store, folder, sys.stdout)
        else:
            write_table(store, folder, sys.stdout)
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        print(f"amigasweeper: the records in {folder} cannot be read ({error.strerror or error})", file=sys.stderr)
        return 1
    return 0


def write_table(store: RecordStore, folder: Path, out) -> None:
    """The table, from the saved index caught up with any game it lacks (nothing is written)."""
    store.size()  # a games file that cannot be read is said at once
    index = LiveIndex(store, saves=False).whole()
    out.write(f"Statistics in {folder}\n{table(index.summaries())}\n")
    if index.reset_ms is not None:
        out.write(f"(Counted since the last reset; {index.games_before_reset} earlier game(s) are kept in the file.)\n")
    if index.damaged:
        out.write(f"({index.damaged} damaged line(s) in the records file were skipped.)\n")
    if index.long_tail:
        out.write(f"(The last line of the records file, {index.long_tail} bytes with no end, is longer than any "
                  "game: it was set aside.)\n")


def last_reset_end(store: RecordStore) -> int:
    """The byte just past the last reset line (0 when there is none): only the
    games after it are listed. One pass over the bytes, a megabyte at a time."""
    found = 0
    for line, end in store.lines():
        if reset_date(line) is not None:
            found = end
    return found


def write_json(store: RecordStore, folder: Path, out) -> None:
    """Every game since the last reset, then the table: written as they are
    read, so memory stays flat however long the history (the rows keep
    their figures, not their games)."""
    store.size()
    listed_from = last_reset_end(store)
    replays = _replay_names(folder / REPLAY_FOLDER)
    index = StatsIndex()
    out.write('{"data_folder": ' + json.dumps(str(folder.resolve())) + ',\n "games": [')
    first = True
    for line, end in store.lines():
        record = index.fold_line(line)
        index.covers = end
        if record is None or end <= listed_from:
            continue
        name = next((n for n in replay_names_of(record) if n in replays), None)
        path = f"{REPLAY_FOLDER}/{name}" if name else None
        game = dict(record.as_json(path), board=RowKey.of(record).board)
        out.write(("\n  " if first else ",\n  ") + json.dumps(game, allow_nan=False))
        first = False
    summary = [dict(s.as_json()) for s in index.summaries()]
    out.write("\n ],\n \"summary\": " + json.dumps(summary, indent=1, allow_nan=False).replace("\n", "\n ") + ",\n")
    tail = {"damaged_lines": index.damaged, "reset_ms": index.reset_ms,
            "games_before_reset": index.games_before_reset, "unread_bytes": 0}
    out.write(",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in tail.items()) + "\n}\n")


def _replay_names(folder: Path) -> set[str]:
    """The files of the replays folder (at most its cap and the kept ones): one look, not one a game."""
    try:
        return {entry.name for entry in os.scandir(folder) if entry.is_file()}
    except OSError:
        return set()
