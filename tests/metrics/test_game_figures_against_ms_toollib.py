"""STNB, path, cls, ces and the flag count of a game, as the games line keeps
them, against ms-toollib's reading of the game's EVF file."""

from __future__ import annotations

import pytest

from amigasweeper.engine import GameSetup
from amigasweeper.metrics.path import mouse_path
from amigasweeper.metrics.stnb import stnb
from amigasweeper.records.kept_game import KeptGame
from amigasweeper.replay import evf, load_replay
from amigasweeper.replay.events import MouseEvent
from amigasweeper.replay.scripted import ScriptedPlayer
from tests.replay.toollib import analysed

SAMPLES = "tests/replay/samples"


def _games(width, height, mines, count):
    for seed in range(count):
        recording = ScriptedPlayer(GameSetup(width=width, height=height, mines=mines, seed=seed,
                                             marks=seed % 2 == 0), seed).play()
        if recording is not None:
            yield recording


@pytest.mark.parametrize("board", [(8, 8, 10), (16, 16, 40), (30, 16, 99), (32, 16, 99), (9, 7, 12)])
def test_each_games_figures_are_ms_toollibs(board):
    seen, no_flag = 0, set()
    for recording in _games(*board, 12):
        record = KeptGame.from_line(KeptGame.from_recording(recording, "custom", ".evf").to_line())
        video = analysed(evf.to_evf(recording))
        game = record.as_json(None)
        if board[:3] in ((8, 8, 10), (16, 16, 40), (30, 16, 99)):
            assert game["stnb"] == pytest.approx(video.stnb, rel=1e-9)
        else:
            assert game["stnb"] is None and video.stnb == 0  # ms-toollib gives none off its three boards
        assert game["path"] == pytest.approx(video.path, abs=0.0006)  # kept to 3 decimals
        assert game["clicks_per_s"] == pytest.approx(video.cl_s, rel=1e-9)
        assert game["effective_clicks_per_s"] == pytest.approx(video.ce_s, rel=1e-9)
        assert game["flags"] == video.flag
        if game["no_flag"]:  # no flag ever put down: none standing, none effective
            assert video.flag == 0 and video.rce == 0 and game["right_eff"] == 0
        else:
            assert game["right"] > 0
        no_flag.add(game["no_flag"])
        seen += 1
    assert seen >= 8


def test_other_programs_files_path_is_ms_toollibs():
    """Squares of 20 and 30 pixels: the path is given in 16-pixel squares, as ms-toollib gives it."""
    for name in ("metasweeper_v3_beginner.evf", "metasweeper_v4_beginner_waited.evf"):
        recording = load_replay(f"{SAMPLES}/{name}")
        video = analysed(open(f"{SAMPLES}/{name}", "rb").read())
        assert recording.cell_px != 8
        assert recording.path == pytest.approx(video.path, rel=1e-9)


def test_path_leaves_out_events_off_the_board():
    def at(x, y):
        return MouseEvent(0, "mv", x, y)
    # 3-4-5 on the board, then off it (x = 16 on a board 16 pixels wide), then back: measured from (3, 4)
    events = [at(0, 0), at(3, 4), at(16, 0), at(3, 4), at(0, 0)]
    assert mouse_path(events, 2, 2, 8) == pytest.approx(20.0)  # (5 + 0 + 5) doubled: 8-pixel squares
    assert mouse_path([], 2, 2, 8) == 0.0
    with pytest.raises(ValueError):
        mouse_path(events, 2, 2, 0)


def test_stnb_boundaries():
    assert stnb(8, 8, 10, 20, 20, 10_000) == pytest.approx(36 * 20 / 10 ** 1.7)
    assert stnb(16, 30, 99, 20, 20, 10_000) is None  # 30x16 turned on its side is not the Expert board
    assert stnb(32, 16, 99, 20, 20, 10_000) is None  # nor is 2.4's Expert
    assert stnb(8, 8, 10, 20, 20, 0) is None
    assert stnb(8, 8, 10, 0, 0, 5_000) is None
    assert stnb(8, 8, 10, 20, 5, 10_000) == pytest.approx(36 * 5 / 10 ** 1.7 * 0.5)


def test_no_flag_is_told_on_games_of_both_kinds():
    kinds = {KeptGame.from_recording(r, "beginner").no_flag for r in _games(8, 8, 10, 30)}
    assert kinds == {True, False}


def test_path_counts_from_the_first_uncover_on():
    """ms-toollib's path is 0 until play begins: the moves and flags before the first uncover count nothing
    (a game of the slow suite's scripts, flags first, measured 361 px here and 210 px there before this rule)."""
    def at(x, y):
        return MouseEvent(0, "mv", x, y)
    events = [at(0, 0), at(3, 4), at(6, 8), at(9, 12)]
    assert mouse_path(events, 4, 4, 8, start=2) == pytest.approx(10.0)  # only (6, 8) to (9, 12), doubled
    assert mouse_path(events, 4, 4, 8, start=len(events)) == 0.0  # never uncovered: no path
