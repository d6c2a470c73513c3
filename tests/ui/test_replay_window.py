"""The Replay window through the real program: the last game, a file named
on the command line, dropped, or chosen in the ASL requester; the tape
deck's gadgets and keys, the slider, the pointer drawn, the clock rule."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import pyxel

from amigasweeper.engine import GameStatus, LevelName
from amigasweeper.play.clock import PauseReason
from amigasweeper.replay import Result, Timeline, replay_bytes, replay_suffix
from amigasweeper.ui.intuition.atlas import POINTER, Glyph
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.palette import Pen
from amigasweeper.ui.replay.deck import Speed

FRAME_MS = 1000 / 60
SAMPLES = Path(__file__).resolve().parents[1] / "replay" / "samples"


def play_some(app, pilot, squares=12):
    """Play part of a game by clicking safe squares, then leave it (a new game)."""
    game = app.game
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    played = 0
    for cell in game.topology.cells():
        if played >= squares or game.status.over:
            break
        if not game.is_mine(cell) and not game.is_open(cell):
            pilot.click_cell(cell)
            pilot.step(3)  # a little time between clicks
            pilot.finish_ripple()
            played += 1
    app.session.new_game()
    pilot.settle()  # the abandoned game's record and replay are written a slice a frame
    recording = app.stats.last_game()
    assert recording is not None and recording.result is Result.ABANDONED
    return recording


def click(pilot, widget, dx=3, dy=3):
    pilot.click(widget.ax + dx, widget.ay + dy)


@pytest.fixture
def replaying(make_app):
    app, pilot = make_app(level=LevelName.INTERMEDIATE)
    recording = play_some(app, pilot)
    pilot.key(pyxel.KEY_Z, amiga=True)  # Game > Replay...: the last game
    window = app.replays.window
    assert window is not None and window.recording is recording
    return app, pilot, window


def shown_matches(window) -> bool:
    """The board drawn is the timeline's board at the event shown."""
    game = Timeline(window.recording).state(window.deck.index).game
    return all(window.canvas.shown[c] == game.tile(c) for c in game.topology.cells())


def test_the_last_game_plays_at_real_speed_and_holds_the_clock(replaying):
    app, pilot, window = replaying
    assert PauseReason.REPLAY in app.session.pauses and app.game.paused
    assert window.deck.t_ms == 0 and not window.deck.playing
    click(pilot, window.play_button)
    start = window.deck.t_ms
    pilot.step(30)
    assert window.deck.t_ms - start == pytest.approx(30 * FRAME_MS, abs=FRAME_MS)
    assert shown_matches(window)
    pilot.key(pyxel.KEY_SPACE)  # pause
    paused_at = window.deck.t_ms
    pilot.step(20)
    assert window.deck.t_ms == paused_at
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.replays.window is None and not app.game.paused


@pytest.mark.parametrize("speed", list(Speed))
def test_the_speed_gadget_and_keys(replaying, speed):
    app, pilot, window = replaying
    for _ in range(list(Speed).index(speed)):
        click(pilot, window.speed_cycle)
    assert window.deck.speed is speed and window.speed_cycle.value == speed.label
    pilot.key(pyxel.KEY_SPACE)
    start = window.deck.t_ms
    pilot.step(12)
    if window.deck.playing:
        assert window.deck.t_ms - start == pytest.approx(12 * FRAME_MS * speed.value, abs=speed.value * FRAME_MS)
    pilot.key(pyxel.KEY_4)
    assert window.deck.speed is Speed.X4


def test_play_runs_to_the_end_and_again_from_the_start(replaying):
    app, pilot, window = replaying
    pilot.key(pyxel.KEY_4)
    pilot.key(pyxel.KEY_SPACE)
    frames = int(window.timeline.duration_ms / FRAME_MS / 4) + 10
    pilot.step(frames)
    assert not window.deck.playing and window.deck.index == len(window.timeline) - 1
    metrics = window.state.metrics
    assert metrics.bbbv_solved == window.recording.metrics().bbbv_solved  # the metrics counted up to the end
    click(pilot, window.play_button)
    assert window.deck.playing and window.deck.t_ms < 100


