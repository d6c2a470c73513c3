"""The child process that reads an AVF, RMV or MVF file with ms-toollib.

ms-toollib parses these formats; on a damaged file (or one it does not
expect) it stops the whole process (a Rust panic, SIGABRT), so it never
runs inside the program: foreign.py starts this module in a process of its
own, as ``python -m amigasweeper --read-replay-with-ms-toollib KIND IN OUT``
(the executable takes the same option), and reads what it writes.

It reads the file IN (KIND: avf, rmv or mvf) and writes to OUT one JSON
object: the board (rows, columns, the mines' squares), the square's size in
pixels, the game mode, the program and the player, the time in ms, the start
in microseconds since 1970, and every mouse event as [ms, kind, x, y] in the
file's pixels. Only the standard library and ms_toollib are used.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

FLAG = "--read-replay-with-ms-toollib"
KINDS = {"avf": "AvfVideo", "rmv": "RmvVideo", "mvf": "MvfVideo"}
USAGE = f"usage: amigasweeper {FLAG} avf|rmv|mvf IN OUT"


def describe(video) -> dict:
    """What the Replay window needs of a parsed video, as plain data."""
    events = []
    first = None
    for recorded in video.events:
        event = recorded.event
        if not event.is_mouse():
            continue
        mouse = event.unwrap_mouse()
        first = recorded.time if first is None else first
        events.append([round((recorded.time - first) * 1000), mouse.mouse, mouse.x, mouse.y])
    board = video.board
    return {
        "rows": video.row,
        "columns": video.column,
        "mines": [r * video.column + c for r, row in enumerate(board) for c, value in enumerate(row) if value == -1],
        "cell_px": video.pix_size,
        "mode": video.mode,
        "software": video.software,
        "player": video.player_identifier,
        "time_ms": video.rtime_ms,
        "start_us": video.start_time,
        "events": events,
    }


def main(args: list[str]) -> int:
    if len(args) != 3 or args[0] not in KINDS:
        print(USAGE, file=sys.stderr)
        return 2
    kind, source, target = args[0], Path(args[1]), Path(args[2])
    import ms_toollib  # only here: the program itself never loads it

    video = getattr(ms_toollib, KINDS[kind])("replay." + kind, raw_data=list(source.read_bytes()))
    video.parse()
    target.write_text(json.dumps(describe(video)), encoding="utf-8")
    return 0
