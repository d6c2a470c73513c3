"""Where two players choose differently, and which choice wins more often.

Replays another player's games (its clicks) through our player: at every
point where ours would guess and the other clicked a different square, the
choices part. From each such point both choices are played on, each followed
by our player to the end of the game, on many layouts consistent with the
position (drawn uniformly from all layouts that fit what was seen, not only
the true one), so that each point gives a fair, low-noise answer to "which
square was better here". The points are reported by kind (where each square
lies, which is safer, whether ours came from the endgame search), with the
difference in wins per point and its 95% interval.

The other player is either JSMinesweeper's games saved by
tools/peer_harness.py --save, or our own player with other settings
(--peer-settings module.NAME=value ..., as tools/paired_solver.py takes):

    python tools/decision_diff.py --games /tmp/peer.jsonl --board 30x16/99 --layouts 16
    python tools/decision_diff.py --peer-settings guess.TOLERANCE=0.4 --seeds 7000000:7000200

Prints one JSON object. Deterministic: the layouts drawn at a point come from
a generator seeded by the game's seed and the point's move number.

A change meant to make the player faster without changing what it plays is
proved so with two runs: the games of the player before it, saved
(--peer-settings --save-games FILE, run from a checkout of the code before),
then ``--games FILE --unchanged`` with the code after: every click of every
game is asked of the player again, certain moves too, and the games where it
would click anything else are listed (exit status 1 if there is one).

    python tools/decision_diff.py --peer-settings --seeds 11090000:11093000 --save-games before.jsonl
    python tools/decision_diff.py --games before.jsonl --unchanged
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from paired_solver import apply, parse_board, parse_setting  # noqa: E402

from amigasweeper.challenge.cluster.pools import local_pool  # noqa: E402
from amigasweeper.engine import COVERED, MARKED, Game, GameSetup, GameStatus  # noqa: E402
from amigasweeper.solver.knowledge import Knowledge  # noqa: E402
from amigasweeper.solver.player import Player  # noqa: E402
from amigasweeper.win_rates import Z95  # noqa: E402

SAME = 1e-9  # safeties closer than this count as equal


def peer_clicks(job: tuple) -> list[dict]:
    """Games of our player with other settings, as a peer's saved games: seed, won, clicks."""
    settings, width, height, mines, seeds = job
    apply(settings)
    out = []
    for seed in seeds:
        game = Game(GameSetup(width=width, height=height, mines=mines, seed=seed))
        knowledge = Knowledge(game.topology, mines)
        player, clicks = Player(knowledge), []
        while not game.status.over:
            cell = player.decide().cell
            clicks.append(cell)
            result = game.uncover(cell)
            knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
        out.append({"seed": seed, "won": game.status is GameStatus.WON, "clicks": clicks})
    return out


# ------------------------------------------------------------- consistent layouts
def draw_layout(knowledge: Knowledge, rng: random.Random) -> frozenset[int] | None:
    """A layout drawn uniformly from those that fit the position (None if none does).

    The frontier is decided a square at a time, each by its exact chance given
    the squares decided before it (so the whole draw is uniform); the mines
    left then go uniformly among the squares no number touches.
    """
    k = _fresh_copy(knowledge)
    k.trivial()
    while True:
        analysis = k.analyse(budget=None)
        if not analysis.consistent:
            return None
        k.apply(analysis)
        frontier = sorted(c for c in analysis.probability if c not in analysis.off_cells and c not in k.safe and k.cells[c] == COVERED)
        if not frontier:
            break
        cell = frontier[0]
        if rng.random() < analysis.probability[cell]:
            k.set_mine(cell)
        else:
            k.safe.add(cell)
            _not_a_number(k, cell)
    mines = {c for c, v in enumerate(k.cells) if v == MARKED}
    rest = sorted(c for c in k.unknown if c not in k.safe)
    left = k.mines - len(mines)
    if not 0 <= left <= len(rest):
        return None
    return frozenset(mines | set(rng.sample(rest, left)))


