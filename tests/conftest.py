"""Shared test fixtures, and the habits that keep a run from hanging.

Pyxel can be initialised only once per process, so every UI test shares one
headless screen through the ``pyxel_screen`` fixture.

A test process runs threads once pyxel has started, and forking such a
process can leave the child waiting forever on a lock another thread held:
so a process pool made anywhere in a test (a tool's, say) starts its workers
fresh ("spawn"), never by fork. A test that starts a process of its own takes
``child_processes`` (tests/child_processes.py), which leaves none behind.
SIGTERM ends a run as Ctrl-C does, so fixtures are torn down then too.
"""

from __future__ import annotations

import multiprocessing
import os
import signal

import pytest
from child_processes import ChildProcesses

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
multiprocessing.set_start_method("spawn", force=True)


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def pytest_configure(config) -> None:
    """SIGTERM, sent to the run, stops it as Ctrl-C does: pytest then tears down
    every fixture, and so stops every child process (not if a handler is set)."""
    if hasattr(signal, "SIGTERM") and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _interrupted)

try:  # hypothesis is in the test extra; without it its tests skip themselves
    from hypothesis import HealthCheck, settings
except ImportError:
    pass
else:
    # CI and developers share a loaded 2-core machine: an example's wall time says
    # nothing about correctness, so no property test fails on a deadline.
    settings.register_profile("shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("shared-machine")


@pytest.fixture(scope="session")
def pyxel_screen():
    """Initialise headless Pyxel once (320x256, resizable later with pyxel.resize)."""
    import pyxel

    if not getattr(pyxel_screen, "_done", False):
        pyxel.init(320, 256, title="AmigaSweeper tests", fps=60, quit_key=pyxel.KEY_NONE, headless=True)
        pyxel_screen._done = True
    return pyxel


TOOLLIB_GAME_OVER = (3, 4)  # ms-toollib's game_board_state: won, lost


@pytest.fixture
def toollib_evf(tmp_path, monkeypatch):
    """``toollib_evf(video, version=4)``: the EVF file ms-toollib writes for a
    BaseVideo. On a game not yet over ms-toollib panics: the whole test run
    aborts and it writes crash.log into the current folder (tests/, where
    pyxel.init moves it). So the game is checked first, and the folder is the
    test's own."""

    def generate(video, version: int = 4) -> bytes:
        assert video.game_board_state in TOOLLIB_GAME_OVER, "ms-toollib writes (and survives) only a game that is over"
        monkeypatch.chdir(tmp_path)
        getattr(video, f"generate_evf_v{version}_raw_data")()
        return bytes(video.raw_data)

    return generate


@pytest.fixture
def child_processes():
    """``child_processes.start(command, **popen_options)``: a Popen that the
    test's end stops, with everything it started (tests/child_processes.py)."""
    children = ChildProcesses()
    yield children
    children.stop_all()
