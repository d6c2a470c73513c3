"""Statistics > Game's Guesses... through the real program: the chosen game's guesses counted a slice a
frame ("counting..." until then), their figures as the whole-file audit gives them, drawn; Replay opens
the game; a game whose replay is gone or damaged is said in words."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus
from amigasweeper.replay import audit_frames
from amigasweeper.replay.audit import audit_recording
from amigasweeper.replay.audit_frames import COUNTING, summary_lines
from amigasweeper.ui.stats.game_guesses import NO_REPLAY, TITLE, GuessesRequester


def finish_game(app, pilot, win: bool) -> None:
    """Play the current game to a win, or to a loss after the first opening, uncovering in square order
    (most of those uncovers are guesses)."""
    game = app.game
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    for cell in [c for c in game.topology.cells() if game.is_mine(c) != win and not game.is_open(c)]:
        if game.status.over:
            break
        if not game.is_open(cell):
            pilot.click_cell(cell)
            pilot.step(2)
            pilot.finish_ripple()
    pilot.settle()
    while app.requesters:  # the new-record requester of a win
        pilot.key(pyxel.KEY_ESCAPE)
    assert game.status is (GameStatus.WON if win else GameStatus.LOST)
    app.session.new_game()
    pilot.settle()


def open_stats(app, pilot):
    pilot.key(pyxel.KEY_F, amiga=True)
    assert app.stats.window is not None
    return app.stats.window


@pytest.fixture
def texts(monkeypatch):
    """Every text drawn from now on (font.draw_text still draws it)."""
    from amigasweeper.ui.intuition import font

    drawn: list[str] = []
    real = font.draw_text

    def spy(x, y, text, *args, **kwargs):
        drawn.append(text)
        return real(x, y, text, *args, **kwargs)

    monkeypatch.setattr(font, "draw_text", spy)
    return drawn


@pytest.fixture
def two_games(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    for win in (True, False):
        finish_game(app, pilot, win)
    return app, pilot


def test_the_chosen_games_guesses_are_counted_over_frames_and_shown(two_games, monkeypatch, texts):
    monkeypatch.setattr(audit_frames, "FRAME_BUDGET_S", 0.0)  # one move a frame: the counting is seen
    app, pilot = two_games
    window = open_stats(app, pilot)
    pilot.key(pyxel.KEY_DOWN)  # the older game: the win
    record = window.list.game
    assert record.result == "won"
    recording = app.stats.keeper.replays.load(record)
    whole = audit_recording(recording)
    assert whole.guesses  # clicking safe squares in order guesses
    pilot.key(pyxel.KEY_G, amiga=True)  # Statistics > Game's Guesses...
    requester = app.requesters[-1]
    assert isinstance(requester, GuessesRequester) and requester.title == TITLE
    assert requester.lines[1] == COUNTING and COUNTING in texts
    assert requester.lines[0].startswith("The game of 20") and requester.lines[0].endswith(": won")
    for _ in range(600):
        if requester.audit.ready:
            break
        pilot.step()
    assert requester.audit.ready
    expected = summary_lines(whole)
    assert requester.lines[1:] == expected  # the whole file's figures
    assert expected[0] == f"Guesses: {len(whole.guesses)}" and expected[2].startswith("Mean odds: ")
    assert expected[3].startswith("Luck total: log10 ")
    texts.clear()
    pilot.step()
    shown = requester.shown_lines()  # the lines wrapped to the screen, none lost
    assert " ".join(shown) == " ".join(requester.lines) and all(line in texts for line in shown)
    pilot.key(pyxel.KEY_V, left_amiga=True)  # the left button: Replay
    assert requester.closed and app.replays.window is not None
    assert app.replays.window.recording.events == recording.events


def test_ok_closes_and_a_game_without_its_replay_is_said(two_games, tmp_path):
    app, pilot = two_games
    window = open_stats(app, pilot)
    pilot.key(pyxel.KEY_G, amiga=True)
    requester = app.requesters[-1]
    assert isinstance(requester, GuessesRequester)
    pilot.key(pyxel.KEY_RETURN)  # OK, the default
    assert requester.closed and not app.requesters
    keeper = app.stats.keeper
    (keeper.replays.folder / keeper.replays.name_of(window.list.game)).unlink()  # its replay gone
    window.refresh()
    pilot.key(pyxel.KEY_G, amiga=True)
    told = app.requesters[-1]
    assert not isinstance(told, GuessesRequester) and told.lines == [NO_REPLAY]


def test_a_damaged_replay_is_said_in_words(two_games):
    app, pilot = two_games
    window = open_stats(app, pilot)
    keeper = app.stats.keeper
    name = keeper.replays.name_of(window.list.game)
    (keeper.replays.folder / name).write_bytes(b"\x04" + b"\xff" * 40)
    pilot.key(pyxel.KEY_G, amiga=True)
    told = app.requesters[-1]
    assert not isinstance(told, GuessesRequester)
    assert told.lines[0].startswith(f"{window.list.game.replay_name} cannot be read: ")
