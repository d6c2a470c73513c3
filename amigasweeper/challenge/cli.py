"""``amigasweeper-challenge``: a tournament of bots on seeded TriMinesweeper boards.

    amigasweeper-challenge --size 20 --games 100 --player mybot:play
    amigasweeper-challenge --player solver --player naive --jobs 2 --json
    amigasweeper-challenge --player mybot:play --jsonl games.jsonl --time-limit 5
    amigasweeper-challenge --player mybot:play --executor ray --ray-address auto

Every bot runs in worker processes of its own; see ``tournament``, and
``cluster`` for ``--executor ray``. Exit status 0 after a run (however the
bots did), 1 when the results were shown but the ``--jsonl`` file could not
be written, 3 when some games could not be played (the results name them), 2 for bad arguments, a bot that does not load or a cluster that
cannot be used, 130 when Ctrl-C stopped the run (or a cluster lost every
node: the table then shows the games played so far).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from enum import Enum
from typing import TextIO

from amigasweeper.engine import Shape
from amigasweeper.solver.luck import DEFAULT_ALPHA, threshold

from . import runfiles
from .bot_audit import AuditMode, AuditSettings
from .challenge_game import ChallengeError, Outcome
from .cluster import RayTables, ray_missing
from .console import chatter_to_stderr, terminated_as_interrupt
from .executors import LocalTables
from .harness import BUILTIN_PLAYERS, ChallengeConfig, ChallengeReport, GameRecord
from .limits import DEFAULT_FILE_MB, DEFAULT_MEMORY_MB, DEFAULT_PROCESSES, Caps
from .processes import forbid_memory_reads
from .sandbox import Sandbox, SandboxMode, choose
from .seeds import SECRET_BITS, SEED_VARIABLE, SecretSeed, SeedKind, guessable, too_short
from .table import WALL_SLACK
from .tournament import (
    DEFAULT_TIME_LIMIT,
    TournamentReport,
    player_names,
    run_tournament,
)

PROG = "amigasweeper-challenge"
DEFAULT_DENSITY = 0.15  # bombs per cell when --bombs is not given
SHOWN_ERRORS = 5  # per player
UNWRITTEN = 1  # the run was played and shown, but its --jsonl file could not be written
MISSING = 3  # the run ended with games it could not play (named with the results)
SHOWN_MISSING = 20  # missing games named in the table (--json names them all)
INTERRUPTED = 130  # the shells' status for a command ended by Ctrl-C (128 + SIGINT)
TERMINATED = 143  # ended by SIGTERM (128 + SIGTERM), which otherwise ends a run as Ctrl-C does
PROGRESS_AFTER = 2.0  # seconds before a progress line appears
PROGRESS_EVERY = 0.2  # seconds between its updates


class ExecutorChoice(str, Enum):
    LOCAL = "local"  # --jobs table processes on this machine
    RAY = "ray"  # tables on the nodes of a Ray cluster


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Play bots on seeded minesweeper boards with the 2002 TriMinesweeper challenge's rules "
        "and rank them: one point per cell for each game won, minus one per millisecond of CPU time the bot's "
        "processes spend on it. Each bot runs in worker processes of its own, sealed by bubblewrap where it "
        "works, and sees only its board and make_move.",
    )
    parser.add_argument("--shape", choices=[s.value for s in Shape], default=Shape.TRIANGLE.value,
                        help="board shape (default: triangle, as in the challenge)")
    parser.add_argument("--size", type=int, default=20, help="rows, and cells per row (default: 20)")
    parser.add_argument("--bombs", type=int,
                        help=f"bombs per board (default: {DEFAULT_DENSITY * 100:.0f}%% of the cells)")
    parser.add_argument("--games", type=int, default=100, help="boards each player plays (default: 100)")
    parser.add_argument("--seed", type=int,
                        help="seed of the board series, public: shown with the results, and the same seed gives "
                        "the same boards. A chosen seed is only as secret as it is long: a bot can try every "
                        f"short seed and find the boards, so --sandbox required refuses one under {SECRET_BITS} "
                        "bits (default: a fresh one nobody can guess, shown once the games are over)")
    parser.add_argument("--seed-file", metavar="PATH",
                        help=f"a secret seed (a whole number of at least {SECRET_BITS} bits) read from PATH by the "
                        "run's keeper process alone: never shown, never on a command line, never sent to a table "
                        f"or a cluster; the variable {SEED_VARIABLE} does the same")
    parser.add_argument("--player", action="append", metavar="MODULE:FUNCTION",
                        help=f"a bot, or one of {', '.join(BUILTIN_PLAYERS)}; give it several times for a "
                        "tournament on the same boards (default: solver)")
    parser.add_argument("--safe-first", action="store_true",
                        help="the first cell played is never a bomb (the challenge did not promise this)")
    parser.add_argument("--jobs", type=int, metavar="N",
                        help="games played at once, one process pair each (default: the number of cores, or "
                        "of the cluster's processors with --executor ray); results do not depend on it")
    parser.add_argument("--executor", choices=[e.value for e in ExecutorChoice], default=ExecutorChoice.LOCAL.value,
                        help="where the tables run: 'local' (default) on this machine, 'ray' on a Ray cluster "
                        "(the cluster extra), every node sealing its own bots; results are the same")
    parser.add_argument("--ray-address", metavar="ADDRESS",
                        help="with --executor ray: join this cluster ('auto' or host:port) instead of starting "
                        "a local one for the run")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
                        help=f"most CPU time a bot may take over one game (default: {DEFAULT_TIME_LIMIT:g}, far "
                        "more than a fair bot needs); a bot over it loses that game and its worker is replaced")
    parser.add_argument("--wall-limit", type=float, default=0.0, metavar="SECONDS",
                        help=f"most wall time one game may take, for a bot that waits instead of thinking "
                        f"(default: --time-limit + {WALL_SLACK:g}); each game's wall time is counted in --json "
                        "and --jsonl")
    parser.add_argument("--sandbox", choices=[m.value for m in SandboxMode], default=SandboxMode.AUTO.value,
                        help="seal each bot's worker with bubblewrap (Linux): 'auto' (default) when a trial run "
                        "of bwrap works here, 'required' to refuse to run without it, 'off' never; the results "
                        "say whether the run was sealed")
    parser.add_argument("--memory-limit", type=int, default=DEFAULT_MEMORY_MB, metavar="MB",
                        help=f"memory of all a bot's processes together, its /tmp included, where a control "
                        f"group allows, else of each process (default: {DEFAULT_MEMORY_MB}; 0 for no limit)")
    parser.add_argument("--process-limit", type=int, default=DEFAULT_PROCESSES, metavar="N",
                        help=f"processes and threads a bot may run at once (default: {DEFAULT_PROCESSES}; 0 for "
                        "no limit)")
    parser.add_argument("--file-limit", type=int, default=DEFAULT_FILE_MB, metavar="MB",
                        help=f"largest file a bot may write, and the size of its private /tmp and /dev/shm "
                        f"(default: {DEFAULT_FILE_MB}; 0 for no limit)")
    parser.add_argument("--audit", choices=[m.value for m in AuditMode], default=AuditMode.REPORT.value,
                        help="what the luck audit does with a player whose moves were luckier than what it saw "
                        "allows: 'report' (default) marks it, 'disqualify' also takes it out of the ranking")
    parser.add_argument("--alpha", type=float, default=DEFAULT_ALPHA, metavar="P",
                        help=f"the luck audit's false-alarm bound, per player per run: an honest player is "
                        f"flagged with probability at most this (default: {DEFAULT_ALPHA:g})")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--jsonl", metavar="FILE",
                        help="write one JSON line per game to FILE as each game ends (a plain file; one that holds "
                        "games already is refused, never overwritten), and the run's manifest to FILE.manifest.json")
    parser.add_argument("--resume", action="store_true",
                        help="with --jsonl: go on with the run whose games FILE holds (the same options, and its "
                        "seed): its games are counted, only the others are played, and their lines appended")
    parser.add_argument("--first-game", type=int, default=0, metavar="N",
                        help="the first board's number: the run plays games N to N + --games - 1 of the seed's "
                        "series, so a long series can be cut into ranges (default: 0)")
    return parser


def _config(args: argparse.Namespace) -> ChallengeConfig:
    """The boards; without --seed the seed is None here: a fresh secret one is made by the run's
    keeper process, so this process never holds it while bots play (see ``keeper``)."""
    bombs = args.bombs if args.bombs is not None else max(1, round(DEFAULT_DENSITY * args.size * args.size))
    return ChallengeConfig(args.shape, args.size, bombs, args.games, args.seed, args.safe_first)


def _seed_source(args: argparse.Namespace) -> SecretSeed | None:
    """Where the keeper reads a secret seed (it alone reads it); None for --seed or a fresh one."""
    given = [what for what, present in (("--seed", args.seed is not None), ("--seed-file", args.seed_file),
                                        (SEED_VARIABLE, SEED_VARIABLE in os.environ)) if present]
    if len(given) > 1:
        raise ChallengeError(f"a run has one seed: {' and '.join(given)} were both given")
    if args.seed is not None:
        failure = too_short(args.seed, f"--seed {args.seed}")
        if failure and args.sandbox == SandboxMode.REQUIRED.value:
            raise ChallengeError(f"--sandbox required asks for a contest, but {failure}, or leave --seed out")
        return None
    if args.seed_file:
        return SecretSeed(path=os.path.abspath(args.seed_file))
    if given:
        return SecretSeed(variable=SEED_VARIABLE)
    return None


def seed_text(seed: int | None, kind: SeedKind | None) -> str:
    """How the results name the seed: public, fresh (shown now that the games are over) or secret."""
    if kind is SeedKind.SECRET:
        return "seed secret (read by the keeper alone; not shown)"
    if kind is SeedKind.PUBLIC:
        guess = ", short enough for a bot to find by trying" if seed is not None and guessable(seed) else ""
        return f"seed {seed} (public: chosen on the command line{guess})"
    if kind is SeedKind.FRESH:
        return f"seed {seed} (fresh: made for this run, shown now that its games are over)"
    return f"seed {seed}"


def _check_run(args: argparse.Namespace) -> None:
    if args.jobs is not None and args.jobs < 1:
        raise ChallengeError(f"--jobs must be at least 1, not {args.jobs}")
    if args.resume and not args.jsonl:
        raise ChallengeError("--resume goes on with the run of a --jsonl file: name it")
    if args.first_game < 0:
        raise ChallengeError(f"--first-game must be a game number (0 or more), not {args.first_game}")
    if args.ray_address is not None and args.executor != ExecutorChoice.RAY.value:
        raise ChallengeError("--ray-address joins a Ray cluster: give it with --executor ray")
    if args.executor == ExecutorChoice.RAY.value:
        if args.sandbox == SandboxMode.OFF.value:
            raise ChallengeError("--executor ray needs every table sealed (a bot that can reach a Ray cluster can run "
                                 "code on every node): leave out --sandbox off")
        why = ray_missing()
        if why:
            raise ChallengeError(f"--executor ray: {why}")
    if not (math.isfinite(args.time_limit) and args.time_limit > 0):
        raise ChallengeError(f"--time-limit must be a positive number of seconds, not {args.time_limit}")
    if not (math.isfinite(args.wall_limit) and args.wall_limit >= 0):
        raise ChallengeError(f"--wall-limit must be a positive number of seconds, not {args.wall_limit}")
    for option, value in (("--memory-limit", args.memory_limit), ("--file-limit", args.file_limit)):
        if value < 0:
            raise ChallengeError(f"{option} must be a number of megabytes (0 for none), not {value}")
    if not (math.isfinite(args.alpha) and 0 < args.alpha < 1):
        raise ChallengeError(f"--alpha is a probability between 0 and 1, not {args.alpha}")
    if args.process_limit < 0:
        raise ChallengeError(f"--process-limit must be a number of processes (0 for none), not {args.process_limit}")


# --------------------------------------------------------------------- table
COLUMNS = ("rank", "player", "games", "wins", "win rate (95% CI)", "score (95% CI)", "ms/game",
           "rule violations", "time-outs", "errors")
LEVEL = "="  # marks a rank these games cannot tell from the one above it


FLAG = " !"  # after a player's name: the luck audit flagged it
DISQUALIFIED = "DQ"  # in the rank column of a player the luck audit took out of the ranking


def _row(rank: str, report: ChallengeReport, score: tuple[float, float] | None, flagged: bool) -> tuple[str, ...]:
    low, high = report.interval
    return (
        rank, report.player + (FLAG if flagged else ""), str(report.games), str(report.wins),
        f"{report.win_rate:.1%} ({low:.1%} to {high:.1%})",
        f"{report.score:.1f}" + (f" ({score[0]:.1f} to {score[1]:.1f})" if score else ""), f"{report.mean_ms:.2f}",
        *(str(report.count(o)) for o in (Outcome.RULE_VIOLATION, Outcome.TIMED_OUT, Outcome.CRASHED)),
    )


def format_table(result: TournamentReport) -> str:
    """The ranked table the command prints, with the board above and problems below."""
    c = result.config
    first = "safe (bombs laid after it)" if c.safe_first else "may hit a bomb (the challenge's rule)"
    played = f"{c.games} per player, time limit {result.time_limit:g} s of CPU a game" \
        f"{f', wall limit {result.wall_limit:g} s' if result.wall_limit else ''}"
    lines = [
        f"board       {c.shape.value} {c.size}x{c.size}, {c.bombs} bombs, {seed_text(c.seed, result.seed_kind)}",
        f"first move  {first}",
        f"games       {played}",
    ]
    if result.nodes:
        lines += _node_lines(result)
    elif result.sandbox is not None:
        lines.append(f"sandbox     {result.sandbox.describe()}")
    if result.walls is not None:
        lines += [f"{label:<11} {text}" for label, text in result.walls.lines()]
    if result.interrupted:
        planned = c.games * len(result.reports)
        lines.append(f"interrupted after {result.games_played} of {planned} games: the table counts those")
    if result.ending:
        lines.append(f"ended early: {result.ending}")
    lines.append(_audit_line(result))
    ranked, ranking = result.ranked(), result.ranking()
    rows = [COLUMNS] + [_row(f"{LEVEL if place > 0 and ranking.level_with_next(place - 1) else ''}{place + 1}",
                             report, ranking.intervals[place], result.flagged(report))
                        for place, report in enumerate(ranked)]
    rows += [_row(DISQUALIFIED, report, None, True) for report in result.disqualified()]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    left = {1}  # the player's name reads best left-aligned, figures right-aligned
    lines.append("")
    for row in rows:
        cells = [cell.ljust(w) if i in left else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    lines += _level_lines(ranked, ranking)
    lines += _flag_lines(result)
    for report in result.reports:
        lines += _problems(report)
    if result.stopped:
        lines.append("")
        lines += [f"{player}: {why}" for player, why in result.stopped.items()]
    lines += _missing_lines(result)
    return "\n".join(lines)


def _audit_line(result: TournamentReport) -> str:
    audit = result.audit
    mode = "flagged players are disqualified" if audit.mode is AuditMode.DISQUALIFY else "flagged players are marked"
    return (f"luck audit  alpha {audit.alpha:g} per player (flags when its luck reaches 10^{threshold(audit.alpha):g}),"
            f" {mode} {FLAG.strip()}")


def _flag_lines(result: TournamentReport) -> list[str]:
    """Why each flagged player was flagged, and what that claim's false-alarm bound is."""
    lines = []
    for report in result.reports:
        luck = report.luck
        if result.flagged(report):
            out = ", and is disqualified" if report in result.disqualified() else ""
            lines.append(f"{FLAG.strip()} {report.player}: its moves were luckier than what it saw allows: the luck "
                         f"audit reached 10^{luck.log10_max:.1f} over {luck.audited} weighed moves (an honest player "
                         f"gets to 10^{threshold(result.audit.alpha):g} with probability at most "
                         f"{result.audit.alpha:g}){out}")
    return ([""] if lines else []) + lines


