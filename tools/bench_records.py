#!/usr/bin/env python3
"""Benchmark statistics and replays: what recording costs, what the files weigh.

Prints one JSON object of figures on this machine:

* record_per_event: the GameRecorder's cost of one call (move, press, release,
  key) while Expert games are played by the scripted player, microseconds
  (only the recorder's own time is counted, not the game's);
* finish: turning a finished Expert game into its recording, then its
  metrics (the EVF mouse events made and counted), milliseconds;
* timeline_state: one Replay-window state (board after an event, metrics so
  far) of an Expert game, milliseconds;
* expert_replay_bytes: the size of an Expert game's EVF file and of the same
  game in our own format;
* load_100k: reading 100,000 game records (the whole statistics file), and
  its size in bytes;
* append: adding one record (lock, append, fsync), milliseconds;
* save_cost: what keeping one finished game costs (the end of a game's path:
  its line appended and folded into the index, its replay written and the
  replays folder pruned) with 0, 10,000 and 100,000 games already kept (and
  a full replays folder past 1,000), CPU and wall milliseconds;
* index_rebuild: making the index again from 100,000 games (a missing or
  damaged one), CPU milliseconds;
* stats_json: `amigasweeper --stats --json` over 100,000 games in a child
  process: its peak resident memory and CPU time.

    python tools/bench_records.py --games 20 --records 100000
    python tools/bench_records.py --only save --saves 40     # the save costs and --stats --json only
    python tools/bench_records.py --only save_cost --rows 3000 --history 0,100000   # a save over 3,000 rows
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from amigasweeper.engine import GameSetup  # noqa: E402
from amigasweeper.records import REPLAY_CAP, GameKeeper, KeptGame, LiveIndex, RecordStore, ReplayFolder  # noqa: E402
from amigasweeper.replay import Result, Timeline, evf, native  # noqa: E402
from amigasweeper.replay.recorder import GameRecorder  # noqa: E402
from amigasweeper.replay.scripted import ScriptedPlayer  # noqa: E402

EXPERT = dict(width=32, height=16, mines=99)


def summary(samples: list[float], digits: int = 3) -> dict:
    ordered = sorted(samples)
    return {
        "runs": len(ordered),
        "median": round(statistics.median(ordered), digits),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], digits),
        "max": round(ordered[-1], digits),
    }


class TimedRecorder(GameRecorder):
    """The recorder with each input call timed (the samples go to ``spent``)."""

    spent: list[float] = []


def _timed(name: str):
    original = getattr(GameRecorder, name)

    def call(self, *args, **kwargs):
        start = time.perf_counter()
        result = original(self, *args, **kwargs)
        TimedRecorder.spent.append((time.perf_counter() - start) * 1e6)
        return result

    return call


for _name in ("move", "press", "release", "key"):
    setattr(TimedRecorder, _name, _timed(_name))


def play_expert_games(games: int) -> list:
    recordings = []
    seed = 0
    while len(recordings) < games:
        player = ScriptedPlayer(GameSetup(seed=seed, **EXPERT), seed)
        player.recorder.__class__ = TimedRecorder
        recording = player.play()
        seed += 1
        if recording is not None:
            recordings.append(recording)
    return recordings


def timed(work) -> tuple[float, float]:
    """(wall, CPU) milliseconds of one call: on a shared machine the CPU time
    is the figure to judge, the wall time also counts other processes' turns."""
    start, start_cpu = time.perf_counter(), time.process_time()
    work()
    return (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000


def finish_costs(recordings) -> tuple[list[float], list[float]]:
    samples = [timed(lambda r=r: r._metrics) for r in recordings]  # worked out here, once
    return [w for w, _ in samples], [c for _, c in samples]


def timeline_costs(recordings) -> tuple[list[float], list[float]]:
    samples = []
    for recording in recordings:
        timeline = Timeline(recording)
        picks = sorted(random.Random(1).sample(range(len(timeline)), min(20, len(timeline))))
        for index in picks[::2] + picks[::-2]:  # forward (playing) then back (scrubbing)
            samples.append(timed(lambda i=index: timeline.state(i)))
    return [w for w, _ in samples], [c for _, c in samples]


def custom_sizes(rows: int) -> list[tuple[int, int, int]]:
    """``rows`` Custom boards (width, height, mines), each at least 20x16 so
    an Expert game's 3BV fits on it."""
    sizes = [(w, h, m) for m in range(99, 99 + rows) for w in range(20, 33) for h in range(16, 33)]
    return sizes[:rows]


def record_file(folder: Path, count: int, recordings, rows: int = 0) -> Path:
    """A statistics file of ``count`` records made from real games' lines;
    with ``rows``, spread over that many Custom rows (else all Expert)."""
    lines = [KeptGame.from_recording(r, "expert", ".evf").to_line() for r in recordings]
    sizes = custom_sizes(rows)
    rng = random.Random(7)
    path = folder / "amigasweeper-games.txt"
    with open(path, "w", encoding="utf-8") as file:
        file.write("AmigaSweeper games 1\n")
        for n in range(count):
            parts = rng.choice(lines).split(" ")
            parts[0] = str(1_700_000_000_000 + n * 60_000)
            if sizes:
                parts[1:5] = ["c", *map(str, sizes[n % len(sizes)])]
            file.write(" ".join(parts) + "\n")
    return path


def history_folder(folder: Path, count: int, recordings, replays: int, rows: int = 0) -> None:
    """A data folder as a player's after ``count`` games: the games file, its
    index made and saved, and ``replays`` replay files in the replays folder."""
    folder.mkdir(parents=True, exist_ok=True)
    if count:
        record_file(folder, count, recordings, rows)
    store = RecordStore(folder)
    store.save_index(LiveIndex(store).whole())
    shelf = ReplayFolder(folder)
    for n in range(replays):
        shelf.save(recordings[n % len(recordings)], str(1_600_000_000_000 + n))


def save_costs(recordings, counts: list[int], saves: int, base: Path | None, rows: int = 0) -> dict:
    """Keeping one game (GameKeeper.add then save_replay, as play/ending.py
    does) ``saves`` times over each history, the histories taking turns save
    by save so that all of them see the same machine; the metrics are worked
    out before, as the queue's first step does apart."""
    with tempfile.TemporaryDirectory(dir=base) as temporary:
        keepers = {}
        for count in counts:
            folder = Path(temporary) / str(count)
            history_folder(folder, count, recordings, min(count, REPLAY_CAP), rows)
            keepers[count] = GameKeeper(folder)
            keepers[count].live.whole()
        wall = {count: [] for count in counts}
        cpu = {count: [] for count in counts}
        for n in range(saves):
            recording = dataclasses.replace(recordings[n % len(recordings)], started=1_800_000_000 + n)
            recording.metrics()
            for count, keeper in keepers.items():
                record = keeper.record_of(recording, "expert")

                def save(keeper=keeper, record=record, recording=recording) -> None:
                    keeper.add(record)
                    keeper.save_replay(recording, record)

                w, c = timed(save)
                wall[count].append(w)
                cpu[count].append(c)
        for count, keeper in keepers.items():
            assert keeper.live.ready and keeper.live.index.games == count + saves
    result = {str(count): {"wall_ms": summary(wall[count]), "cpu_ms": summary(cpu[count])} for count in counts}
    first, last = result[str(counts[0])], result[str(counts[-1])]
    result["cpu_median_ratio_last_to_first"] = round(last["cpu_ms"]["median"] / first["cpu_ms"]["median"], 2)
    result["wall_median_ratio_last_to_first"] = round(last["wall_ms"]["median"] / first["wall_ms"]["median"], 2)
    return result


def stats_json_memory(recordings, count: int, base: Path | None) -> dict:
    """`amigasweeper --stats --json` over ``count`` games, in a child: peak RSS and CPU."""
    import resource
    import subprocess

    with tempfile.TemporaryDirectory(dir=base) as temporary:
        folder = Path(temporary)
        record_file(folder, count, recordings)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        code = "import sys; sys.modules['pyxel'] = None\nfrom amigasweeper.__main__ import main\nsys.exit(main(sys.argv[1:]))"
        with open(os.devnull, "w") as sink:
            done = subprocess.run([sys.executable, "-c", code, "--stats", "--json", "--data-dir", str(folder)],
                                  stdout=sink, cwd=ROOT, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, kilobytes elsewhere
        return {"games": count, "peak_rss_mb": round(after.ru_maxrss * scale / 2**20, 1),
                "cpu_s": round(cpu, 2), "returncode": done.returncode}


def index_rebuild(recordings, count: int, base: Path | None) -> dict:
    with tempfile.TemporaryDirectory(dir=base) as temporary:
        folder = Path(temporary)
        record_file(folder, count, recordings)
        w, c = timed(lambda: LiveIndex(RecordStore(folder)).whole())
        return {"games": count, "wall_ms": round(w, 1), "cpu_ms": round(c, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="Expert games played by the script")
    parser.add_argument("--records", type=int, default=100_000, help="records in the loaded file")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the files (default: a temporary one)")
    parser.add_argument("--saves", type=int, default=40, help="games kept over each history for save_cost")
    parser.add_argument("--history", default="0,10000,100000", help="histories (games kept) of save_cost")
    parser.add_argument("--only", choices=["save", "save_cost"],
                        help="save: only save_cost, index_rebuild and stats_json; save_cost: only that")
    parser.add_argument("--rows", type=int, default=0,
                        help="spread the histories of save_cost over this many Custom rows (default: all Expert)")
    args = parser.parse_args()
    TimedRecorder.spent = []
    recordings = play_expert_games(args.games)
    saving = {"save_cost": save_costs(recordings, [int(n) for n in args.history.split(",")], args.saves, args.dir,
                                      args.rows), "rows": args.rows}
    if args.only != "save_cost":
        saving["index_rebuild"] = index_rebuild(recordings, args.records, args.dir)
        saving["stats_json"] = stats_json_memory(recordings, args.records, args.dir)
    if args.only is not None:
        saving["load_average"] = [round(x, 1) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
        print(json.dumps(saving, indent=1))
        return 0
    record_calls = list(TimedRecorder.spent)
    finish = finish_costs(recordings)  # first, before anything asks for the metrics
    timeline = timeline_costs(recordings)
    evf_sizes = [len(evf.to_evf(r)) for r in recordings]
    won_sizes = [len(evf.to_evf(r)) for r in recordings if r.result is Result.WON]
    native_sizes = [len(native.to_bytes(r)) for r in recordings]
    with tempfile.TemporaryDirectory(dir=args.dir) as temporary:
        folder = Path(temporary)
        path = record_file(folder, args.records, recordings)
        store = RecordStore(folder)
        loads, loads_cpu = [], []
        for _ in range(5):
            start, start_cpu = time.perf_counter(), time.process_time()
            loaded = store.load()
            loads.append((time.perf_counter() - start) * 1000)
            loads_cpu.append((time.process_time() - start_cpu) * 1000)
        assert len(loaded.records) == args.records and loaded.damaged_lines == 0
        size = path.stat().st_size
        appends = []
        record = loaded.records[0]
        for _ in range(50):
            start = time.perf_counter()
            store.append(record)
            appends.append((time.perf_counter() - start) * 1000)
    report = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "expert_games": len(recordings),
        "events_per_game": round(statistics.mean(len(r.events) for r in recordings), 1),
        "record_per_event_us": summary(record_calls),
        "finish_metrics_ms": {"wall": summary(finish[0]), "cpu": summary(finish[1])},
        "timeline_state_ms": {"wall": summary(timeline[0]), "cpu": summary(timeline[1])},
        "expert_replay_bytes": {
            "evf": summary(evf_sizes, 0),
            "evf_won_games": summary(won_sizes, 0) if won_sizes else None,
            "asreplay": summary(native_sizes, 0),
        },
        "load_records": {"records": args.records, "ms": summary(loads), "cpu_ms": summary(loads_cpu), "file_bytes": size},
        "append_ms": summary(appends),
        **saving,
    }
    report["load_average"] = [round(x, 1) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
