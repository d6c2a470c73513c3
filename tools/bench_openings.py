"""Measure where the first square is best uncovered: win rate by opening square.

The first square is always safe (MineSweeper 2.4's rule), so an opening is
judged by how often the whole game is then won. Every candidate square plays
the same seeds, but a seed's mines are drawn among the squares other than the
first, so each opening meets different boards: the comparison is between
independent samples. The table gives each square's win rate with its 95%
interval, and the difference from the player's own opening with its interval.

Candidates: every corner, the middle of the top and left edges, and the
centre (``--only`` picks some); the player's choice (``opening_square``) is marked.

    python tools/bench_openings.py --shape triangle --board 32x16/99 --games 3000
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from multiprocessing import get_context
from multiprocessing.pool import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amigasweeper.engine import GameSetup, make_topology  # noqa: E402
from amigasweeper.solver.player import opening_square, play_game  # noqa: E402
from amigasweeper.win_rates import Z95, percent_interval  # noqa: E402


def candidates(shape: str, width: int, height: int) -> dict[str, int]:
    """Named squares worth trying first (corners, edge middles, the centre)."""
    topology = make_topology(shape, width, height)
    names = ["top left", "top right", "bottom left", "bottom right"]
    found = dict(zip(names, topology.corners()))
    found["top edge"] = width // 2
    found["left edge"] = (height // 2) * width
    found["centre"] = (height // 2) * width + width // 2
    return found


def _play(job: tuple) -> list[tuple[int, bool]]:
    shape, width, height, mines, first, seeds = job
    return [(seed, play_game(GameSetup(width=width, height=height, mines=mines, seed=seed, shape=shape), first=first).won)
            for seed in seeds]


def measure(pool: Pool, shape: str, width: int, height: int, mines: int, first: int, seeds: range) -> dict[int, bool]:
    chunk = max(1, len(seeds) // 32)
    jobs = [(shape, width, height, mines, first, seeds[i:i + chunk]) for i in range(0, len(seeds), chunk)]
    return dict(pair for part in pool.imap_unordered(_play, jobs) for pair in part)


def difference(base: dict[int, bool], other: dict[int, bool]) -> tuple[float, float, float]:
    """Points won by ``other`` over ``base``, with a 95% interval (independent samples)."""
    n = len(base)
    p, q = sum(base.values()) / n, sum(other.values()) / n
    spread = math.sqrt(p * (1 - p) / n + q * (1 - q) / n)
    return 100 * (q - p), 100 * (q - p - Z95 * spread), 100 * (q - p + Z95 * spread)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shape", default="square", choices=["square", "hex", "triangle"])
    parser.add_argument("--board", default="30x16/99", help="WIDTHxHEIGHT/MINES")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--first-seed", type=int, default=300000, help="seeds kept apart from the win-rate table's")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", help="comma-separated candidate names, e.g. 'top left,top right'")
    args = parser.parse_args(argv)
    size, mines = args.board.split("/")
    width, height = (int(x) for x in size.lower().split("x"))
    seeds = range(args.first_seed, args.first_seed + args.games)
    chosen = opening_square(make_topology(args.shape, width, height))
    started = time.perf_counter()
    results = {}
    # Fresh workers (spawn), never forked: a fork of a process running threads (a test
    # process that started pyxel, say) can hang on a lock another thread held.
    with get_context("spawn").Pool(args.workers) as pool:
        squares = candidates(args.shape, width, height)
        if args.only:
            wanted = [name.strip() for name in args.only.split(",")]
            unknown = [name for name in wanted if name not in squares]
            if unknown:
                parser.error(f"unknown squares {unknown}; choose from {list(squares)}")
            squares = {name: squares[name] for name in wanted}
        for name, cell in squares.items():
            results[name] = measure(pool, args.shape, width, height, int(mines), cell, seeds)
    base = next(results[name] for name, cell in squares.items() if cell == chosen) if chosen in squares.values() \
        else None
    rows = []
    for name, cell in squares.items():
        wins = sum(results[name].values())
        row = {"square": name, "cell": cell, "neighbours": len(make_topology(args.shape, width, height).neighbours[cell]),
               "wins": wins, "rate": round(100 * wins / len(seeds), 2), "ci95": percent_interval(wins, len(seeds)),
               "chosen": cell == chosen}
        if base is not None:
            row["vs_chosen_points"] = [round(x, 2) for x in difference(base, results[name])]
        rows.append(row)
    print(json.dumps({"command": "python tools/bench_openings.py " + " ".join(sys.argv[1:] if argv is None else argv),
                      "board": f"{args.shape} {args.board}", "games": len(seeds), "rows": rows,
                      "wall_seconds": round(time.perf_counter() - started, 1)}, indent=1))


if __name__ == "__main__":
    main()
