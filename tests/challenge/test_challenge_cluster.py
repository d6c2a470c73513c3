"""The tournament on a real Ray cluster: two local nodes of one processor each, started once for the file.

``ray.cluster_utils.Cluster`` runs a head and a second node on this machine
(each a raylet and its workers, no dashboard, an object store of 80 MB;
about 1.3 GB of memory a node with its table). The runs are small: what is
tested is that the cluster changes nothing but where games are played.
Skipped, saying why, where Ray (the cluster extra) is not installed.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
from bot_sources import MARK_ALL

from amigasweeper.challenge import ChallengeConfig, Outcome, run_tournament
from amigasweeper.challenge.cli import GameLog, main
from amigasweeper.challenge.cluster import RayTables
from amigasweeper.challenge.envelope import game_key
from amigasweeper.challenge.sandbox import Sandbox
from amigasweeper.challenge.table import Setup, Task
from amigasweeper.challenge.tournament import player_names

pytest.importorskip("ray", reason="Ray is not installed (the cluster extra: python3 -m pip install -e '.[cluster]')")
pytestmark = pytest.mark.slow

NODE = {"num_cpus": 1, "include_dashboard": False, "object_store_memory": 80 << 20}
# Found dead within seconds (Ray's default takes about half a minute on a loaded machine).
HEALTH = {"health_check_period_ms": 1000, "health_check_failure_threshold": 5}

SOLVER_BOT = '''
from amigasweeper.challenge.players import solver

def play(board_size, number_of_bombs, board, make_move, shape="triangle"):
    """The reference player, shipped as a bot of its own (the test deletes this file before tables start)."""
    solver(board_size, number_of_bombs, board, make_move, shape=shape)
'''

SLOW = MARK_ALL + '''
import time

def play(board_size, number_of_bombs, board, make_move):
    time.sleep(0.3)  # games long enough for a node to be lost while it holds some
    mark_all(board_size, number_of_bombs, board, make_move)
'''

# What a bot on a cluster node might try: reach the cluster, read Ray's session files, the seed upstream.
RAY_PROBE = MARK_ALL + '''
import glob, os, socket

def attacks():
    worked = []
    # Ray's session folders (logs, ports), the address of the cluster, and its token wherever a home may be.
    secrets = glob.glob("/tmp/ray/session_*/logs") + glob.glob("/tmp/ray/session_latest") \
        + glob.glob("/tmp/ray/ray_current_cluster") + glob.glob("/root/.ray/auth_token") \
        + glob.glob("/home/*/.ray/auth_token") + glob.glob(os.path.expanduser("~/.ray/auth_token"))
    worked += [f"saw {path}" for path in secrets]
    for host, port in ADDRESSES:
        try:
            socket.create_connection((host, port), timeout=2).close()
            worked.append(f"reached {host}:{port}")
        except OSError:
            pass
    try:
        import ray
        ray.init(address="auto")
        worked.append("joined the cluster")
    except Exception:
        pass
    return worked

def play(board_size, number_of_bombs, board, make_move):
    worked = attacks()
    if worked:
        raise LookupError("; ".join(worked))
    mark_all(board_size, number_of_bombs, board, make_move)
'''


@pytest.fixture(scope="module")
def cluster():
    from ray.cluster_utils import Cluster

    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    nodes = Cluster(initialize_head=True, head_node_args={**NODE, "_system_config": HEALTH})
    second = nodes.add_node(**NODE)
    nodes.wait_for_nodes()
    yield nodes, second
    nodes.shutdown()


@pytest.fixture
def ray_bots():
    """A folder for bot modules, readable by all (the workers run as nobody under root), on sys.path."""
    import sys

    folder = Path(tempfile.mkdtemp(prefix="amigasweeper-ray-bots-"))
    folder.chmod(0o755)
    sys.path.insert(0, str(folder))

    def write(name: str, source: str) -> Path:
        path = folder / f"{name}.py"
        path.write_text(source)
        path.chmod(0o644)
        return path

    yield write
    sys.path.remove(str(folder))
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def ray_arguments(monkeypatch) -> list:
    """Every argument this process gives Ray for an actor or one of its tasks (what Ray stores and may log)."""
    from ray import actor

    seen = []
    for owner in (actor.ActorClass, actor.ActorMethod):
        def spy(self, args=None, kwargs=None, *more, _remote=owner._remote, **options):
            seen.extend([*(args or ()), *(kwargs or {}).values()])
            return _remote(self, args, kwargs, *more, **options)

        monkeypatch.setattr(owner, "_remote", spy)
    return seen


def _games(lines: list[dict]) -> list[tuple]:
    return sorted((g["player"], g["game"], g["outcome"], g["moves"], g["error"]) for g in lines)


def _without_times(data: dict) -> dict:
    for player in data["players"]:
        for key in ("total_ms", "total_wall_ms", "mean_ms", "score", "rank", "score_ci95", "same_as_next"):
            player.pop(key)
    for key in ("walls", "sandbox", "executor", "nodes", "bootstrap"):
        data.pop(key)
    data["players"].sort(key=lambda p: p["player"])
    return data


def test_ray_plays_every_game_as_two_local_jobs_do_with_the_bot_shipped_by_ray(cluster, ray_bots, tmp_path, capsys,
                                                                               sealed, ray_arguments):
    nodes, _ = cluster
    source = ray_bots("c_solver", SOLVER_BOT)
    argv = ["--size", "8", "--bombs", "10", "--games", "8", "--seed", "11", "--player", "c_solver:play",
            "--player", "naive"]
    log = tmp_path / "local.jsonl"
    assert main([*argv, "--jobs", "2", "--json", "--jsonl", str(log)]) == 0
    local = json.loads(capsys.readouterr().out)
    local_games = [json.loads(line) for line in log.read_text().splitlines()]

    gone = []

    def ship_then_delete(stage: str) -> None:  # the coordinator has sent the files: the nodes lose their view
        if "files are with the cluster" in stage and source.exists():
            source.unlink()
            gone.append(stage)

    lines = io.StringIO()
    game_log = GameLog(lines, player_names(["c_solver:play", "naive"]))
    config = ChallengeConfig("triangle", 8, 10, 8, 11)
    result = run_tournament(["c_solver:play", "naive"], config, on_record=game_log.add, sandbox=Sandbox(True),
                            executor=RayTables(nodes.address, ship_then_delete))
    assert gone and not source.exists()
    ray_games = [json.loads(line) for line in lines.getvalue().splitlines()]
    assert _games(ray_games) == _games(local_games)  # game by game: outcome, moves and what was said
    assert len(ray_games) == 16 and all(g["node"] for g in ray_games)
    assert _without_times(result.to_dict()) == _without_times(local)
    data = result.to_dict()
    assert data["executor"] == "ray" and data["sealed"] is True
    assert len(data["nodes"]) == 2 and all(n["sealed"] and n["games"] > 0 for n in data["nodes"]), data["nodes"]
    assert sum(n["games"] for n in data["nodes"]) == 16
    # Nothing Ray was handed holds the seed or a game's key: tables got a setup without a seed, envelopes.
    assert ray_arguments, "the spy saw no Ray call"
    handed = pickle.dumps(ray_arguments)
    assert not any(game_key(11, game) in handed for game in range(8))
    unpacked = [item for a in ray_arguments if isinstance(a, bytes) for item in pickle.loads(a)]  # Boot's
    setups = [a for a in unpacked if isinstance(a, Setup)]
    tasks = [t for a in ray_arguments for t in (a if isinstance(a, list) else [a]) if isinstance(t, Task)]  # batches
    assert setups and all(setup.config.seed is None for setup in setups)
    assert len(tasks) >= 16 and all(task.sealed is not None for task in tasks)


def test_a_hostile_bot_on_a_cluster_node_is_still_sealed(cluster, ray_bots, sealed):
    nodes, _ = cluster
    host, port = nodes.address.split(":")
    ray_bots("c_probe", f"ADDRESSES = [({host!r}, {int(port)})]\n" + RAY_PROBE)
    config = ChallengeConfig(size=3, bombs=9, games=4, seed=None)  # marking every cell wins
    result = run_tournament(["c_probe:play"], config, sandbox=Sandbox(True), executor=RayTables(nodes.address))
    records = result.reports[0].records
    assert [(r.outcome, r.error) for r in records] == [(Outcome.WON, "")] * 4
    assert all(node.sandbox.startswith("sealed") for node in result.nodes)


def test_the_sandbox_tests_hostile_bots_find_every_wall_on_a_cluster_node(cluster, ray_bots, sealed):
    """The walls' own attacks (locks and watches, namespaces, the operator's environment), now on a node."""
    from test_challenge_walls import ATTACK_PLAYERS, ATTACKS

    nodes, _ = cluster
    ray_bots("h_attacks", ATTACKS)
    config = ChallengeConfig(size=3, bombs=9, games=2, seed=5)  # marking every cell wins
    result = run_tournament(ATTACK_PLAYERS, config, sandbox=Sandbox(True), executor=RayTables(nodes.address))
    assert {r.player: [x.error for x in r.records if x.error] for r in result.reports} == {p: [] for p in ATTACK_PLAYERS}
    assert all(r.outcome is Outcome.WON for report in result.reports for r in report.records)
    assert all(node.sandbox.startswith("sealed") for node in result.nodes if node.games)
    if sealed.filtered:  # the nodes are this machine: they filter as it does
        assert result.walls.syscalls.startswith("filtered (seccomp"), result.walls


def test_the_probe_would_see_what_it_looks_for_outside_the_sandbox(cluster):
    """Proof that the hostile bot's attacks work where nothing walls them in (a plain process here)."""
    import subprocess
    import sys

    nodes, _ = cluster
    host, port = nodes.address.split(":")
    code = f"ADDRESSES = [({host!r}, {int(port)})]\n" + RAY_PROBE + "\nimport json; print(json.dumps(attacks()))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    worked = json.loads(done.stdout.strip().splitlines()[-1])
    assert any(w.startswith("reached") for w in worked) and any(w.endswith("/logs") for w in worked)
    assert any(w.startswith("saw /tmp/ray/session_latest") for w in worked)
    assert "joined the cluster" in worked


