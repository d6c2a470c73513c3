"""The Pyxel app (dist/amigasweeper.pyxapp) and the web page made from it."""

from __future__ import annotations

import base64
import re
import subprocess
import sys
import zipfile

import pyxel
from packaging_helpers import GUIDE, ROOT, WIN_ARGS, failing_script, run_env

APP = "amigasweeper"


def play(pyxapp, tmp_path, args, cwd=None):
    """`pyxel play PYXAPP` (as the pyxel command runs it), the program's
    command line in AMIGASWEEPER_ARGS."""
    import shlex

    return subprocess.run(
        [sys.executable, "-m", "pyxel", "play", str(pyxapp)],
        env=run_env(tmp_path, AMIGASWEEPER_ARGS=shlex.join(args)),
        cwd=cwd or tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_pyxapp_holds_the_package_assets_manual_and_startup_script(built_pyxapp):
    with zipfile.ZipFile(built_pyxapp) as archive:
        names = set(archive.namelist())
        startup = archive.read(f"{APP}/{pyxel.APP_STARTUP_SCRIPT_FILE}").decode().strip()
        assert startup == "amigasweeper_start.py"
        script = archive.read(f"{APP}/{startup}").decode()
        assert "main_from_environment" in script and "AMIGASWEEPER_ARGS" in script
        assert archive.read(f"{APP}/amigasweeper/assets.pyxres") == (ROOT / "amigasweeper" / "assets.pyxres").read_bytes()
        if GUIDE.is_file():
            assert archive.read(f"{APP}/amigasweeper/guide/{GUIDE.name}") == GUIDE.read_bytes()
        comment = archive.comment.decode()
    sources = {
        f"{APP}/{path.relative_to(ROOT).as_posix()}"
        for path in (ROOT / "amigasweeper").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert sources <= names, sorted(sources - names)
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    assert re.search(r"title\s*:\s*AmigaSweeper", comment) and "version" in comment


def test_pyxel_play_runs_a_winning_script_headless(built_pyxapp, tmp_path):
    result = play(built_pyxapp, tmp_path, WIN_ARGS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "AmigaSweeper" in result.stdout  # pyxel play shows the app's metadata


def test_pyxel_play_reports_a_failed_expectation(built_pyxapp, tmp_path):
    result = play(built_pyxapp, tmp_path, ["--headless", "--script", str(failing_script(tmp_path))])
    assert result.returncode == 1
    assert "amigasweeper: line 1: expected state won" in result.stderr


def test_the_pyxapp_runs_its_own_copy_of_the_package(built_pyxapp, tmp_path):
    """Even with amigasweeper installed (as here, editable), the app imports the
    copy it carries, and that copy finds its assets and manual by itself."""
    probe = (
        "import atexit, sys, pyxel.cli\n"
        "def report():\n"
        "    import amigasweeper, amigasweeper.ui.app as app, amigasweeper.guide as guide\n"
        "    print('PACKAGE', amigasweeper.__file__)\n"
        "    print('ASSETS', app.ASSETS, app.ASSETS.is_file())\n"
        "    print('MANUAL', guide.manual_path())\n"
        "atexit.register(report)\n"
        f"sys.argv = ['pyxel', 'play', {str(built_pyxapp)!r}]\n"
        "pyxel.cli.cli()\n"
    )
    import shlex

    result = subprocess.run(
        [sys.executable, "-c", probe],
        env=run_env(tmp_path, AMIGASWEEPER_ARGS=shlex.join(WIN_ARGS)),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines() if line.split(" ")[0] in ("PACKAGE", "ASSETS", "MANUAL"))
    play_dir = f"/{pyxel.BASE_DIR}/play/"
    assert play_dir in lines["PACKAGE"] and str(ROOT) not in lines["PACKAGE"], lines
    assert play_dir in lines["ASSETS"] and lines["ASSETS"].endswith("True"), lines
    if GUIDE.is_file():
        assert play_dir in lines["MANUAL"] and lines["MANUAL"].endswith(GUIDE.name), lines


def test_the_web_page_carries_the_pyxapp(built_html, built_pyxapp):
    page = built_html.read_text(encoding="utf-8")
    assert f"kitao/pyxel@{pyxel.VERSION}/wasm/pyxel.js" in page
    assert 'command: "play"' in page and '"amigasweeper.pyxapp"' in page
    encoded = re.search(r'base64: "([A-Za-z0-9+/=]+)"', page).group(1)
    assert base64.b64decode(encoded) == built_pyxapp.read_bytes()


def test_package_py_builds_into_the_folder_it_is_given(package_tool, tmp_path):
    assert package_tool.main(["html", "--dist", str(tmp_path / "d"), "--build", str(tmp_path / "b")]) == 0
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == ["amigasweeper.html", "amigasweeper.pyxapp"]
