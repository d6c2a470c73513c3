"""Play JSMinesweeper and our player on the same layouts, side by side.

JSMinesweeper (DavidNHill/JSMinesweeper) is the strongest public solver. This
harness takes the path of a checkout of it and `node` from the system (or
--node); when either is missing it says so and skips (exit status 0), since CI
has neither. Nothing of the peer is in this project: tools/peer/
jsminesweeper_play.js, our own script, loads the peer's scripts into the node
process and plays them with the peer's own game engine, the way its bulk-play
function does (no flags, advanced guessing, full probability, its default
endgame search).

The peer at its best: JSMinesweeper runs its guess tie-break (secondary
safety, progress, long-term risk) only when its probability step took under
50 ms of wall time, so on a loaded machine it plays weaker than on an idle
one. The harness copies the scripts it needs into a temporary folder and
patches that test (PATCHES below, printed by --show-patch) so that the
tie-break always runs, as on an idle machine; each game still reports how
often the clock would have skipped it. --peer-clock plays the scripts as
they are, clock and all.

Layouts are our engine's: seed s gives `Game(GameSetup(w, h, m, seed=s))` with
the first click on square 0 (the top-left corner, always safe), the opening our
player makes too. Every peer game is then replayed click by click through our
engine, which must accept every click and end the game the same way: proof
that the two played the same board. Our player plays the same seeds at the
same time (worker processes beside the peer's), so that the two speeds are
measured under the same load; a game's cost is its process's CPU time.

    python tools/peer_harness.py --peer /path/to/JSMinesweeper --board 30x16/99 --seeds 7000000:7001000

Prints one JSON object: both win rates with 95% Wilson intervals, the paired
difference (ours minus the peer's) with its 95% interval and McNemar's p, the
replay check, and games per CPU second for both. --save FILE keeps the peer's
clicks (one JSON line a game) for tools/decision_diff.py.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from amigasweeper.challenge.cluster.pools import local_pool  # noqa: E402
from amigasweeper.engine import Game, GameSetup, GameStatus  # noqa: E402
from amigasweeper.solver.player import play_game  # noqa: E402
from amigasweeper.win_rates import Z95, percent_interval  # noqa: E402

RUNNER = ROOT / "tools" / "peer" / "jsminesweeper_play.js"
PEER_MARKER = Path("Minesweeper") / "client" / "solver_main.js"  # how a JSMinesweeper checkout is recognised
FIRST = 0  # the first click: the top-left corner
SCRIPT_FOLDERS = ("client", "Utility")  # under Minesweeper/: every script the runner loads


@dataclass(frozen=True)
class Patch:
    """One exact change to the peer's source, made in a copy, never in the checkout."""

    file: str  # under Minesweeper/
    find: str  # must occur exactly once
    replace: str
    why: str


# The tie-break test keeps the peer's own condition, handed to a gate of the
# runner's (jsminesweeper_play.js) which counts the times it was false (the
# clock would have skipped the tie-break) and always answers yes.
PATCHES = (
    Patch(
        file="client/solver_main.js",
        find="if (pe.duration < 50) {",
        replace="if (__amigasweeperTieBreak(pe.duration < 50)) {",
        why="run the guess tie-break whatever the probability step's wall time (as on an idle machine), counting the skips",
    ),
)


class PatchError(Exception):
    """The peer's source is not what the patches were written for."""


def patched(text: str, patch: Patch) -> str:
    found = text.count(patch.find)
    if found != 1:
        raise PatchError(f"{patch.file}: expected `{patch.find}` once, found it {found} times (another version of the peer?)")
    return text.replace(patch.find, patch.replace)


def build_peer(checkout: Path, into: Path, patches: tuple[Patch, ...] = PATCHES) -> Path:
    """A copy of the peer's scripts with ``patches`` made: the folder to hand the runner."""
    source = Path(checkout) / "Minesweeper"
    target = Path(into) / "Minesweeper"
    for folder in SCRIPT_FOLDERS:
        for script in sorted((source / folder).glob("*.js")):
            copy = target / folder / script.name
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(script.read_text(encoding="utf-8"), encoding="utf-8")
    for patch in patches:
        script = target / patch.file
        if not script.is_file():
            raise PatchError(f"{patch.file}: not in the checkout")
        script.write_text(patched(script.read_text(encoding="utf-8"), patch), encoding="utf-8")
    return Path(into)


def patch_text(patches: tuple[Patch, ...] = PATCHES) -> str:
    """The patches as a reader would want them shown: file, what goes, what comes, why."""
    return "\n".join(f"Minesweeper/{p.file}\n- {p.find}\n+ {p.replace}\n  ({p.why})" for p in patches)


