"""A Ray run that loses a node at its end: every game is still counted, each once.

The issue's two cases, on a real local cluster with Ray's default health
checks (a node found dead only after tens of seconds): the queue has drained
and the last games are at one node's table when that node is killed, or
frozen (SIGSTOP on its raylet and every process under it). The head takes
no table (no processor), so either worker node can be the one lost.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from bot_sources import MARK_ALL

from amigasweeper.challenge import ChallengeConfig, Outcome, run_tournament
from amigasweeper.challenge.cluster import RayTables
from amigasweeper.challenge.harness import GameRecord
from amigasweeper.challenge.sandbox import Sandbox

pytest.importorskip("ray", reason="Ray is not installed (the cluster extra: python3 -m pip install -e '.[cluster]')")
pytestmark = pytest.mark.slow

WORKER = {"num_cpus": 1, "object_store_memory": 80 << 20}
BOT = "l_slow:play"
SLOW = MARK_ALL + '''
import time

def play(board_size, number_of_bombs, board, make_move):
    time.sleep(1.0)  # games long enough for the last ones to be caught at their table
    mark_all(board_size, number_of_bombs, board, make_move)
'''


@pytest.fixture(scope="module")
def cluster():
    from ray.cluster_utils import Cluster

    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    nodes = Cluster(initialize_head=True, head_node_args={"num_cpus": 0, "include_dashboard": False,
                                                          "object_store_memory": 80 << 20})
    yield nodes
    nodes.shutdown()


@pytest.fixture
def slow_bot():
    folder = Path(tempfile.mkdtemp(prefix="amigasweeper-ray-bots-"))
    folder.chmod(0o755)
    (folder / "l_slow.py").write_text(SLOW)
    (folder / "l_slow.py").chmod(0o644)
    sys.path.insert(0, str(folder))
    yield folder
    sys.path.remove(str(folder))
    shutil.rmtree(folder, ignore_errors=True)


def _two_workers(nodes) -> list:
    """Two live worker nodes of one processor (more are added when an earlier test lost one)."""
    live = [node for node in nodes.worker_nodes if not getattr(node, "_lost_by_test", False)]
    while len(live) < 2:
        live.append(nodes.add_node(**WORKER))
    nodes.wait_for_nodes()
    return live


class LoseAtTheEnd(RayTables):
    """RayTables that, once the queue has drained (every game left is at a table), does ``act`` to the node
    holding most of them (once); the other node's table then runs out of games of its own."""

    def __init__(self, address: str, total: int, workers: list, act) -> None:
        super().__init__(address)
        self.total, self.workers, self.act = total, workers, act
        self.answered, self.acted_on = 0, None

    def wait(self, busy, timeout):
        in_flight = sum(len(table.sent) for table in busy)
        if self.acted_on is None and self.running and self.answered + in_flight == self.total:
            most = max(busy, key=lambda table: len(table.sent)).place.id
            node = next(n for n in self.workers if n.node_id == most)
            self.acted_on = node
            node._lost_by_test = True
            self.act(node)
        answers = super().wait(busy, timeout)
        self.answered += sum(isinstance(answer, GameRecord) for _, answer in answers)
        return answers


def _descendants(root: int) -> list[int]:
    """``root`` and every process under it (from /proc: no psutil needed)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry)] = int(fields[1])
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        found += frontier
    return found


def _raylet(node) -> int:
    return node.all_processes["raylet"][0].process.pid


def _play(nodes, act) -> tuple:
    workers = _two_workers(nodes)
    config = ChallengeConfig(size=3, bombs=9, games=12, seed=11)
    executor = LoseAtTheEnd(nodes.address, 2 * config.games, workers, act)
    seen = []
    result = run_tournament([BOT, BOT], config, sandbox=Sandbox(True), executor=executor, time_limit=5.0,
                            on_record=lambda player, record: seen.append((player, record.index)))
    return result, seen, executor


def _every_game_once(result, seen) -> None:
    assert sorted(seen) == [(p, g) for p in range(2) for g in range(12)]  # each once, none left behind
    errors = [(r.index, r.outcome, r.error) for report in result.reports for r in report.records if r.error]
    assert not errors and all(r.outcome is Outcome.WON for report in result.reports for r in report.records)
    assert not result.missing and not result.interrupted and not result.stopped


def test_a_node_killed_after_the_queue_drained_has_its_games_played_by_the_other(cluster, slow_bot, sealed):
    result, seen, executor = _play(cluster, lambda node: cluster.remove_node(node, allow_graceful=False))
    assert executor.acted_on is not None, "the queue never drained"
    _every_game_once(result, seen)
    assert result.replayed >= 1  # the game its table was playing was begun again on the other node


def test_a_frozen_node_has_its_games_played_by_the_other(cluster, slow_bot, sealed):
    frozen = []

    def freeze(node):
        frozen.append((node, _descendants(_raylet(node))))
        for pid in frozen[-1][1]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)

    try:
        result, seen, executor = _play(cluster, freeze)
    finally:
        for node, pids in frozen:  # all killed (a stopped process dies of SIGKILL), the node off the cluster's list
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(Exception):
                cluster.remove_node(node, allow_graceful=False)
    assert executor.acted_on is not None, "the queue never drained"
    _every_game_once(result, seen)
    assert result.replayed >= 1  # the game the frozen table was playing was begun again elsewhere


def test_json_is_all_that_standard_output_holds_when_a_node_dies(cluster, slow_bot, sealed, tmp_path):
    """The command as run, joining the cluster; a node is killed mid-run (Ray then has much to say)."""
    workers = _two_workers(cluster)
    log = tmp_path / "games.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "amigasweeper.challenge.cli", "--executor", "ray", "--ray-address", cluster.address,
         "--size", "3", "--bombs", "9", "--games", "12", "--seed", "11", "--player", BOT, "--json",
         "--jsonl", str(log)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=slow_bot, start_new_session=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(slow_bot), os.environ.get("PYTHONPATH", "")])})
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and (not log.exists() or log.read_text().count("\n") < 3):
            time.sleep(0.1)
        workers[0]._lost_by_test = True
        cluster.remove_node(workers[0], allow_graceful=False)
        out, err = process.communicate(timeout=600)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 0, err[-3000:]
    data = json.loads(out)  # the whole of standard output is one JSON object
    assert data["players"][0]["games"] == 12 and data["players"][0]["wins"] == 12 and not data["missing"]
    assert sorted(line["game"] for line in map(json.loads, log.read_text().splitlines())) == list(range(12))
