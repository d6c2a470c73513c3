"""Benchmark the coordinator's memory against a run's length: its peak, for runs of more and more games.

    python3 tools/bench_coordinator_memory.py --games 10000 40000 160000 --players 2

A run's coordinator keeps running sums (see ``challenge.tally``) and makes
the games as the tables need them (``challenge.taskqueue``), so its memory
should not grow with the games. This measures it alone: the tables are
made up (``Instant``: no process plays; each game ends at once, at a table
drawn at random, so games end out of order as on a cluster, with a luck
audit and now and then an error, as real records carry), so only the
coordinator's own allocations are traced (tracemalloc: the peak over the
run, less what was held at its start). ``--kept`` also measures a run that
keeps every record in its reports, as every run did before.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from amigasweeper.challenge import ChallengeConfig, Outcome, run_tournament  # noqa: E402
from amigasweeper.challenge.executors import Handle  # noqa: E402
from amigasweeper.challenge.harness import GameRecord  # noqa: E402
from amigasweeper.challenge.sandbox import Sandbox  # noqa: E402
from amigasweeper.solver.luck import LAMBDAS, GameLuck  # noqa: E402

TABLES = 16


class _Table(Handle):
    prefetch = 4

    def deliver(self, task) -> None:
        pass


class Instant:
    """Tables whose games end at once, in a random order."""

    name = "instant"
    walls = None

    def __init__(self) -> None:
        self.nodes: dict = {}
        self.draw = random.Random(1)

    def start(self, setup, keeper, jobs, tasks):
        return [_Table() for _ in range(TABLES)]

    def wait(self, busy, timeout):
        table = self.draw.choice(busy)
        task = table.sent[0]
        won = self.draw.random() < 0.7
        error = "" if self.draw.random() > 0.001 else "made up: a bot that raised"
        luck = GameLuck(tuple(-0.001 for _ in LAMBDAS), audited=2)
        return [(table, GameRecord(task.game, Outcome.WON if won else Outcome.HIT_BOMB, 4, 0.8, error, luck=luck))]

    def replace(self, lost, why):
        return None

    def stop(self, tables, politely):
        pass


def measure(games: int, players: int, kept: bool) -> tuple[float, float, int]:
    """(peak MiB past the start, seconds, the largest reorder buffer)."""
    config = ChallengeConfig(size=4, bombs=3, games=games, seed=1)
    names = ["naive", "solver", "naive", "solver"][:players]
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        start = time.perf_counter()
        result = run_tournament(names, config, sandbox=Sandbox(False), executor=Instant(), keep_records=kept)
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    assert result.games_played == games * players and not result.missing
    return peak / 2**20, seconds, max(report.tally.most_waiting for report in result.reports)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 40_000, 160_000])
    parser.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4))
    parser.add_argument("--kept", action="store_true", help="also a run that keeps every record (the old way)")
    args = parser.parse_args()
    measure(200, args.players, False)  # warm: what the first run imports and caches is not the run's
    print(f"{args.players} players, {TABLES} made-up tables, games ending out of order; tracemalloc peak")
    print("      games  records kept  peak MiB  seconds  most waiting")
    for games in args.games:
        for kept in (False, True) if args.kept else (False,):
            peak, seconds, waiting = measure(games, args.players, kept)
            print(f"{games:>11}  {'yes' if kept else 'no':>12}  {peak:>8.2f}  {seconds:>7.1f}  {waiting:>12}",
                  flush=True)


if __name__ == "__main__":
    main()