def _fresh_copy(knowledge: Knowledge) -> Knowledge:
    """A copy whose every frontier number is looked at again by the cheap rules."""
    copy = knowledge.copy()
    copy.dirty = set(knowledge.frontier)
    return copy


def _not_a_number(k: Knowledge, cell: int) -> None:
    """A square drawn safe: it holds no mine, and (unlike an uncovered one) shows no number."""
    k.unknown.discard(cell)


# ----------------------------------------------------------------- continuations
def play_on(setup: GameSetup, layout: frozenset[int], clicks: list[int], choice: int) -> bool:
    """Replay ``clicks`` on ``layout``, uncover ``choice``, then our player to the end: won?"""
    game = Game.with_mines(setup, layout)
    knowledge = Knowledge(game.topology, setup.mines)
    for cell in clicks + [choice]:
        if game.is_open(cell):
            continue
        result = game.uncover(cell)
        if game.status is GameStatus.LOST:
            return False
        knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
    player = Player(knowledge)
    while not game.status.over:
        result = game.uncover(player.decide().cell)
        if game.status is GameStatus.LOST:
            return False
        knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
    return game.status is GameStatus.WON


def kind_of(knowledge: Knowledge, analysis_probability: dict[int, float], off: set[int], ours, theirs: int) -> str:
    """Where the two squares lie and which is safer, e.g. "frontier/off, theirs safer"."""
    place = lambda cell: "off" if cell in off else "frontier"  # noqa: E731
    ours_safe = 1 - analysis_probability.get(ours.cell, 1.0)
    theirs_safe = 1 - analysis_probability.get(theirs, 1.0)
    if abs(ours_safe - theirs_safe) <= SAME:
        safer = "equally safe"
    else:
        safer = "ours safer" if ours_safe > theirs_safe else "theirs safer"
    source = "endgame" if ours.reason.startswith("endgame") else "guess"
    return f"ours {place(ours.cell)} / theirs {place(theirs)}, {safer}, ours by {source}"


def points_of(job: tuple) -> list[dict]:
    """Every point of one game where the choices part, each played on ``layouts`` drawn layouts."""
    game_record, width, height, mines, layouts = job
    seed, clicks = game_record["seed"], game_record["clicks"]
    setup = GameSetup(width=width, height=height, mines=mines, seed=seed)
    game = Game(setup)
    knowledge = Knowledge(game.topology, mines)
    found = []
    for move, theirs in enumerate(clicks):
        if move and not game.status.over and not knowledge.fresh:
            decision = Player(knowledge).decide()
            if not decision.certain and decision.cell != theirs and theirs in knowledge.unknown:
                analysis = knowledge.analyse()
                off = set(analysis.off_cells)
                kind = kind_of(knowledge, analysis.probability, off, decision, theirs)
                rng = random.Random(seed * 100_003 + move)
                ours_wins = theirs_wins = played = 0
                for _ in range(layouts):
                    layout = draw_layout(knowledge, rng)
                    if layout is None:
                        break
                    played += 1
                    ours_wins += play_on(setup, layout, clicks[:move], decision.cell)
                    theirs_wins += play_on(setup, layout, clicks[:move], theirs)
                if played:
                    found.append({"seed": seed, "move": move, "kind": kind, "layouts": played,
                                  "ours": ours_wins, "theirs": theirs_wins})  # fmt: skip
        result = game.uncover(theirs)
        if game.status.over:
            break
        knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
    return found


def first_difference(job: tuple) -> dict | None:
    """Where our player would first click other than the game did (any click,
    certain or not), or None if it would click the same squares all through."""
    game_record, width, height, mines = job
    seed, clicks = game_record["seed"], game_record["clicks"]
    game = Game(GameSetup(width=width, height=height, mines=mines, seed=seed))
    knowledge = Knowledge(game.topology, mines)
    player = Player(knowledge)
    for move, theirs in enumerate(clicks):
        if game.status.over:
            return {"seed": seed, "move": move, "theirs": theirs, "ours": None}
        ours = player.decide().cell
        if ours != theirs:
            return {"seed": seed, "move": move, "theirs": theirs, "ours": ours}
        result = game.uncover(theirs)
        knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
    if not game.status.over:
        return {"seed": seed, "move": len(clicks), "theirs": None, "ours": player.decide().cell}
    return None


