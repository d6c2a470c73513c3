#!/usr/bin/env python3
"""Benchmark replays: reading every format, and the Replay window's moves.

Prints one JSON object of figures on this machine, CPU time of this
process and wall time, in milliseconds:

* write_evf: an Expert game of the scripted player written as EVF (its
  mouse events made, counted for the header, encoded);
* for each replay file given (default: the samples in tests/replay/samples):
  - read: the file read and played as ms-toollib reads it (AVF, RMV and MVF
    through ms-toollib in its child process: the wall time includes the
    child's start, the CPU time is ours alone);
  - poll: what the Replay window spends on it in one frame, reading it a
    slice at a time (ReplayLoad.poll with no time to spare does one slice),
    the median and the largest, and how many frames it takes at the
    window's budget (half a frame) on this machine;
  - timeline: the Replay window's timeline made (the counts after every
    event, the first copy of the board);
  - end: the jump to the end from the start;
  - step_back: one step back from the end, over the last 200 events;
  - back_to_middle: from the end to the middle of the game at once.

    python tools/bench_replays.py --games 20 [--files A.evf B.avf ...]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from amigasweeper.engine import GameSetup  # noqa: E402
from amigasweeper.replay import Timeline, evf, load_replay, open_replay  # noqa: E402
from amigasweeper.replay.scripted import ScriptedPlayer  # noqa: E402

SAMPLES = ROOT / "tests" / "replay" / "samples"
EXPERT = dict(width=32, height=16, mines=99)
STEPS_BACK = 200
FRAME_BUDGET_S = 0.008  # ui/replay/replaycontrol.py's LOAD_BUDGET_S


def timed(work) -> tuple[float, float, object]:
    """(wall, CPU) milliseconds of one call, and what it returned."""
    start, start_cpu = time.perf_counter(), time.process_time()
    result = work()
    return (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000, result


def summary(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {
        "runs": len(ordered),
        "median": round(statistics.median(ordered), 3),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
        "max": round(ordered[-1], 3),
    }


def both(samples: list[tuple[float, float]]) -> dict:
    return {"wall_ms": summary([w for w, _ in samples]), "cpu_ms": summary([c for _, c in samples])}


def write_costs(games: int) -> dict:
    samples, seed = [], 0
    while len(samples) < games:
        recording = ScriptedPlayer(GameSetup(seed=seed, **EXPERT), seed).play()
        seed += 1
        if recording is not None:
            wall, cpu, _ = timed(lambda r=recording: evf.to_evf(r))
            samples.append((wall, cpu))
    return both(samples)


def poll_costs(path: Path) -> tuple[list[tuple[float, float]], int]:
    """Each poll of a slice-at-a-time read (the child's time is waited out
    between polls and left out), and the frames it takes at the window's budget."""
    samples, load = [], open_replay(path)
    while True:
        wall, cpu, done = timed(lambda: load.poll(0))
        samples.append((wall, cpu))
        if done is not None:
            break
        time.sleep(0.001)
    frames, load = 0, open_replay(path)
    while True:
        frames += 1
        if load.poll(FRAME_BUDGET_S) is not None:
            return samples, frames
        time.sleep(0.001)


def file_costs(path: Path, runs: int) -> dict:
    reads, timelines, ends, backs, middles = [], [], [], [], []
    events = 0
    for _ in range(runs):
        wall, cpu, recording = timed(lambda: load_replay(path))
        reads.append((wall, cpu))
        wall, cpu, timeline = timed(lambda r=recording: Timeline(r))
        timelines.append((wall, cpu))
        events = len(timeline)
        last = events - 1
        wall, cpu, _ = timed(lambda t=timeline: t.state(last))
        ends.append((wall, cpu))
        for index in range(last - 1, max(-1, last - 1 - STEPS_BACK), -1):
            wall, cpu, _ = timed(lambda t=timeline, i=index: t.state(i))
            backs.append((wall, cpu))
        timeline.state(last)
        wall, cpu, _ = timed(lambda t=timeline: t.state(last // 2))
        middles.append((wall, cpu))
    polls, frames = poll_costs(path)
    return {
        "bytes": path.stat().st_size, "events": events,
        "read": both(reads), "poll": both(polls), "frames_to_open": frames,
        "timeline": both(timelines), "end": both(ends),
        "step_back": both(backs), "back_to_middle": both(middles),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="Expert games written as EVF")
    parser.add_argument("--runs", type=int, default=5, help="times each file is read and walked")
    parser.add_argument("--files", nargs="*", type=Path, help="replay files (default: the kept samples)")
    args = parser.parse_args()
    files = args.files or sorted(p for p in SAMPLES.iterdir() if p.suffix in (".evf", ".avf", ".rmv", ".mvf"))
    figures = {
        "machine": {"python": platform.python_version(), "system": platform.platform()},
        "write_evf_expert": write_costs(args.games),
        "files": {path.name: file_costs(path, args.runs) for path in files},
    }
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
