"""The EVF we write is read by ms-toollib exactly as the game was played,
and the EVF we read (ours, Metasweeper's) plays as ms-toollib reads it."""

from __future__ import annotations

import dataclasses
import random
import struct

import pytest

from amigasweeper.engine import Completion, GameSetup, GameStatus, LayoutKind, Mark
from amigasweeper.metrics.clicks import Click, Mouse
from amigasweeper.replay import Result, Timeline, evf
from amigasweeper.replay.events import MouseEvent
from amigasweeper.replay.evf_header import SOLVABLE_MODES, EvfMode
from amigasweeper.replay.files import parse_replay
from amigasweeper.replay.recording import Recording
from amigasweeper.replay.scripted import ScriptedPlayer
from amigasweeper.replay.stream import mouse_stream

from .toollib import analysed, figures_differ, header, in_child, ms, ms_board, same_board

MODE_AT = 8  # the mode's two bytes: after version, summary, settings, rows, columns, mines (2), cell size
PLAYING = 2  # ms-toollib's game_board_state while a game is played


def player(seed=4, **setup) -> ScriptedPlayer:
    return ScriptedPlayer(GameSetup(**{"width": 8, "height": 8, "mines": 10, "seed": seed, **setup}), seed)


def uncover_the_rest(p: ScriptedPlayer) -> None:
    for cell in p.topology.cells():
        if not p.game.is_mine(cell) and not p.game.is_open(cell):
            if p.game.mark(cell) == Mark.MINE:
                p.right(cell)
            p.left(cell)


def plays_as_played(recording: Recording) -> None:
    """Our EVF file, read back, shows the board the player saw after every
    input event, and ms-toollib counts what we count."""
    data = evf.to_evf(recording)
    back = parse_replay(data)
    played, read = Timeline(recording), Timeline(back)
    last_mouse_of = {index: at for at, (_, index) in enumerate(mouse_stream(recording))}
    cells = recording.topology.cells()
    for index in range(len(played)):
        if index in last_mouse_of:
            ours, theirs = played.state(index).game, read.state(last_mouse_of[index]).game
            assert [ours.tile(c) for c in cells] == [theirs.tile(c) for c in cells], index
    assert figures_differ(recording.metrics(), analysed(data)) == []


def test_marks_before_the_first_uncover_are_read_as_they_were_played():
    """A flag, a left click on it (nothing happens), another flag, then the
    first uncover: ms-toollib 1.5.20 keeps its left button down after a
    release over a flag and read the next right click as a chord that
    swallowed the first uncover (3BV solved 0, a chord, a left click too few)."""
    p = player()
    p.right(9)
    p.left(9)  # on the flag: nothing
    p.right(20)
    p.left(36)  # the first uncover
    recording = p.recorder.finish(Result.ABANDONED)
    video = analysed(evf.to_evf(recording))
    m = recording.metrics()
    assert (video.left, video.right, video.double) == (m.left, m.right, m.chord) == (2, 2, 0)
    assert video.lce == m.left_eff == 1 and video.bbbv_solved == m.bbbv_solved >= 1
    plays_as_played(recording)


def test_question_mark_cycles_play_back_to_the_board_played():
    """blank -> mine -> ? -> blank on one square, a "?" left standing on a
    mine, then the game won: today's reading left the "?" cycle out and
    the won game ended with squares still covered."""
    p = player(seed=7)
    p.left(27)
    safe = next(c for c in p.topology.cells() if not p.game.is_open(c) and not p.game.is_mine(c))
    mine = next(c for c in p.topology.cells() if p.game.is_mine(c))
    for _ in range(3):
        p.right(safe)
    assert p.game.mark(safe) == Mark.NONE
    p.right(mine)
    p.right(mine)
    assert p.game.mark(mine) == Mark.QUESTION
    uncover_the_rest(p)
    recording = p.recorder.finish()
    assert recording.result is Result.WON
    plays_as_played(recording)
    end = Timeline(parse_replay(evf.to_evf(recording)))
    assert end.state(len(end) - 1).game.status is GameStatus.WON
    assert analysed(evf.to_evf(recording)).is_completed


@pytest.mark.parametrize("seed", range(40))
def test_scripted_games_with_marks_cycles_chords_and_keys_play_as_played(seed):
    setup = GameSetup(width=16, height=16, mines=40, seed=seed, marks=seed % 4 != 0)
    recording = ScriptedPlayer(setup, seed).play(max_actions=150)
    if recording is not None:
        plays_as_played(recording) if recording.result is not Result.LOST else None
        back = parse_replay(evf.to_evf(recording))
        assert back.result is recording.result and back.metrics() == recording.metrics()


