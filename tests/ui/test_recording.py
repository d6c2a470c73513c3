"""Every game a person plays is recorded, once, by the game it is
(amigasweeper/play) from what the MineSweeper window sends it: won, lost and
abandoned ones, the Demo's too (as helped); not a game with no uncover, not
a Duel. The recordings are checked through the replay core."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus
from amigasweeper.replay import EventKind, Result, Timeline
from amigasweeper.ui.intuition.input import Button

SECOND = 60


@pytest.fixture
def recorded(make_app):
    """(app, pilot, recordings): every recording a game hands on at its end."""
    app, pilot = make_app()
    got = []
    keep = app.session.on_end

    def ended(end) -> None:
        got.append(end.recording)
        keep(end)

    app.session.on_end = ended
    return app, pilot, got


def win(app, pilot):
    game = app.game
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    for cell in game.topology.cells():
        if not game.is_mine(cell) and not game.is_open(cell):
            pilot.click_cell(cell)
            pilot.finish_ripple()
    assert game.status is GameStatus.WON


def test_a_won_game_is_recorded_with_its_clicks_and_time(recorded):
    app, pilot, got = recorded
    game = app.game
    win(app, pilot)
    assert len(got) == 1
    recording = got[0]
    assert recording.result is Result.WON and recording.mines == game.mine_cells()
    metrics = recording.metrics()
    assert metrics.bbbv_solved == metrics.bbbv
    clicks = sum(1 for m in game.moves)
    assert metrics.left == clicks  # one left click a move: nothing was missed
    assert abs(recording.time_ms - game.elapsed() * 1000) < 1
    presses = [e for e in recording.events if e.kind is EventKind.PRESS]
    assert len(presses) == clicks and all(e.button.value == "left" for e in presses)
    assert any(e.kind is EventKind.MOVE for e in recording.events)  # the pointer's path


def test_a_lost_game_is_recorded_as_lost(recorded):
    app, pilot, got = recorded
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    mine = next(iter(app.game.mine_cells()))
    pilot.click_cell(mine)
    pilot.step(5)
    assert [r.result for r in got] == [Result.LOST]


def test_a_new_game_abandons_the_one_played_and_a_game_with_no_click_is_not_kept(recorded):
    app, pilot, got = recorded
    face = app.mine_window.face_gadget
    pilot.click(face.ax + 3, face.ay + 3)  # a new game over one never clicked
    assert got == []
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.step(10)
    pilot.click(face.ax + 3, face.ay + 3)
    assert [r.result for r in got] == [Result.ABANDONED]


def test_quit_abandons_the_game_being_played(recorded):
    app, pilot, got = recorded
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.key(pyxel.KEY_Q, amiga=True)
    assert [r.result for r in got] == [Result.ABANDONED]


def test_time_held_by_pause_or_a_window_is_not_in_the_recording(recorded):
    app, pilot, got = recorded
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    pilot.key(pyxel.KEY_P)
    pilot.step(10 * SECOND)
    pilot.key(pyxel.KEY_P)
    pilot.key(pyxel.KEY_F1)
    pilot.step(10 * SECOND)
    pilot.key(pyxel.KEY_ESCAPE)
    win(app, pilot)
    recording = got[0]
    assert recording.events[-1].t_ms < 10 * 1000
    assert abs(Timeline(recording).duration_ms - recording.time_ms) < 100


def test_keys_are_recorded_as_the_clicks_they_stand_for(recorded):
    app, pilot, got = recorded
    game = app.game
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    covered = next(c for c in game.topology.cells() if not game.is_open(c))
    pilot.move(*pilot.cell_xy(covered))
    pilot.key(pyxel.KEY_M)
    pilot.click(*pilot.cell_xy(pilot.cell_at(3, 3)), Button.RIGHT)  # a right click on an open square
    app.session.new_game()
    keys = [e for e in got[0].events if e.kind is EventKind.KEY]
    assert [(e.click.value, e.cell) for e in keys] == [("right", covered)]
    assert got[0].metrics().right == 1


def test_the_demos_game_is_kept_as_helped_and_a_duel_is_no_game_of_the_statistics(recorded):
    app, pilot, got = recorded
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    pilot.key(pyxel.KEY_Y, amiga=True)  # Hint > Demo plays on
    for _ in range(600):
        if app.game.status.over:
            break
        pilot.step()
    assert app.game.status.over
    pilot.step(5)
    (demo,) = got
    assert demo.helped and demo.result.value in ("won", "lost")
    keys = [e for e in demo.events if e.kind is EventKind.KEY]
    assert keys and all(e.cell is not None for e in keys)  # the Demo's moves, each with its square
    pilot.key(pyxel.KEY_D, amiga=True)
    pilot.key(pyxel.KEY_RETURN)
    duel = app.duels.window
    cell = next(c for c in duel.duel.topology.cells() if not duel.duel.is_visible(c) and not duel.duel.is_mine(c))
    ox, oy = duel.canvas.geometry.origin(cell)
    pilot.click(duel.field.ax + ox + 4, duel.field.ay + oy + 4)
    app.session.new_game()
    assert got == [demo]


def test_a_scripted_run_keeps_its_games_and_stats_shows_them(tmp_path):
    """A script's won game and the one its end abandons are both kept; the
    shell's --stats reads them from the data folder."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    scripts = Path(__file__).parent / "scripts"
    script = tmp_path / "script.txt"
    won = (scripts / "win_beginner_seed5.txt").read_text().replace("quit", "")
    # Esc answers the new-record requester, then Best Times; a new game, one click, and the script ends.
    script.write_text(won + "key escape\nkey escape\nkey amiga N\ncell 3 3\nclick left\nexpect state playing\nquit\n")
    env = {"SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    data = tmp_path / "data"
    result = subprocess.run([sys.executable, "-m", "amigasweeper", "--headless", "--script", str(script),
                             "--seed", "5", "--level", "beginner", "--data-dir", str(data)],
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    shown = subprocess.run([sys.executable, "-m", "amigasweeper", "--stats", "--json", "--data-dir", str(data)],
                           capture_output=True, text=True, timeout=60, env=env)
    assert shown.returncode == 0, shown.stderr
    games = json.loads(shown.stdout)["games"]
    assert [g["result"] for g in games] == ["won", "abandoned"]
    assert all((data / g["replay"]).is_file() or Path(g["replay"]).is_file() for g in games)


def test_a_headless_run_keeps_its_games_in_amigasweeper_data_dir(tmp_path):
    """The fault: a headless run ignored AMIGASWEEPER_DATA_DIR, which --stats
    reads, so its games went nowhere --stats could find them."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    scripts = Path(__file__).parent / "scripts"
    script = tmp_path / "script.txt"
    script.write_text((scripts / "win_beginner_seed5.txt").read_text().replace("quit", "") + "key escape\nquit\n")
    data = tmp_path / "data"
    env = {"SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin", "AMIGASWEEPER_DATA_DIR": str(data)}
    result = subprocess.run([sys.executable, "-m", "amigasweeper", "--headless", "--script", str(script),
                             "--seed", "5", "--level", "beginner"], capture_output=True, text=True, timeout=120,
                            env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    shown = subprocess.run([sys.executable, "-m", "amigasweeper", "--stats", "--json"],
                           capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    document = json.loads(shown.stdout)
    assert [g["result"] for g in document["games"]] == ["won"]
    assert document["summary"][0]["board"] == "Beginner" and document["summary"][0]["best_ms"] is not None


def test_where_a_run_keeps_its_data(tmp_path, monkeypatch):
    from amigasweeper.storage import FileBackend, MemoryBackend
    from amigasweeper.ui.saving import open_storage

    monkeypatch.setenv("AMIGASWEEPER_DATA_DIR", str(tmp_path))
    told = open_storage(None, headless=True)
    assert isinstance(told.backend, FileBackend) and told.backend.folder == tmp_path
    assert open_storage(tmp_path / "given", headless=True).backend.folder == tmp_path / "given"
    monkeypatch.delenv("AMIGASWEEPER_DATA_DIR")
    assert isinstance(open_storage(None, headless=True).backend, MemoryBackend)


def test_a_move_made_with_the_chances_shown_is_help_used(recorded):
    app, pilot, got = recorded
    pilot.key(pyxel.KEY_W, amiga=True)  # Show Probabilities, before the first click
    pilot.key(pyxel.KEY_W, amiga=True)  # and off again: nothing was played with it
    app.session.new_game()
    pilot.click_cell(pilot.cell_at(3, 3))
    app.session.new_game()
    pilot.key(pyxel.KEY_W, amiga=True)  # on, and it stays on for the next game
    app.session.new_game()
    pilot.click_cell(pilot.cell_at(3, 3))
    app.session.new_game()
    assert [r.helped for r in got] == [False, True]


def test_the_player_name_set_in_settings_signs_the_replay_and_esc_keeps_the_old_one(recorded):
    """The fault: the player's name in a replay was always empty."""
    app, pilot, got = recorded
    pilot.key(pyxel.KEY_F, amiga=True)  # the Statistics window, whose menu has Player Name...
    pilot.key(pyxel.KEY_N, amiga=True)
    assert app.requesters[-1].owner is app.stats.window
    pilot.type("Ada")
    pilot.key(pyxel.KEY_RETURN)
    assert app.storage.settings.player_name == "Ada"
    pilot.key(pyxel.KEY_N, amiga=True)
    pilot.type("Bob")
    pilot.key(pyxel.KEY_ESCAPE)  # Cancel: nothing changes
    assert app.storage.settings.player_name == "Ada"
    pilot.key(pyxel.KEY_ESCAPE)  # and the window closes
    pilot.click_cell(pilot.cell_at(3, 3))
    app.session.new_game()
    assert [r.player for r in got] == ["Ada"]
