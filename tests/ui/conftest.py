"""Fixtures for driving the real program headless."""

from __future__ import annotations

import pytest

from amigasweeper.engine import LevelName
from amigasweeper.ui.app import App, Options
from amigasweeper.ui.pilot import Pilot


@pytest.fixture
def make_app(pyxel_screen):
    """Build the app on the shared headless screen; returns (app, pilot)."""

    def build(**options) -> tuple[App, Pilot]:
        options.setdefault("seed", 5)
        options.setdefault("level", LevelName.BEGINNER)
        app = App(Options(headless=True, **options))
        pilot = Pilot(app)
        pilot.release_all()
        return app, pilot

    return build


@pytest.fixture
def app_pilot(make_app):
    return make_app()
