"""What the tests of the contest walls share: the honest bot that checks its attacks, and running the
command as an ordinary user."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest
from bot_sources import MARK_ALL as SHARED_MARK_ALL

from amigasweeper.challenge import ChallengeConfig, Outcome

ROOT = Path(__file__).resolve().parents[2]
ALL_BOMBS = ChallengeConfig(size=3, bombs=9, games=2, seed=5)  # marking every cell wins
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0

MARK_ALL = SHARED_MARK_ALL + '''
import os, sys

def check(worked):
    """Raise, naming every attack that worked; play honestly otherwise."""
    if worked:
        raise LookupError("; ".join(worked))
'''


def nobody_account(checkout: bool = True) -> dict:
    """subprocess's keywords to run as ``nobody``; a skip, saying why, when nobody cannot run this checkout's
    command with this Python (a checkout or virtual environment in a folder other users cannot enter)."""
    import pwd

    nobody = pwd.getpwnam("nobody")
    account = {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}
    why = _unreachable(sys.executable, account["user"], account["group"], checkout)
    if why:
        pytest.skip(f"the user nobody cannot run this checkout's command with {sys.executable} ({why}): the "
                    "checkout or its Python sits in a folder other users cannot enter")
    return account


@functools.lru_cache(maxsize=None)
def _unreachable(python: str, uid: int, gid: int, checkout: bool) -> str:
    """Why the user ``uid`` cannot run ``python`` (and import this checkout's command): "" when it can."""
    code = "import amigasweeper.challenge.cli" if checkout else "pass"
    try:
        done = subprocess.run([python, "-c", code], capture_output=True, text=True,
                              cwd="/", timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)}, user=uid, group=gid,
                              extra_groups=[])
    except OSError as error:
        return error.strerror or str(error)
    if done.returncode != 0:
        said = done.stderr.strip().splitlines()
        return said[-1] if said else f"exit code {done.returncode}"
    return ""


def run_cli(folder: Path, *argv: str, as_nobody: bool = True, env: dict | None = None,
             python: str = sys.executable, timeout: float = 240) -> subprocess.CompletedProcess:
    """The command as an ordinary user runs it (``nobody`` when the tests run as root)."""
    # A Python of another checkout (a venv of its own) needs only the interpreter to be reachable.
    account = nobody_account(checkout=python == sys.executable) if as_nobody and AS_ROOT else {}
    environ = {**os.environ, "PYTHONPATH": f"{folder}{os.pathsep}{ROOT}", **(env or {})}  # this checkout's code
    return subprocess.run([python, "-m", "amigasweeper.challenge.cli", "--size", "3", "--bombs", "9",
                           "--games", "2", "--jobs", "1", "--json", *argv],
                          capture_output=True, text=True, cwd=folder, timeout=timeout, env=environ, **account)


def problems(report) -> dict[str, list[str]]:
    return {report.player: [r.error for r in report.records if r.error]}


def all_won(result) -> None:
    failures = {}
    for report in result.reports:
        failures.update({k: v for k, v in problems(report).items() if v})
    assert not failures, failures
    assert all(r.outcome is Outcome.WON for report in result.reports for r in report.records)
