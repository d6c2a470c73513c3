"""Compare two solver settings on the SAME seeded boards (a paired comparison).

Two independent win rates need tens of thousands of games to tell half a
point apart; on the same boards most games end the same way for both, and
only the games one setting wins and the other loses carry information. This
plays every seed with a baseline and a variant and reports both rates with
their Wilson intervals, the two discordant counts, and the difference with
its 95% interval (paired normal approximation, as McNemar's test).

A setting is ``module.NAME=value`` applied to ``amigasweeper.solver.<module>``
before the games, e.g. ``--variant guess.TOLERANCE=0.1 endgame.MAX_LAYOUTS=2000``.
Baseline results are cached in the system's temporary folder, keyed by the
solver's source, the board, the seeds and the settings, so a series of
variants against one baseline pays for the baseline once. ``--save FILE``
keeps the variant's games (JSON: seed -> [won, CPU seconds], the form
tools/peer_harness.py --ours-results reads) and ``--against FILE`` takes the
baseline from such a file instead of playing it: a series of changes to the
code, each saved, can then be compared with any earlier one.

    python tools/paired_solver.py --board 30x16/99 --seeds 100000:104000 --variant guess.TOLERANCE=0.1
    python tools/paired_solver.py --executor ray --ray-address auto --seeds 0:1000000 --variant ...
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import json
import math
import sys
import tempfile
import time
from multiprocessing.pool import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from amigasweeper.challenge.cluster.pools import add_executor_options, open_pool, pool_width  # noqa: E402
from amigasweeper.engine import GameSetup  # noqa: E402
from amigasweeper.solver.player import play_game  # noqa: E402
from amigasweeper.win_rates import Z95, percent_interval  # noqa: E402


def parse_board(text: str) -> tuple[int, int, int]:
    size, mines = text.split("/")
    width, height = size.lower().split("x")
    return int(width), int(height), int(mines)


def parse_setting(text: str) -> tuple[str, str, object]:
    name, _, value = text.partition("=")
    module, _, attribute = name.partition(".")
    if not (module and attribute and value):
        raise argparse.ArgumentTypeError(f"expected module.NAME=value, got {text!r}")
    try:
        parsed = ast.literal_eval(value)
    except (ValueError, SyntaxError):
        parsed = value
    return module, attribute, parsed


def apply(settings: list[tuple[str, str, object]]) -> None:
    for module, attribute, value in settings:
        target = importlib.import_module(f"amigasweeper.solver.{module}")
        if not hasattr(target, attribute):
            raise SystemExit(f"amigasweeper.solver.{module} has no {attribute}")
        setattr(target, attribute, value)


def _play(job: tuple) -> list[tuple[int, bool, float]]:
    settings, shape, width, height, mines, seeds = job
    apply(settings)
    out = []
    for seed in seeds:
        result = play_game(GameSetup(width=width, height=height, mines=mines, seed=seed, shape=shape), clock=time.process_time)
        out.append((seed, result.won, result.time))
    return out


def play(pool: Pool, settings, shape, width, height, mines, seeds: range, workers: int) -> dict[int, tuple[bool, float]]:
    chunk = max(1, len(seeds) // (workers * 8))
    jobs = [(settings, shape, width, height, mines, seeds[i:i + chunk]) for i in range(0, len(seeds), chunk)]
    found = {}
    for part in pool.imap_unordered(_play, jobs):
        for seed, won, seconds in part:
            found[seed] = (won, seconds)
    return found


def solver_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted((ROOT / "amigasweeper").rglob("*.py")):
        if "ui" not in path.relative_to(ROOT / "amigasweeper").parts:
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def baseline(pool, settings, shape, width, height, mines, seeds, workers) -> dict[int, tuple[bool, float]]:
    key = json.dumps([solver_digest(), settings, shape, width, height, mines, seeds.start, seeds.stop])
    cache = Path(tempfile.gettempdir()) / "amigasweeper-paired" / (hashlib.sha256(key.encode()).hexdigest()[:20] + ".json")
    if cache.exists():
        return {int(k): tuple(v) for k, v in json.loads(cache.read_text()).items()}
    found = play(pool, settings, shape, width, height, mines, seeds, workers)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(found))
    return found


def load_results(path: Path, seeds: range) -> dict[int, tuple[bool, float]]:
    """Games saved by --save, for these seeds (every one must be there)."""
    saved = json.loads(path.read_text(encoding="utf-8"))
    missing = [seed for seed in seeds if str(seed) not in saved]
    if missing:
        raise SystemExit(f"{path} has no game for seed {missing[0]} (and {len(missing) - 1} more)")
    return {seed: (bool(saved[str(seed)][0]), float(saved[str(seed)][1])) for seed in seeds}


def side_of(games: dict[int, tuple[bool, float]]) -> dict:
    """One side's wins, rate with its Wilson interval, and games per CPU second."""
    n = len(games)
    wins = sum(won for won, _ in games.values())
    return {"wins": wins, "rate": round(100 * wins / n, 2), "ci95": percent_interval(wins, n),
            "games_per_second": round(n / sum(seconds for _, seconds in games.values()), 1)}


