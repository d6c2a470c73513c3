"""Benchmark the solver: win rates, speed, no-guess generation, hint latency.

Prints one JSON object. Games are seeded (seed = first seed + index), so a
run can be repeated exactly; they are spread over worker processes. ``--only``
runs some boards alone (names as in the report: 30x16/99, hex, triangle, ...)
and ``--no-extras`` skips the no-guess and hint timings, so the long win-rate
runs can be made board by board.

    python tools/bench_solver.py --games 2000 --small-games 5000 --workers 2
    python tools/bench_solver.py --only 30x16/99 --games 20000 --no-extras
    python tools/bench_solver.py --only 30x16/99 --games 200000 --no-extras --executor ray --ray-address auto
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from multiprocessing.pool import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amigasweeper.challenge.cluster.pools import add_executor_options, open_pool  # noqa: E402
from amigasweeper.engine import Game, GameSetup, GameStatus, Shape, make_topology  # noqa: E402
from amigasweeper.solver import next_hint, probabilities  # noqa: E402
from amigasweeper.solver.counting import clear_cache  # noqa: E402
from amigasweeper.solver.knowledge import Knowledge  # noqa: E402
from amigasweeper.solver.noguess import generate_no_guess  # noqa: E402
from amigasweeper.solver.player import Player, play_game  # noqa: E402
from amigasweeper.win_rates import percent_interval  # noqa: E402

# Published win rates of PSEQ-D256 (first click safe, in a corner), in percent.
ANCHORS = {"8x8/10": 81.77, "9x9/10": 91.69, "16x16/40": 78.23, "30x16/99": 40.05}
LEVELS = [("8x8/10", 8, 8, 10), ("9x9/10", 9, 9, 10), ("16x16/40", 16, 16, 40), ("30x16/99", 30, 16, 99), ("32x16/99", 32, 16, 99)]


def _play_chunk(job: tuple) -> tuple[int, int, float, list[float], int]:
    """Play some seeds; per-move times are kept only for a sample, to keep the pipe small."""
    shape, width, height, mines, seeds = job
    wins = guesses = 0
    seconds = 0.0
    times: list[float] = []
    for seed in seeds:
        sample = times if seed % 10 == 0 else None
        setup = GameSetup(width=width, height=height, mines=mines, seed=seed, shape=shape)
        # CPU time, not wall time: other work shares the cores, and a game costs what the CPU spent on it.
        result = play_game(setup, clock=time.process_time, move_times=sample)
        wins += result.won
        guesses += result.guesses
        seconds += result.time
    return wins, len(seeds), seconds, times, guesses


def bench_level(pool: Pool, shape: str, width: int, height: int, mines: int, games: int, workers: int, first: int = 0) -> dict:
    chunk = max(1, min(200, games // (workers * 8)))
    stop = first + games
    jobs = [(shape, width, height, mines, range(start, min(stop, start + chunk))) for start in range(first, stop, chunk)]
    started = time.perf_counter()
    wins = played = guesses = 0
    seconds = 0.0
    times: list[float] = []
    for w, n, s, t, g in pool.imap_unordered(_play_chunk, jobs):
        wins, played, seconds, guesses = wins + w, played + n, seconds + s, guesses + g
        times.extend(t)
    wall = time.perf_counter() - started
    return {
        "games": played,
        "seeds": f"{first}-{stop - 1}",
        "wins": wins,
        "win_rate": round(100 * wins / played, 2),
        "ci95": percent_interval(wins, played, 2),
        "games_per_second_one_core": round(played / seconds, 1),
        "games_per_second_all_workers": round(played / wall, 1),
        "median_ms_per_move": round(1000 * statistics.median(times), 3),  # from every tenth game
        "p95_ms_per_move": round(1000 * sorted(times)[int(0.95 * len(times))], 2),
        "guesses_per_game": round(guesses / played, 2),
    }


def _noguess_one(seed: int) -> tuple[float, bool, int]:
    topology = make_topology(Shape.SQUARE, 32, 16)
    rng = random.Random(seed)
    first = rng.randrange(topology.size)
    started = time.perf_counter()
    board = generate_no_guess(topology, 99, first, rng)
    return time.perf_counter() - started, board.proven, board.attempts


def bench_noguess(pool: Pool, boards: int) -> dict:
    found = pool.map(_noguess_one, range(boards))
    times = sorted(t for t, _, _ in found)
    return {
        "board": "32x16/99, first click anywhere",
        "boards": boards,
        "median_ms": round(1000 * statistics.median(times), 1),
        "p95_ms": round(1000 * times[int(0.95 * len(times))], 1),
        "success_rate": round(100 * sum(ok for _, ok, _ in found) / boards, 2),
        "mean_attempts": round(statistics.mean(a for _, _, a in found), 2),
    }


def midgame_views(games: int, every: int = 7) -> list:
    """Expert positions met while the player plays, every few decisions."""
    views = []
    for seed in range(games):
        game = Game(GameSetup(width=32, height=16, mines=99, seed=10_000 + seed))
        knowledge = Knowledge(game.topology, 99)
        player = Player(knowledge)
        step = 0
        while not game.status.over:
            if step and step % every == 0:
                views.append(game.player_view())
            step += 1
            result = game.uncover(player.decide().cell)
            if game.status is GameStatus.LOST:
                break
            knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
    return views


def bench_hints(games: int) -> dict:
    views = midgame_views(games)
    hint_ms, prob_ms = [], []
    for view in views:
        clear_cache()  # every hint pays for its own counting: no help from the last one
        started = time.perf_counter()
        next_hint(view)
        hint_ms.append(1000 * (time.perf_counter() - started))
        clear_cache()
        started = time.perf_counter()
        probabilities(view)
        prob_ms.append(1000 * (time.perf_counter() - started))
    hint_ms.sort()
    prob_ms.sort()
    return {
        "positions": len(views),
        "next_hint_median_ms": round(statistics.median(hint_ms), 2),
        "next_hint_p95_ms": round(hint_ms[int(0.95 * len(hint_ms))], 2),
        "probabilities_median_ms": round(statistics.median(prob_ms), 2),
        "probabilities_p95_ms": round(prob_ms[int(0.95 * len(prob_ms))], 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per level for 16x16, 30x16 and 32x16")
    parser.add_argument("--small-games", type=int, default=2000, help="games per level for 8x8 and 9x9")
    parser.add_argument("--shape-games", type=int, default=200, help="hex and triangle games at Expert density")
    parser.add_argument("--noguess", type=int, default=100, help="no-guess Expert boards to make")
    parser.add_argument("--hint-games", type=int, default=10, help="Expert games to take hint positions from")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game on every board")
    parser.add_argument("--only", default="", help="comma-separated boards to run (e.g. 30x16/99,hex); all if empty")
    parser.add_argument("--no-extras", action="store_true", help="skip the no-guess and hint timings")
    add_executor_options(parser)  # --executor ray: the games as Ray tasks on a cluster
    args = parser.parse_args(argv)
    only = {name.strip() for name in args.only.split(",") if name.strip()}
    report: dict = {
        "command": "python tools/bench_solver.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "python": platform.python_version(),
        "workers": args.workers,
        "rules": "first click safe and in a corner; win = every safe square uncovered",
        "levels": {},
        "shapes": {},
    }
    with open_pool(args, args.workers, [__file__]) as pool:
        for name, width, height, mines in LEVELS:
            if only and name not in only:
                continue
            games = args.small_games if width * height <= 81 else args.games
            entry = bench_level(pool, "square", width, height, mines, games, args.workers, args.first_seed)
            if name in ANCHORS:
                entry["pseq_d256"] = ANCHORS[name]
                entry["lower_end_above_anchor"] = entry["ci95"][0] > ANCHORS[name]
            report["levels"][name] = entry
        for shape in (Shape.HEX, Shape.TRIANGLE):
            if only and shape.value not in only:
                continue
            report["shapes"][f"{shape.value} 32x16/99"] = bench_level(
                pool, shape.value, 32, 16, 99, args.shape_games, args.workers, args.first_seed
            )
        if not args.no_extras:
            report["no_guess"] = bench_noguess(pool, args.noguess)
    if not args.no_extras:
        report["hints"] = bench_hints(args.hint_games)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
