"""The executor options: without the cluster extra nothing changes and nothing imports Ray; --executor ray
then says how to get it; its other options are checked before anything starts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from amigasweeper.challenge.cli import main

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
    ("ray://127.0.0.1:9", "nothing answers at ray://127.0.0.1:9"),
    ("no-port-here", "a Ray address is auto, host:port or ray://host:port, not 'no-port-here'"),
])
def test_a_cluster_address_nothing_answers_at_is_refused_at_once(capsys, address, message):
    pytest.importorskip("ray", reason="Ray is not installed (the cluster extra)")
    argv = ["--size", "4", "--bombs", "3", "--games", "2", "--executor", "ray", "--ray-address", address]
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_a_ray_client_address_without_rays_client_is_refused_in_a_sentence(capsys):
    """Something answers at the address (a listening socket), but gRPC, which ray:// needs, is missing."""
    import importlib.util
    import socket

    pytest.importorskip("ray", reason="Ray is not installed (the cluster extra)")
    if importlib.util.find_spec("grpc") is not None:
        pytest.skip("Ray's client is installed here: a ray:// address is used as given")
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        argv = ["--size", "4", "--bombs", "3", "--games", "2", "--executor", "ray", "--ray-address",
                f"ray://127.0.0.1:{port}"]
        assert main(argv) == 2
    err = capsys.readouterr().err
    assert "a ray:// address needs Ray's client, which is not installed here" in err and "Traceback" not in err
