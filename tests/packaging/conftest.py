"""Fixtures of the packaging tests: tools/package.py as a module, and the
builds it makes, each made once per session in a temporary folder (never in
the repository's dist/, which the developer owns).

Markers (registered here, not in pyproject.toml):

slow     builds or drives something big: the PyInstaller executable, a browser.
         CI runs them; deselect them locally with ``-m "not slow"``.
browser  drives headless Chromium (skipped, with the reason, where chromium,
         node or tools/web/node_modules are missing; .ci/run installs them).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from packaging_helpers import load_package_tool


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: builds or drives something big (executable, browser); CI runs it, "
        "deselect with -m 'not slow'"
    )
    config.addinivalue_line(
        "markers", "browser: drives headless Chromium with Pyodide (skipped where they are missing)"
    )


@pytest.fixture(scope="session")
def package_tool():
    return load_package_tool()


@pytest.fixture(scope="session")
def package_dirs(tmp_path_factory):
    base = tmp_path_factory.mktemp("package")
    return base / "dist", base / "build"


@pytest.fixture(scope="session")
def built_pyxapp(package_tool, package_dirs) -> Path:
    dist, build = package_dirs
    return package_tool.build_pyxapp(dist, build)


@pytest.fixture(scope="session")
def built_html(package_tool, package_dirs, built_pyxapp) -> Path:
    dist, build = package_dirs
    return package_tool.build_html(dist, build)


@pytest.fixture(scope="session")
def built_exe(package_tool, package_dirs) -> Path:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller is not installed: python3 -m pip install -e '.[package]' (.ci/run does)")
    dist, build = package_dirs
    return package_tool.build_exe(dist, build)
