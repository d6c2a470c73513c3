"""Benchmark what the coordinator costs a game on Ray: games a second against nodes, and its own CPU a game.

    python3 tools/bench_coordinator.py --games 2000 --nodes 1 2

The coordinator (the command's process: dealing games, sealing their keys,
Ray's calls and its driver threads, counting records) runs on one core
whatever the cluster's size, so its CPU per game caps the whole cluster at
1000 / (its ms a game) games a second. This plays a bot that takes almost
no time (it marks every cell of a 3x3 board of 9 bombs) so that the
coordinator, not the games, is what is measured, on a local Ray cluster of
each size given (``ray.cluster_utils.Cluster``, one processor a node, all on
this machine), and prints for each: games a second once the tables play
(first record to last), the coordinator's CPU (user + system of this
process, Ray's driver threads included) per game over the same span, and
the cap that works out to. Needs the cluster extra and a machine where bots
can be sealed.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from amigasweeper.challenge import ChallengeConfig, run_tournament  # noqa: E402
from amigasweeper.challenge.cluster import RayTables  # noqa: E402
from amigasweeper.challenge.sandbox import Sandbox  # noqa: E402

NODE = {"num_cpus": 1, "include_dashboard": False, "object_store_memory": 80 << 20}
BOT = '''
def mark_all(board_size, number_of_bombs, board, make_move):
    for cell in range(board_size * board_size):
        _, lose, win = make_move(cell // board_size, cell % board_size, True)
        if lose or win:
            return
'''


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def measure(nodes: int, games: int) -> dict:
    from ray.cluster_utils import Cluster

    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    cluster = Cluster(initialize_head=True, head_node_args=NODE)
    for _ in range(nodes - 1):
        cluster.add_node(**NODE)
    cluster.wait_for_nodes()
    marks: list[tuple[float, float]] = []  # (wall, cpu) at each record
    try:
        config = ChallengeConfig(size=3, bombs=9, games=games, seed=1)
        result = run_tournament(["b_marks:mark_all"], config, sandbox=Sandbox(True),
                                executor=RayTables(cluster.address),
                                on_record=lambda player, record: marks.append((time.perf_counter(), _cpu())))
    finally:
        cluster.shutdown()
    (wall0, cpu0), (wall1, cpu1) = marks[0], marks[-1]
    played = len(marks) - 1
    cpu_ms = (cpu1 - cpu0) / played * 1000.0
    return {"nodes": nodes, "games": result.games_played, "per_second": played / (wall1 - wall0),
            "cpu_ms": cpu_ms, "cap": 1000.0 / cpu_ms if cpu_ms else float("inf"), "wins": result.reports[0].wins}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--nodes", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="amigasweeper-bench-"))
    folder.chmod(0o755)
    (folder / "b_marks.py").write_text(BOT)
    (folder / "b_marks.py").chmod(0o644)
    sys.path.insert(0, str(folder))
    try:
        print(f"{args.games} games a run, a 3x3 board of 9 bombs, every cell marked (no thinking)")
        print("nodes  games/s playing  coordinator CPU ms a game  cap, games/s")
        for nodes in args.nodes:
            row = measure(nodes, args.games)
            assert row["wins"] == row["games"] == args.games, row
            print(f"{row['nodes']:>5}  {row['per_second']:>15.1f}  {row['cpu_ms']:>25.3f}  {row['cap']:>12.0f}",
                  flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
