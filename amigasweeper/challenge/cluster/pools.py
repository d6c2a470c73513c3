"""Research runs on a cluster: a process pool whose work goes to Ray tasks instead of local processes.

The solver's tools (tools/paired_solver.py, tools/bench_solver.py) play many
seeded games through ``pool.imap_unordered(function, jobs)`` and
``pool.map``; ``open_pool`` gives them either a local pool of fresh
processes or a ``RayPool`` with the same two calls, so a 10^6-game
comparison can go to a cluster by adding ``--executor ray``. The games are
the tools' own, trusted code: nothing here is sealed (bots belong in
``amigasweeper-challenge``).

Each ``RayPool`` is a Ray job of its own, so its workers are fresh: a tool
that sets solver settings in its workers (paired_solver's baseline, then its
variant) never finds one pool's settings in the next. Ray's retries are
off; a job lost with its node is submitted again here, at most
``RESUBMITS`` times, and its results are taken once.
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.pool import Pool
from typing import Self

from .runtime import PACKAGE, SHIPPED_LEAVES_OUT, check_client, check_reachable, import_ray

IN_FLIGHT_PER_CPU = 2  # jobs queued per processor of the cluster, so none waits between jobs
RESUBMITS = 3  # times a job lost with its node is played again before the run gives up
WAIT_STEP = 1.0  # seconds a wait lasts at most, so Ctrl-C is heard


def add_executor_options(parser: argparse.ArgumentParser) -> None:
    """``--executor`` and ``--ray-address``, as amigasweeper-challenge has them."""
    parser.add_argument("--executor", choices=("local", "ray"), default="local",
                        help="where the games are played: 'local' processes (--workers of them), or 'ray' tasks "
                        "on a Ray cluster (the cluster extra), every processor it has")
    parser.add_argument("--ray-address", metavar="ADDRESS",
                        help="with --executor ray: join this cluster ('auto' or host:port) instead of starting "
                        "a local one")


def open_pool(args: argparse.Namespace, workers: int, ship: Iterable[str] = ()) -> Pool | RayPool:
    """The pool ``args`` asks for; ``ship`` are files or folders the jobs' code needs on the nodes
    (the tool's own file, say), sent with this package by Ray's runtime environment."""
    if getattr(args, "executor", "local") == "ray":
        return RayPool(getattr(args, "ray_address", None), list(ship))
    return local_pool(workers)


def local_pool(workers: int) -> Pool:
    """A pool of fresh processes ("spawn") on this machine: forking a process
    that already runs threads (a test process that started pyxel) can hang the child."""
    return multiprocessing.get_context("spawn").Pool(workers)


def pool_width(pool: Pool | RayPool, workers: int) -> int:
    """How many jobs ``pool`` plays at once: its ``workers`` local processes, or every processor of the
    cluster (a tool that cuts its games into jobs by this keeps every node busy)."""
    return pool.cpus if isinstance(pool, RayPool) else workers


class RayPool:
    """``imap_unordered`` and ``map`` over Ray tasks, one job a task."""

    def __init__(self, address: str | None, ship: list[str]) -> None:
        self.ray = import_ray()
        if self.ray.is_initialized():
            raise RuntimeError("Ray is already in use in this process; a pool connects by itself")
        options = {"runtime_env": {"py_modules": [PACKAGE, *ship], "excludes": SHIPPED_LEAVES_OUT},
                   "log_to_driver": False, "logging_level": "WARNING"}
        if address is None:
            import os

            os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
            self.ray.init(address="local", include_dashboard=False, **options)
        else:
            check_client(address)
            check_reachable(address)
            self.ray.init(address=address, **options)
        self.cpus = max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self.ray.is_initialized():
            self.ray.shutdown()

    def imap_unordered(self, function: Callable, jobs: Iterable) -> Iterator:
        for _, result in self._run(function, list(jobs)):
            yield result

    def map(self, function: Callable, jobs: Iterable) -> list:
        jobs = list(jobs)
        results: list[object] = [None] * len(jobs)
        for index, result in self._run(function, jobs):
            results[index] = result
        return results

    def _run(self, function: Callable, jobs: list) -> Iterator[tuple[int, object]]:
        """(index, result) of every job as it ends; a job lost with its node goes again, taken once."""
        ray = self.ray
        task = ray.remote(num_cpus=1, max_retries=0, retry_exceptions=False)(function)
        waiting = list(range(len(jobs)))[::-1]
        running: dict = {}  # ref -> job index
        tries = [0] * len(jobs)
        while waiting or running:
            while waiting and len(running) < IN_FLIGHT_PER_CPU * self.cpus:
                index = waiting.pop()
                running[task.remote(jobs[index])] = index
            done, _ = ray.wait(list(running), num_returns=1, timeout=WAIT_STEP)
            for ref in done:
                index = running.pop(ref)
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayTaskError as failed:  # the job itself raised: the tool's to see
                    raise failed.as_instanceof_cause() from None
                except ray.exceptions.RayError:  # its worker or its node was lost: play it elsewhere
                    tries[index] += 1
                    if tries[index] > RESUBMITS:
                        raise
                    waiting.append(index)
                    continue
                yield index, result
