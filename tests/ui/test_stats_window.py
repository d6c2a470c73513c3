"""The Statistics window through the real program: the figures of the games
played, the chart, the shape gadget, Reset (asked first, Esc safe), both
screen modes, and two copies keeping games in one data folder."""

from __future__ import annotations

import pyxel
import pytest

from amigasweeper.engine import GameStatus, LevelName
from amigasweeper.records import RecordStore
from amigasweeper.ui.game.pausing import PauseReason
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.palette import Pen
from amigasweeper.ui.stats.figures import FIGURES, LEVELS


def finish_game(app, pilot, win: bool) -> None:
    """Play the current game to a win, or to a loss after the first opening."""
    game = app.game
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    cells = [c for c in game.topology.cells() if game.is_mine(c) != win and not game.is_open(c)]
    for cell in cells:
        if game.status.over:
            break
        if not game.is_open(cell):
            pilot.click_cell(cell)
            pilot.step(2)
            pilot.finish_ripple()
    pilot.step(5)
    while app.requesters:  # the new-record requester of a win, or a message
        pilot.key(pyxel.KEY_ESCAPE)
    assert game.status is (GameStatus.WON if win else GameStatus.LOST)
    app.session.new_game()


def figure(window, label: str, level: LevelName) -> str:
    row = next(r for r in window.rows if r[0] == label)
    return row[1 + LEVELS.index(level)]


def open_stats(app, pilot):
    pilot.key(pyxel.KEY_F, amiga=True)
    window = app.stats.window
    assert window is not None and app.wm.active is window
    return window


