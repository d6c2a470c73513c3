"""CHANGELOG.md is in Keep a Changelog's form, its newest version is
__version__, and a release (tools/release.py check-tag with a tag) leaves no
notes waiting under [Unreleased]."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from packaging_helpers import ROOT, load_tool

release = load_tool("tools/release.py", "amigasweeper_release_tool")

GOOD = textwrap.dedent("""\
    # Changelog

    Some words about it.

    ## [Unreleased]

    ### Fixed

    - A thing waits.

    ## [1.2.0] - 2027-02-01

    ### Added

    - A feature,
      on two lines.
    - Another.

    ### Fixed

    - A bug.

    ## [1.1.10] - 2027-01-15

    ### Removed

    - An old thing.
""")


def test_the_repositorys_changelog_is_in_form_and_names_the_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert release.changelog_problems(text, release.project_version(), releasing=False) == []


def test_a_good_changelog_passes_and_its_entries_are_read():
    releases, problems = release.read_changelog(GOOD)
    assert problems == []
    assert [(r.title, r.date, r.kinds) for r in releases] == [
        ("Unreleased", None, {"Fixed": 1}),
        ("1.2.0", "2027-02-01", {"Added": 2, "Fixed": 1}),
        ("1.1.10", "2027-01-15", {"Removed": 1}),
    ]
    assert release.changelog_problems(GOOD, "1.2.0", releasing=False) == []


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (("# Changelog\n", "# Changes\n"), "line 1: the first line must be '# Changelog'"),
        (("## [1.2.0] - 2027-02-01", "## 1.2.0 - 2027-02-01"), "line 11: '## 1.2.0 - 2027-02-01' is neither"),
        (("## [1.2.0] - 2027-02-01", "## [1.2.0]"), "line 11: [1.2.0] needs a version X.Y.Z and a real date"),
        (("## [1.2.0] - 2027-02-01", "## [1.2.0] - 2027-02-30"), "line 11: [1.2.0] needs a version X.Y.Z and a real date"),
        (("## [1.2.0] - 2027-02-01", "## [1.2] - 2027-02-01"), "line 11: [1.2] needs a version X.Y.Z"),
        (("## [1.1.10] - 2027-01-15", "## [1.3.0] - 2027-01-15"), "line 23: [1.3.0] must be older than [1.2.0]"),
        (("## [1.1.10] - 2027-01-15", "## [1.1.10] - 2027-03-01"), "line 23: [1.1.10] must be older than [1.2.0]"),
        (("### Removed", "### Improved"), "line 25: '### Improved': a kind of change is one of Added, Changed, "),
        (("### Fixed\n\n- A bug.", "### Added\n\n- A bug."), "line 19: '### Added': a kind of change is one of"),
        (("- An old thing.\n", ""), "line 23: [1.1.10] lists nothing under Removed"),
        (("### Removed\n\n", ""), "line 25: a change listed outside Added, Changed, Fixed"),
        (("## [Unreleased]", "## [Unreleased] - 2027-03-01"), "line 5: [Unreleased] comes first and has no date"),
        (("## [1.2.0] - 2027-02-01", "## [1.3.0] - 2027-02-01"), "its newest version is [1.3.0], but __version__ is"),
    ],
)
def test_each_fault_of_form_is_named_with_its_line(change, says):
    old, new = change
    assert old in GOOD
    problems = release.changelog_problems(GOOD.replace(old, new, 1), "1.2.0", releasing=False)
    assert any(problem.startswith(says) for problem in problems), problems


def test_a_release_leaves_nothing_waiting_under_unreleased():
    problems = release.changelog_problems(GOOD, "1.2.0", releasing=True)
    assert problems == ["line 5: notes wait under [Unreleased]: a release lists its changes under its own version "
                        "(raise __version__, and make [Unreleased] '## [X.Y.Z] - YYYY-MM-DD')"]
    emptied = GOOD.replace("### Fixed\n\n- A thing waits.\n\n", "", 1)  # a bare heading may stay
    assert release.changelog_problems(emptied, "1.2.0", releasing=True) == []
    renamed = GOOD.replace("## [Unreleased]", "## [1.3.0] - 2027-03-01", 1)
    assert release.changelog_problems(renamed, "1.3.0", releasing=True) == []


def copy_of_the_checkout(tmp_path: Path, changelog: str, version: str) -> Path:
    root = tmp_path / "checkout"
    (root / "amigasweeper").mkdir(parents=True)
    (root / "amigasweeper" / "__init__.py").write_text(f'__version__ = "{version}"\n', encoding="utf-8")
    (root / "CHANGELOG.md").write_text(changelog, encoding="utf-8")
    shutil.copytree(ROOT / "tools", root / "tools", ignore=shutil.ignore_patterns("node_modules", "__pycache__"))
    return root


@pytest.mark.parametrize(
    ("tag", "version", "status", "says"),
    [
        (None, "1.2.0", 0, "release: version 1.2.0, no tag to check, CHANGELOG.md in order"),
        ("v1.2.0", "1.2.0", 1, "release: CHANGELOG.md: line 5: notes wait under [Unreleased]"),
        ("v1.1.10", "1.2.0", 1, "release: the tag v1.1.10 does not name the version 1.2.0"),
        (None, "1.3.0", 1, "release: CHANGELOG.md: its newest version is [1.2.0], but __version__ is 1.3.0"),
    ],
)
def test_check_tag_checks_the_changelog_too(tmp_path, tag, version, status, says):
    root = copy_of_the_checkout(tmp_path, GOOD, version)
    env = {"PATH": "/usr/bin:/bin", "GITHUB_REF_TYPE": "branch"}  # no git tag is read from the copy (no .git)
    result = subprocess.run([sys.executable, str(root / "tools" / "release.py"), "check-tag", *([tag] if tag else [])],
                            capture_output=True, text=True, timeout=120, env=env, check=False, cwd=tmp_path)
    assert result.returncode == status
    assert says in (result.stdout if status == 0 else result.stderr)


def test_a_missing_changelog_is_said_not_crashed(tmp_path):
    root = copy_of_the_checkout(tmp_path, GOOD, "1.2.0")
    (root / "CHANGELOG.md").unlink()
    assert release.check_tag(None, root) == 1
