"""Where the tests' bots live: a folder every user can read.

Run as root (as CI is), the tournament drops its bots' workers to the user
``nobody``, which cannot enter pytest's own temporary folders (mode 0700).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

WriteBots = Callable[[dict[str, str]], Path]


@pytest.fixture
def bot_folder(monkeypatch) -> Path:
    """An empty folder readable by every user, on the workers' sys.path."""
    folder = Path(tempfile.mkdtemp(prefix="amigasweeper-bots-"))
    folder.chmod(0o755)
    monkeypatch.syspath_prepend(str(folder))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def write_bots(bot_folder) -> WriteBots:
    """``write_bots({"module": source})``: bot modules in ``bot_folder``, forgotten after the test."""
    written: list[str] = []

    def write(modules: dict[str, str]) -> Path:
        for name, source in modules.items():
            path = bot_folder / f"{name}.py"
            path.write_text(textwrap.dedent(source))
            path.chmod(0o644)
            written.append(name)
        return bot_folder

    yield write
    for name in written:
        sys.modules.pop(name, None)


def pytest_collection_modifyitems(config, items):
    """Skip the tests that start workers when this system cannot start one, saying why."""
    from amigasweeper.challenge.challenge_game import ChallengeError
    from amigasweeper.challenge.sandbox import choose

    try:
        choose("auto")
    except ChallengeError as error:
        mark = pytest.mark.skip(reason=f"no bot worker can start here: {error}")
        for item in items:
            if item.module.__name__.rsplit(".", 1)[-1] in WORKER_MODULES:
                item.add_marker(mark)


# The test modules whose tests start tournaments (workers in processes of their own).
WORKER_MODULES = {"test_challenge_cli", "test_challenge_tournament", "test_challenge_hostile",
                  "test_challenge_walls", "test_challenge_caps", "test_challenge_cluster", "test_challenge_seeds",
                  "test_challenge_audit"}


@pytest.fixture
def sealed():
    """The sealed sandbox, or a skip saying why this system has none."""
    from amigasweeper.challenge.sandbox import SandboxUnavailable, choose

    try:
        return choose("required")
    except SandboxUnavailable as error:
        pytest.skip(str(error))


@pytest.fixture
def unsealed():
    """Workers without the sandbox, or a skip saying why they cannot start here (as root: see choose)."""
    from amigasweeper.challenge.challenge_game import ChallengeError
    from amigasweeper.challenge.sandbox import choose

    try:
        return choose("off")
    except ChallengeError as error:
        pytest.skip(str(error))
