"""``amigasweeper-challenge``: score a bot on seeded TriMinesweeper boards.

    amigasweeper-challenge --size 20 --games 100 --player mybot:play
    amigasweeper-challenge --shape hex --safe-first --json

Exit status 0 after a run (however the bot did), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from amigasweeper.engine import Shape

from .harness import BUILTIN_PLAYERS, ChallengeConfig, ChallengeReport, load_player, run_challenge
from .rules import ChallengeError

PROG = "amigasweeper-challenge"
DEFAULT_DENSITY = 0.15  # bombs per cell when --bombs is not given
SHOWN_ERRORS = 5


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Play a bot on seeded minesweeper boards with the 2002 TriMinesweeper challenge's rules "
        "and score it: one point per cell for each game won, minus one per millisecond used.",
    )
    parser.add_argument("--shape", choices=[s.value for s in Shape], default=Shape.TRIANGLE.value,
                        help="board shape (default: triangle, as in the challenge)")
    parser.add_argument("--size", type=int, default=20, help="rows, and cells per row (default: 20)")
    parser.add_argument("--bombs", type=int,
                        help=f"bombs per board (default: {DEFAULT_DENSITY * 100:.0f}%% of the cells)")
    parser.add_argument("--games", type=int, default=100, help="boards to play (default: 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first board series (default: 1)")
    parser.add_argument("--player", default="solver",
                        help=f"module:function of the bot, or one of {', '.join(BUILTIN_PLAYERS)} (default: solver)")
    parser.add_argument("--safe-first", action="store_true",
                        help="the first cell played is never a bomb (the challenge did not promise this)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    return parser


def _config(args: argparse.Namespace) -> ChallengeConfig:
    bombs = args.bombs if args.bombs is not None else max(1, round(DEFAULT_DENSITY * args.size * args.size))
    return ChallengeConfig(args.shape, args.size, bombs, args.games, args.seed, args.safe_first)


def format_table(report: ChallengeReport) -> str:
    """The report as the aligned two-column table the command prints."""
    c = report.config
    low, high = report.interval
    first = "safe (bombs laid after it)" if c.safe_first else "may hit a bomb (the challenge's rule)"
    rows = [
        ("player", report.player),
        ("board", f"{c.shape.value} {c.size}x{c.size}, {c.bombs} bombs, seed {c.seed}"),
        ("first move", first),
        ("games", str(report.games)),
        ("wins", str(report.wins)),
        ("win rate", f"{report.win_rate:.1%} (95% CI {low:.1%} to {high:.1%})"),
        ("total ms", f"{report.total_ms:.1f}"),
        ("score", f"{report.score:.1f} ({report.points} points - {report.total_ms:.1f} ms)"),
    ]
    rows += [(f"  {outcome}", str(count)) for outcome, count in report.outcomes().items()]
    width = max(len(name) for name, _ in rows)
    lines = [f"{name:<{width}}  {value}" for name, value in rows]
    errors = report.errors()
    for record in errors[:SHOWN_ERRORS]:
        lines.append(f"game {record.index} raised {record.error}")
    if len(errors) > SHOWN_ERRORS:
        lines.append(f"... and {len(errors) - SHOWN_ERRORS} more errors (see --json)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse exits on --help and on bad arguments
        return stop.code if isinstance(stop.code, int) else 2
    # A console script's sys.path starts at its own bin directory; a bot in
    # the current directory should load as it would with ``python -m``.
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        config = _config(args)
        player = load_player(args.player)
    except ChallengeError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    report = run_challenge(player, config, name=args.player)
    print(json.dumps(report.to_dict()) if args.json else format_table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
