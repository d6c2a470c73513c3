"""Benchmark the challenge players: win rate and score on the seed's triangle boards.

For each board size, both the reference ``solver`` player and the ``naive``
one play the same seeded boards, under the challenge's rule (the first move
may hit a bomb) and with a safe first move. Prints one JSON object.

    python3 tools/bench_challenge.py --games 200

Each configuration runs in a fresh process, one after another: the solver
caches counts between games, and a cold start for each row keeps the figures
independent of the order the rows are run in (and of each other's timings).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amigasweeper.challenge import ChallengeConfig, load_player, run_challenge  # noqa: E402

DENSITY = 0.15
SIZES = (10, 20, 32)
PLAYERS = ("solver", "naive")


@dataclass(frozen=True)
class Job:
    player: str
    size: int
    safe_first: bool
    games: int
    seed: int

    @property
    def bombs(self) -> int:
        return round(DENSITY * self.size * self.size)


def run_job(job: Job) -> dict:
    config = ChallengeConfig("triangle", job.size, job.bombs, job.games, job.seed, job.safe_first)
    started = time.perf_counter()
    report = run_challenge(load_player(job.player), config, name=job.player)
    wall = time.perf_counter() - started
    low, high = report.interval
    return {
        "player": job.player,
        "size": job.size,
        "bombs": job.bombs,
        "safe_first": job.safe_first,
        "games": report.games,
        "wins": report.wins,
        "win_rate": round(100 * report.win_rate, 2),
        "ci95": [round(100 * low, 2), round(100 * high, 2)],
        "total_ms": round(report.total_ms, 1),
        "ms_per_game": round(report.total_ms / report.games, 2),
        "points": report.points,
        "score": round(report.score, 1),
        "outcomes": report.outcomes(),
        "wall_seconds": round(wall, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per row (default: 200)")
    parser.add_argument("--seed", type=int, default=1, help="board series (default: 1)")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="board sizes (default: 10 20 32)")
    args = parser.parse_args(argv)
    jobs = [Job(player, size, safe_first, args.games, args.seed)
            for size in args.sizes for safe_first in (False, True) for player in PLAYERS]
    rows = []
    for job in jobs:
        # One single-use worker per row: a cold process, and never two rows
        # timing themselves against each other on the same cores.
        with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
            rows.append(pool.submit(run_job, job).result())
    print(json.dumps({
        "python": platform.python_version(),
        "machine": platform.machine(),
        "density": DENSITY,
        "games": args.games,
        "seed": args.seed,
        "rows": rows,
    }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