def test_step_moves_one_event_and_rewind_goes_back(replaying):
    app, pilot, window = replaying
    first = window.deck.index  # the last event at 0 ms (the first press and the pointer there)
    for expected in range(first + 1, first + 6):
        click(pilot, window.step_button)
        assert window.deck.index == expected and not window.deck.playing
        assert window.deck.t_ms == window.timeline.times[expected]
    pilot.key(pyxel.KEY_RIGHT)
    assert window.deck.index == first + 6
    assert shown_matches(window)
    click(pilot, window.rewind_button)
    assert window.deck.t_ms == 0 and shown_matches(window)


def test_the_slider_scrubs_both_ways(replaying):
    app, pilot, window = replaying
    slider = window.slider
    start, size = slider.knob()
    y = slider.ay + slider.h // 2
    grab = slider.ax + 2 + start + size // 2
    pilot.drag((grab, y), (slider.ax + slider.w // 2, y))
    middle = window.deck.t_ms
    assert 0.3 * window.timeline.duration_ms < middle < 0.7 * window.timeline.duration_ms
    assert shown_matches(window)
    start, size = slider.knob()
    pilot.drag((slider.ax + 2 + start + size // 2, y), (slider.ax, y))  # all the way back
    assert window.deck.t_ms == 0 and shown_matches(window)
    pilot.click(slider.ax + slider.w - 4, y)  # beside the knob: a twentieth on
    assert window.deck.t_ms > 0


def test_the_players_pointer_is_drawn_on_the_board(replaying):
    app, pilot, window = replaying
    for _ in range(3):
        click(pilot, window.step_button)
    pilot.move(2, 250)  # our own pointer far away
    x, y = window.pointer()
    sx, sy = window.board.ax - window.board.view_x + x, window.board.ay - window.board.view_y + y
    sprite = POINTER.sprite
    drawn = [pyxel.screen.pget(sx + dx, sy + dy) for dx in range(3) for dy in range(3)]
    art = [pyxel.images[sprite.bank].pget(sprite.x + dx, sprite.y + dy) for dx in range(3) for dy in range(3)]
    assert [d for d, a in zip(drawn, art) if a != POINTER.colkey] == [a for a in art if a != POINTER.colkey]


def test_a_replay_file_opens_from_the_command_line_dropped_and_from_the_asl_requester(make_app, tmp_path):
    app, pilot = make_app()
    recording = play_some(app, pilot, squares=5)
    path = tmp_path / ("mine" + replay_suffix(recording))
    path.write_bytes(replay_bytes(recording))
    from_line, line_pilot = make_app(replay=path)
    assert from_line.replays.window is not None and from_line.replays.window.name == path.name
    pilot.drop(str(path))
    window = app.replays.window
    assert window is not None and window.name == path.name and len(window.timeline) == len(recording.events)
    window.close()
    pilot.step()
    pilot.key(pyxel.KEY_Z, amiga=True)
    pilot.key(pyxel.KEY_O, amiga=True)  # Replay > Open...: the ASL requester
    asl = app.requesters[-1]
    assert asl.title == "Open Replay"
    pilot.key(pyxel.KEY_ESCAPE)  # Esc cancels: the last game stays
    assert app.replays.window.name == "the last game" and not app.requesters


def test_a_damaged_replay_is_refused_in_words(make_app, tmp_path):
    bad = tmp_path / "broken.evf"
    bad.write_bytes(b"\x04" + b"\xff" * 40)
    app, pilot = make_app(replay=bad)
    assert app.replays.window is None
    assert app.requesters and "broken.evf cannot be played" in " ".join(app.requesters[-1].lines)
    pilot.key(pyxel.KEY_RETURN)
    assert not app.requesters and not app.game.paused


def test_with_no_game_played_replay_says_so(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_Z, amiga=True)
    assert app.replays.window is None and "No game has been recorded" in " ".join(app.requesters[-1].lines)


def test_a_board_larger_than_the_screen_follows_the_pointer(make_app):
    app, pilot = make_app(screen=ScreenMode.HIRES)
    app.session.choose_custom(32, 32, 100)
    pilot.step()
    recording = play_some(app, pilot, squares=3)
    app.replays.show(recording, "big")
    window = app.replays.window
    assert window.board.h == 32 * 8
    app.resize_screen(ScreenMode.LOWRES)  # the smaller screen cannot show it whole
    assert window.board.h < 32 * 8 and window.y + window.h <= 256
    for _ in range(len(window.timeline)):
        window.step()
        point = window.pointer()
        if point is not None:
            assert window.board.view_y <= point[1] < window.board.view_y + window.board.h


def test_keep_replay_spares_the_last_games_file(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    play_some(app, pilot, squares=4)
    pilot.key(pyxel.KEY_Z, amiga=True)
    name = app.replays.shelved
    assert name and (tmp_path / "replays" / name).is_file()
    assert app.replays.can_keep()
    pilot.key(pyxel.KEY_P, amiga=True)  # Replay > Keep Replay
    assert "is kept" in " ".join(app.requesters[-1].lines)
    pilot.key(pyxel.KEY_RETURN)
    assert name in app.stats.keeper.kept_names() and not app.replays.can_keep()
    assert app.replays.open_path(tmp_path / "replays" / name) == ""
    assert app.replays.shelved == name  # a file of the replays folder is known as one


def test_keep_replay_is_ghosted_for_a_file_from_elsewhere(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path / "data")
    recording = play_some(app, pilot, squares=4)
    path = tmp_path / ("elsewhere" + replay_suffix(recording))
    path.write_bytes(replay_bytes(recording))
    pilot.drop(str(path))
    assert app.replays.window is not None and not app.replays.can_keep()


def test_an_evf_file_of_another_program_plays_with_its_pointer_scaled(make_app, tmp_path, toollib_evf):
    """A file ms-toollib writes as Metasweeper does, with 16-pixel squares."""
    ms = pytest.importorskip("ms_toollib", reason="ms-toollib is not installed")
    board = ms.laymine(16, 30, 99, 0, 0)
    video = ms.BaseVideo(board, 16)  # positions are (y, x) in pixels
    clicked = []
    for row in range(16):
        for col in range(30):
            if board[row][col] != -1 and video.game_board[row][col] == 10 and len(clicked) < 6:
                video.step("lc", (row * 16 + 5, col * 16 + 9))
                video.step("lr", (row * 16 + 5, col * 16 + 9))
                clicked.append((row, col))
    mine = next((r, c) for r in range(16) for c in range(30) if board[r][c] == -1)
    video.step("lc", (mine[0] * 16 + 5, mine[1] * 16 + 5))  # a loss ends it: ms-toollib writes only ended games
    video.step("lr", (mine[0] * 16 + 5, mine[1] * 16 + 5))
    path = tmp_path / "theirs.evf"
    path.write_bytes(toollib_evf(video))
    app, pilot = make_app(replay=path, screen=ScreenMode.HIRES)
    window = app.replays.window
    assert window is not None and window.recording.cell_px == 16
    first = window.deck.index
    while window.state.pointer is None:
        window.step()
    row, col = clicked[0]
    assert window.pointer() == ((col * 16 + 9) // 2, (row * 16 + 5) // 2)  # in our 8-pixel squares
    while window.deck.index < len(window.timeline) - 1:
        window.step()
    assert window.deck.index > first and shown_matches(window)
    assert window.state.game.status is GameStatus.LOST


def test_after_a_restart_the_last_game_is_the_newest_replay_on_disk(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    recording = play_some(app, pilot, squares=4)
    newest = sorted((tmp_path / "replays").iterdir())[-1]
    (tmp_path / "replays" / ("9" + newest.name)).write_bytes(b"damaged")  # newer still, and unreadable
    again, again_pilot = make_app(data_dir=tmp_path)
    again_pilot.key(pyxel.KEY_Z, amiga=True)
    window = again.replays.window
    assert window is not None and window.recording.mines == recording.mines
    assert again.replays.shelved == newest.name


def test_save_as_and_open_through_the_file_requester(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path / "data")
    recording = play_some(app, pilot, squares=4)
    pilot.key(pyxel.KEY_Z, amiga=True)
    pilot.key(pyxel.KEY_A, amiga=True)  # Replay > Save As...
    asl = app.requesters[-1]
    assert asl.title == "Save Replay" and asl.drawer == tmp_path / "data" / "replays"
    asl.set_text(asl.file_gadget, str(tmp_path / "mine.txt"))
    pilot.key(pyxel.KEY_RETURN)
    assert asl in app.requesters and ".evf" in asl.note and not (tmp_path / "mine.txt").exists()
    asl.set_text(asl.file_gadget, str(tmp_path / "mine.evf"))
    pilot.key(pyxel.KEY_RETURN)
    assert asl not in app.requesters and (tmp_path / "mine.evf").is_file()
    pilot.key(pyxel.KEY_O, amiga=True)  # Replay > Open... the file just written
    opener = app.requesters[-1]
    assert opener.title == "Open Replay"
    opener.set_text(opener.file_gadget, str(tmp_path / "mine.evf"))
    pilot.key(pyxel.KEY_RETURN)
    window = app.replays.window
    assert opener not in app.requesters and window.name == "mine.evf" and window.recording.mines == recording.mines


def test_end_and_step_back_walk_the_game_backwards(replaying):
    app, pilot, window = replaying
    last = len(window.timeline) - 1
    click(pilot, window.end_button)
    assert window.deck.index == last and not window.deck.playing and shown_matches(window)
    assert window.timeline.clock(window.deck.t_ms) == window.recording.time_ms  # the clock ends on the recorded time
    seconds = f"{window.recording.time_ms / 1000:.1f}"
    assert window.clock_text() == f"{seconds}/{seconds} s"
    for expected in range(last - 1, last - 6, -1):
        click(pilot, window.step_back_button)
        assert window.deck.index == expected and not window.deck.playing and shown_matches(window)
        assert window.deck.t_ms == window.timeline.times[expected]
    pilot.key(pyxel.KEY_LEFT)
    assert window.deck.index == last - 6 and shown_matches(window)
    pilot.key(pyxel.KEY_END)
    assert window.deck.index == last and shown_matches(window)
    pilot.key(pyxel.KEY_HOME)
    pilot.key(pyxel.KEY_LEFT)  # before the first event there is nothing further back
    assert window.deck.index == -1 and window.deck.t_ms == 0 and shown_matches(window)


def test_the_deck_buttons_are_drawn_in_a_row_under_the_slider(replaying):
    app, pilot, window = replaying
    buttons = window.deck_buttons()
    assert len({b.ay for b in buttons}) == 1 and all(b.ay > window.slider.ay for b in buttons)
    assert [b.ax for b in buttons] == sorted(b.ax for b in buttons)
    assert window.speed_cycle.ax > buttons[-1].ax + buttons[-1].w
    for button in buttons:  # each shows its sign in the text pen on the grey face
        pens = {pyxel.screen.pget(button.ax + x, button.ay + y) for x in range(4, 16) for y in range(4, 10)}
        assert Pen.BLACK in pens and Pen.GREY in pens


def wait_for_window(app, pilot, frames=3000):
    """Frames pass while ms-toollib reads the file in its own process."""
    for _ in range(frames):
        if app.replays.window is not None or app.requesters:
            return app.replays.window
        pilot.step()
        time.sleep(0.005)
    raise AssertionError("the file was not read")


def test_an_avf_file_opens_once_ms_toollib_has_read_it(make_app):
    """The read happens in a child process: the program runs on meanwhile."""
    ms = pytest.importorskip("ms_toollib", reason="ms-toollib is not installed (pip install -e '.[test]')")
    path = SAMPLES / "arbiter_custom_8x11.avf"
    app, pilot = make_app(replay=path)
    assert app.replays.window is None and app.replays.pending is not None
    window = wait_for_window(app, pilot)
    assert window is not None and window.name == path.name and app.replays.pending is None
    assert window.recording.software == "Arbiter" and window.recording.cell_px == 16
    assert "Arbiter" in window.screen_title and "won" in window.screen_title
    window.end()
    theirs = ms.AvfVideo(str(path))
    theirs.parse()
    theirs.analyse()
    theirs.current_time = 1e7
    game = window.state.game
    assert [[game.number(r * 8 + c) if game.is_open(r * 8 + c) else 10 for c in range(8)] for r in range(11)] \
        == [[v if v < 10 else 10 for v in row] for row in theirs.game_board]
    assert window.clock_text() == "5.4/5.4 s"


def test_a_file_ms_toollib_cannot_read_is_refused_in_words(make_app, tmp_path):
    pytest.importorskip("ms_toollib", reason="ms-toollib is not installed (pip install -e '.[test]')")
    damaged = tmp_path / "half.rmv"
    data = (SAMPLES / "viennasweeper_beginner_preflags.rmv").read_bytes()
    damaged.write_bytes(data[: len(data) // 2])
    app, pilot = make_app(replay=damaged)
    assert wait_for_window(app, pilot) is None
    assert "half.rmv cannot be played: ms-toollib cannot read it" in " ".join(app.requesters[-1].lines)
    pilot.key(pyxel.KEY_RETURN)
    assert not app.requesters and not app.game.paused


@pytest.mark.parametrize("why", ["NOT_INSTALLED", "IN_BROWSER"])
def test_where_ms_toollib_is_missing_the_requester_says_so(make_app, monkeypatch, why):
    from amigasweeper.replay import foreign

    monkeypatch.setattr(foreign, "missing", lambda: getattr(foreign, why))
    app, pilot = make_app(replay=SAMPLES / "arbiter_beginner.avf")
    assert app.replays.window is None
    said = " ".join(app.requesters[-1].lines)
    assert "arbiter_beginner.avf cannot be played" in said
    assert ("pip install 'amigasweeper[replays]'" if why == "NOT_INSTALLED" else "cannot run in a browser") in said


def test_a_long_replay_opens_over_several_frames(make_app, tmp_path):
    """Read a slice a frame (half a frame's time each): the window opens once it is all read."""
    from amigasweeper.engine import GameSetup
    from amigasweeper.metrics.clicks import Mouse
    from amigasweeper.replay import Recording, evf
    from amigasweeper.replay.events import MouseEvent

    wander = [MouseEvent(t, Mouse.MOVE, (t * 7) % 128, (t * 3) % 128) for t in range(8000)]
    clicks = [MouseEvent(8000, Mouse.LEFT_DOWN, 4, 4), MouseEvent(8010, Mouse.LEFT_UP, 4, 4)]
    long = Recording(GameSetup(width=16, height=16, mines=40), frozenset(range(216, 256)), (), Result.ABANDONED,
                     10, mouse=(*wander, *clicks))
    path = tmp_path / "long.evf"
    path.write_bytes(evf.to_evf(long))
    assert path.stat().st_size > 16 * 1024
    app, pilot = make_app(replay=path)
    frames = 0
    while app.replays.window is None and frames < 2000:
        assert app.replays.pending is not None and not app.requesters
        pilot.step()
        frames += 1
    window = app.replays.window
    assert window is not None and len(window.timeline) == 8002 and frames >= 1
    window.end()
    assert window.state.game.is_open(0)


# ------------------------------------------------------------- the guesses (issue 41)
@pytest.fixture
def texts(monkeypatch):
    """Every text drawn from now on, with its pen (font.draw_text still draws it)."""
    from amigasweeper.ui.intuition import font

    drawn: list[tuple[str, int]] = []
    real = font.draw_text

    def spy(x, y, text, *args, **kwargs):
        drawn.append((text, args[0] if args else kwargs.get("pen")))
        return real(x, y, text, *args, **kwargs)

    monkeypatch.setattr(font, "draw_text", spy)
    return drawn


def audited(pilot, window, frames=600) -> None:
    """Frames until the window's luck audit is done."""
    for _ in range(frames):
        if window.audit.ready:
            return
        pilot.step()
    raise AssertionError(f"the audit was not done in {frames} frames")


def red_outline(window, cell: int) -> int:
    """The red pixels drawn on the edge of a square of the Replay window's board."""
    x, y = window.canvas.geometry.origin(cell)
    board = window.board
    x, y = board.ax - board.view_x + x, board.ay - board.view_y + y
    edge = [(x + i, y) for i in range(8)] + [(x + i, y + 7) for i in range(8)]
    edge += [(x, y + i) for i in range(1, 7)] + [(x + 7, y + i) for i in range(1, 7)]
    return sum(pyxel.screen.pget(px, py) == Pen.RED for px, py in edge)


def test_guesses_are_counted_over_frames_then_named_and_stepped_through(make_app, monkeypatch, texts):
    from amigasweeper.replay import audit_frames
    from amigasweeper.replay.audit import audit_recording

    monkeypatch.setattr(audit_frames, "FRAME_BUDGET_S", 0.0)  # one move a frame: the counting is seen
    app, pilot = make_app(level=LevelName.INTERMEDIATE)
    recording = play_some(app, pilot)
    whole = audit_recording(recording)
    assert len(whole.guesses) >= 3  # clicking safe squares in order: most were not proved safe
    pilot.key(pyxel.KEY_Z, amiga=True)
    window = app.replays.window
    assert window.status_text() == audit_frames.COUNTING and (audit_frames.COUNTING, Pen.BLUE) in texts
    pilot.key(pyxel.KEY_G)  # nothing to go to yet: the deck stays
    assert window.deck.index == -1
    pilot.step()
    assert not window.audit.ready  # one move a frame: not done in one
    audited(pilot, window)
    assert window.audit.audit.guesses == whole.guesses  # the whole file's numbers
    total = len(whole.guesses)
    pilot.move(2, 250)  # our own pointer off the board
    assert (f"{total} guesses: G goes to the first", Pen.BLUE) in texts
    for number, guess in enumerate(whole.guesses, 1):
        pilot.key(pyxel.KEY_G)
        assert window.deck.index == guess.event - 1 and not window.deck.playing  # the board the player saw
        expected = f"Guess {number}/{total} next: {audit_frames.guess_words(guess)}"
        assert window.status_text() == expected and "% safe" in expected
        texts.clear()
        pilot.step()
        assert " ".join(text for text, pen in texts if pen == Pen.BLUE) == expected  # drawn whole, wrapped
        assert window.guess_squares() == guess.opened
        assert red_outline(window, guess.cell) == 28  # its square outlined in red, over the player's pointer
        pilot.key(pyxel.KEY_RIGHT)  # step on: the same guess, played
    pilot.key(pyxel.KEY_HOME)
    assert window.guess_squares() == () and red_outline(window, whole.guesses[0].cell) == 0
    pilot.key(pyxel.KEY_END)
    pilot.key(pyxel.KEY_G)  # past the last guess: nothing happens
    at_last = window.deck.index
    pilot.key(pyxel.KEY_G, shift=True)  # back to the one before
    assert window.deck.index == whole.guesses[-1].event - 1 < at_last
    pilot.key(pyxel.KEY_G, shift=True)
    assert window.deck.index == whole.guesses[-2].event - 1


def test_the_menu_steps_to_a_guess_and_is_ghosted_when_there_is_none(replaying):
    from amigasweeper.ui.replay.replaymenus import ReplayCommand

    app, pilot, window = replaying
    audited(pilot, window)
    assert window.audit.audit.guesses
    first = window.audit.audit.guesses[0]
    strip = window.menus
    items = {i.command: i for menu in strip.menus for i in menu.items}
    can = [strip.enabled(items[c]) for c in (ReplayCommand.NEXT_GUESS, ReplayCommand.PREVIOUS_GUESS)]
    assert can == [True, False]
    pilot.key(pyxel.KEY_G, amiga=True)  # Replay > Next Guess
    assert window.deck.index == first.event - 1
    narrow = window.status_lines(12)  # more than two lines' worth: the second is cut, and says so
    assert len(narrow) == 2 and narrow[1].endswith(Glyph.ELLIPSIS.char) and len(narrow[1]) <= 12
    pilot.key(pyxel.KEY_END)
    can = [strip.enabled(items[c]) for c in (ReplayCommand.NEXT_GUESS, ReplayCommand.PREVIOUS_GUESS)]
    assert can == [False, True]
    pilot.key(pyxel.KEY_B, amiga=True)  # Replay > Previous Guess
    assert window.deck.index == window.audit.audit.guesses[-1].event - 1


def test_a_no_guess_board_says_it_is_not_audited(make_app, texts):
    from amigasweeper.engine.layouts import LayoutKind
    from amigasweeper.replay.audit_frames import NOT_AUDITED

    app, pilot = make_app(level=LevelName.INTERMEDIATE)
    pilot.key(pyxel.KEY_E, amiga=True)
    pilot.key(pyxel.KEY_G, amiga=True)  # Settings > No Guessing
    assert app.game.setup.layout is LayoutKind.NO_GUESS
    recording = play_some(app, pilot, squares=4)
    assert recording.setup.layout is LayoutKind.NO_GUESS
    pilot.key(pyxel.KEY_Z, amiga=True)
    window = app.replays.window
    audited(pilot, window)
    assert window.status_text() == NOT_AUDITED and not window.audit.audit.guesses
    texts.clear()
    pilot.step()
    drawn = [text for text, pen in texts if pen == Pen.BLUE]
    assert " ".join(drawn) == NOT_AUDITED  # whole, wrapped between words
    pilot.key(pyxel.KEY_G)
    assert window.deck.index == -1 and window.guess_squares() == ()
