#!/usr/bin/env python3
"""Benchmark saving: what a save costs now that it merges under a lock.

Prints one JSON object of timings on this machine, in a fresh folder under
--dir (default: the system's temporary folder; say which disk it is on when
you report figures):

* save: one Duel result saved (lock, re-read, decode, merge, encode, write,
  fsync, rename, fsync of the folder, unlock);
* refresh_unchanged: the once-a-second look for another copy's saves when
  there is none (one stat);
* refresh_changed: the same after another copy saved (lock, re-read, replay);
* two_writers: two processes saving N results each at once, wall time and
  the results found afterwards (all 2N expected).

    python tools/bench_storage.py --saves 300 --dir .
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from amigasweeper.storage import Storage  # noqa: E402


def summary(samples_ms: list[float]) -> dict:
    ordered = sorted(samples_ms)
    return {
        "runs": len(ordered),
        "median_ms": round(statistics.median(ordered), 4),
        "p95_ms": round(ordered[round(0.95 * (len(ordered) - 1))], 4),
        "p99_ms": round(ordered[round(0.99 * (len(ordered) - 1))], 4),
    }


def timed(action, runs: int, before=None) -> dict:
    samples = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return summary(samples)


WRITER = """
import sys
from amigasweeper.storage import Storage
store = Storage(sys.argv[1]); store.load()
for _ in range(int(sys.argv[2])):
    assert store.record_duel("bench", sys.argv[3]) is None
"""


def two_writers(folder: Path, saves: int) -> dict:
    start = time.perf_counter()
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(folder), str(saves), result], cwd=ROOT)
        for result in ("win", "loss")
    ]
    codes = [writer.wait() for writer in writers]
    seconds = time.perf_counter() - start
    record = Storage(folder).load().best_times.duel("bench")
    return {
        "saves_each": saves,
        "exit_codes": codes,
        "wall_s": round(seconds, 2),
        "found": {"wins": record.wins, "losses": record.losses},
    }


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=300)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as name:
        folder = Path(name)
        store, other = Storage(folder / "a"), Storage(folder / "a")
        store.load()
        other.load()
        report = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "save": timed(lambda: store.record_duel("bench", "win"), args.saves),
            "refresh_unchanged": timed(store.refresh, args.saves * 10),
            "refresh_changed": timed(
                store.refresh, args.saves, before=lambda: other.record_duel("other", "draw")
            ),
            "two_writers": two_writers(folder / "b", args.saves),
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
