#!/usr/bin/env python3
"""Frame times of the real program with the Narrator off and on (issue 32).

    python3 tools/bench_narrator.py [--frames N] [--rounds R] [--no-system-voice]

The program runs headless on an Expert board, one game opened. Every other
frame a cursor key is pressed, so the Narrator gets a new "C5, covered" line
every two frames, and every twentieth frame a whole row (32 squares) is read:
far more speech than anyone plays with. Each condition has its own App;
the conditions take turns in blocks of N frames for R rounds, so the
machine's load falls on all of them alike.

Conditions:
  off          Settings > Narrator off (lines go nowhere)
  fake voice   on, with an in-process voice that takes each line and is
               done at once (the queue, the words and the polling of menus,
               requesters and Tab focus, with no voice's own work)
  log          on with the fake voice and --narration-log to a file
  system voice on, with the voice access/voices finds on this machine
               (speech-dispatcher or espeak-ng here), if one starts

Each frame's cost is the main thread's CPU time (time.thread_time) for one
update and one draw, which leaves out the voice's own thread or process and
the log's writer thread, as it should: those never hold up a frame. Wall
times are printed too. Prints one JSON object; docs/BENCHMARKS.md keeps the
figures, never a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pyxel  # noqa: E402

from amigasweeper.engine import LevelName  # noqa: E402
from amigasweeper.ui.app import App
from amigasweeper.ui.narrator import windownarration as narrator_window  # noqa: E402
from amigasweeper.ui.window_options import Options  # noqa: E402

KEYS = (pyxel.KEY_RIGHT, pyxel.KEY_DOWN, pyxel.KEY_LEFT, pyxel.KEY_DOWN)


class InstantVoice:
    """Takes each line and is done with it at once."""

    name = "instant"
    problem = None
    cuts = True

    def __init__(self) -> None:
        self.lines = 0

    def speak(self, text: str) -> None:
        self.lines += 1

    def stop(self) -> None:
        pass

    def speaking(self) -> bool:
        return False

    def close(self) -> None:
        pass


def build(narrator: bool, voice, log: Path | None) -> App:
    narrator_window.system_voice = voice
    app = App(Options(headless=True, seed=7, level=LevelName.EXPERT, narrator=narrator, narration_log=log))
    app.held.set(pyxel.MOUSE_BUTTON_LEFT, False)
    _open(app)
    return app


def _open(app: App) -> None:
    """Open the game at the middle square, by the keys' own path."""
    from amigasweeper.play import Action

    topology = app.game.topology
    app.mine_window.act(Action.UNCOVER, topology.index(topology.width // 2, topology.height // 2))
    app.mine_window.canvas.finish_ripple()
    app.mine_window.cursor.shown = True


def run_block(app: App, frames: int, start: int, cpu: list[float], wall: list[float]) -> None:
    held = app.held
    for frame in range(start, start + frames):
        key = KEYS[(frame // 2) % len(KEYS)]
        if frame % 20 == 0:
            key = pyxel.KEY_R
        down = frame % 2 == 0
        held.set(key, down)
        if not down:
            for other in (*KEYS, pyxel.KEY_R):
                held.set(other, False)
        c0, w0 = time.thread_time(), time.perf_counter()
        app.update()
        app.draw()
        cpu.append((time.thread_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)


def summary(samples: list[float]) -> dict:
    ordered = sorted(samples)
    n = len(ordered)
    mean = statistics.fmean(ordered)
    half = 1.96 * statistics.stdev(ordered) / n ** 0.5 if n > 1 else 0.0
    return {
        "frames": n,
        "median_ms": round(statistics.median(ordered), 4),
        "p95_ms": round(ordered[min(n - 1, round(0.95 * (n - 1)))], 4),
        "p99_ms": round(ordered[min(n - 1, round(0.99 * (n - 1)))], 4),
        "mean_ms": round(mean, 4),
        "mean_95ci_ms": [round(mean - half, 4), round(mean + half, 4)],
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=500, help="frames of a block (default 500)")
    parser.add_argument("--rounds", type=int, default=8, help="blocks of each condition (default 8)")
    parser.add_argument("--no-system-voice", action="store_true", help="leave out the system's voice")
    args = parser.parse_args(argv)
    pyxel.init(320, 256, title="bench", fps=60, quit_key=pyxel.KEY_NONE, headless=True)
    real_find = narrator_window.system_voice
    log_dir = Path(tempfile.mkdtemp(prefix="bench-narrator-"))
    instant = InstantVoice()
    apps = {
        "off": build(False, lambda: instant, None),
        "fake voice": build(True, lambda: instant, None),
        "log": build(True, lambda: instant, log_dir / "narration.log"),
    }
    notes = {}
    if not args.no_system_voice:
        system = build(True, real_find, None)
        voice = system.narration.narrator.voice
        if voice is not None:
            apps["system voice"] = system
            notes["system voice"] = voice.name
        else:
            notes["system voice"] = f"none: {system.narration.no_voice}"
    cpu = {name: [] for name in apps}
    wall = {name: [] for name in apps}
    for round_ in range(args.rounds):
        for name, app in apps.items():
            run_block(app, args.frames, round_ * args.frames, cpu[name], wall[name])
    spoken = {name: app.narration.narrator.spoken for name, app in apps.items()}
    if "system voice" in apps:
        notes["system voice problem at the end"] = apps["system voice"].narration.narrator.problem
    for app in apps.values():
        app.narration.close()
    result = {
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "frames_per_block": args.frames,
        "rounds": args.rounds,
        "lines_spoken": spoken,
        "notes": notes,
        "main_thread_cpu": {name: summary(samples) for name, samples in cpu.items()},
        "wall": {name: summary(samples) for name, samples in wall.items()},
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