def test_a_game_played_by_keys_alone_is_written_as_presses_at_square_centres():
    """No pointer was ever seen (keys, a text mode): every click is at its square's centre."""
    p = player(seed=3)
    recorder, game = p.recorder, p.game
    game.uncover(27)
    recorder.key(Click.LEFT, 27)
    mine = next(c for c in p.topology.cells() if game.is_mine(c))
    game.toggle_mark(mine)
    recorder.key(Click.RIGHT, mine)
    for cell in p.topology.cells():
        if not game.is_mine(cell) and not game.is_open(cell) and not game.status.over:
            game.uncover(cell)
            recorder.key(Click.LEFT, cell)
    recording = recorder.finish()
    assert recording.result is Result.WON
    clicks = [m for m in recording.mouse_events() if m.mouse is not Mouse.MOVE]
    assert clicks and all(m.x % 8 == 4 and m.y % 8 == 4 for m in clicks)
    video = analysed(evf.to_evf(recording))
    assert video.is_completed and figures_differ(recording.metrics(), video) == []
    assert (video.left, video.right, video.rce) == (recording.metrics().left, 1, 1)


# ------------------------------------------------------------- the header


def _board_video(use_question: bool):
    """A game ms-toollib itself writes, as Metasweeper does: every mine
    flagged, the flag taken off and put down again, then the board cleared
    by chords (which count the flags) and the squares left."""
    board = ms.laymine(8, 8, 10, 0, 0)
    video = ms.BaseVideo(board, 16)  # positions are (y, x) in pixels
    at = lambda row, col: (row * 16 + 5, col * 16 + 9)  # noqa: E731 - a point of a square

    def click(*buttons, square):
        for button in buttons:
            video.step(button, at(*square))

    click("lc", "lr", square=(0, 0))
    squares = [(r, c) for r in range(8) for c in range(8)]
    for square in (s for s in squares if board[s[0]][s[1]] == -1):
        for _ in range(3):  # flag, no flag, flag
            click("rc", "rr", square=square)
    for _ in range(8):
        for row, col in squares:
            if 0 < video.game_board[row][col] < 9 and video.game_board_state == PLAYING:
                click("rc", "lc", "lr", "rr", square=(row, col))
    for row, col in squares:
        if board[row][col] != -1 and video.game_board[row][col] == 10 and video.game_board_state == PLAYING:
            click("lc", "lr", square=(row, col))
    video.use_question = use_question  # ms-toollib takes the settings once a game has ended
    return board, video


@pytest.mark.parametrize("version", [3, 4])
@pytest.mark.parametrize("use_question", [True, False])
def test_the_settings_bit_7_is_read_and_written_as_ms_toollib_does(use_question, version):
    """ms-toollib writes "?" marks in use as bit 7 set, the other way from
    the specification's wording; we read Metasweeper's files so, and write
    ours so."""
    board, video = _board_video(use_question)
    getattr(video, f"generate_evf_v{version}_raw_data")()
    theirs = bytes(video.raw_data)
    recording = parse_replay(theirs)
    assert recording.setup.marks is use_question
    ours = evf.to_evf(dataclasses.replace(recording, setup=dataclasses.replace(recording.setup, marks=use_question)))
    assert ours[2] & 0x80 == theirs[2] & 0x80 == (0x80 if use_question else 0)


@pytest.mark.parametrize("use_question", [True, False])
def test_flags_taken_off_in_another_programs_file_play_as_ms_toollib_reads_them(use_question):
    """Whatever the Marks setting says, ms-toollib has no "?": a flag taken
    off leaves a covered square. Read with marks on (bit 7 taken the
    specification's way), the cycles became "?" marks and the board went
    astray."""
    board, video = _board_video(use_question)
    video.generate_evf_v4_raw_data()
    data = bytes(video.raw_data)
    recording = parse_replay(data)
    timeline = Timeline(recording)
    theirs = analysed(data)
    assert recording.result is Result.WON and theirs.is_completed
    end = timeline.state(len(timeline) - 1).game
    assert same_board(ms_board(end), theirs.game_board, board, won=True)
    assert not any(end.mark(c) == Mark.QUESTION for c in end.topology.cells())


def test_every_mode_is_read_by_the_number_the_specification_gives_it():
    recording = player(seed=2).play()
    data = bytearray(evf.to_evf(recording))
    for mode in [*range(17), 65535, 300]:
        data[MODE_AT : MODE_AT + 2] = struct.pack(">H", mode)
        read = parse_replay(bytes(data))
        assert read.evf_mode == mode
        assert (read.setup.layout is LayoutKind.NO_GUESS) == (mode in SOLVABLE_MODES), mode
    assert {EvfMode.STANDARD, EvfMode.UPK, EvfMode.CHEAT, EvfMode.DENSITY, EvfMode.WIN7}.isdisjoint(SOLVABLE_MODES)


def test_our_no_guess_boards_are_written_as_competitive_solvable():
    recording = player(seed=2).play()
    assert header(evf.to_evf(recording)).mode == EvfMode.STANDARD
    assert header(evf.to_evf(_no_guess(recording))).mode == EvfMode.COMPETITIVE_SOLVABLE == 5


def _mark_the_mines(p: ScriptedPlayer) -> None:
    for cell in p.topology.cells():
        if p.game.is_mine(cell) and p.game.mark(cell) != Mark.MINE and not p.game.status.over:
            p.right(cell)


def _won(**setup) -> Recording:
    p = player(seed=5, **setup)
    p.left(27)
    uncover_the_rest(p)
    _mark_the_mines(p)  # Both: the marks are still wanted
    recording = p.recorder.finish()
    assert recording.result is Result.WON
    return recording