@pytest.fixture
def played(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    for win in (True, True, False, True):
        finish_game(app, pilot, win)
    return app, pilot


def test_the_figures_of_the_games_played(played):
    app, pilot = played
    window = open_stats(app, pilot)
    assert PauseReason.STATISTICS in app.session.pauses
    assert figure(window, "Played", LevelName.BEGINNER) == "4"
    assert figure(window, "Won", LevelName.BEGINNER) == "3"
    assert figure(window, "Win %", LevelName.BEGINNER) == "75%"
    assert figure(window, "Streak now", LevelName.BEGINNER) == "1"
    assert figure(window, "Longest", LevelName.BEGINNER) == "2"
    assert figure(window, "Played", LevelName.EXPERT) == "-"
    assert [row[0] for row in window.rows] == [f.label for f in FIGURES]
    best = min(r.time_ms for r in app.stats.records() if r.result == "won")
    assert figure(window, "Best time", LevelName.BEGINNER) == f"{best / 1000:.2f}"
    assert "Replays kept: 4" in window.replays


def test_the_chart_draws_a_bar_a_game_in_the_workbench_pens(played):
    app, pilot = played
    window = open_stats(app, pilot)
    assert [p.won for p in window.points] == [True, True, False, True]
    x0 = window.ax + window.inner_x + 4 + 2
    bottom = window.ay + window.chart_y + window.chart_h - 3
    slot = (window.chart_w - 4) // 4
    bars = [pyxel.screen.pget(x0 + i * slot + 1, bottom) for i in range(4)]
    assert bars == [Pen.BLACK, Pen.BLACK, Pen.WHITE, Pen.BLACK]
    chart = {pyxel.screen.pget(x, y) for x in range(x0, x0 + window.chart_w - 4)
             for y in range(window.ay + window.chart_y + 2, bottom + 1)}
    assert chart <= {Pen.GREY, Pen.BLACK, Pen.WHITE, Pen.BLUE}


def test_headings_choose_the_charted_level_and_the_gadget_the_shape(played):
    app, pilot = played
    window = open_stats(app, pilot)
    headings = window.headings
    expert_x = headings.ax + headings.column_x(LEVELS.index(LevelName.EXPERT)) + 8
    pilot.click(expert_x, headings.ay + 3)
    assert window.chart_level is LevelName.EXPERT and window.points == []
    pilot.key(pyxel.KEY_LEFT)
    assert window.chart_level is LevelName.INTERMEDIATE
    cycle = window.shape_cycle
    pilot.click(cycle.ax + cycle.label_w + 3, cycle.ay + 3)
    assert window.shape.value == "hex"
    assert figure(window, "Played", LevelName.BEGINNER) == "-"  # no hexagonal game yet


def test_reset_asks_first_and_esc_keeps_everything(played, tmp_path):
    app, pilot = played
    window = open_stats(app, pilot)
    pilot.click(window.reset_button.ax + 3, window.reset_button.ay + 3)
    question = app.requesters[-1]
    assert question.title == "Statistics" and question.owner is window
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters and figure(window, "Played", LevelName.BEGINNER) == "4"
    pilot.click(window.reset_button.ax + 3, window.reset_button.ay + 3)
    pilot.key(pyxel.KEY_RETURN)  # Return is Cancel here too: the safe answer
    assert figure(window, "Played", LevelName.BEGINNER) == "4"
    pilot.click(window.reset_button.ax + 3, window.reset_button.ay + 3)
    reset = next(b for b in app.requesters[-1].buttons if b.label == "Reset")
    pilot.click(reset.ax + 3, reset.ay + 3)
    assert figure(window, "Played", LevelName.BEGINNER) == "-"
    loaded = RecordStore(tmp_path).load()
    assert loaded.records == [] and len(loaded.earlier) == 4  # nothing was deleted
    pilot.key(pyxel.KEY_ESCAPE)  # Esc closes the window
    assert app.stats.window is None and not app.session.pauses.reasons


@pytest.mark.parametrize("mode", list(ScreenMode))
def test_the_window_fits_both_screen_modes(make_app, tmp_path, mode):
    app, pilot = make_app(data_dir=tmp_path, screen=mode)
    finish_game(app, pilot, True)
    window = open_stats(app, pilot)
    screen_w, screen_h = mode.size
    assert 0 <= window.x and window.x + window.w <= screen_w and 11 <= window.y and window.y + window.h <= screen_h
    for gadget in (window.reset_button, window.close_button, window.shape_cycle):
        assert window.contains(gadget.ax, gadget.ay) and window.contains(gadget.ax + gadget.w - 1, gadget.ay + gadget.h - 1)
    headings = window.headings
    last_column_end = headings.ax + headings.column_x(len(LEVELS) - 1) + window.column_chars * 8
    assert last_column_end <= window.ax + window.w - window.border  # every column inside the window
    assert window.ax + window.inner_x + 4 + window.chart_w <= window.ax + window.w - window.border
    click = window.close_button
    pilot.click(click.ax + 3, click.ay + 3)
    assert app.stats.window is None


def test_two_copies_keep_their_games_in_one_folder(make_app, tmp_path):
    first, first_pilot = make_app(data_dir=tmp_path)
    second, second_pilot = make_app(data_dir=tmp_path, seed=9)
    finish_game(first, first_pilot, True)
    finish_game(second, second_pilot, False)
    finish_game(first, first_pilot, False)
    window = open_stats(second, second_pilot)  # it reads what the other copy kept too
    assert figure(window, "Played", LevelName.BEGINNER) == "3"
    assert figure(window, "Won", LevelName.BEGINNER) == "1"


def test_a_damaged_line_of_the_games_file_is_left_out_and_said(played, tmp_path):
    app, pilot = played
    games = RecordStore(tmp_path).path
    before = games.read_bytes()
    games.write_bytes(before + b"this is no game\n" + b"\xff\xfe torn")
    pilot.key(pyxel.KEY_F, amiga=True)
    window = app.stats.window
    assert figure(window, "Played", LevelName.BEGINNER) == "4"
    note = app.requesters[-1]
    assert note.owner is window and "could not be read" in " ".join(note.lines)
    pilot.key(pyxel.KEY_RETURN)
    assert games.read_bytes().startswith(before)  # nothing of the file was thrown away


def test_help_in_the_window_opens_its_manual_page(played):
    app, pilot = played
    open_stats(app, pilot)
    pilot.key(pyxel.KEY_F1)
    assert app.viewer is not None and app.viewer.place.node.name == "StatsWindows"
    assert app.session.pauses.reasons == {PauseReason.STATISTICS, PauseReason.HELP}