def test_a_node_that_cannot_seal_refuses_its_tables_and_the_run_says_so(cluster, ray_bots, tmp_path, sealed):
    nodes, _ = cluster
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "bwrap").write_text("#!/bin/sh\necho 'this bwrap refuses' >&2\nexit 1\n")
    (fake / "bwrap").chmod(stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    third = nodes.add_node(**NODE, env_vars={"PATH": f"{fake}:{os.environ['PATH']}"})
    try:
        nodes.wait_for_nodes()
        ray_bots("c_marks", MARK_ALL)
        config = ChallengeConfig(size=3, bombs=9, games=6, seed=3)
        result = run_tournament(["c_marks:mark_all"], config, sandbox=Sandbox(True), executor=RayTables(nodes.address))
    finally:
        nodes.remove_node(third)
    assert [r.outcome for r in result.reports[0].records] == [Outcome.WON] * 6
    refused = [node for node in result.nodes if node.refused]
    assert len(refused) == 1 and "this bwrap refuses" in refused[0].refused and refused[0].games == 0
    assert sum(node.games for node in result.nodes) == 6
    from amigasweeper.challenge.cli import format_table

    table = format_table(result)
    assert f"node        {refused[0].node}: REFUSED, no bot ran there:" in table


def test_a_research_tool_plays_the_same_games_as_ray_tasks(cluster, monkeypatch):
    """tools/bench_solver.py's games through the pool --executor ray opens: the same wins as local processes."""
    import importlib.util
    import sys
    from argparse import Namespace

    from amigasweeper.challenge.cluster.pools import open_pool, pool_width

    tool = Path(__file__).resolve().parents[2] / "tools" / "bench_solver.py"
    monkeypatch.syspath_prepend(str(tool.parent))  # local processes import it by name too
    spec = importlib.util.spec_from_file_location("bench_solver", tool)
    bench = importlib.util.module_from_spec(spec)
    sys.modules["bench_solver"] = bench  # its jobs are found by name, here and (shipped) on the nodes
    spec.loader.exec_module(bench)
    nodes, _ = cluster
    figures = {}
    for executor in ("local", "ray"):
        with open_pool(Namespace(executor=executor, ray_address=nodes.address), 2, [str(tool)]) as pool:
            figures[executor] = bench.bench_level(pool, "square", 9, 9, 10, 60, 2, first=100)
            assert pool_width(pool, 7) == (7 if executor == "local" else 2)  # the cluster's two processors
    assert figures["ray"]["wins"] == figures["local"]["wins"] and figures["ray"]["games"] == 60


def test_a_node_lost_mid_run_costs_only_its_games_each_played_once(cluster, ray_bots, sealed):
    nodes, second = cluster
    ray_bots("c_slow", SLOW)
    config = ChallengeConfig(size=3, bombs=9, games=16, seed=7)
    seen, removed = [], []

    def lose_the_second_node(player, record):
        seen.append((player, record.index, record.node))
        if len(seen) == 3 and not removed:
            with contextlib.suppress(Exception):
                nodes.remove_node(second, allow_graceful=False)
            removed.append(True)

    result = run_tournament(["c_slow:play", "c_slow:play"], config, sandbox=Sandbox(True),
                            executor=RayTables(nodes.address), on_record=lose_the_second_node)
    assert removed
    assert len(seen) == 32 and len({(p, g) for p, g, _ in seen}) == 32  # nothing lost, nothing counted twice
    assert all(r.outcome is Outcome.WON and not r.error for report in result.reports for r in report.records), \
        [(r.index, r.outcome, r.error) for report in result.reports for r in report.records if r.error]
    lost = [node for node in result.nodes if node.lost]
    assert len(lost) == 1 and not result.interrupted


def test_ctrl_c_on_a_run_with_its_own_local_ray_prints_what_finished_and_exits_130(ray_bots, tmp_path, sealed):
    """The default: a local Ray started for the run, and stopped with it."""
    import signal
    import subprocess
    import sys
    import time

    folder = ray_bots("c_marks", MARK_ALL).parent
    log = tmp_path / "games.jsonl"
    # The command as a terminal starts it: Ctrl-C raises KeyboardInterrupt (a test run started in the
    # background by a shell without job control would otherwise pass SIGINT on ignored).
    command = ("import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
               "runpy.run_module('amigasweeper.challenge.cli', run_name='__main__', alter_sys=True)")
    process = subprocess.Popen(
        [sys.executable, "-c", command, "--executor", "ray", "--jobs", "1", "--size", "3",
         "--bombs", "9", "--games", "100000", "--player", "c_marks:mark_all", "--jsonl", str(log)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=folder, start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(folder)})
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and (not log.exists() or log.read_text().count("\n") < 3):
        time.sleep(0.1)
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=240)
    finally:
        if process.poll() is None:  # it did not stop: take it and its local Ray down, not to play on
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130, err[-3000:]
    assert "Traceback" not in err
    played = int(out.split("interrupted after ")[1].split()[0])
    assert played >= 3 and played == len(log.read_text().splitlines())
    assert "REFUSED" not in out and "games, sealed (bubblewrap" in out, out


