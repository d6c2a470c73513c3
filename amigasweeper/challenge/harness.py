"""Play a bot on many seeded boards and score it as the 2002 challenge did.

Scoring: one point per board cell for every game won, minus one point per
millisecond the player took over all games, won or lost. In a tournament
the time is what the referee measures while it waits for the bot: from each
message it writes to the bot's worker until the bot's next one arrives, the
pipe's delivery included (as the 2002 challenge counted the callback), never
a figure the bot reports. In this module's in-process runs (trusted players
only) the clock runs while the player runs and stops while a move is at the
referee.

A player is ``player(board_size, number_of_bombs, board, make_move)``. Players
written for other shapes than the seed's triangles may also take a keyword
``shape`` (an engine ``Shape``); the harness passes it only to players whose
signature accepts it, so a four-argument player written to the seed still runs.

A player that returns before the game is over loses it; so does one that
raises, whatever the board showed, and one that breaks a rule (a
``RuleViolation``: a move after the end, off the board or on a known cell),
even if it catches the error and plays on. A bot must stop when
``make_move`` says ``you_win``.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from amigasweeper.engine import Shape, Topology, make_topology
from amigasweeper.engine.topology import UnknownShape
from amigasweeper.solver.luck import GameLuck, RunningLuck
from amigasweeper.win_rates import wilson_interval

from .bot_audit import Rules, audit_game
from .bot_session import Answer, accepts_shape, play_session
from .challenge_game import ChallengeError, ChallengeGame, Outcome, RuleViolation
from .envelope import game_key
from .tally import PlayerTally

Player = Callable[..., object]
Clock = Callable[[], float]

MAX_SIZE = 256  # rows (and cells per row); bigger boards only measure patience
BUILTIN_PLAYERS = {
    "solver": "amigasweeper.challenge.players:solver",
    "naive": "amigasweeper.challenge.players:naive",
}


class PlayerLoadError(ChallengeError):
    """A player path that does not name a callable."""


@dataclass(frozen=True)
class ChallengeConfig:
    """Which boards to play: the same config and seed always give the same boards."""

    shape: Shape = Shape.TRIANGLE
    size: int = 20
    bombs: int = 60
    games: int = 100
    seed: int | None = 1  # None: a fresh secret one, made where the boards are (see ``keeper``)
    safe_first: bool = False  # False is the seed's rule: the first move may hit a bomb

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "shape", Shape.saved(self.shape))
        except ValueError:
            names = ", ".join(shape.value for shape in Shape)
            raise ChallengeError(f"unknown shape {self.shape!r}: use one of {names}") from None
        try:
            make_topology(self.shape, 1, 1)  # a shape the engine has no neighbours for is refused here, by name
        except UnknownShape as error:
            raise ChallengeError(str(error)) from None
        if not 1 <= self.size <= MAX_SIZE:
            raise ChallengeError(f"the board size must be 1..{MAX_SIZE}, not {self.size}")
        room = self.cells - self.safe_first
        if not 1 <= self.bombs <= room:
            where = " besides the safe first cell" if self.safe_first else ""
            raise ChallengeError(
                f"{self.bombs} bombs do not fit: a {self.size}x{self.size} board has room for 1..{room}{where}")
        if self.games < 1:
            raise ChallengeError(f"play at least one game, not {self.games}")

    @property
    def cells(self) -> int:
        return self.size * self.size

    @property
    def topology(self) -> Topology:
        return make_topology(self.shape, self.size, self.size)

    def rng(self, index: int, key: bytes | None = None) -> random.Random:
        """Game ``index``'s random numbers, from its key (see ``envelope.game_key``), made from the seed
        unless given (a table on a cluster node holds keys, never the seed). Bytes are hashed with
        SHA-512 by random.Random, so a game is the same board on every machine and run."""
        if key is None:
            if self.seed is None:  # a secret seed is made by the run's keeper; a table holds keys instead
                raise ChallengeError(f"game {index} has neither a key nor a seed to lay its board out from")
            key = game_key(self.seed, index)
        return random.Random(key)

    def new_game(self, index: int, key: bytes | None = None) -> ChallengeGame:
        return ChallengeGame(self.topology, self.bombs, self.rng(index, key), self.safe_first)

    def to_dict(self) -> dict:
        """The boards, as the JSON output names them."""
        return {"shape": self.shape.value, "size": self.size, "bombs": self.bombs, "seed": self.seed,
                "safe_first": self.safe_first}


@dataclass(frozen=True)
class GameRecord:
    index: int
    outcome: Outcome
    moves: int
    ms: float
    error: str = ""  # the rule broken, the last line of what the player raised, or why it was stopped
    stopped: bool = False  # the referee had to stop the bot's process (or lost its table): a failure
    node: str = ""  # the cluster node whose table played it ("" on one machine)
    wall_ms: float = 0.0  # wall time the game took at its table, a bot's loading and waiting included
    luck: GameLuck | None = None  # the luck audit of its moves (None: not played, so not audited)

    @property
    def failed(self) -> bool:
        """A game the bot's process did not finish properly: repeated, they stop the player."""
        return self.stopped or self.outcome is Outcome.TIMED_OUT


