"""What the README tells a user of each system is true: where the saved files
are (what pyxel.user_data_dir gives), what stopping does, the oldest Linux a
release runs on, getting past Gatekeeper and SmartScreen, removing the program;
and a CHANGELOG.md exists for the version."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from amigasweeper import __version__
from amigasweeper.storage.folders import APP_NAME, VENDOR_NAME

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SECTION = README[README.index("## Each system: saved files, stopping, removing"):]
SECTION = SECTION[: SECTION.index("\n## ", 1)]


@pytest.mark.skipif(os.name != "posix", reason="Pyxel finds the home folder from HOME only on POSIX systems")
def test_the_folder_the_readme_names_is_pyxels(tmp_path):
    code = (
        "import pyxel, sys\n"
        "pyxel.init(16, 16, headless=True)\n"
        f"print(pyxel.user_data_dir({VENDOR_NAME!r}, {APP_NAME!r}))\n"
    )
    env = {**os.environ, "HOME": str(tmp_path), "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120,
                            check=True)
    folder = Path(result.stdout.strip().splitlines()[-1])
    relative = folder.relative_to(tmp_path).as_posix()
    assert f"`~/{relative}/`" in SECTION
    assert "%USERPROFILE%\\" + relative.replace("/", "\\") + "\\" in SECTION  # the same place on Windows
    assert f"`~/{relative.rsplit('/', 1)[0]}/`" in SECTION  # what to delete


def test_each_system_is_told_what_stopping_does():
    for system in ("| Linux, macOS |", "| Windows, `amigasweeper.exe`", "`amigasweeperw.exe`", "| the web page |"):
        assert system in SECTION, system
    assert "exits 130" in SECTION and "Ctrl-Break" in SECTION


def test_removing_covers_each_way_of_installing():
    for words in ("pip uninstall amigasweeper", "the unpacked folder", "amigasweeper.desktop", "clear the site's data"):
        assert words in SECTION, words


def test_the_release_section_states_the_linux_floor_and_the_unsigned_builds():
    releases = README[README.index("## Releases"):]
    for words in ("Debian 11", "glibc 2.31", "Ubuntu 20.04", "Gatekeeper", "SmartScreen", "Run anyway",
                  "Open Anyway", "SHA256SUMS", "Apple silicon", "Intel"):
        assert words in releases, words


def test_the_changelog_covers_the_version():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert changelog.startswith("# Changelog\n")
    assert f"\n## {__version__}\n" in changelog
