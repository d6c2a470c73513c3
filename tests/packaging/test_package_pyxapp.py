"""The Pyxel app (dist/amigasweeper.pyxapp) and the web page made from it."""

from __future__ import annotations

import base64
import re
import subprocess
import sys
import zipfile

import pytest
import pyxel
from packaging_helpers import (
    ASSETS,
    GUIDE,
    LICENSE,
    ROOT,
    WIN_ARGS,
    args_env,
    checkout_help_screen,
    failing_script,
    help_screen,
    run_env,
)

from amigasweeper.arguments import split_arguments

APP = "amigasweeper"


def play(pyxapp, tmp_path, args, cwd=None):
    """`pyxel play PYXAPP` (as the pyxel command runs it), the program's
    command line in AMIGASWEEPER_ARGS."""
    return subprocess.run(
        [sys.executable, "-m", "pyxel", "play", str(pyxapp)],
        env=run_env(tmp_path, AMIGASWEEPER_ARGS=args_env(args)),
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
        assert archive.read(f"{APP}/amigasweeper/bundled/assets.pyxres") == ASSETS.read_bytes()
        assert archive.read(f"{APP}/amigasweeper/bundled/{GUIDE.name}") == GUIDE.read_bytes()
        assert archive.read(f"{APP}/LICENSE") == LICENSE.read_bytes()
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


@pytest.mark.slow
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
    result = subprocess.run(
        [sys.executable, "-c", probe],
        env=run_env(tmp_path, AMIGASWEEPER_ARGS=args_env(WIN_ARGS)),
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
    assert play_dir in lines["ASSETS"] and lines["ASSETS"].endswith("bundled/assets.pyxres True"), lines
    assert play_dir in lines["MANUAL"] and lines["MANUAL"].endswith(f"bundled/{GUIDE.name}"), lines


@pytest.mark.slow
def test_help_in_the_pyxapp_shows_the_manual_as_the_checkout_does(built_pyxapp, tmp_path):
    shown = help_screen([sys.executable, "-m", "pyxel", "play", str(built_pyxapp)], tmp_path / "app", via_env=True)
    assert shown == checkout_help_screen(tmp_path / "checkout")


def test_the_web_page_carries_the_pyxapp(built_html, built_pyxapp):
    page = built_html.read_text(encoding="utf-8")
    assert 'command: "play"' in page and '"amigasweeper.pyxapp"' in page
    encoded = re.search(r'base64: "([A-Za-z0-9+/=]+)"', page).group(1)
    assert base64.b64decode(encoded) == built_pyxapp.read_bytes()


def test_the_web_page_loads_the_installed_pyxel_within_the_dependency_range(built_html, built_pyxapp, package_tool, tmp_path):
    import shutil
    from importlib import metadata

    page = built_html.read_text(encoding="utf-8")
    installed = metadata.version("pyxel")
    runtime = re.search(r'<script src="([^"]+)" onerror="amigasweeperOffline\(\)"></script>', page).group(1)
    assert runtime == f"https://cdn.jsdelivr.net/gh/kitao/pyxel@{installed}/wasm/pyxel.js"
    assert package_tool.pyxel_requirement() == ">=2.9,<3"  # pyproject.toml's range, read from it
    assert package_tool.version_in_range(installed, package_tool.pyxel_requirement())
    # The address is Pyxel's own: what `pyxel app2html` writes for the same app.
    shutil.copy(built_pyxapp, tmp_path / built_pyxapp.name)
    subprocess.run([sys.executable, "-m", "pyxel", "app2html", built_pyxapp.name], cwd=tmp_path, check=True,
                   capture_output=True)
    assert f'<script src="{runtime}"></script>' in (tmp_path / built_html.name).read_text(encoding="utf-8")


@pytest.mark.parametrize("windows", [True, False])
def test_the_args_variable_it_sets_splits_back_into_the_arguments(package_tool, windows):
    """What `measure` and the tests put in AMIGASWEEPER_ARGS is quoted for the
    rules the startup script splits it by on that system."""
    for args in (WIN_ARGS, ["--data-dir", "C:\\My Dir\\", "--guide", "it's here.guide"], ["--script", "/a b/c.txt"],
                 ['say "hi"', ""]):
        assert split_arguments(package_tool.args_env_value(args, windows=windows), windows=windows) == args


def test_version_ranges_are_read_as_pip_reads_them(package_tool):
    inside = package_tool.version_in_range
    assert inside("2.9.9", ">=2.9,<3") and inside("2.9", ">=2.9,<3") and inside("2.10.0", ">=2.9,<3")
    assert not inside("2.8.12", ">=2.9,<3") and not inside("3.0.0", ">=2.9,<3") and not inside("3", ">=2.9,<3")
    assert inside("3.0", "==3") and not inside("2.9.9", "!=2.9.9") and inside("2.9.10", ">2.9.9")


def test_the_web_page_names_its_needs_before_it_loads_anything(built_html):
    page = built_html.read_text(encoding="utf-8")
    message = re.search(r'<div id="amigasweeper-offline" role="alert" hidden>([^<]+)</div>', page).group(1)
    assert "needs an internet connection to load Pyxel" in message and "cdn.jsdelivr.net" in message
    from importlib import metadata

    assert f"Pyxel {metadata.version('pyxel')}," in message  # the version, in the text a person sees
    assert page.index("amigasweeperOffline()") < page.index("pyxel.js")  # the handler exists before the load


def test_package_py_builds_into_the_folder_it_is_given(package_tool, tmp_path):
    assert package_tool.main(["html", "--dist", str(tmp_path / "d"), "--build", str(tmp_path / "b")]) == 0
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == ["amigasweeper.html", "amigasweeper.pyxapp"]
