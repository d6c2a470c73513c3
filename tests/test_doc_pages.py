"""The front page stays a front page and the docs say only what is true:
README.md is short, links only to files that exist and points to every page;
it states no measured figure (those live in docs/BENCHMARKS.md with the
command that made them); what the pages and the manual say about releases
agrees with the repository's tags; and the release steps docs/PACKAGING.md
gives, done on a scratch copy, pass the project's own release check."""

from __future__ import annotations

import datetime
import importlib.util
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from doc_pages import PACKAGING, README, ROOT, code_lines, flat, pages, section, text

MOST_LINES = 200
MANUAL = ROOT / "docs" / "AmigaGuide" / "AmigaSweeper.guide"
NONE_PUBLISHED = {README: "none is published yet", PACKAGING: "None is published yet.",
                  MANUAL: "is not yet released: no version of it has been published"}


def load_release_tool():
    spec = importlib.util.spec_from_file_location("amigasweeper_release_tool_docs", ROOT / "tools" / "release.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


release = load_release_tool()


# ------------------------------------------------------------------ the front page
def test_the_readme_is_short_and_points_to_every_page():
    assert len(text(README).splitlines()) < MOST_LINES
    rest = section(README, "## Where the rest is")
    for page in [p for p in pages() if p != README] + [ROOT / "CHANGELOG.md", MANUAL]:
        assert f"]({page.relative_to(ROOT).as_posix()})" in rest, f"README's 'Where the rest is' misses {page.name}"


def links(markdown: str) -> list[str]:
    """The targets of the page's Markdown links and of the files it names in
    its prose (docs/X.md, CONTRIBUTING.md, tools/x.py, tests/y.py, the
    manual), web addresses and anchors left out. (Folders in prose are left
    out: some, such as amigasweeper/bundled/, only a build makes.)"""
    found = re.findall(r"\]\(([^)\s]+)\)", markdown)
    found += re.findall(r"(?<![\w/.-])((?:docs|tools|tests)/[\w./-]*\.(?:md|py|guide)|[A-Z]+\.md)\b", markdown)
    return [target.split("#")[0] for target in found if not re.match(r"[a-z]+:", target) and not target.startswith("#")]


def broken_links(page: Path) -> list[str]:
    """Link targets of the page (relative to its folder, or to the repository
    root for paths in its prose) that name no file or folder."""
    return sorted({target for target in links(text(page))
                   if target and not (page.parent / target).exists() and not (ROOT / target).exists()})


def test_the_pages_link_only_to_files_that_exist():
    # docs/BENCHMARKS.md is a log: a past measurement may name a file since gone.
    for page in [p for p in pages() if p.name != "BENCHMARKS.md"]:
        assert broken_links(page) == [], page.name
    assert len(set(links(text(README)))) >= 8, "the link reader found almost none of README's links"


def test_the_link_check_finds_a_missing_file(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("See [the map](docs/NOWHERE.md), docs/ARCHITECTURE.md, tools/gone.py,\n"
                    "[the web](https://example.org/x.md) and [a part](#part).\n", encoding="utf-8")
    assert broken_links(page) == ["docs/NOWHERE.md", "tools/gone.py"]


# A measured figure: a number with a unit of time, size, share or rate.
FIGURE = re.compile(r"\b\d[\d,.]*\s*(?:s|ms|µs|us|seconds?|minutes?|hours?|%|[KMG]i?B|games? an? \w+)\b")


def prose(markdown: str) -> str:
    """The page without its code blocks."""
    return "\n".join(line for line in markdown.splitlines() if not line.startswith("    "))


def test_the_readme_states_no_measured_figure():
    assert FIGURE.findall(prose(text(README))) == [], "a figure belongs in docs/BENCHMARKS.md, made by a tool"
    assert "Test suite" in text(README)  # where the suite's times are measured
    assert "## Test suite" in text(ROOT / "docs" / "BENCHMARKS.md")


def test_the_figure_check_finds_the_old_claim():
    old = 'It needs about 95 s of CPU, the whole suite about 240 s (docs/BENCHMARKS.md,\n"Test suite")'
    assert FIGURE.findall(old) == ["95 s", "240 s"]
    assert FIGURE.findall("Python 3.11, PowerShell 7, a 32x16 board, 1,500 games a second") == ["1,500 games a second"]


# ------------------------------------------------------------------------ releases
def version_tags() -> list[str]:
    try:
        result = subprocess.run(["git", "tag", "--list", "v*"], cwd=ROOT, capture_output=True, text=True,
                                timeout=60, check=False)
    except OSError as error:
        pytest.skip(f"no git to list the release tags with: {error}")
    if result.returncode != 0:
        pytest.skip(f"no git repository here to list the release tags of: {result.stderr.strip()}")
    return result.stdout.split()


def test_what_the_docs_and_the_manual_say_of_releases_agrees_with_the_tags():
    published = version_tags()
    for page, words in NONE_PUBLISHED.items():
        said = words in " ".join(text(page).split())
        assert said != bool(published), f"{page.name}: {'drop' if published else 'say'} {words!r} (tags: {published})"


def test_no_page_gives_a_tag_the_release_check_would_refuse():
    """The old example, `git tag v0.1.0`, named a version whose notes still
    waited under Unreleased: the pages give the steps with vX.Y.Z instead."""
    for page in pages():
        assert not re.search(r"git tag v\d", text(page)), page.name
    commands = [line.strip() for line in code_lines(PACKAGING)]
    assert "git tag vX.Y.Z && git push origin vX.Y.Z" in commands
    assert "python3 tools/release.py check-tag vX.Y.Z" in commands


def next_version(version: str) -> str:
    major, minor, _ = (int(part) for part in version.split("."))
    return f"{major}.{minor + 1}.0"


def scratch_copy(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    (root / "amigasweeper").mkdir(parents=True)
    shutil.copy2(ROOT / "amigasweeper" / "__init__.py", root / "amigasweeper" / "__init__.py")
    shutil.copy2(ROOT / "CHANGELOG.md", root / "CHANGELOG.md")
    return root


def follow_the_steps(root: Path, version: str, keep_an_empty_unreleased: bool) -> None:
    """Steps 1 and 2 of docs/PACKAGING.md's "Releases", as written there."""
    changelog = root / "CHANGELOG.md"
    old = changelog.read_text(encoding="utf-8")
    newest = max(release.read_changelog(old)[0], key=lambda r: r.date or "")
    day = max(datetime.date.today().isoformat(), newest.date)
    heading = f"## [{version}] - {day}"
    if keep_an_empty_unreleased:
        heading = "## [Unreleased]\n\n" + heading
    changelog.write_text(re.sub(r"^## \[Unreleased\]$", heading, old, count=1, flags=re.MULTILINE), encoding="utf-8")
    init = root / "amigasweeper" / "__init__.py"
    source = init.read_text(encoding="utf-8")
    init.write_text(re.sub(r'__version__ = "[^"]+"', f'__version__ = "{version}"', source), encoding="utf-8")


@pytest.mark.parametrize("keep_an_empty_unreleased", [False, True])
def test_the_documented_release_steps_pass_the_release_check(tmp_path, capsys, keep_an_empty_unreleased):
    steps = flat(PACKAGING)
    for words in ("rename `## [Unreleased]` to `## [X.Y.Z] - YYYY-MM-DD`", "add an empty `## [Unreleased]` above it",
                  "Set `__version__` in `amigasweeper/__init__.py` to `\"X.Y.Z\"`", "Commit, tag and push the tag"):
        assert words in steps, words
    root = scratch_copy(tmp_path)
    current = release.project_version(root)
    version = next_version(current)
    assert release.check_tag(f"v{version}", root) == 1  # before the steps: refused
    waiting = release.read_changelog((root / "CHANGELOG.md").read_text(encoding="utf-8"))[0][0]
    if waiting.title == "Unreleased" and sum(waiting.kinds.values()):
        assert release.check_tag(f"v{current}", root) == 1  # tagging the version as it stands is refused too
    follow_the_steps(root, version, keep_an_empty_unreleased)
    capsys.readouterr()
    assert release.check_tag(f"v{version}", root) == 0, capsys.readouterr().err
    assert release.check_tag("v" + next_version(version), root) == 1  # a tag naming another version: refused
