"""The tournament: several bots, the same seeded boards, every core, and a ranked table.

The coordinator (this module, in the command's own process) never plays a
game and holds no layout, nor a secret seed while bots play: it starts a
keeper (see ``keeper``), which makes the seed when none was given, then the
tables through an executor (see ``executors``): ``jobs`` table processes on
this machine, or tables on the nodes of a Ray cluster (see ``cluster``). It
hands each table its games as it needs them (see ``taskqueue``) and counts
the records into running sums (see ``tally``), so its memory stays flat in
a run's length. Game ``i`` is laid out from its key, an HMAC of
``(seed, i)``, whichever table plays it, so the results depend neither on
``jobs`` nor on the machines; only the times do, a little, as the cores
are shared. No two players ever play the same board at the same time:
every player's game ``i`` goes to the table already playing board ``i``,
if one is, so nothing one bot learns of a board can help another on it
while it plays (a bot that shares its knowledge
through some channel only ever reaches a player that has finished that board).

Ctrl-C (and SIGTERM, which the command turns into the same; see ``console``)
stops the tables (and through them the workers) and returns what was played,
marked as interrupted. A table that is lost costs nobody a game (see ``_TournamentRun``).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from .bot_audit import AuditMode, AuditSettings, luck_figures
from .challenge_game import Outcome
from .executors import Executor, Handle, LocalTables, Lost, NodeReport
from .harness import (
    BUILTIN_PLAYERS,
    ChallengeConfig,
    ChallengeReport,
    GameRecord,
    PlayerLoadError,
)
from .holding import Holder
from .keeper import KeeperHandle
from .processes import forbid_memory_reads
from .ranking import Ranking, rank
from .sandbox import Sandbox, SandboxMode, choose
from .seeds import SecretSeed, SeedKind, forget_variable
from .table import LOAD_LIMIT, Setup, Task
from .tally import PlayerTally
from .taskqueue import TaskQueue
from .walls import Walls

DEFAULT_TIME_LIMIT = 60.0  # seconds a game; the reference player needs milliseconds on a 32x32 board
FAILURES_IN_A_ROW = 3  # failed games (time-outs, dead or stopped processes) that stop a player
# Times one player's game may be begun: its first play, and one more after the table playing it was lost
# (a machine gone, a table killed or frozen from outside). A bot that keeps state learns something from a
# board it began, so each play is on a worker started for it, and the bound caps what losing a table could
# ever be worth; a game lost that many times is named as missing and the run fails (see ``missing``).
PLAYS_A_GAME = 2
STALL_GRACE = 30.0  # seconds past the longest a game can take before a silent table is given up
WAIT_STEP = 1.0  # seconds the coordinator waits for answers at a time (Ctrl-C is heard between)
NOT_PLAYED = "not played: the player had been stopped"
NODES_SEAL = "sealed on every node that played (each node's own sandbox: see nodes)"

OnRecord = Callable[[int, GameRecord], None]


@dataclass(frozen=True)
class TournamentReport:
    config: ChallengeConfig
    reports: tuple[ChallengeReport, ...]  # one per player, in the order they were given
    time_limit: float
    interrupted: bool = False
    sandbox: Sandbox | None = None  # how the workers ran (None: not said)
    stopped: dict[str, str] = field(default_factory=dict)  # player -> why it was stopped
    walls: Walls | None = None  # what held, as the first table found it (None: no table loaded)
    wall_limit: float = 0.0  # wall seconds a game
    executor: str = "local"  # "local" (--jobs on this machine) or "ray"
    nodes: tuple[NodeReport, ...] = ()  # the cluster's machines (none on one machine)
    ending: str = ""  # why the run ended early when nobody stopped it (every node lost)
    missing: tuple[tuple[str, int, str], ...] = ()  # (player, game, why) of games the run could not play
    replayed: int = 0  # games begun again after the table playing them was lost
    first_game: int = 0  # the boards are games first_game .. first_game + config.games - 1
    seed_kind: SeedKind | None = None  # public (given), fresh (made for the run) or secret (never shown)
    audit: AuditSettings = field(default_factory=AuditSettings)  # the luck audit's bound and what a flag costs
    seed_digest: str = ""  # the seed's salted digest, from the keeper ("" when no game was begun), for a run's manifest

    def flagged(self, report: ChallengeReport) -> bool:
        return self.audit.flagged(report.luck)

    def disqualified(self) -> list[ChallengeReport]:
        """The players the audit takes out of the ranking (none unless its mode is disqualify)."""
        if self.audit.mode is not AuditMode.DISQUALIFY:
            return []
        return [report for report in self.reports if self.flagged(report)]

    def ranked(self) -> list[ChallengeReport]:
        """Best first: the challenge's score, then wins; ties keep the order given. Disqualified players
        are left out."""
        order = {id(report): n for n, report in enumerate(self.reports)}
        out = {id(report) for report in self.disqualified()}
        return sorted((r for r in self.reports if id(r) not in out), key=lambda r: (-r.score, -r.wins, order[id(r)]))

    def ranking(self) -> Ranking:
        """The scores' 95% intervals, and which neighbours in the ranking these games cannot tell apart."""
        return rank(self.ranked(), self.config.cells)

    @property
    def games_played(self) -> int:
        return sum(report.games for report in self.reports)

    def to_dict(self) -> dict:
        players, ranking = [], self.ranking()
        for place, report in enumerate(self.ranked(), 1):
            players.append({"rank": place, **report.figures(), "score_ci95": list(ranking.intervals[place - 1]),
                            "same_as_next": ranking.level_with_next(place - 1),
                            "stopped": self.stopped.get(report.player, ""), **self._audit_of(report, False)})
        for report in self.disqualified():
            players.append({"rank": None, **report.figures(), "score_ci95": None, "same_as_next": False,
                            "stopped": self.stopped.get(report.player, ""), **self._audit_of(report, True)})
        sealed = self.sandbox is not None and self.sandbox.sealed
        return {
            **self.config.to_dict(),
            "games": self.config.games,
            "time_limit": self.time_limit,
            "wall_limit": self.wall_limit,
            "interrupted": self.interrupted,
            "sealed": sealed,
            "sandbox": NODES_SEAL if self.nodes else self.sandbox.describe() if self.sandbox is not None else "",
            "walls": self.walls.to_dict() if self.walls is not None else {},
            "executor": self.executor,
            "nodes": [node.to_dict() for node in self.nodes],
            "ending": self.ending,
            "seed_kind": self.seed_kind.value if self.seed_kind is not None else "",
            "missing": [{"player": player, "game": game, "why": why} for player, game, why in self.missing],
            "replayed": self.replayed,
            "first_game": self.first_game,
            "bootstrap": {"resamples": ranking.resamples, "boards": ranking.boards},
            "audit": self.audit.to_dict(),
            "players": players,
        }

    def _audit_of(self, report: ChallengeReport, disqualified: bool) -> dict:
        return {"audit": luck_figures(report.luck, self.audit.alpha), "disqualified": disqualified}


