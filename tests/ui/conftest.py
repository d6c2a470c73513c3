"""Fixtures for driving the real program headless."""

from __future__ import annotations

import pytest

from amigasweeper.engine import LevelName
from amigasweeper.ui.app import App, Options
from amigasweeper.ui.drive.pilot import Pilot


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


@pytest.fixture
def win_game():
    """Play the current game to a win by uncovering every safe square (peeking at the layout)."""

    def play(app, pilot, start=(3, 3)) -> None:
        game = app.game
        pilot.click_cell(pilot.cell_at(*start))
        pilot.finish_ripple()
        for cell in game.topology.cells():
            if not game.is_mine(cell) and not game.is_open(cell):
                pilot.click_cell(cell)
                pilot.finish_ripple()

    return play