def _no_guess(recording: Recording) -> Recording:
    return dataclasses.replace(recording, setup=dataclasses.replace(recording.setup, layout=LayoutKind.NO_GUESS))


def _won_by_marks(completion: Completion) -> Recording:
    p = player(seed=5, completion=completion)
    p.left(27)
    _mark_the_mines(p)
    recording = p.recorder.finish()
    assert recording.result is Result.WON and recording.board_state().value != "won"
    return recording


@pytest.mark.parametrize(
    "make, completed, official, fair",
    [
        (lambda: _won(), True, True, True),
        (lambda: dataclasses.replace(_won(), helped=True), True, False, False),
        (lambda: _no_guess(_won()), True, False, True),
        (lambda: _won(completion=Completion.BOTH), True, False, True),
        (lambda: _won_by_marks(Completion.ALL_MINES), False, False, False),
        (lambda: _won_by_marks(Completion.EITHER), False, False, False),
        (lambda: player(seed=6).play(abandon_after=3), False, False, False),
    ],
    ids=["won", "helped", "no-guess", "both", "marks-only all-mines", "marks-only either", "abandoned"],
)
def test_the_summary_vouches_for_what_ms_toollib_finds(make, completed, official, fair):
    """Completed only when every safe square was uncovered: a win by marks
    alone reads as unfinished in ms-toollib, so the file does not claim it."""
    data = evf.to_evf(make())
    video = header(data)
    assert (video.is_completed, video.is_official, video.is_fair) == (completed, official, fair)
    assert analysed(data).is_completed is completed


def test_the_players_name_and_the_times_to_the_millisecond():
    p = player(seed=8)
    p.right(5)  # a mark first: the clock starts later, at the first uncover
    p.wait(0.5, 0.5)
    p.left(30)
    uncover_the_rest(p)
    recording = dataclasses.replace(p.recorder.finish(), player="Ann Bell", started=1_700_000_000.25)
    data = evf.to_evf(recording)
    video = analysed(data)
    assert video.player_identifier == "Ann Bell"
    assert video.rtime_ms == recording.time_ms
    assert recording.clock_start_ms > 500
    assert video.start_time == round((recording.started + recording.clock_start_ms / 1000) * 1e6)
    assert video.end_time - video.start_time == recording.time_ms * 1000
    timeline = Timeline(parse_replay(data))
    assert timeline.clock(timeline.duration_ms) == recording.time_ms
    assert round((video.video_end_time - video.video_start_time) * 1000) == timeline.duration_ms
    assert parse_replay(data).started == pytest.approx(recording.started, abs=1e-6)


# ------------------------------------------------------- the click machine


def _random_stream(rng: random.Random, width: int, height: int) -> list[MouseEvent]:
    """Clicks of every kind our writer and other programs make, on and off
    the board, flags before the first uncover among them."""
    off = (width * 8, height * 8)
    t, events = 0, []

    def at(cell):
        return off if cell is None else ((cell % width) * 8 + 4, (cell // width) * 8 + 4)

    for _ in range(rng.randint(2, 60)):
        cell = None if rng.random() < 0.1 else rng.randrange(width * height)
        other = rng.randrange(width * height)
        t += rng.randint(0, 300)
        kind = rng.choice(["left", "right", "right", "chord", "move", "left away", "right away"])
        steps = {
            "left": [(Mouse.LEFT_DOWN, cell), (Mouse.LEFT_UP, cell)],
            "right": [(Mouse.RIGHT_DOWN, cell), (Mouse.RIGHT_UP, cell)],
            "chord": [(Mouse.RIGHT_DOWN, cell), (Mouse.LEFT_DOWN, cell), (Mouse.LEFT_UP, cell), (Mouse.RIGHT_UP, cell)],
            "move": [(Mouse.MOVE, cell)],
            "left away": [(Mouse.LEFT_DOWN, cell), (Mouse.LEFT_UP, other)],
            "right away": [(Mouse.RIGHT_DOWN, cell), (Mouse.RIGHT_UP, other)],
        }[kind]
        events += [MouseEvent(t, mouse, *at(square)) for mouse, square in steps]
    return events


def test_the_click_machine_counts_as_ms_toollib_on_a_thousand_random_streams(tmp_path):
    """Our port of ms-toollib's machine, against the library itself (in a
    child process): among others, a release over a flag before the first
    uncover, after which ms-toollib's left button stays down."""
    rng = random.Random(29)
    recordings = []
    for _ in range(1000):
        mines = frozenset(rng.sample(range(64), 10))
        stream = tuple(_random_stream(rng, 8, 8))
        recordings.append(Recording(GameSetup(width=8, height=8, mines=10), mines, (), Result.ABANDONED, 1000,
                                    mouse=stream))
    theirs = in_child([evf.to_evf(r) for r in recordings], tmp_path)
    for recording, counts in zip(recordings, theirs, strict=True):
        m = recording.metrics()
        assert [m.left, m.right, m.chord, m.left_eff, m.right_eff, m.chord_eff, m.bbbv_solved] == counts