def player_names(specs: Sequence[str]) -> list[str]:
    """How each player is shown: as given, numbered when the same one is given twice."""
    names: list[str] = []
    seen: dict[str, int] = {}
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec} #{seen[spec]}")
    return names


def run_tournament(
    specs: Sequence[str],
    config: ChallengeConfig,
    jobs: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    on_record: OnRecord | None = None,
    sandbox: Sandbox | None = None,
    wall_limit: float = 0.0,
    executor: Executor | None = None,
    secret: SecretSeed | None = None,
    played: Sequence[tuple[int, GameRecord]] = (),
    first_game: int = 0,
    keep_records: bool = True,
) -> TournamentReport:
    """Play ``config.games`` boards with each player (a ``module:function`` or a built-in name).

    ``config.seed`` None plays a fresh secret series, its seed in the report.
    ``on_record(player, record)`` is called as each game ends, in the order
    games end. ``sandbox`` is how workers run (default: ``sandbox.choose("auto")``).
    ``time_limit`` is CPU seconds a game; ``wall_limit`` wall seconds (0: see
    ``table.default_wall_limit``). ``executor`` places the tables (default:
    ``LocalTables``, ``jobs`` of them here; ``cluster.RayTables`` on a cluster).
    ``secret``: where the keeper reads the seed when ``config.seed`` is None
    (never shown: the report's seed stays None; see ``seeds``).

    The boards are games ``first_game`` to ``first_game + config.games - 1``
    (a long series can be cut into ranges). ``played`` are (player, record) of
    games already played (a run resumed): they are counted and not played again.
    The report keeps running sums (see ``tally``), and the games are made as
    tables need them (see ``taskqueue``), so with ``keep_records`` False
    (the command's) a run's memory does not grow with its length; True keeps
    every record in the reports too, for tests and tools that look at each game.
    Raises ``PlayerLoadError`` when a player does not load (no game is played
    then). This process becomes non-dumpable: it starts the tables.
    """
    forbid_memory_reads()
    if not specs:
        raise PlayerLoadError("name at least one player")
    for spec in specs:
        _check_spec(spec)
    sandbox = sandbox if sandbox is not None else choose(SandboxMode.AUTO)
    games = range(first_game, first_game + config.games)
    tallies: list[PlayerTally[GameRecord]] = [PlayerTally(config.cells, first_game, keep_records, keep_path=keep_records)
                                              for _ in specs]
    for player, record in played:
        if record.index in games and not tallies[player].has(record.index):
            tallies[player].add(record)
    left = config.games * len(specs) - sum(tally.games for tally in tallies)
    tasks = TaskQueue(games, len(specs), lambda player, game: tallies[player].has(game))
    names = player_names(specs)
    setup = Setup(config, time_limit, list(specs), sandbox, wall_limit)
    run = _TournamentRun(setup, jobs, names, executor or LocalTables(), secret,
               on_missing=lambda player, game: tallies[player].skip(game))
    interrupted = False
    kind = SeedKind.PUBLIC if config.seed is not None else SeedKind.SECRET if secret is not None else SeedKind.FRESH
    try:
        holder = Holder()
        with holder.wrapping(), _no_second_interrupt_during(run):
            if left:  # a resumed run may have nothing left to play
                run.start(left)
            elif secret is not None:  # but its secret seed is still checked, by the keeper
                run.check_secret()
            for player, record in run.play(tasks):
                if tallies[player].has(record.index):  # a game can be counted only once, whatever happened
                    continue
                with holder.held():  # counted and written, or neither (see ``holding``)
                    tallies[player].add(record)
                    if on_record is not None:
                        on_record(player, record)
    except KeyboardInterrupt:
        interrupted = True
    except TablesLost as lost:
        interrupted, run.ending = True, str(lost)
        run.give_up(tasks, str(lost))
    config = replace(config, seed=run.seed)  # the games are over: now the seed may be shown
    for tally in tallies:
        tally.finish()
    reports = tuple(ChallengeReport(config, name, tuple(sorted(tally.records or (), key=lambda r: r.index)), tally)
                    for name, tally in zip(names, tallies, strict=True))
    nodes = tuple(run.executor.nodes.values())
    missing = tuple((names[player], game, why) for (player, game), why in sorted(run.missing.items()))
    return TournamentReport(config, reports, time_limit, interrupted, sandbox, dict(run.stopped),
                            run.executor.walls, setup.wall, run.executor.name, nodes, run.ending,
                            seed_kind=kind, missing=missing, replayed=run.replayed, first_game=first_game,
                            seed_digest=run.digest)


