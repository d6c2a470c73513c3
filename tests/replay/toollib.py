"""ms-toollib as the tests' oracle: its reading of a replay, and boards put
side by side with ours.

ms-toollib stops the whole process (a Rust panic) on a file it cannot
read; the tests hand it only files it reads, or use :func:`in_child`.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

ms = pytest.importorskip("ms_toollib", reason="ms-toollib is not installed (pip install -e '.[test]')")

VIDEOS = {".evf": ms.EvfVideo, ".avf": ms.AvfVideo, ".rmv": ms.RmvVideo, ".mvf": ms.MvfVideo}
COVERED, FLAG = 10, 11
WRONG_FLAG, MINE_HIT, MINE_SHOWN = 14, 15, 16  # how ms-toollib shows a lost board
FIGURES = [  # (our GameMetrics name, ms-toollib's)
    ("bbbv", "bbbv"), ("bbbv_solved", "bbbv_solved"), ("openings", "op"), ("islands", "isl"), ("zini", "zini"),
    ("left", "left"), ("right", "right"), ("chord", "double"), ("left_eff", "lce"), ("right_eff", "rce"),
    ("chord_eff", "dce"), ("clicks", "cl"), ("effective_clicks", "ce"),
]
RATES = [("ioe", "ioe"), ("correctness", "corr"), ("throughput", "thrp"), ("bbbv_per_s", "bbbv_s"), ("rqp", "rqp")]


def header(data: bytes, suffix: str = ".evf"):
    """ms-toollib's reading of a file's header (parsed, not yet replayed)."""
    video = VIDEOS[suffix]("replay" + suffix, raw_data=list(data))
    video.parse()
    return video


def analysed(data: bytes, suffix: str = ".evf"):
    """ms-toollib's reading of a whole file, its figures at the end."""
    video = header(data, suffix)
    video.analyse()
    video.current_time = 1e7
    return video


def figures_differ(metrics, video) -> list:
    """The figures on which our metrics and ms-toollib's reading differ."""
    wrong = [(ours, getattr(metrics, ours), getattr(video, theirs)) for ours, theirs in FIGURES
             if getattr(metrics, ours) != getattr(video, theirs) and not (ours == "zini" and metrics.zini is None)]
    for ours, theirs in RATES:
        value = getattr(metrics, ours)
        if value is not None and value != pytest.approx(getattr(video, theirs), rel=1e-9):
            wrong.append((ours, value, getattr(video, theirs)))
    return wrong


def ms_board(game) -> list[list[int]]:
    """An engine game's board in ms-toollib's terms: a number, 10 covered
    (a "?" too: ms-toollib has none), 11 flagged, -1 a mine uncovered."""
    topology = game.topology
    rows = []
    for row in range(topology.height):
        line = []
        for col in range(topology.width):
            cell = topology.index(col, row)
            if game.is_open(cell):
                line.append(-1 if game.is_mine(cell) else game.number(cell))
            else:
                line.append(FLAG if game.mark(cell) == 1 else COVERED)
        rows.append(line)
    return rows


def same_board(ours: list[list[int]], theirs: list[list[int]], board: list[list[int]], won: bool) -> bool:
    """Square by square the same: numbers and flags; on a lost board
    ms-toollib crosses a wrong flag out and shows the mine hit (ours: the
    flag, the mine uncovered); on a won board a mine may be flagged in one
    and covered in the other (2.4 flags the mines left when a game is won)."""
    for row, (a_row, b_row) in enumerate(zip(ours, theirs, strict=True)):
        for col, (a, b) in enumerate(zip(a_row, b_row, strict=True)):
            mine = board[row][col] == -1
            if a == b or (b == WRONG_FLAG and a == FLAG and not mine):
                continue
            if mine and ((a == -1 and b in (MINE_HIT, -1)) or (b == MINE_SHOWN and a in (COVERED, FLAG))):
                continue
            if won and mine and {a, b} <= {COVERED, FLAG}:
                continue
            return False
    return True


CHILD = """
import json, sys
import ms_toollib as ms
out = []
for hexdata in json.load(sys.stdin):
    video = ms.EvfVideo("a.evf", raw_data=list(bytes.fromhex(hexdata)))
    video.parse()
    video.analyse()
    video.current_time = 1e7
    out.append([video.left, video.right, video.double, video.lce, video.rce, video.dce, video.bbbv_solved])
print(json.dumps(out))
"""


def in_child(files: list[bytes], folder) -> list[list[int]]:
    """ms-toollib's counts of many EVF files, read in a child process in
    ``folder`` (a sequence it cannot read stops that process, not the tests,
    and its crash.log goes there)."""
    result = subprocess.run([sys.executable, "-c", CHILD], input=json.dumps([f.hex() for f in files]),
                            capture_output=True, text=True, timeout=600, cwd=folder)
    assert result.returncode == 0, f"ms-toollib stopped (exit status {result.returncode}): {result.stderr[-500:]}"
    return json.loads(result.stdout)
