"""The README's own set-up, done as a new user does it, is green: a fresh
clone, `python3 -m venv .venv` inside it, the README's install command in that
venv, then the tests, with every repository check among them. CI never makes a
venv inside its checkout, so only this test sees what one does to the checks
(a .venv is full of symbolic links and of other people's Python files).

And where there is no git (a source archive unpacked from a download), the
repository checks skip, each saying why, and nothing fails.

Both run pytest again, in another folder. GUARD, set for those runs, keeps
this file from starting itself there.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from repository_files import ROOT, tracked, tracked_paths

GUARD = "AMIGASWEEPER_INSIDE_SETUP_CHECK"
README = ROOT / "README.md"
# A quick sample of the rest: the engine's rules, the resources, and scripted
# games through the console script the install makes.
QUICK = ["tests/engine/test_game_rules.py", "tests/test_resources.py", "tests/ui/test_script_mode.py"]

pytestmark = pytest.mark.skipif(bool(os.environ.get(GUARD)), reason=f"{GUARD} is set: this is the README set-up "
                                "check's own inner run, which must not start itself again")


def readme_install_command() -> list[str]:
    """The first half of the README's test command (`python3 -m pip install
    -e '.[test]' && python3 -m pytest`), as a venv's shell would split it."""
    lines = [line[4:] for line in README.read_text(encoding="utf-8").splitlines() if line.startswith("    ")]
    test = next(line for line in lines if re.fullmatch(r"python3 -m pip install .* && python3 -m pytest", line))
    return shlex.split(test.split(" && ")[0])


def repository_check_files() -> list[str]:
    """Every test file that reads what git tracks: the repository checks."""
    return [
        path.relative_to(ROOT).as_posix()
        for path in tracked_paths("tests", ".py")
        if path.name.startswith("test_") and path.name != Path(__file__).name  # this file runs them, checks nothing
        and "from repository_files import" in path.read_text(encoding="utf-8")
    ]


def activated(venv: Path) -> tuple[Path, dict[str, str]]:
    """The venv's python and the environment its activate script makes."""
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "AMIGASWEEPER_ARGS")}
    env.update(VIRTUAL_ENV=str(venv), PATH=os.pathsep.join([str(scripts), env.get("PATH", "")]), **{GUARD: "1"})
    return scripts / ("python.exe" if os.name == "nt" else "python3"), env


def run(command: list[str], cwd: Path, env: dict[str, str], timeout: int = 900) -> str:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    assert result.returncode == 0, f"{shlex.join(command)} in {cwd}\n{result.stdout[-6000:]}\n{result.stderr[-3000:]}"
    return result.stdout


def test_the_subset_holds_every_repository_check_and_this_file_is_not_one():
    checks = repository_check_files()
    assert {"tests/test_repository.py", "tests/test_architecture.py"} <= set(checks)
    assert "tests/test_readme_setup.py" not in checks
    assert readme_install_command() == ["python3", "-m", "pip", "install", "-e", ".[test]"]


@pytest.mark.slow
def test_the_readmes_setup_in_a_fresh_clone_with_a_venv_inside_is_green(tmp_path):
    tracked()  # needs git and this repository (skips, saying why, without them)
    clone = tmp_path / "amigasweeper"
    run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(clone)], tmp_path, dict(os.environ))
    run([sys.executable, "-m", "venv", ".venv"], clone, dict(os.environ))  # the README's first step, in the clone
    python, env = activated(clone / ".venv")
    install = readme_install_command()
    run([str(python), *install[1:]], clone, env)  # python3 is the venv's, as after activating it
    checks = repository_check_files()
    output = run([str(python), "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", *checks, *QUICK], clone, env)
    assert re.search(r"\b\d+ passed", output) and " failed" not in output
    assert "repository check" not in output, "a repository check skipped in a git clone"
    assert (clone / ".venv").is_dir() and not subprocess.run(
        ["git", "status", "--porcelain"], cwd=clone, capture_output=True, text=True, check=True).stdout, \
        "the set-up left files git sees (.gitignore misses them)"


@pytest.mark.slow
def test_without_git_the_repository_checks_skip_saying_why(tmp_path):
    tracked()
    archive = tmp_path / "source.tar"
    run(["git", "archive", "--format=tar", "--prefix=amigasweeper/", "-o", str(archive), "HEAD"], ROOT,
        dict(os.environ))
    with tarfile.open(archive) as tar:
        tar.extractall(tmp_path, filter="data")
    unpacked = tmp_path / "amigasweeper"
    assert not (unpacked / ".git").exists()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "AMIGASWEEPER_ARGS")}
    env[GUARD] = "1"
    checks = repository_check_files()
    output = run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", *checks], unpacked, env)
    assert " failed" not in output
    assert "it reads what git tracks, and no git repository here" in output
