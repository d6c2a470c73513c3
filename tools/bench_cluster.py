"""Benchmark the tournament and the research pools on Ray against one machine, side by side in one run.

    python3 tools/bench_cluster.py --games 400 --size 20 --pool-games 400

Needs the cluster extra (Ray) and a machine where bots can be sealed. In
one run, on the same seeded boards with the reference player, it plays the
tournament four ways: ``--jobs 1`` and ``--jobs 2`` on this machine, then
with ``--executor ray`` on a local Ray cluster of one node (one processor)
and of two nodes (one processor each; ``ray.cluster_utils.Cluster``, both
on this machine). For each it reports the wall time of the whole run (its
tables' start included), the games per second once the tables were playing
(first record to last), and the CPU time of every process the run used
(this benchmark moves itself into a cgroup v2 group of its own first, so
Ray's own processes are counted too), per game. Every way must end every
game the same (checked). Ray's overhead per game is the CPU per game on
one Ray node less that of ``--jobs 1``.

Then the research pool (tools/paired_solver.py's games, Expert 30x16/99):
local processes (2) against Ray tasks on the two-node cluster, CPU per game
and Ray's overhead per task, from which the docs work out a 10^6-game
paired run on N nodes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from argparse import Namespace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench_tournament import _RunGroup, config_for  # noqa: E402

from amigasweeper.challenge import run_tournament  # noqa: E402
from amigasweeper.challenge.cluster import RayTables  # noqa: E402
from amigasweeper.challenge.cluster.pools import open_pool  # noqa: E402
from amigasweeper.challenge.executors import LocalTables  # noqa: E402
from amigasweeper.challenge.sandbox import Sandbox, choose  # noqa: E402
from amigasweeper.engine import GameSetup  # noqa: E402
from amigasweeper.solver.player import play_game  # noqa: E402

NODE = {"num_cpus": 1, "include_dashboard": False, "object_store_memory": 80 << 20}


def _cluster(nodes: int):
    from ray.cluster_utils import Cluster

    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    started = time.perf_counter()
    cluster = Cluster(initialize_head=True, head_node_args=NODE)
    for _ in range(nodes - 1):
        cluster.add_node(**NODE)
    cluster.wait_for_nodes()
    return cluster, time.perf_counter() - started


def _tournament(label: str, group: _RunGroup, config, executor, jobs: int, sandbox) -> dict:
    stamps: list[tuple[float, float | None]] = []  # (wall, CPU of every process) as each game ends
    cpu = group.cpu_seconds()
    started = time.perf_counter()
    result = run_tournament(["solver"], config, jobs=jobs, sandbox=sandbox, executor=executor,
                            on_record=lambda player, record: stamps.append((time.perf_counter(), group.cpu_seconds())))
    wall = time.perf_counter() - started
    used = group.cpu_seconds()
    report = result.reports[0]
    (first, first_cpu), (last, last_cpu) = stamps[0], stamps[-1]
    counted = cpu is not None and len(stamps) > 1
    return {
        "run": label,
        "games": report.games,
        "wins": report.wins,
        "wall_seconds": round(wall, 2),
        "games_per_second_playing": round((len(stamps) - 1) / (last - first), 1) if last > first else None,
        # Playing: from the first game's end to the last's (tables started, nothing stopping yet).
        "cpu_ms_per_game_playing": round(1000 * (last_cpu - first_cpu) / (len(stamps) - 1), 2) if counted else None,
        "cpu_ms_per_game_whole_run": None if cpu is None else round(1000 * (used - cpu) / report.games, 2),
        "bot_ms_per_game": round(report.mean_ms, 3),
        "outcomes": [(r.index, r.outcome.value, r.moves) for r in report.records],
    }


def tournaments(args: Namespace, group: _RunGroup) -> dict:
    config = config_for(args.size, args.games, args.seed)
    sealed = choose("required")
    rows = [_tournament(f"--jobs {jobs}", group, config, LocalTables(), jobs, sealed) for jobs in (1, 2)]
    starts = {}
    for nodes in (1, 2):
        cluster, seconds = _cluster(nodes)
        starts[f"{nodes} nodes"] = round(seconds, 1)
        try:
            rows.append(_tournament(f"ray, {nodes} local node{'s' if nodes > 1 else ''}", group, config,
                                    RayTables(cluster.address), nodes, Sandbox(True)))
        finally:
            cluster.shutdown()
    same = all(row["outcomes"] == rows[0]["outcomes"] for row in rows)
    for row in rows:
        row.pop("outcomes")
    one, ray_one = rows[0]["cpu_ms_per_game_playing"], rows[2]["cpu_ms_per_game_playing"]
    return {"rows": rows, "every_game_the_same": same, "cluster_start_seconds": starts,
            "ray_overhead_cpu_ms_per_game": None if one is None or ray_one is None else round(ray_one - one, 2)}


def _play(seeds: range) -> list[tuple[int, bool, float]]:
    """A task of a paired solver run: Expert games, each with its own CPU time (as tools/paired_solver.py)."""
    out = []
    for seed in seeds:
        result = play_game(GameSetup(width=30, height=16, mines=99, seed=seed), clock=time.process_time)
        out.append((seed, result.won, result.time))
    return out


def _pool_run(label: str, group: _RunGroup, options: Namespace, seeds: range, chunk: int) -> dict:
    jobs = [seeds[i:i + chunk] for i in range(0, len(seeds), chunk)]
    started = time.perf_counter()
    parts = []  # (wall, CPU of every process, the task's games) as each task ends
    with open_pool(options, 2) as pool:
        for part in pool.imap_unordered(_play, jobs):
            parts.append((time.perf_counter(), group.cpu_seconds(), part))
    games = [game for _, _, part in parts for game in part]
    # Playing: from the first task's end to the last's, so starting and stopping the pool count for nothing.
    later = [game for _, _, part in parts[1:] for game in part]
    own = sum(seconds for _, _, seconds in later)  # each game's own CPU time, in its worker
    (first, first_cpu, _), (last, last_cpu, _) = parts[0], parts[-1]
    every = None if first_cpu is None else last_cpu - first_cpu
    return {"run": label, "games": len(games), "tasks": len(jobs), "wins": sum(won for _, won, _ in games),
            "wall_seconds": round(time.perf_counter() - started, 1),
            "games_per_second_playing": round(len(later) / (last - first), 1) if last > first else None,
            "game_cpu_ms": round(1000 * own / len(later), 2),
            "cpu_ms_per_game_playing": None if every is None else round(1000 * every / len(later), 2),
            "overhead_cpu_ms_per_task": None if every is None else round(1000 * (every - own) / (len(parts) - 1), 1)}


def pools(args: Namespace, group: _RunGroup) -> dict:
    seeds = range(args.pool_seed, args.pool_seed + args.pool_games)
    rows = [_pool_run("local processes (2)", group, Namespace(executor="local"), seeds, args.chunk)]
    cluster, _ = _cluster(2)
    try:
        rows.append(_pool_run("ray tasks, 2 local nodes", group, Namespace(executor="ray", ray_address=cluster.address),
                              seeds, args.chunk))
    finally:
        cluster.shutdown()
    return {"board": "square 30x16/99", "seeds": f"{seeds.start}:{seeds.stop}", "games_per_task": args.chunk,
            "rows": rows, "same_wins": rows[0]["wins"] == rows[1]["wins"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="tournament boards, each way")
    parser.add_argument("--size", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pool-games", type=int, default=400, help="Expert games for the pool, each way (0: none)")
    parser.add_argument("--pool-seed", type=int, default=300000)
    parser.add_argument("--chunk", type=int, default=25, help="Expert games a pool task plays")
    args = parser.parse_args(argv)
    group = _RunGroup()
    try:
        figures = {"tournament": tournaments(args, group)}
        if args.pool_games:
            figures["pool"] = pools(args, group)
    finally:
        group.leave()
    print(json.dumps({"python": platform.python_version(), "cores": os.cpu_count(),
                      "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
                      "cpu_counted_by_cgroup": group.folder is not None,
                      "size": args.size, "games": args.games, "seed": args.seed, **figures}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