def summarise(points: list[dict]) -> dict:
    """Per kind: points, and theirs minus ours in wins per layout, with its 95% interval."""
    by_kind: dict[str, list[float]] = defaultdict(list)
    for point in points:
        share = (point["theirs"] - point["ours"]) / point["layouts"]
        by_kind[point["kind"]].append(share)
        by_kind["all points"].append(share)
    table = {}
    for kind, shares in sorted(by_kind.items(), key=lambda item: -len(item[1])):
        n = len(shares)
        mean = sum(shares) / n
        spread = math.sqrt(sum((s - mean) ** 2 for s in shares) / (n - 1)) / math.sqrt(n) if n > 1 else float("nan")
        table[kind] = {
            "points": n,
            "theirs_minus_ours_per_point": round(mean, 4),
            "ci95": [round(mean - Z95 * spread, 4), round(mean + Z95 * spread, 4)] if n > 1 else None,
            "theirs_better_points": sum(1 for s in shares if s > 0),
            "ours_better_points": sum(1 for s in shares if s < 0),
        }
    return table


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", default="30x16/99", help="WIDTHxHEIGHT/MINES")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--games", type=Path, help="a peer's games (JSON lines: seed, won, clicks)")
    source.add_argument("--peer-settings", nargs="*", type=parse_setting, metavar="module.NAME=value",
                        help="the other player is ours with these settings")  # fmt: skip
    parser.add_argument("--seeds", default="7000000:7000100", help="START:STOP, with --peer-settings")
    parser.add_argument("--limit", type=int, default=None, help="at most this many of the saved games")
    parser.add_argument("--layouts", type=int, default=16, help="layouts drawn at each point")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--save-games", type=Path, metavar="FILE",
                        help="with --peer-settings: write the other player's games here (JSON lines: seed, won, clicks)")
    parser.add_argument("--unchanged", action="store_true",
                        help="only check that our player clicks every square of every game as the games did")
    args = parser.parse_args(argv)  # fmt: skip
    width, height, mines = parse_board(args.board)
    started = time.perf_counter()
    if args.games is not None:
        records = [json.loads(line) for line in args.games.read_text(encoding="utf-8").splitlines() if line.strip()]
    else:
        start, stop = (int(x) for x in args.seeds.split(":"))
        seeds = range(start, stop)
        with local_pool(args.workers) as pool:  # a pool of its own: its workers keep the settings
            parts = pool.map(peer_clicks, [(args.peer_settings, width, height, mines, seeds[i:i + 20]) for i in range(0, len(seeds), 20)])
        records = [record for part in parts for record in part]
    records = records[: args.limit]
    if args.save_games:  # the games are what was asked for: nothing is compared
        args.save_games.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
        report = {"games": len(records), "won": sum(record["won"] for record in records), "saved": str(args.save_games)}
        print(json.dumps(report))
        return report
    if args.unchanged:
        return _unchanged(args, argv, records, width, height, mines, started)
    with local_pool(args.workers) as pool:
        parts = pool.map(points_of, [(record, width, height, mines, args.layouts) for record in records], chunksize=1)
    points = [point for part in parts for point in part]
    report = {
        "command": "python tools/decision_diff.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "board": args.board,
        "games": len(records),
        "points": len(points),
        "layouts_per_point": args.layouts,
        "by_kind": summarise(points),
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report))
    return report


def _unchanged(args, argv, records: list[dict], width: int, height: int, mines: int, started: float) -> dict:
    with local_pool(args.workers) as pool:
        found = pool.map(first_difference, [(record, width, height, mines) for record in records], chunksize=8)
    differences = [difference for difference in found if difference is not None]
    report = {
        "command": "python tools/decision_diff.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "board": args.board,
        "games": len(records),
        "clicks": sum(len(record["clicks"]) for record in records),
        "games_clicked_alike": len(records) - len(differences),
        "first_differences": differences[:20],
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    report = main()
    sys.exit(1 if report.get("first_differences") else 0)
