"""Benchmark the tournament runner: the cost of isolation, and the speed-up of --jobs.

    python3 tools/bench_tournament.py overhead --games 500 --size 32
    python3 tools/bench_tournament.py scale --games 10000 --size 32 --jobs 1 2
    python3 tools/bench_tournament.py sandbox --games 300 --size 32 --jobs 1 2

``overhead`` plays the same seeded boards with the reference player twice:
in this process (``run_challenge``: the player calls the referee directly)
and through ``run_tournament`` with one job (the player in a worker process,
every move a round trip through a pipe to the referee's process). Both
measure the player's own thinking time; the difference is what isolation
costs the bot's score.

``scale`` runs the whole tournament with each ``--jobs`` value and reports
wall time, games per second and the speed-up over the first value; it also
checks that every game ended the same way with the same number of moves.

``sandbox`` plays the same boards with the same player sealed (bubblewrap)
and unsealed (``--sandbox off``), with each ``--jobs`` value, sealed and
unsealed runs alternating so the machine's load falls on both alike, and
reports the wall time and the referee-measured time a game for each, and
what sealing adds. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amigasweeper.challenge import ChallengeConfig, load_player, run_challenge, run_tournament  # noqa: E402
from amigasweeper.challenge.sandbox import choose  # noqa: E402

DENSITY = 0.15


def config_for(size: int, games: int, seed: int) -> ChallengeConfig:
    return ChallengeConfig("triangle", size, round(DENSITY * size * size), games, seed)


def summary(report, wall: float) -> dict:
    low, high = report.interval
    return {
        "games": report.games,
        "wins": report.wins,
        "win_rate_ci95": [round(100 * low, 2), round(100 * high, 2)],
        "ms_per_game": round(report.mean_ms, 3),
        "score": round(report.score, 1),
        "wall_seconds": round(wall, 2),
    }


def in_process(size: int, games: int, seed: int) -> dict:
    started = time.perf_counter()
    report = run_challenge(load_player("solver"), config_for(size, games, seed), name="solver")
    return summary(report, time.perf_counter() - started)


def overhead(args: argparse.Namespace) -> dict:
    # The in-process run gets a fresh process too, so both start cold.
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
        local = pool.submit(in_process, args.size, args.games, args.seed).result()
    started = time.perf_counter()
    result = run_tournament(["solver"], config_for(args.size, args.games, args.seed), jobs=1)
    isolated = summary(result.reports[0], time.perf_counter() - started)
    return {
        "in_process": local,
        "isolated_jobs_1": isolated,
        "score_change_percent": round(100 * (isolated["score"] - local["score"]) / local["score"], 2),
        "ms_per_game_change_percent": round(
            100 * (isolated["ms_per_game"] - local["ms_per_game"]) / local["ms_per_game"], 2),
    }


def scale(args: argparse.Namespace) -> dict:
    config = config_for(args.size, args.games, args.seed)
    rows, first_games, first_wall = [], None, None
    for jobs in args.jobs:
        started = time.perf_counter()
        result = run_tournament(["solver"], config, jobs=jobs)
        wall = time.perf_counter() - started
        report = result.reports[0]
        games = [(r.index, r.outcome.value, r.moves) for r in report.records]
        first_games = first_games or games
        first_wall = first_wall or wall
        rows.append({"jobs": jobs, **summary(report, wall),
                     "games_per_second": round(report.games / wall, 1),
                     "speed_up": round(first_wall / wall, 2),
                     "same_games_as_first": games == first_games})
    return {"rows": rows}


def sandbox(args: argparse.Namespace) -> dict:
    config = config_for(args.size, args.games, args.seed)
    sealed, unsealed = choose("required"), choose("off")
    rows, games = [], None
    for jobs in args.jobs:
        for _ in range(args.repeat):
            pair = {}
            for name, walls in (("unsealed", unsealed), ("sealed", sealed)):
                started = time.perf_counter()
                result = run_tournament(["solver"], config, jobs=jobs, sandbox=walls)
                wall = time.perf_counter() - started
                report = result.reports[0]
                played = [(r.index, r.outcome.value, r.moves) for r in report.records]
                games = games or played
                pair[name] = {**summary(report, wall), "wall_ms_per_game": round(1000 * wall / report.games, 2),
                              "same_games": played == games}
            rows.append({"jobs": jobs, **pair,
                         "sealing_adds_wall_ms_per_game": round(pair["sealed"]["wall_ms_per_game"]
                                                                - pair["unsealed"]["wall_ms_per_game"], 2),
                         "sealing_adds_bot_ms_per_game": round(pair["sealed"]["ms_per_game"]
                                                               - pair["unsealed"]["ms_per_game"], 3)})
    return {"rows": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("overhead", "scale", "sandbox"))
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--size", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, os.cpu_count() or 1])
    parser.add_argument("--repeat", type=int, default=1, help="sandbox: pairs of runs for each --jobs value")
    args = parser.parse_args(argv)
    figures = {"overhead": overhead, "scale": scale, "sandbox": sandbox}[args.what](args)
    print(json.dumps({
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cores": os.cpu_count(),
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
        "size": args.size,
        "games": args.games,
        "seed": args.seed,
        **figures,
    }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