def compare(base: dict, variant: dict) -> dict:
    seeds = sorted(base)
    n = len(seeds)
    only_variant = sum(1 for s in seeds if variant[s][0] and not base[s][0])
    only_base = sum(1 for s in seeds if base[s][0] and not variant[s][0])
    diff = (only_variant - only_base) / n
    spread = math.sqrt(max(0.0, only_variant + only_base - (only_variant - only_base) ** 2 / n)) / n
    return {
        "games": n,
        "baseline": side_of(base),
        "variant": side_of(variant),
        "variant_only_wins": only_variant,
        "baseline_only_wins": only_base,
        "difference_points": round(100 * diff, 2),
        "difference_ci95": [round(100 * (diff - Z95 * spread), 2), round(100 * (diff + Z95 * spread), 2)],
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", default="30x16/99", help="WIDTHxHEIGHT/MINES")
    parser.add_argument("--shape", default="square", choices=["square", "hex", "triangle"])
    parser.add_argument("--seeds", default="100000:102000", help="START:STOP (STOP excluded)")
    parser.add_argument("--baseline", nargs="*", type=parse_setting, default=[], metavar="module.NAME=value")
    parser.add_argument("--variant", nargs="*", type=parse_setting, default=[], metavar="module.NAME=value")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--save", type=Path, metavar="FILE", help="write the variant's games here (seed -> [won, CPU seconds])")
    parser.add_argument("--against", type=Path, metavar="FILE", help="the baseline's games from an earlier --save, not played again")
    parser.add_argument("--no-baseline", action="store_true", help="play the variant alone (with --save, for later --against)")
    add_executor_options(parser)  # --executor ray: the games as Ray tasks on a cluster
    args = parser.parse_args(argv)
    width, height, mines = parse_board(args.board)
    start, stop = (int(x) for x in args.seeds.split(":"))
    seeds = range(start, stop)
    started = time.perf_counter()
    # One pool per side: a worker keeps the settings it was given, so a pool
    # reused for the variant would still play with the baseline's settings.
    if args.no_baseline:
        base = None
    elif args.against:
        base = load_results(args.against, seeds)
    else:
        with open_pool(args, args.workers, [__file__]) as pool:
            base = baseline(pool, args.baseline, args.shape, width, height, mines, seeds, pool_width(pool, args.workers))
    with open_pool(args, args.workers, [__file__]) as pool:
        variant = play(pool, args.variant, args.shape, width, height, mines, seeds, pool_width(pool, args.workers))
    if args.save:
        args.save.write_text(json.dumps({str(seed): list(variant[seed]) for seed in sorted(variant)}), encoding="utf-8")
    report = {
        "command": "python tools/paired_solver.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "board": f"{args.shape} {args.board}",
        "seeds": args.seeds,
        **(compare(base, variant) if base is not None else {"games": len(seeds), "variant": side_of(variant)}),
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