def parse_board(text: str) -> tuple[int, int, int]:
    size, mines = text.split("/")
    width, height = size.lower().split("x")
    return int(width), int(height), int(mines)


def parse_seeds(text: str) -> range:
    start, stop = (int(x) for x in text.split(":"))
    return range(start, stop)


def missing(peer: str | None, node: str | None) -> str | None:
    """Why the peer cannot be run here (a sentence), or None when it can."""
    if not node:
        return "skipped: no `node` found on this system (install Node.js or pass --node)"
    if not Path(node).is_file():
        return f"skipped: --node {node} is not a file"
    if not peer:
        return "skipped: no JSMinesweeper checkout given (--peer PATH)"
    if not (Path(peer) / PEER_MARKER).is_file():
        return f"skipped: {peer} is not a JSMinesweeper checkout (no {PEER_MARKER.as_posix()} in it)"
    return None


def layout(width: int, height: int, mines: int, seed: int) -> list[int]:
    """The mines of seed ``seed`` once the first click is made (our engine places them then)."""
    game = Game(GameSetup(width=width, height=height, mines=mines, seed=seed))
    game.uncover(FIRST)
    return sorted(game.mine_cells())


def run_peer(node: str, peer: str, jobs: list[dict], workers: int, on_game: Callable[[dict], None] | None = None) -> dict[int, dict]:
    """Every game of ``jobs`` played by the peer over ``workers`` node processes: id -> result.

    ``on_game`` is handed each game as soon as it ends (from the threads
    reading the node processes, one at a time): --resume saves it there.
    """
    found: dict[int, dict] = {}
    errors: list[str] = []
    lock = threading.Lock()

    def worker(part: list[dict]) -> None:
        text = "".join(json.dumps(job) + "\n" for job in part)
        with subprocess.Popen([node, str(RUNNER), str(peer)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) as runner:  # fmt: skip
            # The jobs are fed from a thread of their own and the games read as
            # they come: a runner blocked writing its results while we still
            # wrote its jobs would wait for us forever.
            feeder = threading.Thread(target=_feed, args=(runner.stdin, text))
            feeder.start()
            for line in runner.stdout:
                result = json.loads(line)
                with lock:
                    found[result["id"]] = result
                    if on_game is not None:
                        on_game(result)
            feeder.join()
            trouble = runner.stderr.read()
        if runner.returncode != 0:
            errors.append(trouble.strip()[-2000:])

    threads = [threading.Thread(target=worker, args=(jobs[i::workers],)) for i in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise SystemExit("the peer failed:\n" + "\n".join(errors))
    return found


def _feed(stream, text: str) -> None:
    try:
        stream.write(text)
        stream.close()
    except BrokenPipeError:
        pass  # the runner stopped early: its error is read from its stderr


def replay(width: int, height: int, mines: int, seed: int, clicks: list[int], won: bool) -> str | None:
    """Play the peer's clicks through our engine; None if it accepts them all and ends the same way."""
    game = Game(GameSetup(width=width, height=height, mines=mines, seed=seed))
    for number, cell in enumerate(clicks):
        if game.status.over:
            return f"click {number} ({cell}) after the game ended"
        if game.is_open(cell):
            return f"click {number} ({cell}) on an uncovered square"
        if not game.uncover(cell).accepted:
            return f"click {number} ({cell}) refused"
    ours_won = game.status is GameStatus.WON
    if ours_won != won or (not won and game.status is not GameStatus.LOST):
        return f"ended {game.status.name} here, {'won' if won else 'lost'} there"
    return None


def _play_ours(job: tuple) -> list[tuple[int, bool, float]]:
    width, height, mines, seeds = job
    out = []
    for seed in seeds:
        result = play_game(GameSetup(width=width, height=height, mines=mines, seed=seed), clock=time.process_time)
        out.append((seed, result.won, result.time))
    return out


def paired(ours: dict[int, bool], peer: dict[int, bool]) -> dict:
    """Ours minus the peer on the same seeds: the difference, its 95% interval, McNemar's p."""
    seeds = sorted(ours)
    n = len(seeds)
    only_ours = sum(1 for s in seeds if ours[s] and not peer[s])
    only_peer = sum(1 for s in seeds if peer[s] and not ours[s])
    diff = (only_ours - only_peer) / n
    spread = math.sqrt(max(0.0, only_ours + only_peer - (only_ours - only_peer) ** 2 / n)) / n
    discordant = only_ours + only_peer
    z = (only_ours - only_peer) / math.sqrt(discordant) if discordant else 0.0
    return {
        "only_ours_won": only_ours,
        "only_peer_won": only_peer,
        "ours_minus_peer_points": round(100 * diff, 2),
        "ci95": [round(100 * (diff - Z95 * spread), 2), round(100 * (diff + Z95 * spread), 2)],
        "mcnemar_p": float(f"{math.erfc(abs(z) / math.sqrt(2)):.3g}"),
    }


def side(wins: int, games: int, cpu_seconds: float) -> dict:
    return {
        "wins": wins,
        "rate": round(100 * wins / games, 2),
        "ci95": percent_interval(wins, games),
        "cpu_seconds": round(cpu_seconds, 1),
        "games_per_cpu_second": round(games / cpu_seconds, 1) if cpu_seconds else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peer", help="path of a JSMinesweeper checkout")
    parser.add_argument("--node", default=None, help="the node program (default: `node` on the PATH)")
    parser.add_argument("--board", default="30x16/99", help="WIDTHxHEIGHT/MINES (square boards)")
    parser.add_argument("--seeds", default="7000000:7000100", help="START:STOP (STOP excluded)")
    parser.add_argument("--workers", type=int, default=1, help="processes for each side (both run at once)")
    parser.add_argument("--no-ours", action="store_true", help="play the peer only (and replay its games)")
    parser.add_argument("--save", type=Path, help="write the peer's games (seed, won, clicks) here, a JSON line each")
    parser.add_argument("--load", type=Path, nargs="*", metavar="FILE",
                        help="the peer's games saved by --save earlier (no node needed): replayed, and compared with ours")
    parser.add_argument("--ours-results", type=Path, metavar="FILE",
                        help="our games from an earlier run (JSON: seed -> [won, cpu seconds], as paired_solver.py caches them)")
    parser.add_argument("--peer-clock", action="store_true",
                        help="play the peer's scripts unpatched: its tie-break then depends on the machine's load")
    parser.add_argument("--show-patch", action="store_true", help="print the patch made to the peer's scripts, and stop")
    parser.add_argument("--resume", action="store_true",
                        help="with --save and --no-ours: keep the games FILE holds already, play only the seeds it lacks, "
                             "and write each game to it as it ends (a long run stopped loses nothing it finished)")
    args = parser.parse_args(argv)  # fmt: skip
    if args.show_patch:
        print(patch_text())
        return 0
    if args.resume and not (args.save and args.no_ours and not args.load):
        parser.error("--resume needs --save FILE and --no-ours (ours is played in chunks of seeds, each saved by tools/paired_solver.py --save), and no --load")
    width, height, mines = parse_board(args.board)
    seeds = parse_seeds(args.seeds)
    started = time.perf_counter()
    ours: dict[int, tuple[bool, float]] = {}
    kept: dict[int, dict] = {}  # what a resumed --save file held already
    if args.load:
        peer = _loaded(args.load, seeds)
        args.peer = args.peer or ""
        if args.ours_results:
            saved = json.loads(args.ours_results.read_text(encoding="utf-8"))
            ours = {s: tuple(saved[str(s)]) for s in seeds}
        elif not args.no_ours:
            with local_pool(args.workers) as pool:
                for part in pool.imap_unordered(_play_ours, [(width, height, mines, seeds[i:i + 50]) for i in range(0, len(seeds), 50)]):
                    ours.update({seed: (won, seconds) for seed, won, seconds in part})
    else:
        node = args.node or shutil.which("node")
        why = missing(args.peer, node)
        if why:
            print(why)
            return 0
        kept = resume_from(args.save) if args.resume else {}
        done = {seed: kept[seed] for seed in seeds if seed in kept}
        jobs = [{"id": s, "width": width, "height": height, "mines": layout(width, height, mines, s), "first": FIRST}
                for s in seeds if s not in done]  # fmt: skip
        with local_pool(args.workers) as pool, tempfile.TemporaryDirectory(prefix="peer-") as copy:
            try:
                scripts = Path(args.peer) if args.peer_clock else build_peer(Path(args.peer), Path(copy))
            except PatchError as problem:
                print(f"the peer cannot be patched: {problem}")
                return 2
            pending = None if args.no_ours else pool.map_async(
                _play_ours, [(width, height, mines, seeds[i:i + 50]) for i in range(0, len(seeds), 50)], chunksize=1
            )  # fmt: skip
            if args.resume:
                with args.save.open("a", encoding="utf-8") as out:
                    peer = {**done, **run_peer(node, scripts, jobs, args.workers, lambda game: _append(out, game))}
            else:
                peer = run_peer(node, scripts, jobs, args.workers)  # at the same time as ours
            if pending is not None:
                for part in pending.get():
                    for seed, won, seconds in part:
                        ours[seed] = (won, seconds)
    wall = time.perf_counter() - started
    mismatches = {}
    for seed in seeds:
        result = peer.get(seed)
        problem = "no result" if result is None else replay(width, height, mines, seed, result["clicks"], result["won"])
        if problem:
            mismatches[seed] = problem
    if args.save:
        # A resumed file keeps the games it held of other seeds too.
        write_saved(args.save, {**kept, **{seed: peer[seed] for seed in seeds if seed in peer}})
    games = len(seeds)
    peer_wins = sum(1 for s in seeds if peer.get(s, {}).get("won"))
    report = {
        "command": "python tools/peer_harness.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "board": args.board,
        "seeds": args.seeds,
        "games": games,
        "first_click": FIRST,
        "peer_commit": _commit(args.peer) if args.peer else None,
        "replayed_through_our_engine": {"same_result": games - len(mismatches), "mismatches": dict(list(mismatches.items())[:20])},
        "peer": side(peer_wins, games, sum(peer[s].get("cpu_ms", 0.0) for s in peer) / 1000),
        "peer_tie_break": tie_breaks(peer, patched=None if args.load else not args.peer_clock),
        "wall_seconds": round(wall, 1),
    }
    if ours:
        report["ours"] = side(sum(ours[s][0] for s in seeds), games, sum(ours[s][1] for s in seeds))
        report["paired"] = paired({s: ours[s][0] for s in seeds}, {s: bool(peer.get(s, {}).get("won")) for s in seeds})
    print(json.dumps(report))
    return 1 if mismatches else 0


SAVED = ("won", "clicks", "cpu_ms", "tie_breaks", "clock_skips")  # what --save keeps of a peer's game


def tie_breaks(peer: dict[int, dict], patched: bool | None) -> dict:
    """How often the peer reached its tie-break, and how often its clock would have skipped it
    (the probability step took 50 ms or more of wall time). ``patched`` is None for saved
    games, whose runs may have been either."""
    reached = sum(game.get("tie_breaks", 0) for game in peer.values())
    skips = sum(game.get("clock_skips", 0) for game in peer.values())
    return {
        "always_run": patched,
        "reached": reached,
        "clock_would_skip": skips,
        "games_with_a_skip": sum(1 for game in peer.values() if game.get("clock_skips", 0)),
        "skip_share": round(skips / reached, 5) if reached else 0.0,
    }


def _saved_line(seed: int, game: dict) -> str:
    return json.dumps({"seed": seed, **{key: game[key] for key in SAVED if key in game}}) + "\n"


def write_saved(path: Path, games: dict[int, dict]) -> None:
    """The games as --save keeps them, in seed order, written whole and then put in place."""
    part = path.with_name(path.name + ".part")
    with part.open("w", encoding="utf-8") as out:
        for seed in sorted(games):
            out.write(_saved_line(seed, games[seed]))
    part.replace(path)


def _append(out, game: dict) -> None:
    out.write(_saved_line(game["id"], game))
    out.flush()


def resume_from(path: Path) -> dict[int, dict]:
    """Every game a stopped --resume run saved, the file rewritten with just them.

    A run stopped mid-write leaves a last line cut short: it is dropped (that
    game is played again), as is any line that is not a saved game.
    """
    done: dict[int, dict] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                game = json.loads(line)
                seed, won, clicks = game["seed"], game["won"], game["clicks"]
            except (ValueError, TypeError, KeyError):
                continue
            if type(seed) is int and isinstance(won, bool) and isinstance(clicks, list):
                done[seed] = {"cpu_ms": 0.0, **{key: game[key] for key in SAVED if key in game}}
    write_saved(path, done)
    return done


def _loaded(files: list[Path], seeds: range) -> dict[int, dict]:
    """The peer's saved games of these seeds, as run_peer gives them."""
    wanted = set(seeds)
    found = {}
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                game = json.loads(line)
                if game["seed"] in wanted:
                    found[game["seed"]] = {"cpu_ms": 0.0, **{key: game[key] for key in SAVED if key in game}}
    return found


def _commit(peer: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", peer, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False)
    except OSError:
        return None
    return done.stdout.strip() or None


if __name__ == "__main__":
    sys.exit(main())
