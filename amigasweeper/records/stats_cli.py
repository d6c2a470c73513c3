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
import time
from pathlib import Path

from ..storage.folders import APP_NAME, DATA_DIR_ENV, VENDOR_NAME, default_folder
from .filters import Flagging, GameFilter, Period, bbbv_minimum
from .index import StatsIndex, reset_date
from .labelled import labelled_row
from .live import LiveIndex
from .record_store import RecordStore
from .replay_folder import REPLAY_FOLDER
from .replay_names import replay_names_of
from .row_figures import FIGURES, Pictures
from .rows import SHAPE_NAMES, RowKey

USAGE = ("usage: amigasweeper --stats [--json] [--data-dir FOLDER] [--since today|week|month|year|all]\n"
         "         [--flagging | --no-flag] [--min-3bv N|beginner|intermediate|expert]\n"
         "         [--shape square|hex|triangle] [--no-guess | --random]")


def desktop_folder() -> Path:
    """AMIGASWEEPER_DATA_DIR, else the folder Pyxel's ``user_data_dir`` gives the
    desktop game, found without importing pyxel: on every system Pyxel 2.9
    makes it as the home folder, ``.pyxel``, then the vendor's and the
    program's names in lower case (a test checks the two agree)."""
    return default_folder(None) or Path.home() / ".pyxel" / VENDOR_NAME.lower() / APP_NAME.lower()


HELP = """Prints the statistics of the games kept, one line a row, then each row's figures.
  --json          every game (stnb, path, clicks_per_s, effective_clicks_per_s, flags, no_flag,
                  helps, demo...) and the rows (figures, best_by_bbbv, bbbv_distribution,
                  time_distribution, running_best, win_rate_by_month...) as JSON
  --data-dir D    the data folder (else AMIGASWEEPER_DATA_DIR, else Pyxel's folder)
Filters (a filtered view says what it filters):
  --since P       today (since local midnight), week, month, year (the last 7, 30, 365 days), all
  --flagging      games in which a flag was put down; --no-flag: games with none
  --min-3bv N     boards of 3BV >= N; beginner, intermediate, expert: the record thresholds 2, 30, 100
  --shape S       square, hex or triangle boards only
  --no-guess      no-guess boards only; --random: random boards only
Helped and Demo games are played, but out of win percent, streaks and bests."""

_FILTER_VALUES = ("--since", "--min-3bv", "--shape")  # the filter options that take a value


def _options(args: list[str], now: float) -> tuple[bool, Path | None, GameFilter]:
    as_json: bool = False
    folder: Path | None = None
    values: dict[str, str] = {}  # a filter option: its value
    switches: set[str] = set()  # the filter options without a value
    rest = [a for a in args if a != "--stats"]
    while rest:
        word = rest.pop(0)
        name, equals, value = word.partition("=")
        if word == "--json":
            as_json = True
        elif name in ("--data-dir", *_FILTER_VALUES) and (equals or rest):
            given = value if equals else rest.pop(0)
            if name == "--data-dir":
                folder = Path(given)
            else:
                values[name] = given
        elif word in ("--flagging", "--no-flag", "--no-guess", "--random"):
            switches.add(word)
        else:
            raise ValueError(f"--stats does not take {word!r}")
    return as_json, folder, _filter(values, switches, now)


def _filter(values: dict[str, str], switches: set[str], now: float) -> GameFilter:
    """The filter the options chose; ValueError for a value it does not know."""
    if "--flagging" in switches and "--no-flag" in switches or "--no-guess" in switches and "--random" in switches:
        raise ValueError("--flagging and --no-flag (or --no-guess and --random) cannot go together")
    try:
        period = Period(values.get("--since", "all"))
    except ValueError:
        raise ValueError(f"--since takes one of {', '.join(p.value for p in Period)}") from None
    shape = values.get("--shape")
    if shape is not None:
        shape = {"hexagonal": "hex", "triangular": "triangle"}.get(shape, shape)
        if shape not in SHAPE_NAMES:
            raise ValueError("--shape takes square, hex or triangle")
    flagging = Flagging.NO_FLAG if "--no-flag" in switches else Flagging.FLAGGING if "--flagging" in switches \
        else Flagging.ANY
    no_guess = True if "--no-guess" in switches else False if "--random" in switches else None
    minimum = bbbv_minimum(values["--min-3bv"]) if "--min-3bv" in values else 0
    return GameFilter(period, flagging, minimum, shape, no_guess, now)


