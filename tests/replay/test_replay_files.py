"""Our own replay format, the EVF reader, the recorder and the timeline."""

import gzip

import pytest

from amigasweeper.engine import Game, GameSetup, GameStatus
from amigasweeper.replay import (
    EventKind,
    GameRecorder,
    RecordedButton,
    ReplayError,
    Result,
    Timeline,
    evf,
    load_replay,
    native,
    replay_bytes,
    replay_suffix,
)
from amigasweeper.replay.files import parse_replay
from amigasweeper.replay.scripted import ScriptedPlayer

SHAPES = ["square", "hex", "triangle"]


def _played(shape, seed, **kw):
    setup = GameSetup(width=16, height=16, mines=40, seed=seed, shape=shape)
    recording = None
    while recording is None:
        recording = ScriptedPlayer(setup, seed).play(**kw)
        seed += 100
    return recording


@pytest.mark.parametrize("shape", SHAPES)
def test_our_format_round_trips_every_shape(shape):
    for seed in range(15):
        recording = _played(shape, seed)
        again = native.from_bytes(native.to_bytes(recording))
        assert again == recording
        assert again.metrics() == recording.metrics()


def test_hexagon_and_triangle_games_are_saved_in_our_format_square_ones_as_evf():
    assert replay_suffix(_played("hex", 1)) == ".asreplay"
    assert replay_suffix(_played("triangle", 1)) == ".asreplay"
    square = _played("square", 1)
    assert replay_suffix(square) == ".evf"
    assert replay_bytes(square)[0] == 4


def test_the_replay_plays_back_to_the_same_board():
    for shape in SHAPES:
        recording = _played(shape, 3)
        timeline = Timeline(recording)
        end = timeline.state(len(timeline) - 1).game
        expected = {Result.WON: GameStatus.WON, Result.LOST: GameStatus.LOST}.get(recording.result, GameStatus.PLAYING)
        assert end.status is expected
        assert timeline.state(len(timeline) - 1).metrics == recording.metrics()
        start = timeline.state(-1)
        assert not any(start.game.is_open(c) for c in start.game.topology.cells())


def test_timeline_finds_events_by_time_and_counts_up():
    timeline = Timeline(_played("square", 4))
    assert timeline.index_at(-1) == -1
    assert timeline.index_at(timeline.duration_ms) == len(timeline) - 1
    clicks = [timeline.state(i).metrics.clicks for i in range(0, len(timeline), 7)]
    assert clicks == sorted(clicks) and clicks[-1] > 0
    middle = timeline.index_at(timeline.duration_ms / 2)
    assert 0 <= middle < len(timeline) - 1


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda text: text.replace("events", "evnts"), "checksum"),
        (lambda text: text[: len(text) // 2], "cut short"),
        (lambda text: text.replace("\nr ", "\nr 9", 1), "checksum"),
        (lambda text: "AmigaSweeper replay 7\n" + text.split("\n", 1)[1], "version 7"),
        (lambda text: "hello", "not an AmigaSweeper replay"),
    ],
)
def test_a_damaged_replay_is_refused_with_a_clear_message(damage, message):
    text = native.to_text(_played("hex", 2))
    with pytest.raises(ReplayError, match=message):
        native.from_text(damage(text))


def test_damage_behind_a_valid_checksum_is_still_refused():
    import zlib

    text = native.to_text(_played("hex", 2))
    body = text[: text.rindex("end ")].replace(" u", " u99999", 1)
    forged = body + f"end {zlib.crc32(body.encode()):08x}\n"
    with pytest.raises(ReplayError, match="line"):
        native.from_text(forged)


def test_garbage_files_are_refused_not_crashed(tmp_path):
    samples = [b"", b"\x04", b"\x04" + bytes(40), b"\x1f\x8b broken gzip", gzip.compress(b"\xff\xfe"), b"PK\x03\x04"]
    recording = _played("square", 6)
    good = evf.to_evf(recording)
    samples += [good[:n] for n in (5, 30, 60, len(good) - 3)]
    for number, data in enumerate(samples):
        path = tmp_path / f"bad{number}.evf"
        path.write_bytes(data)
        with pytest.raises(ReplayError):
            load_replay(path)
    with pytest.raises(ReplayError, match="a folder, not a plain file"):
        load_replay(tmp_path)


def test_an_evf_whose_flag_before_the_game_is_off_the_board_is_refused_not_crashed(tmp_path):
    """Found by the type checker: the click machine looked the square up as
    None (a TypeError nobody caught). No program writes such a file:
    ms-toollib stops the whole process on it."""
    from amigasweeper.metrics.clicks import Mouse
    from amigasweeper.replay.events import MouseEvent

    recording = _played("square", 6)
    good, mouse = evf.to_evf(recording), recording.mouse_events()
    side = 16 * recording.cell_px  # the board's pixels: just past its last square
    for x, y in ((side, side), (side, 0), (0, side)):
        off = MouseEvent(0, Mouse.PRE_FLAG, x, y)
        path = tmp_path / "pre_flag_off_the_board.evf"
        path.write_bytes(good.replace(evf._events(mouse), evf._events((off, *mouse))))
        with pytest.raises(ReplayError, match="a flag put down before the game off the board"):
            load_replay(path)
    on = MouseEvent(0, Mouse.PRE_FLAG, side - 1, side - 1)  # the last square: read as before
    path.write_bytes(good.replace(evf._events(mouse), evf._events((on, *mouse))))
    assert load_replay(path).metrics().right == recording.metrics().right + 1


