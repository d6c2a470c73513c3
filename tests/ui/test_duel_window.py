"""Duel through the real app: setup requester, a full game against the computer,
hot-seat turns with hidden wrong guesses, the result kept in storage."""

from __future__ import annotations

import pyxel

from amigasweeper.engine.duel_moves import DuelTile, where
from amigasweeper.ui.intuition.input import Button


def start_duel(app, pilot, hot_seat=False):
    pilot.key(pyxel.KEY_D, amiga=True)
    requester = app.requesters[-1]
    assert requester.title == "Duel"
    if hot_seat:
        mode = requester.cycles[0]
        pilot.click(mode.ax + mode.label_w + 3, mode.ay + 3)
        assert mode.value == "Player vs Player"
    pilot.key(pyxel.KEY_RETURN)
    window = app.duels.window
    assert window is not None and not app.requesters
    return window


def click_square(pilot, window, cell, button=Button.LEFT):
    ox, oy = window.canvas.geometry.origin(cell)
    pilot.click(window.field.ax + ox + 4, window.field.ay + oy + 4, button)


def safest_square(window):
    duel = window.duel
    return next(
        c for c in duel.topology.cells()
        if not duel.is_visible(c) and not duel.is_mine(c) and c not in duel.wrong_guesses(duel.turn)
    )


def test_a_full_game_against_the_computer(app_pilot):
    app, pilot = app_pilot
    window = start_duel(app, pilot)
    duel = window.duel
    for _ in range(400):
        if duel.over:
            break
        if window.waiting_for_human():
            mine = next((c for c in duel.topology.cells() if duel.is_mine(c) and not duel.is_visible(c)), None)
            click_square(pilot, window, mine, Button.RIGHT)  # the human knows where they are: always right
        else:
            pilot.step(5)
    assert duel.over
    assert app.requesters[-1].title == "Duel Over"
    assert "wins" in " ".join(app.requesters[-1].lines) or "Draw" in " ".join(app.requesters[-1].lines)
    pilot.settle()  # the result takes the end of a game's path, a frame later
    record = app.storage.best_times.duel("computer-normal")
    assert record.wins + record.losses + record.draws == 1
    pilot.key(pyxel.KEY_ESCAPE)  # Close
    assert app.duels.window is None


def test_hot_seat_hides_a_wrong_guess_from_the_opponent(app_pilot):
    app, pilot = app_pilot
    window = start_duel(app, pilot, hot_seat=True)
    duel = window.duel
    wrong = safest_square(window)
    click_square(pilot, window, wrong, Button.RIGHT)
    assert duel.scores[0] == -2
    assert app.requesters[-1].title == "Next Turn"
    assert window.look.viewer is None  # between turns only the public board is shown
    pilot.key(pyxel.KEY_RETURN)
    assert window.look.viewer == 1
    assert duel.tile(wrong, 1) == DuelTile.COVERED and window.canvas.shown[wrong] != DuelTile.WRONG_GUESS
    last_entry = " ".join(window.moves.lines[-2:])
    assert "wrong" in last_entry and where(duel.topology, wrong) not in last_entry
    other = max(c for c in duel.topology.cells() if not duel.is_visible(c) and not duel.is_mine(c))  # far from it
    click_square(pilot, window, other)
    pilot.key(pyxel.KEY_RETURN)
    assert window.look.viewer == 0
    assert duel.tile(wrong, 0) == DuelTile.WRONG_GUESS


def test_keys_play_the_square_under_the_pointer(app_pilot):
    app, pilot = app_pilot
    window = start_duel(app, pilot)
    cell = safest_square(window)
    ox, oy = window.canvas.geometry.origin(cell)
    pilot.move(window.field.ax + ox + 4, window.field.ay + oy + 4)
    pilot.key(pyxel.KEY_U)
    assert window.duel.is_open(cell)


def test_closing_the_duel_returns_to_the_paused_game(app_pilot):
    app, pilot = app_pilot
    pilot.click_cell(pilot.cell_at(3, 3))
    window = start_duel(app, pilot)
    assert app.game.paused
    close = window.close_gadget
    pilot.click(close.ax + 4, close.ay + 4)
    assert app.duels.window is None and not app.game.paused