def _missing_lines(result: TournamentReport) -> list[str]:
    """The games the run could not play, by player and number: the table does not count them."""
    if not result.missing:
        return []
    lines = ["", f"MISSING: {len(result.missing)} games could not be played and are not counted:"]
    lines += [f"{player}: game {game}: {why}" for player, game, why in result.missing[:SHOWN_MISSING]]
    if len(result.missing) > SHOWN_MISSING:
        lines.append(f"... and {len(result.missing) - SHOWN_MISSING} more (see --json)")
    return lines


def _node_lines(result: TournamentReport) -> list[str]:
    """One line a node of the cluster: how it sealed its bots (or why it refused), its tables and games."""
    lines = []
    for node in result.nodes:
        if node.refused:
            lines.append(f"node        {node.node}: REFUSED, no bot ran there: {node.refused}")
            continue
        lost = ", LEFT the cluster during the run (its unfinished games were played elsewhere)" if node.lost else ""
        lines.append(f"node        {node.node}: {node.games} games, {node.sandbox}{lost}")
    return lines


def _level_lines(ranked: list[ChallengeReport], ranking) -> list[str]:
    """The neighbours these games cannot tell apart: their scores' difference could be nothing."""
    lines = []
    for place in range(len(ranked) - 1):
        if ranking.level_with_next(place):
            low, high = ranking.differences[place]
            lines.append(f"{LEVEL}{place + 2}: {ranked[place].player} and {ranked[place + 1].player} cannot be told "
                         f"apart on these games (score difference {low:.1f} to {high:.1f}, 95%, paired bootstrap "
                         f"over {ranking.boards} boards)")
    return ([""] if lines else []) + lines


