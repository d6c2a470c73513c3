"""``amigasweeper --stats [--json] [--data-dir D]``: the statistics in a shell.

No window and no pyxel: this module imports only the pure core. Without
--data-dir the folder is AMIGASWEEPER_DATA_DIR, else where the desktop game
keeps its files (Pyxel's user data folder).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..storage.folders import APP_NAME, VENDOR_NAME, default_folder
from .replay_folder import REPLAY_FOLDER, ReplayFolder
from .store import RecordStore
from .summary import summarise

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


def table(summaries) -> str:
    head = f"{'Level':<13}{'Shape':<9}{'Played':>7}{'Won':>6}{'Win %':>7}{'Best':>9}{'Average':>9}{'3BV/s':>7}{'IOE':>6}{'Streak':>7}{'Longest':>8}"
    lines = [head]
    for s in summaries:
        lines.append(
            f"{s.level.capitalize():<13}{s.shape:<9}{s.played:>7}{s.won:>6}{_fmt(s.win_percent, '{:.1f}'):>7}"
            f"{_fmt(s.best_ms and s.best_ms / 1000, '{:.3f}'):>9}{_fmt(s.average_ms and s.average_ms / 1000, '{:.3f}'):>9}"
            f"{_fmt(s.best_bbbv_per_s, '{:.2f}'):>7}{_fmt(s.best_ioe, '{:.2f}'):>6}{s.current_streak:>7}{s.longest_streak:>8}"
        )
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
    folder = folder or desktop_folder()
    try:
        loaded = RecordStore(folder).load()
    except OSError as error:
        print(f"amigasweeper: the records in {folder} cannot be read ({error.strerror or error})", file=sys.stderr)
        return 1
    replays = ReplayFolder(folder)
    if as_json:
        games = []
        for r in loaded.records:
            found = replays.path_of(r)
            games.append(r.as_json(f"{REPLAY_FOLDER}/{found.name}" if found else None))
        document = {
            "data_folder": str(folder.resolve()),
            "games": games,
            "summary": [dict(vars(s), win_percent=s.win_percent) for s in summarise(loaded.records)],
            "damaged_lines": loaded.damaged_lines,
            "reset_ms": loaded.reset_ms,
            "games_before_reset": len(loaded.earlier),
            "unread_bytes": loaded.unread_bytes,
        }
        print(json.dumps(document, indent=1, allow_nan=False))
    else:
        print(f"Statistics in {folder}")
        print(table(summarise(loaded.records)))
        if loaded.reset_ms is not None:
            print(f"(Counted since the last reset; {len(loaded.earlier)} earlier game(s) are kept in the file.)")
        if loaded.unread_bytes:
            print(f"(The records file is very big: its oldest {loaded.unread_bytes} bytes were not read.)")
        if loaded.damaged_lines:
            print(f"({loaded.damaged_lines} damaged line(s) in the records file were skipped.)")
    return 0
