"""The clock rule (amigasweeper/play/clock.py): the game's clock runs only
while the player is at the MineSweeper window. Pause, any other window or
requester being the active one, and each window that takes the player away
while it is open hold it; it runs again only when every reason has gone."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus
from amigasweeper.play.clock import PauseReason

SECOND = 60  # frames: the headless clock counts frames


def start_playing(app, pilot):
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    assert app.game.status is GameStatus.PLAYING


def click_widget(pilot, widget):
    pilot.click(widget.ax + 3, widget.ay + 3)


def clock_runs(app, pilot) -> bool:
    before = app.game.elapsed()
    pilot.step(SECOND)
    return app.game.elapsed() > before


def open_duel_from_the_game(app, pilot):
    """Go back to the game window (the active window takes the hotkey) and start a Duel."""
    window = app.mine_window
    pilot.click(window.ax + 40, window.ay + 4)
    assert app.wm.active is window
    pilot.key(pyxel.KEY_D, amiga=True)
    pilot.key(pyxel.KEY_RETURN)
    assert app.duels.window is not None
    return app.duels.window


def send_behind(pilot, window):
    click_widget(pilot, window.depth_gadget)


def test_help_then_a_duel_then_closing_help_keeps_the_clock_stopped(app_pilot):
    app, pilot = app_pilot
    start_playing(app, pilot)
    assert clock_runs(app, pilot)
    pilot.key(pyxel.KEY_F1)
    viewer = app.viewer
    send_behind(pilot, viewer)  # the game window's title bar shows again
    duel = open_duel_from_the_game(app, pilot)
    assert app.session.pauses.reasons == {PauseReason.HELP, PauseReason.DUEL, PauseReason.AWAY}  # the Duel is active
    click_widget(pilot, viewer.close_gadget)
    assert app.viewer is None and app.duels.window is duel
    assert app.game.paused and not app.mine_window.field.visible
    assert not clock_runs(app, pilot)  # the bug this rule fixes: it ran on under the Duel
    click_widget(pilot, duel.close_gadget)
    assert app.duels.window is None and not app.game.paused
    assert clock_runs(app, pilot)


def test_the_duel_then_help_then_closing_the_duel_keeps_it_stopped(app_pilot):
    app, pilot = app_pilot
    start_playing(app, pilot)
    duel = open_duel_from_the_game(app, pilot)
    pilot.key(pyxel.KEY_F1)  # the manual's Duel page, over the Duel
    viewer = app.viewer
    send_behind(pilot, viewer)
    click_widget(pilot, duel.close_gadget)
    assert app.duels.window is None
    assert app.game.paused and not clock_runs(app, pilot)
    click_widget(pilot, viewer.close_gadget)
    assert app.viewer is None and not app.game.paused and clock_runs(app, pilot)


def test_a_pause_outlives_the_help_viewer_opened_over_it(app_pilot):
    app, pilot = app_pilot
    start_playing(app, pilot)
    pilot.key(pyxel.KEY_P)
    pilot.key(pyxel.KEY_F1)
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.viewer is None
    assert app.game.paused and not clock_runs(app, pilot)  # still in Pause: the player chose it
    click_widget(pilot, app.mine_window.face_gadget)
    assert not app.game.paused and clock_runs(app, pilot)


def test_the_face_cannot_resume_a_game_an_open_window_holds_and_says_why(app_pilot):
    app, pilot = app_pilot
    start_playing(app, pilot)
    pilot.key(pyxel.KEY_F1)
    send_behind(pilot, app.viewer)
    click_widget(pilot, app.mine_window.face_gadget)
    assert app.wm.active is app.mine_window
    assert app.game.paused and not clock_runs(app, pilot)
    assert "Help" in app.screen_title()
    assert app.game.status is GameStatus.PLAYING  # and it was no new game
    app.viewer.close()
    pilot.step()
    assert not app.game.paused and "Help" not in app.screen_title()  # the note goes with the window


def test_a_new_game_begun_while_help_is_open_waits_for_it(app_pilot):
    app, pilot = app_pilot
    start_playing(app, pilot)
    pilot.key(pyxel.KEY_F1)
    send_behind(pilot, app.viewer)
    window = app.mine_window
    pilot.click(window.ax + 40, window.ay + 4)
    pilot.key(pyxel.KEY_N, amiga=True)  # Game > New
    assert app.game.status is GameStatus.READY and app.game.paused
    assert window.field.visible  # an untouched board has nothing to study: it stays shown
    pilot.click_cell(pilot.cell_at(3, 3))
    assert app.game.status is GameStatus.READY  # but it waits for the manual to close
    assert "Help" in app.screen_title()
    app.viewer.close()
    pilot.step()
    assert not app.game.paused and window.field.visible
    pilot.click_cell(pilot.cell_at(3, 3))
    assert app.game.status is GameStatus.PLAYING


def test_only_a_game_in_progress_or_a_pause_hides_the_board(app_pilot):
    app, pilot = app_pilot
    field = app.mine_window.field
    pilot.key(pyxel.KEY_D, amiga=True)
    pilot.key(pyxel.KEY_RETURN)
    assert app.game.paused and field.visible  # the Duel holds an untouched game: nothing to hide
    app.duels.window.close()
    pilot.step()
    pilot.key(pyxel.KEY_P)  # a Pause hides even an untouched board, as 2.4 shrinks its window
    assert app.game.paused and not field.visible


def test_pause_on_its_own_still_toggles(app_pilot):
    app, pilot = app_pilot
    start_playing(app, pilot)
    pilot.key(pyxel.KEY_P)
    assert app.session.pauses.reasons == {PauseReason.PAUSE} and not clock_runs(app, pilot)
    pilot.key(pyxel.KEY_P)
    assert not app.session.pauses.reasons and clock_runs(app, pilot)


@pytest.mark.parametrize("hotkey", [pyxel.KEY_T, pyxel.KEY_SLASH])
def test_best_times_and_about_hold_the_clock_as_2_4_did(app_pilot, hotkey):
    """2.4's requesters were modal: the program did nothing else, its clock
    included, until they were answered. (Main let it run on behind them.)"""
    app, pilot = app_pilot
    start_playing(app, pilot)
    pilot.key(hotkey, amiga=True, shift=hotkey == pyxel.KEY_SLASH)
    assert app.requesters and app.wm.active is app.requesters[-1]
    assert app.game.paused and not clock_runs(app, pilot)
    assert not app.mine_window.field.visible  # a game in progress is not to be studied with its clock stopped
    seconds = app.game.seconds
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters and app.wm.active is app.mine_window
    assert clock_runs(app, pilot) and app.mine_window.field.visible
    assert app.game.seconds == seconds + 1  # the time behind the requester was not counted


def test_another_active_window_holds_the_clock_and_the_click_back_plays(app_pilot):
    app, pilot = app_pilot
    start_playing(app, pilot)
    window = app.mine_window
    pilot.click(2, app.screen.h - 2)  # the Workbench, behind every window
    assert app.wm.active is app.workbench
    assert app.game.paused and PauseReason.AWAY in app.session.pauses and not clock_runs(app, pilot)
    assert not window.field.visible
    pilot.click(window.ax + 40, window.ay + 4)  # its title bar: active again
    assert not app.game.paused and clock_runs(app, pilot) and window.field.visible
    app.session.new_game()
    pilot.click(2, app.screen.h - 2)
    assert app.game.paused and window.field.visible  # an untouched board stays shown
    pilot.click_cell(pilot.cell_at(3, 3))  # the click that makes the window active plays too, as on the Amiga
    assert app.wm.active is window and app.game.status is GameStatus.PLAYING


def test_an_untouched_board_under_a_requester_stays_shown_and_waits(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_T, amiga=True)
    assert app.game.paused and app.mine_window.field.visible  # nothing on it to study
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.game.paused


def test_the_recording_leaves_out_the_time_another_window_held(make_app):
    app, pilot = make_app()
    start_playing(app, pilot)
    pilot.step(SECOND)
    pilot.key(pyxel.KEY_SLASH, amiga=True, shift=True)  # About
    pilot.step(20 * SECOND)
    pilot.key(pyxel.KEY_ESCAPE)
    app.session.new_game()  # the game ends abandoned: its recording is made now
    pilot.settle()
    recording = app.stats.last_game()
    assert recording is not None and recording.time_ms < 5 * 1000