def _problems(report: ChallengeReport) -> list[str]:
    errors = report.errors()
    lines = [f"{report.player}: game {r.index} {r.outcome.value}: {r.error}" for r in errors[:SHOWN_ERRORS]]
    if report.problem_count > SHOWN_ERRORS:
        lines.append(f"{report.player}: ... and {report.problem_count - SHOWN_ERRORS} more (see --json or --jsonl)")
    return ([""] if lines else []) + lines


# ------------------------------------------------------------------ progress
class Progress:
    """A one-line count on a terminal: games done, wins so far, time left.

    It appears only on a terminal and only once a run has taken a couple of
    seconds, and it is rubbed out before the results are printed.
    """

    def __init__(self, stream: TextIO, total: int, clock=time.monotonic) -> None:
        self.stream, self.total, self.clock = stream, total, clock
        self.started = clock()
        self.shown_at: float | None = None
        self.width = 0
        self.done = 0
        self.wins = 0
        self.by_node: Counter[str] = Counter()  # games done on each cluster node
        try:
            self.live = stream.isatty()
        except (AttributeError, ValueError):
            self.live = False

    def stage(self, text: str) -> None:
        """What a cluster run is doing before its first game (starting tables can take a while)."""
        if self.live:
            self._write(f"{text}...")

    def add(self, record: GameRecord) -> None:
        self.done += 1
        self.wins += record.outcome.won
        if record.node:
            self.by_node[record.node] += 1
        if not self.live:
            return
        now = self.clock()
        if now - self.started < PROGRESS_AFTER:
            return
        if self.shown_at is not None and now - self.shown_at < PROGRESS_EVERY and self.done < self.total:
            return
        self.shown_at = now
        self._write(self.line(now))

    def line(self, now: float) -> str:
        elapsed = now - self.started
        left = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        minutes, seconds = divmod(round(left), 60)
        nodes = f" ({', '.join(f'{node}: {n}' for node, n in sorted(self.by_node.items()))})" if self.by_node else ""
        return f"{self.done}/{self.total} games{nodes}, {self.wins} won, about {minutes}:{seconds:02d} left"

    def _write(self, text: str) -> None:
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def clear(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


# --------------------------------------------------------------------- JSONL
class GameLog:
    """``--jsonl``: one line per game, flushed as it ends, so a killed run keeps what it played.

    A file that stops taking lines (a full disk, /dev/full) does not stop the
    run: the first failure is kept in ``failure``, nothing more is written,
    and the command says so after printing the results.
    """

    def __init__(self, stream: TextIO | None, names: list[str], path: str = "") -> None:
        self.stream, self.names, self.path = stream, names, path
        self.failure = ""

    def add(self, player: int, record: GameRecord) -> None:
        if self.stream is None or self.failure:
            return
        try:
            self.stream.write(json.dumps(game_line(self.names[player], record)) + "\n")
            self.stream.flush()
        except OSError as error:
            self._failed(error)

    def close(self) -> None:
        if self.stream is None:
            return
        try:
            self.stream.close()
        except OSError as error:
            self._failed(error)

    def _failed(self, error: OSError) -> None:
        self.failure = self.failure or f"cannot write {self.path}: {error.strerror or error}; the games above are " \
            "complete, the file is not"


def game_line(player: str, record: GameRecord) -> dict:
    line = {"player": player, "game": record.index, "outcome": record.outcome.value,
            "won": record.outcome.won, "moves": record.moves, "ms": record.ms, "wall_ms": record.wall_ms,
            "error": record.error}
    if record.luck is not None:  # the game's own factor in the luck audit (not played: none)
        line["audit"] = {"log10_factor": record.luck.factor_log10(), "log10_by_lambda": list(record.luck.log10),
                         "moves_audited": record.luck.audited, "moves_skipped": record.luck.skipped}
    return {**line, "node": record.node} if record.node else line


# ---------------------------------------------------------------------- main
def main(argv: Sequence[str] | None = None) -> int:
    forbid_memory_reads()  # first: the seed this process makes or is given must stay out of a bot's reach
    try:
        return _main(argv)
    except KeyboardInterrupt:  # before the run started or after it ended: nothing to show
        return INTERRUPTED


def _main(argv: Sequence[str] | None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse exits on --help and on bad arguments
        return stop.code if isinstance(stop.code, int) else 2
    # A console script's sys.path starts at its own bin directory; a bot in
    # the current directory should load as it would with ``python -m``
    # (the workers get this sys.path too).
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    specs = args.player or ["solver"]
    try:
        config = _config(args)
        _check_run(args)
        secret = _seed_source(args)
        caps = Caps(args.memory_limit, args.process_limit, args.file_limit)
        # On a cluster each node seals its own tables or refuses them; nothing is sealed here.
        sandbox = Sandbox(True, caps=caps) if args.executor == ExecutorChoice.RAY.value else choose(args.sandbox, caps)
        played, secret = _resume(args, specs, config, secret)
        log_file = runfiles.open_games_file(args.jsonl, args.resume) if args.jsonl else None
        if args.jsonl and not args.resume:
            runfiles.write_manifest(args.jsonl, _run_options(args, specs, config), args.seed, public=True)
    except ChallengeError as error:
        return _fail(str(error))
    except OSError as error:
        return _fail(f"cannot write {args.jsonl}: {error.strerror or error}")
    if args.seed is not None and not sandbox.sealed:
        print(f"{PROG}: warning: the run is not sealed, so a bot can read --seed from this command line "
              "and rebuild every board; leave --seed out for a secret one", file=sys.stderr)
    log = GameLog(log_file, player_names(specs), args.jsonl or "")
    try:
        with terminated_as_interrupt() as ending, chatter_to_stderr():
            result = _run(specs, config, args, log, sandbox, played, secret)
    except ChallengeError as error:
        return _fail(str(error))
    finally:
        log.close()
    result = replace(result, audit=AuditSettings(args.alpha, AuditMode(args.audit)))
    _seal_manifest(args, specs, config, result)
    print(json.dumps(result.to_dict()) if args.json else format_table(result), flush=True)
    stopped = TERMINATED if ending.received else INTERRUPTED
    if log.failure:
        print(f"{PROG}: error: {log.failure}", file=sys.stderr)
        return stopped if result.interrupted else UNWRITTEN
    if result.interrupted:
        return stopped
    return MISSING if result.missing else 0


def _run_options(args: argparse.Namespace, specs: list[str], config: ChallengeConfig) -> dict:
    """What decides a run's games, as its manifest keeps it (the seed apart: see ``runfiles``)."""
    return {"shape": config.shape.value, "size": config.size, "bombs": config.bombs, "safe_first": config.safe_first,
            "first_game": args.first_game, "games": config.games, "players": list(specs),
            "time_limit": args.time_limit, "wall_limit": args.wall_limit, "memory_limit": args.memory_limit,
            "process_limit": args.process_limit, "file_limit": args.file_limit}


def _resume(args: argparse.Namespace, specs: list[str], config: ChallengeConfig,
            secret: SecretSeed | None) -> tuple[list, SecretSeed | None]:
    """The games a resumed run has played already ([] for a fresh run), and where its secret seed is read
    (with the digest the keeper checks it against when resumed)."""
    if not args.resume:
        return [], secret
    played, note, secret = runfiles.resume(args.jsonl, _run_options(args, specs, config), args.seed,
                                           player_names(specs), secret)
    if note:
        print(f"{PROG}: {note}", file=sys.stderr)
    return played, secret


def _seal_manifest(args: argparse.Namespace, specs: list[str], config: ChallengeConfig,
                   result: TournamentReport) -> None:
    """Once a fresh run is over its seed is known and shown: the manifest keeps it (a secret one hashed)."""
    if args.jsonl and not args.resume and (result.config.seed is not None or result.seed_digest):
        try:
            runfiles.write_manifest(args.jsonl, _run_options(args, specs, config), result.config.seed,
                                    public=args.seed is not None, digest=result.seed_digest)
        except OSError as error:
            print(f"{PROG}: error: cannot write {runfiles.manifest_path(args.jsonl)}: {error.strerror or error}; "
                  "the run cannot be resumed", file=sys.stderr)


def _run(specs: list[str], config: ChallengeConfig, args: argparse.Namespace, log: GameLog,
         sandbox: Sandbox, played: list, secret: SecretSeed | None = None) -> TournamentReport:
    progress = Progress(sys.stderr, config.games * len(specs) - len(played))

    def on_record(player: int, record: GameRecord) -> None:
        log.add(player, record)
        progress.add(record)

    executor = RayTables(args.ray_address, progress.stage) if args.executor == ExecutorChoice.RAY.value else LocalTables()
    try:
        return run_tournament(specs, config, jobs=args.jobs, time_limit=args.time_limit, on_record=on_record,
                              sandbox=sandbox, wall_limit=args.wall_limit, executor=executor, secret=secret,
                              played=played, first_game=args.first_game, keep_records=False)
    finally:
        progress.clear()


def _fail(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