# ------------------------------------------------ the coordinator's code, and nothing else
CHANGED_ON_THE_NODE = """
def play(board_size, number_of_bombs, board, make_move):
    raise RuntimeError("the node's own copy ran")
"""


def test_a_changed_file_at_the_coordinators_path_on_a_node_is_not_run(cluster, ray_bots, sealed, monkeypatch):
    """The bot in the working folder (as the command puts it on the path, and Ray puts it on every node's):
    once shipped it is changed there, which is where a node would find it. The shipped copy plays."""
    nodes, _ = cluster
    source = ray_bots("c_here", MARK_ALL)
    monkeypatch.chdir(source.parent)
    changed = []

    def change_at_the_coordinators_path(stage: str) -> None:
        if "files are with the cluster" in stage:
            source.write_text(CHANGED_ON_THE_NODE)
            changed.append(stage)

    config = ChallengeConfig(size=3, bombs=9, games=6, seed=3)
    result = run_tournament(["c_here:mark_all"], config, sandbox=Sandbox(True),
                            executor=RayTables(nodes.address, change_at_the_coordinators_path))
    assert changed
    records = result.reports[0].records
    assert [r.outcome for r in records] == [Outcome.WON] * 6, [r.error for r in records]
    assert all(not node.refused for node in result.nodes)


def test_a_table_refuses_a_node_whose_shipped_copy_is_not_the_coordinators(cluster, ray_bots, sealed, monkeypatch):
    """Every file's SHA-256 is checked at each table: here the manifest says other bytes than were shipped."""
    from amigasweeper.challenge.challenge_game import ChallengeError
    from amigasweeper.challenge.cluster import tables

    nodes, _ = cluster
    ray_bots("c_checked", MARK_ALL)
    real = tables.manifest

    def another_manifest(places):
        hashes = real(places)
        hashes["c_checked.py"] = {"": "0" * 64}
        return hashes

    monkeypatch.setattr(tables, "manifest", another_manifest)
    config = ChallengeConfig(size=3, bombs=9, games=2, seed=3)
    with pytest.raises(ChallengeError) as refused:
        run_tournament(["c_checked:mark_all"], config, sandbox=Sandbox(True), executor=RayTables(nodes.address))
    message = str(refused.value)
    assert "no node of the cluster can take a sealed table" in message
    mismatch = ("would not run the coordinator's code: the copy of c_checked.py shipped to this node differs from "
                "the coordinator's: the file has other contents")
    assert message.count(mismatch) >= 1 and message.count("refused:") == message.count(mismatch), message
