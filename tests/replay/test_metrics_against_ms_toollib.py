"""Our metrics against ms-toollib, the community's reference library.

ms-toollib is a test-only dependency (the `test` extra); without it these
tests are skipped, saying so.
"""

import random

import pytest

from amigasweeper.engine import GameSetup, make_topology
from amigasweeper.metrics import Click, board_metrics
from amigasweeper.replay import Result, evf
from amigasweeper.replay.scripted import ScriptedPlayer

ms = pytest.importorskip("ms_toollib", reason="ms-toollib is not installed (pip install -e '.[test]')")

BOARDS = 1000
GAMES = 300


def _ms_board(width, height, mines):
    raw = [[-1 if row * width + col in mines else 0 for col in range(width)] for row in range(height)]
    return ms.cal_board_numbers(raw)


def _seeded_board(seed):
    rng = random.Random(seed)
    width, height = rng.randint(2, 32), rng.randint(2, 32)
    mines = frozenset(rng.sample(range(width * height), rng.randint(1, width * height // 3)))
    return width, height, mines


@pytest.mark.slow
def test_3bv_openings_and_zini_match_ms_toollib_on_1000_boards():
    for seed in range(BOARDS):
        width, height, mines = _seeded_board(seed)
        ours = board_metrics(make_topology("square", width, height), mines)
        board = _ms_board(width, height, mines)
        assert (ours.bbbv, ours.openings, ours.zini) == (ms.cal_bbbv(board), ms.cal_op(board), ms.cal_zini(board)), seed


@pytest.mark.slow
def test_islands_match_ms_toollib_on_1000_boards():
    """ms-toollib gives islands only through a video's analysis: each board
    goes into an EVF file of one click and is read back."""
    from amigasweeper.replay import EventKind, InputEvent, Recording

    for seed in range(BOARDS):
        width, height, mines = _seeded_board(seed)
        safe = next(c for c in range(width * height) if c not in mines)
        setup = GameSetup(width=width, height=height, mines=len(mines))
        events = (InputEvent(0, EventKind.MOVE, 1, 1, 0),)
        recording = Recording(setup, mines, events, Result.ABANDONED, 1000)
        video = ms.EvfVideo("board.evf", raw_data=list(evf.to_evf(recording)))
        video.parse()
        video.analyse()
        ours = board_metrics(make_topology("square", width, height), mines)
        assert ours.islands == video.isl, (seed, safe)


def _analysed(recording):
    video = ms.EvfVideo("game.evf", raw_data=list(evf.to_evf(recording)))
    video.parse()
    video.analyse()
    video.current_time = 1e7  # the figures at the end of the game
    return video


@pytest.mark.parametrize("level", [(8, 8, 10), (16, 16, 40), (32, 16, 99), (9, 7, 12)])
@pytest.mark.slow
def test_every_metric_of_our_evf_replays_matches_ms_toollib(level):
    width, height, mines = level
    results = set()
    for seed in range(GAMES // 4):
        recording = ScriptedPlayer(GameSetup(width=width, height=height, mines=mines, seed=seed), seed).play()
        if recording is None:
            continue
        results.add(recording.result)
        video = _analysed(recording)
        m = recording.metrics()
        board = [[video.board[r][c] for c in range(width)] for r in range(height)]
        assert frozenset(r * width + c for r in range(height) for c in range(width) if board[r][c] == -1) == recording.mines
        assert (m.bbbv, m.bbbv_solved) == (video.bbbv, video.bbbv_solved), seed
        assert (recording.result is Result.WON) == video.is_completed, seed
        assert (m.left, m.right, m.chord) == (video.left, video.right, video.double), seed
        assert (m.left_eff, m.right_eff, m.chord_eff) == (video.lce, video.rce, video.dce), seed
        assert (m.clicks, m.effective_clicks) == (video.cl, video.ce), seed
        assert (m.openings, m.islands, m.zini) == (video.op, video.isl, video.zini), seed
        assert video.rtime_ms == recording.time_ms
        for ours, theirs in ((m.ioe, video.ioe), (m.correctness, video.corr), (m.throughput, video.thrp),
                             (m.bbbv_per_s, video.bbbv_s), (m.rqp, video.rqp)):
            if ours is not None:
                assert ours == pytest.approx(theirs, rel=1e-9), seed
    assert {Result.WON, Result.LOST} <= results  # the script both wins and loses


def test_an_abandoned_game_reads_back_as_not_completed():
    setup = GameSetup(width=16, height=16, mines=40, seed=5)
    recording = ScriptedPlayer(setup, 5).play(abandon_after=5)
    assert recording.result is Result.ABANDONED
    video = _analysed(recording)
    assert not video.is_completed
    assert recording.metrics().bbbv_solved == video.bbbv_solved


def test_a_right_click_while_the_left_button_is_held_is_not_read_as_a_chord():
    from amigasweeper.engine import Game
    from amigasweeper.replay import GameRecorder, RecordedButton

    clock = iter(range(1000, 2000)).__next__
    game = Game(GameSetup(width=16, height=16, mines=40, seed=11), clock=lambda: 0.0)
    recorder = GameRecorder(game, clock=lambda: clock() / 10)
    recorder.press(RecordedButton.LEFT, 4, 4, 0)
    game.uncover(0)
    recorder.release(RecordedButton.LEFT, 4, 4, 0)
    covered = [c for c in game.topology.cells() if not game.is_open(c)]
    mark, target = covered[0], next(c for c in covered if not game.is_mine(c))
    col, row = game.topology.coords(target)
    recorder.press(RecordedButton.LEFT, col * 8 + 2, row * 8 + 2, target)
    mcol, mrow = game.topology.coords(mark)
    recorder.press(RecordedButton.RIGHT, mcol * 8 + 2, mrow * 8 + 2, mark)
    game.toggle_mark(mark)
    recorder.release(RecordedButton.RIGHT, mcol * 8 + 2, mrow * 8 + 2, mark)
    game.uncover(target)
    recorder.release(RecordedButton.LEFT, col * 8 + 2, row * 8 + 2, target)
    recording = recorder.finish(Result.ABANDONED)
    video = _analysed(recording)
    m = recording.metrics()
    assert (m.left, m.right, m.chord) == (video.left, video.right, video.double) == (2, 1, 0)
    assert (m.right_eff, m.left_eff) == (video.rce, video.lce)


def test_zini_is_left_out_on_boards_too_big_to_work_it_out_quickly():
    from amigasweeper.metrics.board import ZINI_MAX_CELLS

    topology = make_topology("square", 255, 255)
    assert topology.size > ZINI_MAX_CELLS
    metrics = board_metrics(topology, frozenset(range(0, 255 * 255, 7)))
    assert metrics.zini is None and metrics.bbbv > 0
    assert board_metrics(make_topology("hex", 8, 8), {1, 2}).zini is None


def test_pixels_that_disagree_with_the_square_are_put_right_in_the_evf_file():
    """The window says which square a click was on; EVF finds it from the
    pixel. A key (no pixel) or a pixel from another origin must not move it."""
    from amigasweeper.engine import Game
    from amigasweeper.replay import GameRecorder, RecordedButton

    game = Game(GameSetup(width=8, height=8, mines=10, seed=3), clock=lambda: 0.0)
    recorder = GameRecorder(game, clock=lambda: 0.0)
    recorder.press(RecordedButton.LEFT, 500, 500, 9)  # a pixel far off, the square 9
    game.uncover(9)
    recorder.release(RecordedButton.LEFT, 500, 500, 9)
    mine = next(iter(game.mine_cells()))
    game.toggle_mark(mine)
    recorder.key(Click.RIGHT, mine)
    recording = recorder.finish(Result.ABANDONED)
    video = _analysed(recording)
    assert (video.lce, video.rce, video.left, video.right) == (1, 1, 1, 1)
    assert recording.metrics().right_eff == 1

