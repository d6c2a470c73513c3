"""``--executor ray``: the tables as Ray actors on the cluster's nodes, each game one of their tasks.

Each table is a ``boot.Boot`` actor placed on a node of its own choosing
(one a processor, spread over the nodes): it checks that the node imports
exactly the files the coordinator shipped, by their SHA-256, or refuses
(see ``boot``), then is a ``TableAgent``, which seals its bots there or
refuses (see ``agent``). Every task reaching a table carries its game's key
sealed for that table by the keeper on this machine (see ``envelope``):
Ray's stores and logs see task arguments and results, so neither a seed nor
a layout ever is one. Ray's own retries are off (``max_restarts=0``,
``max_task_retries=0``): a table lost with its node is the coordinator's
business, which plays every game it held again elsewhere, from its key, and
counts each once.
"""

from __future__ import annotations

import contextlib
import pickle
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..executors import Handle, Lost, NodeReport
from ..harness import GameRecord, PlayerLoadError
from ..keeper import KeeperHandle
from ..table import LOAD_LIMIT, Setup, Task
from ..walls import Walls
from . import boot
from .agent import Refusal, Started, TableEnded
from .runtime import (
    ClusterNode,
    ClusterUnavailable,
    alive_nodes,
    connect,
    disconnect,
    driver_folders,
    manifest,
    node_alive,
    shipped,
)

WAIT_STEP = 1.0  # seconds a wait lasts at most, so Ctrl-C is heard
# Games a table is sent in one call (its records stream back one by one, as they end): one call and one
# wait a batch instead of a game is what the coordinator saves, so one core can deal to many nodes.
BATCH = 16
STOP_WAIT = 10.0  # seconds the tables get to leave politely


class _RayHandle(Handle):
    """The coordinator's side of one table actor; tasks wait here until the table has said it is ready.

    Tasks go in batches (``Boot.play_many``, a streaming generator): each
    record comes back as its game ends, in order, so the head of ``sent`` is
    always the game in play and a lost table's accounting is a game's.
    """


    def __init__(self, tables: RayTables, node: ClusterNode) -> None:
        super().__init__()
        self.tables, self.place = tables, node
        self.node = node.name
        arguments = pickle.dumps((tables.setup, tables.setup.sandbox.caps, node.cpus))
        self.actor = tables.agent.options(scheduling_strategy=tables.strategy(node.id, soft=False)).remote(
            tables.manifest, tables.driver, arguments)
        self.batch = tables.batch
        self.prefetch = 2 * self.batch  # two batches queued: the table never waits between them
        self.starting = self.actor.start.remote()
        self.unsent: list[Task] = []  # delivered since the last flush
        self.streams: deque[list] = deque()  # [generator of records, records still to come] a batch, in order
        self.public = 0  # the table's half of the key agreement, once it is ready

    def deliver(self, task: Task) -> None:
        if self.starting is None:
            self.unsent.append(task)

    def flush(self) -> None:
        if self.starting is not None or not self.unsent:
            return
        sealed = [replace(task, sealed=self.tables.keeper.seal(self.public, task.game)) for task in self.unsent]
        self.streams.append([self.actor.play_many.options(num_returns="streaming").remote(sealed), len(sealed)])
        self.unsent = []

    def next_record(self):
        """The next record's ref from the oldest batch (the batch is dropped once all have come)."""
        stream = self.streams[0]
        stream[1] -= 1
        if not stream[1]:
            self.streams.popleft()
        return next(stream[0])

    def in_play(self) -> bool:
        return self.starting is None

    def ready(self, public: int) -> None:
        self.starting, self.public = None, public
        for task in self.sent:  # what was dealt to it while it started
            self.deliver(task)
        self.flush()

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.tables.ray.kill(self.actor, no_restart=True)


