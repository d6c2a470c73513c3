"""Benchmark the Duel's computer players against each other.

Prints one JSON object: for every pairing, the wins, losses and draws of the
first named strength (with a 95% Wilson interval of its win rate), both average
scores, how often the player who moved first won, and the time each strength
takes per decision (pairs are given in the order the pairing names them), and
the time the rules take to play a move, the automatic reveal included.
Game i uses board seed i and AI seeds derived from i, and the first move
alternates (the first named strength starts the even games), so a run can be
repeated exactly.

    python tools/bench_duel.py --games 300 --workers 2
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amigasweeper.engine import Shape  # noqa: E402
from amigasweeper.engine.duel import Duel
from amigasweeper.engine.duel_moves import DuelSetup  # noqa: E402
from amigasweeper.solver.duel_ai import DuelAI, Strength  # noqa: E402
from amigasweeper.win_rates import percent_interval  # noqa: E402

PAIRINGS = [("hard", "easy"), ("normal", "easy"), ("hard", "normal")]


def play_one(job: tuple) -> dict:
    """One duel; scores and think times are reported for (first named, second named)."""
    first, second, seed, size, mines, shape = job
    ais = (DuelAI(first, random.Random(2 * seed)), DuelAI(second, random.Random(2 * seed + 1)))
    starter = seed % 2  # which of the two moves first
    duel = Duel(DuelSetup(size=size, mines=mines, shape=shape, seed=seed))
    seat = (starter, 1 - starter)  # seat[i]: the duel player number of ais[i]
    think: tuple[list[float], list[float]] = ([], [])
    rules: list[float] = []  # the engine's own work per move, the automatic reveal included
    while not duel.over:
        who = seat.index(duel.turn)
        started = time.perf_counter()
        move = ais[who].move(duel)
        think[who].append(time.perf_counter() - started)
        started = time.perf_counter()
        duel.play(move)
        rules.append(time.perf_counter() - started)
    return {
        "scores": (duel.scores[seat[0]], duel.scores[seat[1]]),
        "starter": starter,
        "moves": len(duel.history),
        "think": think,
        "rules": rules,
    }


def summarise(first: str, second: str, results: list[dict]) -> dict:
    """Figures of one pairing; pairs of numbers are (first named, second named)."""
    games = len(results)
    wins = sum(1 for r in results if r["scores"][0] > r["scores"][1])
    losses = sum(1 for r in results if r["scores"][0] < r["scores"][1])
    starter_won = sum(1 for r in results if r["scores"][r["starter"]] > r["scores"][1 - r["starter"]])
    times = [sorted(t for r in results for t in r["think"][i]) for i in (0, 1)]
    rules = sorted(t for r in results for t in r["rules"])
    return {
        "players": [first, second],
        "games": games,
        "wins": wins,
        "losses": losses,
        "draws": games - wins - losses,
        "win_rate": round(100 * wins / games, 1),
        "ci95": percent_interval(wins, games, 1),
        "average_scores": [round(statistics.mean(r["scores"][i] for r in results), 2) for i in (0, 1)],
        "first_mover_won": starter_won,
        "average_moves": round(statistics.mean(r["moves"] for r in results), 1),
        "median_ms_per_move": [round(1000 * statistics.median(t), 2) for t in times],
        "p95_ms_per_move": [round(1000 * t[int(0.95 * len(t))], 2) for t in times],
        "rules_median_ms_per_move": round(1000 * statistics.median(rules), 2),
        "rules_p95_ms_per_move": round(1000 * rules[int(0.95 * len(rules))], 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--size", type=int, default=11)
    parser.add_argument("--mines", type=int, default=15)
    parser.add_argument("--shape", default=Shape.SQUARE.value, choices=[s.value for s in Shape])
    parser.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS),
                        help="comma-separated strong-weak pairs, e.g. hard-easy,hard-normal")
    args = parser.parse_args(argv)
    pairings = [tuple(pair.split("-")) for pair in args.pairings.split(",")]
    for pair in pairings:
        for name in pair:
            Strength(name)  # fail early on a misspelt strength
    report: dict = {
        "board": f"{args.shape} {args.size}x{args.size}, {args.mines} mines",
        "python": platform.python_version(),
        "workers": args.workers,
    }
    started = time.perf_counter()
    # Fresh workers (spawn), never forked: a fork of a process running threads (a test
    # process that started pyxel, say) can hang on a lock another thread held.
    with get_context("spawn").Pool(args.workers) as pool:
        for first, second in pairings:
            jobs = [(first, second, seed, args.size, args.mines, args.shape) for seed in range(args.games)]
            report[f"{first} vs {second}"] = summarise(first, second, pool.map(play_one, jobs, chunksize=4))
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
