"""Fixtures for driving the real program headless."""

from __future__ import annotations

import pytest

from amigasweeper.engine import LevelName
from amigasweeper.ui.app import App
from amigasweeper.ui.drive.pilot import Pilot
from amigasweeper.ui.window_options import Options


@pytest.fixture
def make_app(pyxel_screen):
    """Build the app on the shared headless screen; returns (app, pilot).

    The frame loop turns any exception into a requester (ui/faults.py), so a
    test would not see it fail: every app built here must end the test with
    no fault caught (a test that injects one clears ``app.guard.faults``)."""
    built: list[App] = []

    def build(**options) -> tuple[App, Pilot]:
        options.setdefault("seed", 5)
        options.setdefault("level", LevelName.BEGINNER)
        app = App(Options(headless=True, **options))
        built.append(app)
        pilot = Pilot(app)
        pilot.release_all()
        return app, pilot

    yield build
    faults = [fault for app in built for fault in app.guard.faults]
    assert not faults, f"the frame loop caught {faults}"


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
        pilot.settle()  # the game is written (record, replay), then a best time asks for the name

    return play
