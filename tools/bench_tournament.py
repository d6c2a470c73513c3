"""Benchmark the tournament runner: the cost of isolation, and the speed-up of --jobs.

    python3 tools/bench_tournament.py overhead --games 500 --size 32
    python3 tools/bench_tournament.py scale --games 10000 --size 32 --jobs 1 2
    python3 tools/bench_tournament.py sandbox --games 300 --size 32 --jobs 1 2
    python3 tools/bench_tournament.py run --games 200 --size 32 --jobs 1 [--code OTHER_CHECKOUT]
    python3 tools/bench_tournament.py pieces

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
what sealing adds.

``run`` plays one tournament of the reference player (sealed when bwrap
works) and reports wall time, the CPU time of every process of the run
(counted by a cgroup v2 group the benchmark moves itself into, where it can
make one; and, as the usage of reaped children, what the system passes up
when processes are waited for, which misses sealed workers), and the bot's
charged time, per game. ``--code DIR`` plays it with the package of another checkout (an
export of an older commit, say), so two runners can be compared on the same
boards, alternating, by an outside timer or by this figure.

``pieces`` times each wall the referee adds per game, in this process:
freezing and thawing a worker (a control group's freezer, and SIGSTOP to
each process), reading its CPU time (the group's counter, the process
clock, and a sealed worker's whole sandbox tree, as read without a group), and the seccomp filter's cost per system call (a child making a
million cheap calls with and without it). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

# ``run --code DIR`` plays with the package in DIR (another checkout); otherwise with this one.
_CODE = sys.argv[sys.argv.index("--code") + 1] if "--code" in sys.argv[:-1] else str(Path(__file__).resolve().parent.parent)
sys.path.insert(0, _CODE)

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


class _RunGroup:
    """A cgroup v2 group this process moves into, so that every process of the run is counted.

    The usage of reaped children misses sealed workers (killed with their PID
    namespace, they are never waited for by a process that passes their time
    up); a group counts every process that ever ran in it, and in the groups
    made below it. None where no v2 group can be made (then only the usage of
    reaped children is given).
    """

    def __init__(self) -> None:
        self.folder = None
        for mount in ("/sys/fs/cgroup/unified", "/sys/fs/cgroup"):
            own = Path(mount)
            with contextlib.suppress(OSError):
                line = next(line for line in Path("/proc/self/cgroup").read_text().splitlines() if line.startswith("0::"))
                own = Path(mount) / line[3:].lstrip("/")
            folder = own / f"amigasweeper-bench-{os.getpid()}"
            with contextlib.suppress(OSError):
                if (own / "cpu.stat").exists() or (Path(mount) / "cgroup.controllers").exists():
                    folder.mkdir()
                    (folder / "cgroup.procs").write_text(str(os.getpid()))
                    self.folder, self.home = folder, own
                    return
            with contextlib.suppress(OSError):
                folder.rmdir()

    def cpu_seconds(self) -> float | None:
        if self.folder is None:
            return None
        for line in (self.folder / "cpu.stat").read_text().splitlines():
            if line.startswith("usage_usec "):
                return int(line.split()[1]) / 1e6
        return None

    def leave(self) -> None:
        if self.folder is None:
            return
        import subprocess

        with contextlib.suppress(OSError):
            (self.home / "cgroup.procs").write_text(str(os.getpid()))
        # multiprocessing's resource tracker, started in the group, lives until this process ends: a
        # detached shell removes the group once it is empty (for at most a minute).
        subprocess.Popen(["sh", "-c", f"for i in $(seq 300); do rmdir '{self.folder}' 2>/dev/null && exit; "
                          "sleep 0.2; done"], start_new_session=True)


def run(args: argparse.Namespace) -> dict:
    import resource

    config = config_for(args.size, args.games, args.seed)
    jobs = args.jobs[0]
    group = _RunGroup()
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
        group_before = group.cpu_seconds()
        started = time.perf_counter()
        result = run_tournament(["solver"], config, jobs=jobs)
        wall = time.perf_counter() - started
        group_after = group.cpu_seconds()
        after = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
    finally:
        group.leave()
    reaped = sum(a.ru_utime + a.ru_stime - b.ru_utime - b.ru_stime for a, b in zip(after, before))
    report = result.reports[0]
    walls = getattr(result, "walls", None)
    every = None if group_before is None else round(1000 * (group_after - group_before) / report.games, 2)
    return {"code": _CODE, "jobs": jobs, **summary(report, wall),
            "wall_ms_per_game": round(1000 * wall / report.games, 2),
            "cpu_ms_per_game_every_process": every,
            "cpu_ms_per_game_reaped_processes": round(1000 * reaped / report.games, 2),
            "sealed": bool(result.sandbox and result.sandbox.sealed),
            "walls": walls.to_dict() if walls is not None else None}


def _per_call(action, count: int) -> dict:
    """CPU and wall microseconds a call of ``action`` takes in this process (``count`` calls)."""
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(count):
        action()
    return {"cpu_us": round(1e6 * (time.process_time() - cpu) / count, 2),
            "wall_us": round(1e6 * (time.perf_counter() - wall) / count, 2)}


def _syscall_ns(filtered: bool, calls: int) -> float:
    """CPU nanoseconds a cheap system call takes in a child, with the seccomp filter loaded or not."""
    import subprocess

    code = ("import os, time\n"
            + ("from amigasweeper.challenge import syscalls; syscalls.apply()\n" if filtered else "")
            + f"t = time.process_time()\nfor _ in range({calls}): os.getppid()\n"
            + f"print((time.process_time() - t) / {calls} * 1e9)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": _CODE})
    return float(done.stdout)


def _freeze_and_thaw(group) -> None:
    group.freeze(True)
    group.freeze(False)


def _sandbox_tree_reading(count: int) -> dict | str:
    """Microseconds a reading of a sealed worker's CPU over its sandbox's whole tree takes (no group: issue 41)."""
    import subprocess

    from amigasweeper.challenge import processes
    from amigasweeper.challenge.sandbox import choose
    from amigasweeper.challenge.workers import _others_cpu, _process_cpu

    sandbox = choose("auto")
    if not sandbox.sealed:
        return f"not here: {sandbox.why_not}"
    argv = sandbox.worker_command("import time; time.sleep(3600)", [])
    sealed = subprocess.Popen(argv, stdin=subprocess.DEVNULL, **sandbox.popen_options())
    try:
        tree: list[int] = []
        while len(tree) < 2:  # bwrap, its init, then Python
            time.sleep(0.05)
            tree = processes.descendants(sealed.pid)
        worker = tree[-1]
        return _per_call(lambda: _process_cpu(worker) + _others_cpu(sealed.pid, worker), count)
    finally:
        sealed.kill()
        sealed.wait()


def pieces(args: argparse.Namespace) -> dict:
    import signal
    import subprocess

    from amigasweeper.challenge import cgroups, processes
    from amigasweeper.challenge.workers import _process_cpu

    count = args.repeat * 1000
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
    figures: dict = {"calls": count}
    try:
        tree = lambda: [sleeper.pid, *processes.descendants(sleeper.pid)]  # noqa: E731
        figures["freeze_and_thaw_by_signals"] = _per_call(
            lambda: (processes.signal_all(tree(), signal.SIGSTOP), processes.signal_all(tree(), signal.SIGCONT)),
            count)
        figures["cpu_read_process_clock"] = _per_call(lambda: _process_cpu(sleeper.pid), count)
        figures["cpu_read_sandbox_tree"] = _sandbox_tree_reading(count)
        for version in cgroups.Version:
            plan = cgroups.probe((version,))
            if not {cgroups.Feature.FREEZER, cgroups.Feature.CPU_TIME} <= set(plan.places):
                figures[version.value] = f"not here: {plan.why_not or 'no freezer and CPU accounting'}"
                continue
            group = cgroups.WorkerGroup(plan, f"bench-{version.name}")
            other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
            try:
                group.join([other.pid])
                figures[version.value] = {
                    "freeze_and_thaw": _per_call(functools.partial(_freeze_and_thaw, group), count),
                    "cpu_read": _per_call(group.cpu_seconds, count),
                }
            finally:
                group.remove()
                other.wait()
    finally:
        sleeper.kill()
        sleeper.wait()
    calls = 1_000_000
    plain, filtered = _syscall_ns(False, calls), _syscall_ns(True, calls)
    figures["seccomp"] = {"syscall_cpu_ns_unfiltered": round(plain, 1), "syscall_cpu_ns_filtered": round(filtered, 1),
                          "adds_ns_per_call": round(filtered - plain, 1)}
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("overhead", "scale", "sandbox", "run", "pieces"))
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--size", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, os.cpu_count() or 1])
    parser.add_argument("--repeat", type=int, default=1,
                        help="sandbox: pairs of runs for each --jobs value; pieces: thousands of calls")
    parser.add_argument("--code", metavar="DIR", help="run: play with the package in DIR (another checkout)")
    args = parser.parse_args(argv)
    figures = {"overhead": overhead, "scale": scale, "sandbox": sandbox, "run": run, "pieces": pieces}[args.what](args)
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
