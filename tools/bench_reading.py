#!/usr/bin/env python3
"""Seconds of speech to read a whole Expert board by ear (issue 39).

    python3 tools/bench_reading.py [--seeds N] [--no-espeak]

Expert boards (32 x 16, 99 mines) are played part way by the project's
solver: from a random first square, it uncovers a square proved safe (and
marks 7 in 10 of the mines it proves) until a share of the safe squares is
open (25, 50 and 75 percent); when nothing is proved it opens a random safe
square, as a lucky guess would. For each board, three readings:

  rows as runs   `read row 1` to `read row 16` as the text mode and the
                 window's R key now answer ("A to F covered, G 1 2, ...")
  square by square  the same rows a word per square, as they were read before
  frontier       `read frontier`, and each `read frontier N` it says to go on
                 with, to the end: the numbers that touch covered squares
  board          `read board` (access/words/boardreading.py), as the text
                 mode and Shift-R in the window say it: every line of the
                 reading, one after another

Seconds are the Narrator's estimate for each line as the voice is handed it
(columns AA-AF spelled out), at espeak-ng's default rate of 175 words a
minute; with espeak-ng installed, also espeak-ng's own length for each line
(`espeak-ng -w FILE.wav`, the wav's frames over its rate: what sox's soxi -D
says), and how long espeak-ng takes from starting to its first sound, which
is what cutting a line off costs (a new process). Prints one JSON object;
docs/BENCHMARKS.md keeps the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amigasweeper.access.narrator.spelling import voiced  # noqa: E402
from amigasweeper.access.voices.base import estimated_seconds  # noqa: E402
from amigasweeper.access.words.boardreading import board_lines  # noqa: E402
from amigasweeper.access.words.reading import (  # noqa: E402
    column_runs_line,
    frontier_line,
    row_runs_line,
)
from amigasweeper.access.words.squares import cursor_line, row_words  # noqa: E402
from amigasweeper.engine.game import Game, GameSetup  # noqa: E402
from amigasweeper.engine.rules import Tile  # noqa: E402
from amigasweeper.solver import all_certain  # noqa: E402

SHARES = (0.25, 0.5, 0.75)
MARKED = 0.7  # of the mines proved, the share the player marks
FIRST_SOUND_RUNS = 20


def mid_game(seed: int, share: float) -> Game:
    """An Expert game played until ``share`` of its safe squares are open."""
    rng = random.Random(seed)
    game = Game(GameSetup(32, 16, 99, seed=seed))
    topology = game.topology
    cells = range(topology.width * topology.height)
    game.uncover(rng.randrange(len(cells)))
    wanted = share * (len(cells) - game.mines)
    while sum(game.is_open(c) for c in cells) < wanted:
        certain = all_certain(game.player_view())
        for mine in sorted(certain.mines):
            if game.tile(mine) == Tile.COVERED and rng.random() < MARKED:
                game.toggle_mark(mine)
        safe = sorted(c for c in certain.safe if not game.is_open(c))
        if not safe:
            safe = [c for c in cells if not game.is_open(c) and not game.is_mine(c)]
        game.uncover(rng.choice(safe))
    return game


def frontier_pages(game: Game) -> list[str]:
    """`read frontier`, then each `read frontier N` it says to go on with."""
    pages, first = [], 0
    while True:
        line = frontier_line(game, first)
        pages.append(line)
        if " more: read frontier " not in line:
            return pages
        first = int(line.rsplit("read frontier ", 1)[1].split()[0]) - 1


def readings(game: Game) -> dict[str, list[str]]:
    rows = range(game.topology.height)
    return {
        "rows as runs": [row_runs_line(game, row) for row in rows],
        "square by square": [f"row {row + 1}: " + ", ".join(row_words(game, row)) for row in rows],
        "frontier": frontier_pages(game),
        "board": board_lines(game),
    }


def espeak_seconds(program: str, text: str, folder: Path) -> float:
    wav = folder / "line.wav"
    subprocess.run([program, "-w", str(wav), text], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with wave.open(str(wav)) as sound:
        return sound.getnframes() / sound.getframerate()


def first_sound(program: str) -> list[float]:
    """Seconds from starting espeak-ng to the first byte of sound it makes."""
    times = []
    for _ in range(FIRST_SOUND_RUNS):
        start = time.perf_counter()
        process = subprocess.Popen([program, "--stdout", "C5, covered"], stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL)
        process.stdout.read(1)
        times.append(time.perf_counter() - start)
        process.stdout.read()
        process.wait()
    return times


TARGET_SECONDS = 60.0  # issue 39: a whole Expert board by ear in under a minute


def summary(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 1), "mean": round(statistics.fmean(values), 1),
            "min": round(min(values), 1), "max": round(max(values), 1),
            "boards over 60 s": sum(value >= TARGET_SECONDS for value in values)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5, help="boards for each share opened")
    parser.add_argument("--no-espeak", action="store_true", help="the estimate only")
    args = parser.parse_args()
    program = None if args.no_espeak else shutil.which("espeak-ng")
    results: dict[str, dict] = {}
    errors: list[tuple[float, float]] = []  # (estimate less espeak-ng, espeak-ng) for each line
    with tempfile.TemporaryDirectory() as folder:
        for share in SHARES:
            totals: dict[str, dict[str, list[float]]] = {}
            for seed in range(args.seeds):
                game = mid_game(seed, share)
                for name, lines in readings(game).items():
                    spoken = [voiced(line) for line in lines]
                    got = totals.setdefault(name, {"estimate": [], "espeak-ng": []})
                    got["estimate"].append(sum(estimated_seconds(line) for line in spoken))
                    if program:
                        measured = [espeak_seconds(program, line, Path(folder)) for line in spoken]
                        got["espeak-ng"].append(sum(measured))
                        errors += [(estimated_seconds(line) - m, m) for line, m in zip(spoken, measured, strict=True)]
            results[f"{round(share * 100)} percent open"] = {
                name: {kind: summary(values) for kind, values in got.items() if values} for name, got in totals.items()}
        report: dict[str, object] = {"boards per share": args.seeds, "seconds to read the whole board": results}
        if program:
            game = mid_game(0, 0.5)
            cursor = [voiced(cursor_line(game, cell)) for cell in range(0, 512, 7)]
            lengths = [espeak_seconds(program, line, Path(folder)) for line in cursor]
            sounds = first_sound(program)
            report["estimate less espeak-ng, per line"] = {
                "lines": len(errors), "mean seconds": round(statistics.fmean(e for e, _ in errors), 3),
                "root mean square seconds": round(statistics.fmean(e * e for e, _ in errors) ** 0.5, 3),
                "mean percent off": round(100 * statistics.fmean(abs(e) / m for e, m in errors), 1)}
            report["cutting espeak-ng off"] = {
                "cursor line, mean seconds": round(statistics.fmean(lengths), 3),
                "first sound of a new process, median seconds": round(statistics.median(sounds), 3),
                "first sound, max seconds": round(max(sounds), 3), "runs": len(sounds)}
            report["columns down the board, 50 percent open, seed 0"] = round(sum(
                espeak_seconds(program, voiced(column_runs_line(game, col)), Path(folder)) for col in range(32)), 1)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
