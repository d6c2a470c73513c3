"""The wheel and the sdist, built from a checkout without symbolic links (as
Git for Windows makes by default), and the program run from each way it can be
installed: the checkout itself, an editable install, an installed wheel.

The builds use pip and setuptools from the package index (pip's build
isolation), as a user's `pip install .` does. The clone is of the committed
state (HEAD) of this repository: what CI tests, on a fresh clone, is exactly
what was committed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from packaging_helpers import ASSETS, GUIDE, LICENSE, ROOT, checkout_help_screen, help_screen, run_env

BUNDLED = ("amigasweeper/bundled/assets.pyxres", "amigasweeper/bundled/AmigaSweeper.guide")


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    return result.stdout


def pip(*args: str, cwd: Path) -> str:
    return run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args], cwd)


@pytest.fixture(scope="session")
def clone(tmp_path_factory) -> Path:
    """This repository's HEAD, cloned as Git for Windows clones by default:
    no symbolic links, and text files with CRLF line ends (.gitattributes
    keeps the images, the manual and .ci/run as they are)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (or no git): nothing to clone")
    target = tmp_path_factory.mktemp("clone") / "amigasweeper"
    run(["git", "-c", "core.symlinks=false", "-c", "core.autocrlf=true", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(target)], ROOT)
    return target


