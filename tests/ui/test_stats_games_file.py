"""The Statistics window over a games file off the happy path (issue 40):
a last line without its newline, and one longer than any game, as a player
meets them in the real program (headless)."""

from __future__ import annotations

import pyxel

from amigasweeper.records import RecordStore
from tests.ui.test_stats_window import figure, finish_game, open_stats


def test_a_last_line_without_its_newline_never_keeps_the_window_counting(make_app, tmp_path):
    """The fault: the window stayed at "Counting your games: 82%" until the next save."""
    app, pilot = make_app(data_dir=tmp_path)
    for win in (True, False):
        finish_game(app, pilot, win)
    games = RecordStore(tmp_path).path
    with open(games, "ab") as file:
        file.write(b"1796610299799 b 8 8")  # a copy killed mid-line
    window = open_stats(app, pilot)
    pilot.step(3)
    assert "Counting" not in window.status and figure(window, "Played") == "2"
    assert not app.requesters  # the half line is not a line yet: nothing to say of it
    pilot.key(pyxel.KEY_ESCAPE)
    finish_game(app, pilot, True)  # the next game closes it: a damaged line, then the game
    pilot.key(pyxel.KEY_F, amiga=True)
    window = app.stats.window
    assert figure(window, "Played") == "3"
    assert "could not be read" in " ".join(app.requesters[-1].lines)
    pilot.key(pyxel.KEY_RETURN)


def test_a_huge_last_line_is_set_aside_and_said_when_the_window_opens(make_app, tmp_path):
    """The fault: a 2 GB last line of NUL padding was read whole (start and --stats never ended)."""
    app, pilot = make_app(data_dir=tmp_path)
    finish_game(app, pilot, True)
    games = RecordStore(tmp_path).path
    before = games.stat().st_size
    with open(games, "r+b") as file:
        file.truncate(2 * 2**30)  # sparse: the padding takes no disk
    pilot.key(pyxel.KEY_F, amiga=True)
    window = app.stats.window
    assert figure(window, "Played") == "1" and "Counting" not in window.status
    note = app.requesters[-1]
    assert note.owner is window and "1 line of the games file could not be read" in " ".join(note.lines)
    pilot.key(pyxel.KEY_RETURN)
    assert games.stat().st_size == 2 * 2**30 and before < 200  # set aside, not rewritten
