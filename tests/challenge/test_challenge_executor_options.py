"""The executor options: without the cluster extra nothing changes and nothing imports Ray; --executor ray
then says how to get it; its other options are checked before anything starts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from amigasweeper.challenge.cli import main
from amigasweeper.challenge.cluster import RayTables
from amigasweeper.challenge.cluster.agent import TableAgent, TableEnded
from amigasweeper.challenge.executors import Handle, LocalTables, Lost
from amigasweeper.challenge.table import Task

ROOT = Path(__file__).resolve().parents[2]


def test_a_tournament_runs_with_ray_blocked_and_never_imports_it():
    code = (
        "import sys; sys.modules['ray'] = None\n"  # any import of ray now fails
        "from amigasweeper.challenge import cli, cluster\n"
        "status = cli.main(['--size', '4', '--bombs', '3', '--games', '2', '--jobs', '1', '--json'])\n"
        "assert status == 0, status\n"
        "status = cli.main(['--executor', 'ray', '--size', '4', '--bombs', '3', '--games', '2'])\n"
        "assert status == 2, status\n"
        "print('imported:', sorted(m for m, v in sys.modules.items() if v is not None and m.split('.')[0] == 'ray'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "imported: []" in done.stdout
    assert "--executor ray: Ray is not installed here (python3 -m pip install 'amigasweeper[cluster]')" in done.stderr


@pytest.mark.parametrize("argv, message", [
    (["--ray-address", "auto"], "--ray-address joins a Ray cluster: give it with --executor ray"),
    (["--executor", "ray", "--sandbox", "off"], "--executor ray needs every table sealed"),
    (["--executor", "mesos"], "invalid choice"),
])
def test_cluster_options_are_checked_before_anything_starts(capsys, argv, message):
    assert main(["--size", "4", "--bombs", "3", "--games", "2", *argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


@pytest.mark.parametrize("address, message", [
    ("127.0.0.1:9", "nothing answers at 127.0.0.1:9 (the Ray cluster's address)"),
    ("ray://127.0.0.1:9", "Ray Client addresses (ray://) are not used: Ray Client cannot stream"),
    ("no-port-here", "a Ray address is auto or host:port, not 'no-port-here'"),
])
def test_a_cluster_address_nothing_answers_at_is_refused_at_once(capsys, address, message):
    pytest.importorskip("ray", reason="Ray is not installed (the cluster extra)")
    argv = ["--size", "4", "--bombs", "3", "--games", "2", "--executor", "ray", "--ray-address", address]
    assert main(argv) == 2
    assert message in capsys.readouterr().err



def test_a_ray_client_address_is_refused_in_a_sentence_before_anything_is_tried(capsys):
    """Even where something answers at it (a listening socket): Ray Client cannot carry the tables' streams."""
    import socket

    pytest.importorskip("ray", reason="Ray is not installed (the cluster extra)")
    with socket.create_server(("127.0.0.1", 0)) as server:
        argv = ["--size", "4", "--bombs", "3", "--games", "2", "--executor", "ray", "--ray-address",
                f"ray://127.0.0.1:{server.getsockname()[1]}"]
        assert main(argv) == 2
    err = capsys.readouterr().err
    assert "run this command on a machine of the cluster, with --ray-address auto or the head's host:port" in err
    assert "Traceback" not in err


def test_an_executor_refuses_a_table_it_did_not_start():
    stranger = Handle()
    with pytest.raises(TypeError, match="not a table of this machine"):
        LocalTables().wait([stranger], 0.0)
    with pytest.raises(TypeError, match="not a table of this machine"):
        LocalTables().stop([stranger], politely=True)
    with pytest.raises(TypeError, match="not a table of this Ray cluster"):
        RayTables().replace(stranger, Lost("gone"))
    with pytest.raises(TypeError, match="not a table of this Ray cluster"):
        RayTables().wait([stranger], 0.0)


def test_a_node_agent_never_started_refuses_a_game():
    with pytest.raises(TableEnded, match="never started"):
        TableAgent(None, None, 1).play(Task(0, 0))
