"""Play a bot on many seeded boards and score it as the 2002 challenge did.

Scoring: one point per board cell for every game won, minus one point per
millisecond the player took over all games, won or lost. The clock runs from
the call into the player until it returns, so the time spent inside
``make_move`` counts too, as it did in the challenge.

A player is ``player(board_size, number_of_bombs, board, make_move)``. Players
written for other shapes than the seed's triangles may also take a keyword
``shape`` (an engine ``Shape``); the harness passes it only to players whose
signature accepts it, so a four-argument player written to the seed still runs.

A player that returns before the game is over loses it; so does one that
raises, whatever the board showed (a move after a win raises too, so a bot
must stop when ``make_move`` says ``you_win``).
"""

from __future__ import annotations

import importlib
import inspect
import math
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from amigasweeper.engine import Shape, Topology, make_topology
from amigasweeper.stats import wilson_interval

from .rules import ChallengeError, ChallengeGame, Outcome

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
    seed: int = 1
    safe_first: bool = False  # False is the seed's rule: the first move may hit a bomb

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "shape", Shape(self.shape))
        except ValueError:
            raise ChallengeError(f"unknown shape {self.shape!r}: use triangle, square or hex") from None
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

    def rng(self, index: int) -> random.Random:
        # A string seed is hashed with SHA-512 by random.Random, so game
        # ``index`` of ``seed`` is the same board on every machine and run.
        return random.Random(f"amigasweeper-challenge:{self.seed}:{index}")

    def new_game(self, index: int) -> ChallengeGame:
        return ChallengeGame(self.topology, self.bombs, self.rng(index), self.safe_first)


@dataclass(frozen=True)
class GameRecord:
    index: int
    outcome: Outcome
    moves: int
    ms: float
    error: str = ""  # "ExceptionType: message" when the player raised


@dataclass(frozen=True)
class ChallengeReport:
    config: ChallengeConfig
    player: str
    records: tuple[GameRecord, ...] = field(repr=False)

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def wins(self) -> int:
        return sum(1 for r in self.records if r.outcome.won)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def total_ms(self) -> float:
        return math.fsum(r.ms for r in self.records)

    @property
    def points(self) -> int:
        return self.wins * self.config.cells

    @property
    def score(self) -> float:
        return self.points - self.total_ms

    def outcomes(self) -> dict[str, int]:
        counted = Counter(r.outcome.value for r in self.records)
        return {o.value: counted[o.value] for o in Outcome if counted[o.value]}

    def errors(self) -> list[GameRecord]:
        return [r for r in self.records if r.error]

    def to_dict(self) -> dict:
        low, high = self.interval
        c = self.config
        return {
            "player": self.player,
            "shape": c.shape.value,
            "size": c.size,
            "bombs": c.bombs,
            "seed": c.seed,
            "safe_first": c.safe_first,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": [low, high],
            "total_ms": self.total_ms,
            "points": self.points,
            "score": self.score,
            "outcomes": self.outcomes(),
            "errors": [{"game": r.index, "error": r.error} for r in self.errors()],
        }


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


def accepts_shape(player: Player) -> bool:
    """Whether the player can be told the board shape (a ``shape`` or ``**kwargs`` parameter)."""
    try:
        parameters = inspect.signature(player).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "shape" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)


def play_game(player: Player, config: ChallengeConfig, index: int, clock: Clock = time.perf_counter) -> GameRecord:
    """One seeded game; whatever the player does, a record comes back."""
    game = config.new_game(index)
    extra = {"shape": config.shape} if accepts_shape(player) else {}
    error = ""
    start = clock()
    try:
        player(config.size, config.bombs, game.board, game.make_move, **extra)
    except (Exception, SystemExit) as raised:  # a crashing (or exiting) bot loses its game, the run goes on
        error = f"{type(raised).__name__}: {raised}"
    finally:
        elapsed = clock() - start
    game.close()
    outcome = Outcome.CRASHED if error else game.outcome
    return GameRecord(index, outcome, game.moves, elapsed * 1000.0, error)


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