@dataclass(frozen=True)
class ChallengeReport:
    """A player's results. They are read from ``tally``, running sums (see ``tally``); ``records`` holds every
    game only when it was asked to keep them (tests, tools that look at each game; a long run keeps none).
    Made from records alone, the tally is made from them."""

    config: ChallengeConfig
    player: str
    records: tuple[GameRecord, ...] = field(default=(), repr=False)
    tally: PlayerTally[GameRecord] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.tally is None:
            ordered = sorted(self.records, key=lambda r: r.index)
            tally: PlayerTally[GameRecord] = PlayerTally(self.config.cells, ordered[0].index if ordered else 0, keep_path=True)
            for record in ordered:
                tally.add(record)
            tally.finish()
            object.__setattr__(self, "tally", tally)

    @property
    def sums(self) -> PlayerTally[GameRecord]:
        """``tally``, which ``__post_init__`` always sets (given, or made from the records)."""
        assert self.tally is not None
        return self.tally

    @property
    def games(self) -> int:
        return self.sums.games

    @property
    def wins(self) -> int:
        return self.sums.wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def total_ms(self) -> float:
        return self.sums.ms.value

    @property
    def mean_ms(self) -> float:
        return self.total_ms / self.games if self.games else 0.0

    @property
    def points(self) -> int:
        return self.wins * self.config.cells

    @property
    def score(self) -> float:
        return self.points - self.total_ms

    @property
    def luck(self) -> RunningLuck:
        """The luck audit of every game played, chained in game-number order (see ``audit``, ``tally``)."""
        return self.sums.luck

    def count(self, outcome: Outcome) -> int:
        return self.sums.outcomes[outcome]

    def outcomes(self) -> dict[str, int]:
        return {o.value: self.sums.outcomes[o] for o in Outcome if self.sums.outcomes[o]}

    def errors(self) -> list[GameRecord]:
        """The games with something to say (a broken rule, an exception, a time-out): the first
        ``tally.PROBLEMS_KEPT`` by game number; ``problem_count`` says how many there were."""
        return self.sums.problems()

    @property
    def problem_count(self) -> int:
        return self.sums.problem_count

    def figures(self) -> dict:
        """The player's results (the part of the JSON that is about the player, not the boards)."""
        low, high = self.interval
        return {
            "player": self.player,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": [low, high],
            "points": self.points,
            "total_ms": self.total_ms,
            "total_wall_ms": self.sums.wall_ms.value,  # its idling is bounded and counted
            "mean_ms": self.mean_ms,
            "score": self.score,
            "rule_violations": self.count(Outcome.RULE_VIOLATION),
            "timeouts": self.count(Outcome.TIMED_OUT),
            "errors": self.count(Outcome.CRASHED),
            "outcomes": self.outcomes(),
            "problems": [{"game": r.index, "outcome": r.outcome.value, "error": r.error} for r in self.errors()],
            "problems_total": self.problem_count,  # "problems" lists the first PROBLEMS_KEPT of them
        }

    def to_dict(self) -> dict:
        return {**self.config.to_dict(), **self.figures()}


def load_player(path: str) -> Player:
    """The callable named by ``package.module:function`` (or a built-in name: solver, naive)."""
    path = BUILTIN_PLAYERS.get(path, path)
    module_name, colon, attribute = path.partition(":")
    if not colon or not module_name or not attribute:
        names = ", ".join(BUILTIN_PLAYERS)
        raise PlayerLoadError(f"a player is named module:function (or one of {names}), not {path!r}")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # a broken bot module may raise anything while importing
        raise PlayerLoadError(f"cannot import {module_name!r}: {type(error).__name__}: {error}") from None
    found: object = module
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise PlayerLoadError(f"{module_name!r} has no {attribute!r}") from None
    if not callable(found):
        raise PlayerLoadError(f"{path!r} is a {type(found).__name__}, not a function")
    return found


def finish_record(index: int, game: ChallengeGame, seconds: float, error: str) -> GameRecord:
    """The record of a game the player has handed back, ``error`` what it raised ("" if nothing).

    A broken rule decides the game whatever the player did next; then an
    exception; otherwise the board (an open game is unfinished).
    """
    game.close()
    if game.outcome is Outcome.RULE_VIOLATION:
        outcome, error = Outcome.RULE_VIOLATION, game.violation
    elif error:
        outcome = Outcome.CRASHED
    else:
        outcome = game.outcome
    return GameRecord(index, outcome, game.moves, seconds * 1000.0, error)


def audited(record: GameRecord, game: ChallengeGame, config: ChallengeConfig) -> GameRecord:
    """The record with the luck audit of the game's moves (see ``audit``), made by the referee after the game."""
    return replace(record, luck=audit_game(Rules(config.topology, config.bombs, config.safe_first), game.log))


def play_game(player: Player, config: ChallengeConfig, index: int, clock: Clock = time.perf_counter) -> GameRecord:
    """One seeded game in this process; whatever the player does, a record comes back.

    For trusted players only (tests, measuring the cost of isolation): the
    player shares this process with the layout. ``amigasweeper-challenge``
    runs every bot in a worker process of its own (see ``tournament``).
    """
    game = config.new_game(index)

    def send(row: object, col: object, mark: bool) -> Answer | RuleViolation:
        try:
            return game.answer(row, col, mark)
        except RuleViolation as broken:
            return broken

    shape = config.shape if accepts_shape(player) else None
    result = play_session(player, config.size, config.bombs, shape, send, clock)
    return audited(finish_record(index, game, result.seconds, result.error), game, config)


def run_challenge(
    player: Player,
    config: ChallengeConfig,
    name: str | None = None,
    clock: Clock = time.perf_counter,
) -> ChallengeReport:
    """Play ``config.games`` games, game ``i`` on the board seeded by (config.seed, i)."""
    records = [play_game(player, config, index, clock) for index in range(config.games)]
    label = name or f"{getattr(player, '__module__', '?')}:{getattr(player, '__qualname__', repr(player))}"
    return ChallengeReport(config, label, tuple(records))