@dataclass
class RayTables:
    """The executor for a Ray cluster: ``address`` joins one (``auto``, ``host:port``), None starts one here."""

    address: str | None = None
    on_stage: Callable[[str], None] | None = None  # told what the run is doing before its first game
    name: str = "ray"
    walls: Walls | None = None
    nodes: dict[str, NodeReport] = field(default_factory=dict)

    def start(self, setup: Setup, keeper: KeeperHandle, jobs: int | None, tasks: int) -> list[Handle]:
        self.setup, self.keeper, self.running = setup, keeper, False
        self.started: list[_RayHandle] = []
        files = shipped(setup.specs)
        self.manifest, self.driver = manifest(files), driver_folders(files)  # before the files leave
        self.ray = connect(self.address, setup.specs, cpus=jobs if self.address is None else None)
        self._stage("the bots' files are with the cluster")
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        self.strategy = NodeAffinitySchedulingStrategy
        # Boot travels by value: the first code a node runs for a table is the coordinator's (see ``boot``).
        self.ray.cloudpickle.register_pickle_by_value(boot)
        self.agent = self.ray.remote(num_cpus=1, max_restarts=0, max_task_retries=0)(boot.Boot)
        nodes = alive_nodes(self.ray)
        if not nodes:
            raise ClusterUnavailable("the Ray cluster has no live node with a processor for a table")
        self.room = {node.id: node.cpus for node in nodes}
        places = [node for turn in range(max(n.cpus for n in nodes)) for node in nodes if turn < node.cpus]
        count = min(jobs or len(places), len(places), tasks)
        self.batch = max(1, min(BATCH, tasks // (2 * count)))  # a short run still goes to every table
        self._stage(f"starting {count} tables on {len({n.id for n in places[:count]})} nodes")
        tables = [self._table(node) for node in places[:count]]
        deadline = time.monotonic() + 2 * LOAD_LIMIT + setup.wall
        lost = []
        while any(t.starting is not None for t in tables) and time.monotonic() < deadline:
            for table, answer in self._wait([t for t in tables if t.starting is not None], WAIT_STEP):
                if isinstance(answer, Lost):
                    tables.remove(table)
                    lost.append(answer.why)
                elif answer is not None:
                    raise PlayerLoadError(answer)
        tables = [t for t in tables if t.starting is None]
        self.running = True
        if not tables:
            why = "; ".join(lost) or f"none was ready within {2 * LOAD_LIMIT + setup.wall:g} s"
            raise ClusterUnavailable(f"no node of the cluster can take a sealed table ({why})")
        return list(tables)  # a list of Handles (a list of _RayHandles is not one to mypy)

    def _table(self, node: ClusterNode) -> _RayHandle:
        self.room[node.id] -= 1
        self.nodes.setdefault(node.name, NodeReport(node.name))
        table = _RayHandle(self, node)
        self.started.append(table)
        return table

    def wait(self, busy: list[Handle], timeout: float) -> list[tuple[Handle, GameRecord | Lost]]:
        """Answers of busy tables, once the run is under way (a player that loaded before but not at a new
        table loses that table)."""
        answers: list[tuple[Handle, GameRecord | Lost]] = []
        for table, answer in self._wait(list(map(_ray_handle, busy)), timeout):
            if isinstance(answer, str):
                answer = Lost(f"a player did not load at a new table on {table.node}: {answer}")
            answers.append((table, answer))
        return answers

    def _wait(self, busy: list[_RayHandle], timeout: float) -> list[tuple[_RayHandle, GameRecord | Lost | str]]:
        """Answers of busy tables; a table that becomes ready says nothing, or a player's load failure."""
        waiting: dict[object, tuple[_RayHandle, bool]] = {}  # ref -> (its table, whether it is the table's start)
        for table in busy:
            if table.starting is not None:
                waiting[table.starting] = (table, True)
            elif table.streams:
                waiting[table.streams[0][0]] = (table, False)
        if not waiting:
            time.sleep(min(timeout, WAIT_STEP))
            return []
        done, _ = self.ray.wait(list(waiting), num_returns=1, timeout=min(timeout, WAIT_STEP))
        if done:
            done, _ = self.ray.wait(list(waiting), num_returns=len(waiting), timeout=0)
        answers: list[tuple[_RayHandle, GameRecord | Lost | str]] = []
        for ref in done:
            table, starting = waiting[ref]
            answer = self._answer(table, ref if starting else None)
            if starting:
                answer = self._started(table, answer)
                if answer is None:
                    continue  # ready: its tasks are on their way
            else:
                if isinstance(answer, GameRecord):
                    self.nodes[table.node].games += 1
            answers.append((table, answer))
        return answers

    def _answer(self, table: _RayHandle, ref):
        """What ``ref`` holds (None: the table's next record), or Lost when its table or node is gone."""
        try:
            return self.ray.get(ref if ref is not None else table.next_record())
        except StopIteration:  # a batch that ended before all its records came: its table is not to be trusted
            return Lost(f"the table on {table.node} ended a batch of games early")
        except self.ray.exceptions.RayTaskError as error:
            cause = getattr(error, "cause", None)
            return Lost(str(cause) if isinstance(cause, TableEnded) else f"its table failed: {error}")
        except self.ray.exceptions.RayError as error:  # the actor, or its node, is gone or out of reach
            # Out of reach is a node going (Ray notices its death later): what it held is played elsewhere.
            unreachable = isinstance(error, self.ray.exceptions.ActorUnavailableError)
            if not unreachable and node_alive(self.ray, table.place.id):
                return Lost(f"the table playing this game on {table.node} was lost ({type(error).__name__}: "
                            f"{_cause(error)})")
            self.nodes[table.node].lost = True
            self.room[table.place.id] = 0
            return Lost(f"the node {table.node} left the cluster or cannot be reached", node_lost=True)

    def _started(self, table: _RayHandle, answer) -> Lost | str | None:
        """A table's first answer: None when ready, its player's load failure, or Lost (refused, or gone)."""
        if isinstance(answer, Lost):
            return answer
        report = self.nodes[table.node]
        if isinstance(answer, dict) and "refused" in answer:  # Boot's word: this node's code is not ours
            answer = Refusal(f"it would not run the coordinator's code: {answer['refused']}")
        if isinstance(answer, Refusal):
            report.refused = answer.why
            self.room[table.place.id] = 0
            table.kill()
            return Lost(f"the node {table.node} refused: {answer.why}", node_lost=True)
        assert isinstance(answer, Started)
        report.sandbox = answer.sandbox
        report.tables += 1
        report.walls = report.walls or answer.ready.walls
        self.walls = self.walls or answer.ready.walls
        if answer.ready.failure:
            return answer.ready.failure
        table.ready(answer.ready.public)
        return None

    def replace(self, lost: Handle, why: Lost) -> Handle | None:
        """Another table where there is room; never on a node whose table went silent (it may be frozen)."""
        table = _ray_handle(lost)
        table.kill()
        if why.silent:
            self.room[table.place.id] = 0
        elif not self.nodes[table.node].lost and not self.nodes[table.node].refused:
            self.room[table.place.id] += 1
        try:
            room = [node for node in alive_nodes(self.ray) if self.room.get(node.id, 0) > 0]
        except Exception:  # noqa: BLE001 - the cluster cannot be asked: no room anywhere
            room = []
        if not room:
            return None
        return self._table(max(room, key=lambda node: self.room[node.id]))

    def stop(self, tables: list[Handle], politely: bool) -> None:
        started = getattr(self, "started", [])
        try:
            if politely:
                leaving = [t.actor.stop.remote(True) for t in started]
                with contextlib.suppress(Exception):
                    self.ray.wait(leaving, num_returns=len(leaving), timeout=STOP_WAIT)
            for table in started:
                table.kill()
        finally:
            disconnect()

    def _stage(self, text: str) -> None:
        if self.on_stage is not None:
            self.on_stage(text)


def _ray_handle(table: Handle) -> _RayHandle:
    """A handle ``RayTables`` was given back: one of the tables it started (TypeError for another's)."""
    if not isinstance(table, _RayHandle):
        raise TypeError(f"not a table of this Ray cluster: {table!r}")
    return table


def _cause(error: Exception) -> str:
    """The line of Ray's message that says why an actor died."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    said = [line for line in lines if "because" in line or "Error" in line]
    return (said or lines or [""])[0][:300]