class TablesLost(Exception):
    """No table is left, and no machine has room for another: the run ends with what was played."""


def _check_spec(spec: str) -> None:
    """Refuse a malformed player name here; whether it imports is learned in a worker."""
    path = BUILTIN_PLAYERS.get(spec, spec)
    module, colon, attribute = path.partition(":")
    if not (colon and module and attribute):
        names = ", ".join(BUILTIN_PLAYERS)
        raise PlayerLoadError(f"a player is named module:function (or one of {names}), not {spec!r}")


@contextlib.contextmanager
def _no_second_interrupt_during(run: _TournamentRun) -> Iterator[None]:
    """Whatever ends the run (its end, Ctrl-C or SIGTERM, an error), stop the tables with both held off."""
    try:
        yield
    finally:
        main = threading.current_thread() is threading.main_thread()
        signals = [number for number in (signal.SIGINT, getattr(signal, "SIGTERM", None)) if number is not None]
        previous = {number: signal.signal(number, signal.SIG_IGN) for number in signals} if main else {}
        try:
            run.stop()
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)


class _TournamentRun:
    """The tables of one run, the tasks in flight, and the players' failures.

    A failed game (a time-out, a worker that died or broke the protocol)
    costs its player that game. A table that is lost (it died, went silent,
    or its machine went) costs nobody anything: it is replaced where there
    is room, and every task it held goes back to the queue, for any live
    table to take; the game it was playing goes first, marked to be played
    on a worker started for it, at most ``PLAYS_A_GAME`` times in all, then
    it is ``missing``. The run goes on while anything is queued or in
    flight, so nothing returned is left behind. After ``FAILURES_IN_A_ROW``
    failed games a player is stopped: its remaining games are lost without
    being played. Other players are not touched.
    """

    def __init__(self, setup: Setup, jobs: int | None, names: list[str], executor: Executor | None = None,
                 secret: SecretSeed | None = None, on_missing: Callable[[int, int], None] | None = None) -> None:
        self.setup: Setup | None = setup  # None once the keeper holds it (see ``start``)
        self.jobs, self.names, self.secret = jobs, names, secret
        self.on_missing = on_missing or (lambda player, game: None)  # told of each game named missing
        self.executor = executor or LocalTables()
        self.seed = setup.config.seed  # the given seed; a fresh one is learned from the keeper at the end
        self.digest = ""  # its salted digest, from the keeper at the end (a secret seed's is all this process learns)
        self.keeper: KeeperHandle | None = None
        self.tables: list[Handle] = []
        self.finished = False
        self.ending = ""
        self.failures = [0] * len(setup.specs)
        self.boards: Counter[int] = Counter()  # game -> tasks of that board at some table
        self.plays: dict[tuple[int, int], int] = {}  # (player, game) -> times begun at a table since lost
        self.missing: dict[tuple[int, int], str] = {}  # (player, game) -> why it was not played
        self.replayed = 0
        self.stopped: dict[str, str] = {}
        # The longest a table may stay silent over one game: loading a worker, the game, stopping it.
        self.stall_limit = max(LOAD_LIMIT, setup.wall) + setup.wall + STALL_GRACE

    def start(self, tasks: int) -> None:
        """Start the keeper, then every table, and wait until each has loaded every player."""
        setup = self.setup
        assert setup is not None  # a run starts once, and only this lets go of its setup
        self.keeper = KeeperHandle(setup, self.secret)
        forget_variable()  # the keeper has its copy: nothing started from here on (tables, Ray) inherits it
        public = replace(setup, config=replace(setup.config, seed=None))  # what the tables may be told
        self.setup = None  # the keeper holds it now
        self.tables = self.executor.start(public, self.keeper, self.jobs, tasks)

    def check_secret(self) -> None:
        """Have the keeper read the secret seed (and check it against a resumed run's digest), no table."""
        self.keeper = KeeperHandle(self.setup, self.secret)
        forget_variable()

    def play(self, tasks: TaskQueue) -> Iterator[tuple[int, GameRecord]]:
        """Hand out the tasks and yield (player, record) as games end."""
        for table in self.tables:
            self._feed(table, tasks)
        while tasks or any(table.sent for table in self.tables):
            busy = [table for table in self.tables if table.sent]
            if not busy:  # tasks left that no table would take: cannot be, yet never spin on it
                raise TablesLost("the tables left would take none of the games still queued")
            timeout = max(0.0, min(table.since for table in busy) + self.stall_limit - time.monotonic())
            answers = self.executor.wait(busy, min(timeout, WAIT_STEP))
            for table, answer in answers:
                if isinstance(answer, Lost):
                    self._lose_table(table, tasks, answer)
                    continue
                task = table.finished_one()
                self._off_table(task)
                yield from self._count(task.player, replace(answer, node=table.node) if table.node else answer, tasks)
                for idle in [table, *self.tables]:  # a board this one freed may be what another waited for
                    self._feed(idle, tasks)
            if not answers:
                for table in [t for t in busy if time.monotonic() - t.since >= self.stall_limit]:
                    why = f"the table playing this game stopped answering for {self.stall_limit:g} s"
                    self._lose_table(table, tasks, Lost(why, silent=True))
        self.finished = True

    def _count(self, player: int, record: GameRecord, tasks: TaskQueue) -> Iterator[tuple[int, GameRecord]]:
        """Yield the record; stop the player (and yield its lost games) after too many failures in a row."""
        yield player, record
        self.failures[player] = self.failures[player] + 1 if record.failed else 0
        name = self.names[player]
        if self.failures[player] < FAILURES_IN_A_ROW or name in self.stopped:
            return
        count, left = tasks.stop_player(player)
        self.stopped[name] = (f"stopped after {FAILURES_IN_A_ROW} failed games in a row, the last: {record.error}; "
                              f"its {count} games not yet played count as lost")
        for game in left:  # one at a time, as games end: a hundred million of them take no memory
            yield player, GameRecord(game, Outcome.CRASHED, 0, 0.0, NOT_PLAYED)

    def _feed(self, table: Handle, tasks: TaskQueue) -> None:
        """Queue tasks at ``table``, a batch at a time: each the first whose board no other table is
        playing or has queued."""
        if not tasks or table.prefetch - len(table.sent) < table.batch:
            return  # (so a table that takes batches is dealt whole ones)
        own = Counter(task.game for task in table.sent)
        while len(table.sent) < table.prefetch:
            task = tasks.take(lambda task: self.boards[task.game] == own[task.game])
            if task is None:
                break  # every board left is at another table: this one waits for it to free one
            own[task.game] += 1
            self.boards[task.game] += 1
            table.send(task)
        table.flush()

    def _off_table(self, task: Task) -> None:
        self.boards[task.game] -= 1
        if not self.boards[task.game]:
            del self.boards[task.game]

    def _lose_table(self, table: Handle, tasks: TaskQueue, lost: Lost) -> None:
        """A table died, went silent or left with its machine: every task it held goes back to the queue,
        first, for any live table; the one it was playing is begun again on a fresh worker, within
        ``PLAYS_A_GAME`` (see ``_again``). Nobody's game is lost for it."""
        held = list(table.sent)
        table.sent.clear()
        for task in held:
            self._off_table(task)
        returned: list[Task | None] = list(held)
        if held and table.in_play():
            returned[0] = self._again(held[0], lost.why)
        tasks.hand_back([task for task in returned if task is not None])
        place = self.tables.index(table)
        fresh = self.executor.replace(table, lost)
        if fresh is None:
            self.tables.pop(place)
        else:
            self.tables[place] = fresh
        if not self.tables:
            raise TablesLost(f"every table was lost and no machine has room for another ({lost.why})")
        for idle in self.tables:
            self._feed(idle, tasks)

    def _again(self, task: Task, why: str) -> Task | None:
        """The game a lost table was playing, to be begun again on a fresh worker (None: missing)."""
        key = (task.player, task.game)
        self.plays[key] = self.plays.get(key, 1) + 1
        if self.plays[key] > PLAYS_A_GAME:
            self.missing[key] = f"begun {PLAYS_A_GAME} times, each time at a table that was lost; the last: {why}"
            self.on_missing(*key)
            return None
        self.replayed += 1
        return replace(task, fresh=True, sealed=None)

    def give_up(self, tasks: TaskQueue, why: str) -> None:
        """The games still queued when the run could go no further: named as missing."""
        for task in tasks.drain():
            self.missing.setdefault((task.player, task.game), why)
            self.on_missing(task.player, task.game)

    def stop(self) -> None:
        self.executor.stop(self.tables, politely=self.finished)
        self.tables = []
        if self.keeper is not None:
            if self.seed is None:
                self.seed = self.keeper.seed()
            self.digest = self.keeper.digest()
            self.keeper.stop()
            self.keeper = None
