#!/usr/bin/env python3
"""Benchmark the luck audit over frames (replay/audit_frames.py): what the Replay and Statistics windows
spend on a game's guesses in one frame.

Prints one JSON object: for each replay file given (default: the samples in tests/replay/samples that
open without ms-toollib's child, and those that need it where it is installed) and for scripted games
on boards of each size asked, in milliseconds of CPU time of this process:

* whole: the whole file's audit at once (audit_recording), each measure starting with no count kept;
* tick: one tick with no time to spare (one piece of the work: a chunk of a count, of the combining, a
  box weighed, a move, or SLICE events without one), the median and the largest: the most a frame's
  budget can be overrun by;
* frames: the ticks the windows take at their budget (FRAME_BUDGET_S) on this machine, and the
  longest of them: the most the audit holds a frame.

The program keeps what start-up made out of the cycle collector's sight (ui/collector.py, gc.freeze):
so does this, after its imports, or a full collection rescanned the modules (12 to 16 ms) in some tick;
``--no-freeze`` measures without it.

    python tools/bench_audit_frames.py --games 20 --boards 9x9/10 16x16/40 30x16/99 [--files A.evf ...]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from amigasweeper.engine import GameSetup  # noqa: E402
from amigasweeper.replay import ReplayError, load_replay  # noqa: E402
from amigasweeper.replay.audit import audit_recording  # noqa: E402
from amigasweeper.replay.audit_frames import FRAME_BUDGET_S, FrameAudit  # noqa: E402
from amigasweeper.replay.scripted import ScriptedPlayer  # noqa: E402
from amigasweeper.solver.counting import clear_cache  # noqa: E402

SAMPLES = ROOT / "tests" / "replay" / "samples"


def cpu_ms(work) -> tuple[float, object]:
    start = time.process_time()
    result = work()
    return (time.process_time() - start) * 1000, result


def measure(recording) -> dict:
    """Each of the three ways from cold: no count kept from the one before (the counting keeps counts
    by position, and a window audits a game once)."""
    clear_cache()
    whole_ms, audit = cpu_ms(lambda: audit_recording(recording))
    clear_cache()
    ticks = []
    frames = FrameAudit(recording)
    done = False
    while not done:
        ms, done = cpu_ms(lambda: frames.tick(0.0))
        ticks.append(ms)
    clear_cache()
    at_budget = FrameAudit(recording)
    frame_ms = []
    done = False
    while not done:
        ms, done = cpu_ms(lambda: at_budget.tick(FRAME_BUDGET_S))
        frame_ms.append(ms)
    return {"whole_ms": round(whole_ms, 2), "guesses": len(audit.guesses), "ticks": len(ticks),
            "tick_median_ms": round(statistics.median(ticks), 3), "tick_max_ms": round(max(ticks), 2),
            "frames_at_budget": len(frame_ms), "frame_max_ms": round(max(frame_ms), 2)}


def board(text: str) -> GameSetup:
    size, mines = text.split("/")
    width, height = size.split("x")
    return GameSetup(width=int(width), height=int(height), mines=int(mines))


def scripted(setup: GameSetup, games: int) -> dict:
    runs = [measure(ScriptedPlayer(GameSetup(width=setup.width, height=setup.height, mines=setup.mines,
                                             seed=seed), seed=seed).play()) for seed in range(games)]
    ticks_max = [r["tick_max_ms"] for r in runs]
    return {"games": games, "guesses": sum(r["guesses"] for r in runs),
            "whole_ms_median": round(statistics.median(r["whole_ms"] for r in runs), 2),
            "tick_median_ms": round(statistics.median(r["tick_median_ms"] for r in runs), 3),
            "tick_max_ms_median": round(statistics.median(ticks_max), 2), "tick_max_ms": max(ticks_max),
            "frames_at_budget_median": statistics.median(r["frames_at_budget"] for r in runs),
            "frame_max_ms_median": round(statistics.median(r["frame_max_ms"] for r in runs), 2),
            "frame_max_ms": max(r["frame_max_ms"] for r in runs)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="scripted games a board")
    parser.add_argument("--boards", nargs="*", default=["9x9/10", "16x16/40", "30x16/99"])
    parser.add_argument("--files", nargs="*", type=Path, default=sorted(SAMPLES.glob("*.*v*")))
    parser.add_argument("--no-freeze", action="store_true", help="leave the modules in the collector's sight")
    args = parser.parse_args()
    if not args.no_freeze:  # as the program does after start-up (ui/collector.freeze_long_lived)
        gc.collect()
        gc.freeze()
    out: dict = {"python": platform.python_version(), "frame_budget_ms": FRAME_BUDGET_S * 1000,
                 "frozen": not args.no_freeze, "files": {}, "scripted": {}}
    for path in args.files:
        try:
            out["files"][path.name] = measure(load_replay(path))
        except ReplayError as error:  # an AVF, RMV or MVF file without ms-toollib: said, not measured
            out["files"][path.name] = {"not_read": str(error)}
    for text in args.boards:
        out["scripted"][text] = scripted(board(text), args.games)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
