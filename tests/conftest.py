"""Shared test fixtures.

Pyxel can be initialised only once per process, so every UI test shares one
headless screen through the ``pyxel_screen`` fixture.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

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
