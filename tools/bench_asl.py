"""Measure the file requester on a big drawer, as the program runs it: the CPU
time of each frame's tick while the drawer is read, how many frames that
takes, and the same while a new pattern is applied to everything read.

    python tools/bench_asl.py --files 50000

Makes the files in a temporary folder (removed afterwards) and runs the real
requester on a headless Pyxel screen. CPU time (process time) is reported:
on a shared machine the wall clock mostly measures the other processes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyxel  # noqa: E402

from amigasweeper.ui.intuition.asl import FileRequester  # noqa: E402


def make_drawer(folder: Path, files: int) -> None:
    for i in range(files):
        (folder / f"page{i:06}.{'guide' if i % 3 else 'txt'}").write_bytes(b"")
    for i in range(files // 100):
        (folder / f"Drawer{i:04}").mkdir()


def ticks(requester: FileRequester, busy) -> list[float]:
    """CPU milliseconds of each tick while ``busy()`` says there is work."""
    spent = []
    while busy():
        start = time.process_time()
        requester.tick()
        spent.append((time.process_time() - start) * 1000)
    return spent


def summary(spent: list[float]) -> str:
    if not spent:  # a small drawer is read before the first frame
        return "0 frames (done at once)"
    return f"{len(spent)} frames, CPU per frame median {statistics.median(spent):.2f} ms, max {max(spent):.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=50_000)
    args = parser.parse_args()
    pyxel.init(320, 256, headless=True)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        make_drawer(folder, args.files)
        requester = FileRequester("Bench", (320, 256), on_choose=lambda path: None, drawer=folder)
        reading = ticks(requester, lambda: not requester.reader.done)
        start = time.process_time()
        requester.set_pattern("#?.(guide|doc)")
        first = (time.process_time() - start) * 1000
        filtering = [first, *ticks(requester, lambda: bool(requester.to_filter))]
        listed = len(requester.reader.entries)
        print(f"drawer of {args.files} files and {args.files // 100} drawers: {listed} entries listed"
              f"{' (the cap: the rest left unread)' if requester.reader.more else ''}")
        print(f"reading: {summary(reading)}")
        print(f"new pattern: {summary(filtering)} ({len(requester.listing.entries)} shown)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