@pytest.fixture(scope="session")
def wheel(clone, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    pip("wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(clone), cwd=out)
    return next(out.glob("amigasweeper-*.whl"))


@pytest.fixture(scope="session")
def sdist(clone, tmp_path_factory) -> Path:
    """The sdist, made by setuptools' own build hook (what `python -m build
    --sdist` calls), with the setuptools that pyproject.toml asks for."""
    work = tmp_path_factory.mktemp("sdist")
    backend = work / "backend"
    requires = "setuptools>=77"
    pip("install", "--quiet", "--target", str(backend), requires, cwd=work)
    out = work / "out"
    out.mkdir()
    env = {**os.environ, "PYTHONPATH": str(backend)}
    code = f"from setuptools import build_meta; print(build_meta.build_sdist({str(out)!r}))"
    run([sys.executable, "-c", code], clone, env)
    return next(out.glob("amigasweeper-*.tar.gz"))


@pytest.fixture(scope="session")
def installed_wheel(wheel, tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site")
    pip("install", "--quiet", "--no-deps", "--target", str(target), str(wheel), cwd=target)
    return target


def test_a_symlink_free_clone_has_the_real_manual_and_images(clone):
    manual = (clone / "docs" / "AmigaGuide" / GUIDE.name).read_bytes()
    assert manual.startswith(b"@database") and b"\r" not in manual
    assert zipfile.is_zipfile(clone / "assets.pyxres")
    assert b"\r\n" in (clone / "pyproject.toml").read_bytes()  # the clone really is a Windows-style one
    assert b"\r" not in (clone / ".ci" / "run").read_bytes()
    assert not (clone / "amigasweeper" / "guide" / GUIDE.name).exists()  # the manual lives once


@pytest.mark.slow
def test_the_wheel_from_that_clone_carries_the_manual_images_and_licence(wheel, clone):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert archive.read(BUNDLED[0]) == (clone / "assets.pyxres").read_bytes()
        manual = archive.read(BUNDLED[1])
        assert manual == (clone / "docs" / "AmigaGuide" / GUIDE.name).read_bytes()
        assert manual.startswith(b"@database") and len(manual) > 10_000  # the real text, not a link's target path
        licence = next(name for name in names if name.endswith(".dist-info/licenses/LICENSE"))
        assert archive.read(licence) == (clone / "LICENSE").read_bytes()
    assert "amigasweeper/resources.py" in names
    assert not any(name.startswith(("docs/", "tests/", "tools/")) for name in names)


@pytest.mark.slow
def test_the_sdist_carries_them_where_the_repository_has_them_and_installs_them_inside(sdist, tmp_path):
    with tarfile.open(sdist) as archive:
        members = {member.name.split("/", 1)[1]: member for member in archive.getmembers() if "/" in member.name}
        for name in ("LICENSE", "CHANGELOG.md", "assets.pyxres", f"docs/AmigaGuide/{GUIDE.name}", "setup.py",
                     "pyproject.toml", "amigasweeper/resources.py"):
            assert name in members and members[name].isfile(), name
        assert not [name for name, member in members.items() if member.issym() or member.islnk()]
        assert not [name for name in members if name.startswith("amigasweeper/bundled")]
        # No test files: alone, without the rest of tests/ and tools/, they would fail.
        assert not [name for name in members if name.startswith("tests/") or name.rsplit("/", 1)[-1].startswith("test_")]
        assert "MANIFEST.in" in members
        manual = archive.extractfile(members[f"docs/AmigaGuide/{GUIDE.name}"]).read()
    out = tmp_path / "from-sdist"
    pip("wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(sdist), cwd=tmp_path)
    with zipfile.ZipFile(next(out.glob("*.whl"))) as archive:
        assert set(BUNDLED) <= set(archive.namelist())
        assert archive.read(BUNDLED[1]) == manual and manual.startswith(b"@database")
    # Installed from the sdist, the program finds them inside its package.
    site = tmp_path / "site"
    pip("install", "--quiet", "--no-deps", "--target", str(site), str(sdist), cwd=tmp_path)
    found = where_it_finds(tmp_path, str(site))
    assert Path(found["assets"]) == site / "amigasweeper" / "bundled" / "assets.pyxres"
    assert Path(found["manual"]) == site / "amigasweeper" / "bundled" / GUIDE.name and found["pages"] > 20


def where_it_finds(tmp: Path, pythonpath: str | None) -> dict[str, str]:
    """Run a fresh Python outside the repository and ask where amigasweeper
    (and its images and manual) come from."""
    probe = (
        "import json, amigasweeper, amigasweeper.resources as r, amigasweeper.guide as g\n"
        "print(json.dumps({'package': amigasweeper.__file__, 'assets': str(r.find(r.ASSETS)),"
        " 'manual': str(g.manual_path()), 'pages': len(g.load_manual().nodes)}))\n"
    )
    env = run_env(tmp)
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    return json.loads(run([sys.executable, "-c", probe], tmp, env).strip().splitlines()[-1])


@pytest.mark.slow
def test_an_installed_wheel_finds_them_inside_its_package(installed_wheel, tmp_path):
    found = where_it_finds(tmp_path, str(installed_wheel))
    package = installed_wheel / "amigasweeper"
    assert Path(found["package"]).parent == package
    assert Path(found["assets"]) == package / "bundled" / "assets.pyxres"
    assert Path(found["manual"]) == package / "bundled" / GUIDE.name
    assert found["pages"] > 20


@pytest.mark.slow
def test_help_in_an_installed_wheel_shows_what_the_checkout_shows(installed_wheel, tmp_path):
    env = run_env(tmp_path / "wheel", PYTHONPATH=str(installed_wheel))
    shown = help_screen([sys.executable, "-m", "amigasweeper"], tmp_path / "wheel", env)
    assert shown == checkout_help_screen(tmp_path / "checkout")


def test_the_checkout_finds_them_where_the_repository_keeps_them(tmp_path):
    found = where_it_finds(tmp_path, str(ROOT))
    assert Path(found["package"]).parent == ROOT / "amigasweeper"
    assert Path(found["assets"]) == ASSETS
    assert Path(found["manual"]) == GUIDE
    assert found["pages"] > 20


def test_an_editable_install_runs_the_checkout(tmp_path):
    """Run from outside the repository, so that only the installed copy counts
    (pytest's own folder would show the checkout's .egg-info)."""
    code = (
        "import json\nfrom importlib import metadata\n"
        "try:\n    print(metadata.distribution('amigasweeper').read_text('direct_url.json') or '{}')\n"
        "except metadata.PackageNotFoundError:\n    print('null')\n"
    )
    direct = json.loads(run([sys.executable, "-c", code], tmp_path, run_env(tmp_path)).strip())
    if direct is None:
        pytest.skip("amigasweeper is not installed (the README's pip install -e does it)")
    if not direct.get("dir_info", {}).get("editable"):
        pytest.skip("amigasweeper is installed, but not editable")
    found = where_it_finds(tmp_path, None)
    source = Path(direct["url"].removeprefix("file://"))
    assert Path(found["package"]).resolve().parent == (source / "amigasweeper").resolve()
    assert Path(found["assets"]).resolve() == (source / "assets.pyxres").resolve()
    assert Path(found["manual"]).resolve() == (source / "docs" / "AmigaGuide" / GUIDE.name).resolve()


def test_a_built_licence_file_is_the_mit_licence():
    text = LICENSE.read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "The AmigaSweeper team" in text
    assert "Permission is hereby granted, free of charge" in text
