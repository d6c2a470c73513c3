"""What docs/USAGE.md and docs/PACKAGING.md (the README's pages) tell a user
of each system is true: where the saved files are (what pyxel.user_data_dir
gives), what stopping does, the oldest Linux a release runs on, getting past
Gatekeeper and SmartScreen, removing the program, the desktop menu's steps on
Linux, and AMIGASWEEPER_ARGS in Windows' cmd and PowerShell. (CHANGELOG.md:
tests/packaging/test_release_changelog.py.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from doc_pages import PACKAGING, USAGE, section, text

from amigasweeper.arguments import split_windows
from amigasweeper.storage.folders import APP_NAME, VENDOR_NAME

SECTION = section(USAGE, "## Each system: saved files, stopping, removing")
PACKAGING_TEXT = text(PACKAGING)


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
    releases = section(PACKAGING, "## Releases")
    for words in ("Debian 11", "glibc 2.31", "Ubuntu 20.04", "Gatekeeper", "SmartScreen", "Run anyway",
                  "Open Anyway", "SHA256SUMS", "Apple silicon", "Intel"):
        assert words in releases, words


def code_block_after(words: str) -> list[str]:
    """The lines of PACKAGING.md's first code block after the paragraph that holds `words`."""
    after = PACKAGING_TEXT[PACKAGING_TEXT.index(words):].splitlines()
    start = after.index("") + 1
    indent = len(after[start]) - len(after[start].lstrip())
    block = []
    for line in after[start:]:
        if line.strip() and len(line) - len(line.lstrip()) < indent:
            break
        block.append(line[indent:])
    return [line for line in block if line]


@pytest.mark.skipif(os.name != "posix" or shutil.which("sh") is None, reason="the steps are for a POSIX shell")
def test_the_desktop_menu_steps_make_the_folders_they_copy_into(tmp_path):
    steps = code_block_after("For the desktop's")
    assert steps[0].startswith("mkdir -p ")
    home, folder = tmp_path / "home", tmp_path / "dist" / "amigasweeper"
    home.mkdir()
    folder.mkdir(parents=True)
    for name in ("amigasweeper", "amigasweeper.png", "amigasweeper.desktop"):
        (folder / name).write_text(name)
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    subprocess.run(["sh", "-e", "-c", "\n".join(steps)], cwd=folder, env=env, check=True, timeout=60)
    assert (home / ".local" / "bin" / "amigasweeper").resolve() == folder / "amigasweeper"
    assert (home / ".local/share/icons/hicolor/256x256/apps/amigasweeper.png").read_text() == "amigasweeper.png"
    assert (home / ".local/share/applications/amigasweeper.desktop").read_text() == "amigasweeper.desktop"


WIN_ARGS = ["--headless", "--script", "C:\\My Scripts\\win.txt", "--seed", "5"]


def test_the_windows_ways_to_set_amigasweeper_args_give_the_arguments_meant():
    cmd = code_block_after("In cmd, everything after")
    powershell = code_block_after("In PowerShell, single quotes")
    assert cmd[1] == powershell[1] == "pyxel play dist\\amigasweeper.pyxapp"
    value = cmd[0].removeprefix("set AMIGASWEEPER_ARGS=")
    assert split_windows(value) == WIN_ARGS
    assert powershell[0].startswith("$env:AMIGASWEEPER_ARGS = '") and powershell[0].endswith("'")
    assert split_windows(powershell[0].split("'")[1]) == WIN_ARGS


def test_the_warning_about_a_backslash_before_the_closing_quote_is_true():
    warning = PACKAGING_TEXT[PACKAGING_TEXT.index("**A quoted folder must not end in a backslash:**"):][:500]
    assert split_windows('--data-dir "C:\\My Dir\\" --seed 5') == ["--data-dir", 'C:\\My Dir" --seed 5']
    assert '`--data-dir "C:\\My Dir\\" --seed 5` gives the\none folder `C:\\My Dir" --seed 5`' in warning
    assert split_windows('"C:\\My Dir"') == ["C:\\My Dir"] and '`"C:\\My Dir"`' in warning
    assert split_windows('"C:\\My Dir\\\\"') == ["C:\\My Dir\\"] and '`"C:\\My Dir\\\\"`' in warning