def main(args: list[str]) -> int:
    try:
        return _main(args)
    except BrokenPipeError:  # `amigasweeper --stats | head`: the reader has had enough
        sys.stdout = None  # so the interpreter's last flush has nothing to complain of
        return 0


def _main(args: list[str]) -> int:
    if "--help" in args or "-h" in args:
        print(f"{USAGE}\n{HELP}")
        return 0
    try:
        as_json, folder, only = _options(args, time.time())
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
            write_json(store, folder, sys.stdout, only)
        else:
            write_table(store, folder, sys.stdout, only)
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        print(f"amigasweeper: the records in {folder} cannot be read ({error.strerror or error})", file=sys.stderr)
        return 1
    return 0


def write_table(store: RecordStore, folder: Path, out, only: GameFilter | None = None) -> None:
    """The statistics, one labelled line a row, each followed by the row's
    figures (labelled lines too), from the saved index caught up with any
    game it lacks (nothing is written); a filtered view folds the games it
    takes afresh, and says what it filters."""
    store.size()  # a games file that cannot be read is said at once
    if only is not None and only.active:
        index, takes = StatsIndex(), only.predicate()
        for line, end in store.lines():
            index.fold_line(line, takes)
            index.covers = end
        out.write(f"Statistics in {folder}, filtered: {only.words()}\n")
    else:
        index = LiveIndex(store, saves=False).whole()
        out.write(f"Statistics in {folder}\n")
    # One labelled line a row, not a wide table: a screen reader reads each
    # figure with its label (--json is there for programs).
    rows = ["\n".join([labelled_row(s), *labelled_lines(s)]) for s in index.summaries()]
    out.write("\n".join(rows or ["No games recorded yet."]) + "\n")
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


def labelled_lines(summary) -> list[str]:
    """One row's figures under its line, indented: best, worst, average and
    best-10 average of each figure, then the helped games kept apart."""
    lines = []
    pictures = summary.pictures or Pictures()
    for figure in FIGURES:
        tally = pictures.figures[figure.name]
        spread = tally.spread(figure.lower_is_better)
        if spread is None:
            continue
        scale = 1000 if figure.name == "time_ms" else 1
        cells = [f"{label} {value / scale:.3f}"
                 for label, value in zip(("best", "worst", "average", "best-10 average"), spread)]
        lines.append(f"  {figure.words}: " + ", ".join(cells) + f" ({tally.n} wins)")
    if summary.helped_played:
        lines.append(f"  helped or Demo games: {summary.helped_played} played, {summary.helped_won} won "
                     "(out of win percent, streaks and bests)")
    return lines


def write_json(store: RecordStore, folder: Path, out, only: GameFilter | None = None) -> None:
    """Every game since the last reset, then the table: written as they are
    read, so memory stays flat however long the history (the rows keep
    their figures, not their games). A filter leaves out the games it refuses."""
    store.size()
    listed_from = last_reset_end(store)
    replays = _replay_names(folder / REPLAY_FOLDER)
    index = StatsIndex()
    takes = only.predicate() if only is not None and only.active else None
    out.write('{"data_folder": ' + json.dumps(str(folder.resolve())) + ',\n "games": [')
    first = True
    for line, end in store.lines():
        record = index.fold_line(line, takes)
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
            "games_before_reset": index.games_before_reset, "unread_bytes": 0,
            "filter": _filter_json(only)}
    out.write(",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in tail.items()) + "\n}\n")


def _filter_json(only: GameFilter | None) -> dict | None:
    """What a filtered view takes, None when nothing is filtered."""
    if only is None or not only.active:
        return None
    return {"words": only.words(), "since": only.period.value, "flagging": only.flagging.value,
            "min_bbbv": only.min_bbbv, "shape": only.shape, "no_guess": only.no_guess}


def _replay_names(folder: Path) -> set[str]:
    """The files of the replays folder (at most its cap and the kept ones): one look, not one a game."""
    try:
        return {entry.name for entry in os.scandir(folder) if entry.is_file()}
    except OSError:
        return set()
