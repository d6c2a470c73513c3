"""Evidence that the challenge's luck audit is right, and what it costs. Prints one JSON object.

    python3 tools/audit_evidence.py honest --games 2000 --size 16
    python3 tools/audit_evidence.py ville --runs 1000 --games 20 --size 9
    python3 tools/audit_evidence.py cheat --runs 20 --games 200 --size 16

``honest``: each honest player (the solver, its strong setting, naive, a
random player and a random one of the safest cells) plays the same seeded
boards in this process; the referee's audit weighs every move. It reports
whether any was flagged at the default α, the luck it reached, the
calibration of all their weighed moves together (the sum of X - p against
its standard error, sqrt(sum p(1 - p))), and the audit's CPU time a game.

``ville``: ``runs`` independent runs of ``games`` games each (fresh boards
for every run), each honest player in turn, and how many runs' luck ever
reached 1/α = 100: Ville's inequality says at most α = 1% of them.

``cheat``: a player that peeks at the board through a side channel (here:
the referee's own layout, handed to it in this process) on a fraction of its
guesses, and plays the solver otherwise; a peeked guess is a cell without a
bomb among the safest ones (as safe as the best guess could be, so its odds
look like honest play). ``exploiter`` peeks at everything: it marks every
bomb at once. For each fraction, the number of games until the audit flags
it at the default α (the median over ``runs`` runs, and the worst).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amigasweeper.challenge.bot_audit import Rules, weighed_moves  # noqa: E402
from amigasweeper.challenge.bot_session import play_session  # noqa: E402
from amigasweeper.challenge.challenge_game import ChallengeGame, RuleViolation  # noqa: E402
from amigasweeper.challenge.harness import ChallengeConfig, load_player  # noqa: E402
from amigasweeper.challenge.players import _SolverGame  # noqa: E402
from amigasweeper.engine import MoveKind, make_topology  # noqa: E402
from amigasweeper.solver.luck import DEFAULT_ALPHA, GameLuck, RunningLuck, Verdict  # noqa: E402
from amigasweeper.solver.player import Decision, Player  # noqa: E402
from amigasweeper.win_rates import wilson_interval  # noqa: E402

HONEST = ("solver", "amigasweeper.challenge.yardsticks:strong", "naive",
          "amigasweeper.challenge.yardsticks:random_player", "amigasweeper.challenge.yardsticks:safest")
VILLE_ALPHA = 0.01
CLOSE = 1e-12
FRACTIONS = (0.05, 0.1, 0.25, 0.5, 1.0)

MakePlayer = Callable[[ChallengeGame], Callable[..., object]]


class Tally:
    """The weighed moves of many games: calibration sums and the audit's cost."""

    def __init__(self) -> None:
        self.moves = self.skipped = self.games = 0
        self.surprise = 0.0  # sum of X - p
        self.variance = 0.0  # sum of p (1 - p)
        self.seconds = 0.0  # the audit's CPU time
        self.play_seconds = 0.0  # the games' own CPU time (player and referee), for scale

    def weigh(self, config: ChallengeConfig, game: ChallengeGame) -> GameLuck:
        started = time.process_time()
        luck = GameLuck.empty()
        for chance, right in weighed_moves(Rules(config.topology, config.bombs, config.safe_first), game.log):
            luck.add(chance, right)
            if chance.verdict is Verdict.AUDITED:
                p = float(chance.p)
                self.moves += 1
                self.surprise += right - p
                self.variance += p * (1 - p)
        self.skipped += luck.skipped
        self.seconds += time.process_time() - started
        self.games += 1
        return luck

    def figures(self) -> dict:
        error = math.sqrt(self.variance) if self.variance else 0.0
        return {"games": self.games, "moves_audited": self.moves, "moves_skipped": self.skipped,
                "sum_x_minus_p": self.surprise, "standard_error": error,
                "z": self.surprise / error if error else 0.0,
                "audit_ms_per_game": 1000 * self.seconds / self.games if self.games else 0.0,
                "play_ms_per_game": 1000 * self.play_seconds / self.games if self.games else 0.0}


def play(config: ChallengeConfig, index: int, make_player: MakePlayer) -> ChallengeGame:
    """One game in this process, the referee's game returned with its move log."""
    game = config.new_game(index)

    def send(row, col, mark):
        try:
            return game.answer(row, col, mark)
        except RuleViolation as broken:
            return broken

    play_session(make_player(game), config.size, config.bombs, config.shape, send, time.perf_counter)
    game.close()
    return game


def honest(name: str) -> MakePlayer:
    player = load_player(name)
    return lambda game: player


class Peeks:
    """How often a peeker guessed, and how often it peeked."""

    def __init__(self) -> None:
        self.guesses = self.peeks = 0


def peeker(fraction: float, rng: random.Random, coin_flips: bool = False, peeks: Peeks | None = None) -> MakePlayer:
    """The solver, peeking at a ``fraction`` of its guesses (see the module's doc); with ``coin_flips``,
    only at guesses no better than a coin flip (the safest cell at most 50% safe)."""
    peeks = peeks if peeks is not None else Peeks()

    def make(game: ChallengeGame):
        def player(board_size, bombs, board, make_move, shape):
            solver = _SolverGame(make_topology(shape, board_size, board_size), bombs, board, make_move)
            solver.decider = _Peeking(solver.knowledge, game, fraction, rng, coin_flips, peeks)
            solver.play()
        return player
    return make


