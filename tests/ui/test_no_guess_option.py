"""--no-guess in the window: no-guess boards for this run, whatever the
saved setting, and never saved (as --touch); choosing No-Guess Boards in
the menu is the player's own choice, and is saved."""

from __future__ import annotations

import json

from amigasweeper.engine import LayoutKind, LevelName
from amigasweeper.storage import SETTINGS_FILE
from amigasweeper.ui.window_options import parse_args


def saved_no_guess(folder) -> bool:
    return json.loads((folder / SETTINGS_FILE).read_text())["no_guess"]


def test_the_option_is_parsed():
    assert parse_args(["--no-guess"]).no_guess is True
    assert parse_args([]).no_guess is False


def test_no_guess_for_this_run_is_played_and_not_saved(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path, no_guess=True)
    assert app.session.choices.no_guess
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    assert app.game.setup.layout is LayoutKind.NO_GUESS and not app.game.layout_note
    app.commands.choose_level(LevelName.INTERMEDIATE)  # saves the settings, as every menu choice does
    assert saved_no_guess(tmp_path) is False and app.session.choices.no_guess
    app.commands.leave()
    assert saved_no_guess(tmp_path) is False

    again, _ = make_app(data_dir=tmp_path, level=None)
    assert not again.session.choices.no_guess and again.session.choices.level is LevelName.INTERMEDIATE


def test_choosing_no_guess_in_the_menu_ends_the_override_and_is_saved(make_app, tmp_path):
    app, _ = make_app(data_dir=tmp_path, no_guess=True)
    app.commands.toggle_no_guess()  # ticked by --no-guess: the player unticks it
    assert not app.session.choices.no_guess and saved_no_guess(tmp_path) is False
    app.commands.toggle_no_guess()
    assert saved_no_guess(tmp_path) is True
    app.commands.choose_level(LevelName.EXPERT)
    assert saved_no_guess(tmp_path) is True