def test_an_evf_of_ours_reads_back_with_the_same_board_result_and_metrics():
    for seed in range(20):
        recording = _played("square", seed)
        again = parse_replay(evf.to_evf(recording))
        assert again.mines == recording.mines
        assert again.result == recording.result
        assert again.metrics() == recording.metrics()
        assert again.time_ms == recording.time_ms


@pytest.mark.parametrize("version", [3, 4])
def test_an_evf_file_from_metasweeper_plays(tmp_path, version):
    """A file another program wrote: the same bytes as one ms-toollib writes."""
    ms = pytest.importorskip("ms_toollib", reason="ms-toollib is not installed")
    board = ms.laymine(16, 30, 99, 0, 0)
    video = ms.BaseVideo(board, 16)  # positions are (y, x) in pixels
    mine = next((r, c) for r in range(16) for c in range(30) if board[r][c] == -1)
    video.step("rc", (mine[0] * 16 + 5, mine[1] * 16 + 5))
    video.step("rr", (mine[0] * 16 + 5, mine[1] * 16 + 5))
    for row in range(16):
        for col in range(30):
            if board[row][col] != -1 and video.game_board[row][col] == 10:
                video.step("lc", (row * 16 + 5, col * 16 + 5))
                video.step("lr", (row * 16 + 5, col * 16 + 5))
    getattr(video, f"generate_evf_v{version}_raw_data")()
    path = tmp_path / "theirs.evf"
    path.write_bytes(bytes(video.raw_data))
    recording = load_replay(path)
    assert recording.result is Result.WON
    assert (recording.setup.width, recording.setup.height, recording.setup.mines) == (30, 16, 99)
    timeline = Timeline(recording)
    assert timeline.state(len(timeline) - 1).game.status is GameStatus.WON
    assert recording.metrics().bbbv == ms.cal_bbbv(board)
    theirs = ms.EvfVideo("theirs.evf", raw_data=list(path.read_bytes()))
    theirs.parse()
    theirs.analyse()
    theirs.current_time = 1e7
    m = recording.metrics()
    assert (m.left, m.right, m.chord, m.left_eff, m.right_eff, m.bbbv_solved) == (
        theirs.left, theirs.right, theirs.double, theirs.lce, theirs.rce, theirs.bbbv_solved)


class Clock:
    now = 50.0

    def __call__(self):
        return self.now


def test_a_game_with_no_click_is_not_kept():
    game = Game(GameSetup(seed=1))
    recorder = GameRecorder(game)
    recorder.move(3, 3, 0)
    assert not recorder.has_clicks
    assert recorder.finish() is None


def test_a_game_abandoned_after_clicks_is_kept_as_abandoned():
    clock = Clock()
    game = Game(GameSetup(seed=1), clock=clock)
    recorder = GameRecorder(game, clock=clock, wall=lambda: 1.7e9)
    recorder.press(RecordedButton.LEFT, 3, 3, 0)
    clock.now += 0.25
    game.uncover(0)
    recorder.release(RecordedButton.LEFT, 3, 3, 0)
    clock.now += 1
    recorder.hold()
    clock.now += 100  # a window in front: no time passes for the game
    recorder.carry_on()
    recorder.move(20, 20, 18)
    recording = recorder.finish(Result.ABANDONED)
    assert recording.result is Result.ABANDONED
    assert [e.kind for e in recording.events] == [EventKind.MOVE, EventKind.PRESS, EventKind.RELEASE, EventKind.MOVE]
    assert recording.events[2].moves[0].cell == 0
    assert recording.events[-1].t_ms == 1250
    assert recording.started == 1.7e9


def test_scrubbing_back_and_forth_gives_the_same_boards():
    recording = _played("square", 8)
    timeline = Timeline(recording)
    cells = recording.topology.cells()

    def board(i):
        game = timeline.state(i).game
        return [game.tile(c) for c in cells]

    forward = [board(i) for i in range(len(timeline))]
    for i in (len(timeline) - 1, len(timeline) // 2, 3, 0, len(timeline) // 3, -1):
        expected = forward[i] if i >= 0 else [Timeline(recording).state(-1).game.tile(c) for c in cells]
        assert board(i) == expected


def test_a_game_played_with_hints_says_so_in_both_formats():
    import dataclasses

    won = next(r for r in (_played("square", s) for s in range(40)) if r.result is Result.WON)
    assert evf.to_evf(won)[1] & 0xE0 == 0xE0  # completed, official, fair
    helped = dataclasses.replace(won, helped=True)
    assert evf.to_evf(helped)[1] & 0xE0 == 0x80  # completed only
    assert native.from_bytes(native.to_bytes(helped)).helped
    assert not native.from_bytes(native.to_bytes(won)).helped


def test_the_recorder_notes_help():
    game = Game(GameSetup(seed=1))
    recorder = GameRecorder(game)
    recorder.press(RecordedButton.LEFT, 3, 3, 0)
    game.uncover(0)
    recorder.release(RecordedButton.LEFT, 3, 3, 0)
    recorder.helped()
    assert recorder.finish().helped


def test_a_release_whose_press_was_not_seen_still_records_what_it_did():
    game = Game(GameSetup(seed=2))
    recorder = GameRecorder(game)
    game.uncover(5)  # the window acted on a release without telling of the press
    recorder.release(RecordedButton.LEFT, 41, 1, 5)
    recording = recorder.finish(Result.ABANDONED)
    assert [e.kind for e in recording.events] == [EventKind.MOVE, EventKind.PRESS, EventKind.RELEASE]
    assert [len(e.moves) for e in recording.events] == [0, 0, 1]
    again = Timeline(recording).state(2).game
    assert again.is_open(5) and again.mine_cells() == game.mine_cells()