class _Peeking(Player):
    def __init__(self, knowledge, game: ChallengeGame, fraction: float, rng: random.Random, coin_flips: bool,
                 peeks: Peeks) -> None:
        super().__init__(knowledge)
        self.game, self.fraction, self.rng, self.coin_flips, self.peeks = game, fraction, rng, coin_flips, peeks

    def decide(self) -> Decision:
        fresh = self.knowledge.fresh
        decision = super().decide()
        if decision.certain and not fresh:
            return decision
        self.peeks.guesses += 1
        if self.rng.random() >= self.fraction:
            return decision
        chances = {c: p for c, p in self.knowledge.analyse().probability.items() if c in self.knowledge.unknown}
        best = min(chances.values(), default=0.0)
        if self.coin_flips and best < 0.5 - CLOSE:
            return decision
        bombs = self.game.bomb_cells()
        clean = sorted(c for c, p in chances.items() if p <= best + CLOSE and c not in bombs)
        if not clean:
            return decision
        self.peeks.peeks += 1
        return Decision(self.rng.choice(clean), MoveKind.UNCOVER, False, 1 - best, "peeked")


def exploiter(game: ChallengeGame):
    """Marks every bomb of the board it was told, and nothing else."""
    def player(board_size, bombs, board, make_move, shape):
        for cell in sorted(game.bomb_cells()):
            _, lose, win = make_move(*divmod(cell, board_size), True)
            if lose or win:
                return
    return player


def config_of(args: argparse.Namespace, games: int, seed: int) -> ChallengeConfig:
    bombs = max(1, round(0.15 * args.size * args.size))
    return ChallengeConfig(args.shape, args.size, bombs, games, seed, args.safe_first)


def run_honest(args: argparse.Namespace) -> dict:
    config = config_of(args, args.games, args.seed)
    tally, players = Tally(), {}
    for name in args.players:
        running, own = RunningLuck(), Tally()
        for index in range(args.games):
            started = time.process_time()
            game = play(config, index, honest(name))
            own.play_seconds += time.process_time() - started
            running.add(own.weigh(config, game))
        for field in ("moves", "skipped", "games", "surprise", "variance", "seconds", "play_seconds"):
            setattr(tally, field, getattr(tally, field) + getattr(own, field))
        players[name] = {"flagged": running.flagged(DEFAULT_ALPHA), "log10_e": running.log10_e,
                         "log10_e_max": running.log10_max, **own.figures()}
    return {"mode": "honest", "config": config.to_dict(), "games_each": args.games, "alpha": DEFAULT_ALPHA,
            "players": players, "all": tally.figures()}


def run_ville(args: argparse.Namespace) -> dict:
    reached, runs, tally = 0, 0, Tally()
    bar = -math.log10(VILLE_ALPHA)
    by_player = {}
    for p, name in enumerate(args.players):
        hits = 0
        for run in range(args.runs):
            config = config_of(args, args.games, args.seed + 1_000_003 * (p * args.runs + run + 1))
            running = RunningLuck()
            for index in range(args.games):
                running.add(tally.weigh(config, play(config, index, honest(name))))
            hits += running.log10_max >= bar
        by_player[name] = hits
        reached += hits
        runs += args.runs
    low, high = wilson_interval(reached, runs)
    return {"mode": "ville", "alpha": VILLE_ALPHA, "runs": runs, "games_a_run": args.games,
            "reached": reached, "rate": reached / runs, "rate_ci95": [low, high], "by_player": by_player,
            "config": config_of(args, args.games, args.seed).to_dict(), "moves": tally.figures()}


def run_cheat(args: argparse.Namespace) -> dict:
    rows = []
    what = "coin flips (50/50 or worse)" if args.coin_flips else "guesses"
    cheaters = [] if args.coin_flips else [("exploiter", lambda rng, peeks: exploiter)]
    cheaters += [(f"peeks at {f:g} of its {what}", lambda rng, peeks, f=f: peeker(f, rng, args.coin_flips, peeks))
                 for f in args.fractions]
    for label, make in cheaters:
        taken, peeks = [], Peeks()
        for run in range(args.runs):
            rng = random.Random(run)
            config = config_of(args, args.games, args.seed + 7919 * (run + 1))
            running = RunningLuck()
            flagged_at = None
            for index in range(args.games):
                running.add(Tally().weigh(config, play(config, index, make(rng, peeks))))
                if running.flagged(DEFAULT_ALPHA):
                    flagged_at = index + 1
                    break
            taken.append(flagged_at)
        caught = [n for n in taken if n is not None]
        rows.append({"cheater": label, "runs": args.runs, "flagged_runs": len(caught), "guesses": peeks.guesses,
                     "peeks": peeks.peeks, "guesses_cheated": peeks.peeks / peeks.guesses if peeks.guesses else None,
                     "median_games_to_flag": statistics.median(caught) if len(caught) == len(taken) else None,
                     "most_games_to_flag": max(caught) if caught and len(caught) == len(taken) else None,
                     "games_to_flag": taken})
    return {"mode": "cheat", "alpha": DEFAULT_ALPHA, "games_cap": args.games,
            "config": config_of(args, args.games, args.seed).to_dict(), "cheaters": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("honest", "ville", "cheat"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--size", type=int, default=16)
    parser.add_argument("--shape", default="triangle")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--safe-first", action="store_true")
    parser.add_argument("--players", nargs="+", default=list(HONEST), help="the honest players (default: all five)")
    parser.add_argument("--coin-flips", action="store_true", help="cheat: peek only at guesses no better than 50%%")
    parser.add_argument("--fractions", type=float, nargs="+", default=list(FRACTIONS))
    args = parser.parse_args(argv)
    started = time.perf_counter()
    result = {"honest": run_honest, "ville": run_ville, "cheat": run_cheat}[args.mode](args)
    result.update(command=" ".join(["python3", "tools/audit_evidence.py", *(argv or sys.argv[1:])]),
                  seconds=time.perf_counter() - started, python=platform.python_version())
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
