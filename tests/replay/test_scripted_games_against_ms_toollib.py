"""The oracle test: several hundred games played through the real program
(`amigasweeper --headless --script`, scripts planned by scripted_games.py),
then every figure `--stats --json` gives for each game compared with
ms-toollib's reading of the game's EVF file, and our Replay of that file
ended on ms-toollib's end board.

The exceptions are the results EVF cannot express, where 2.4's completion
modes end a game elsewhere than "every safe square uncovered": a win by
marks alone under All Mines Found or Either, which ms-toollib reads as
unfinished; and, under Both or All Mines Found, a game that went on after
its last safe square was uncovered and was then lost or left, which
ms-toollib reads as won there. Those games are listed, and checked against
the written rule (the manual's Replays page): the file does not claim them
completed; a win by marks alone is a win, counted only in its own
completion mode's row.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from amigasweeper.engine import Completion, GameStatus
from amigasweeper.records.replay_names import level_word
from amigasweeper.replay import Timeline, load_replay
from amigasweeper.replay.evf_header import QUESTION_MARKS, SOLVABLE_MODES

from .scripted_games import Fate, plan
from .toollib import analysed, figures_differ, header, ms_board, same_board

pytestmark = pytest.mark.slow

GAMES = 300
SEED = 29
MARKS_ONLY_MODES = (Completion.ALL_MINES.value, Completion.EITHER.value)
MARKS_WANTED_MODES = (Completion.ALL_MINES.value, Completion.BOTH.value)  # every safe square is not enough
FIGURES = ("bbbv", "bbbv_solved", "openings", "islands", "zini", "left", "right", "chord", "left_eff", "right_eff",
           "chord_eff", "clicks", "effective_clicks", "ioe", "correctness", "throughput", "bbbv_per_s", "rqp")
STNB_BOARDS = {(8, 8, 10), (16, 16, 40), (30, 16, 99)}  # the boards ms-toollib gives an STNB for


def amigasweeper(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AMIGASWEEPER_")}
    return subprocess.run([sys.executable, "-m", "amigasweeper", *args], capture_output=True, text=True, cwd=cwd,
                          env={**env, "SDL_AUDIODRIVER": "dummy"}, timeout=3600)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """(planned games kept, the --stats --json document, the data folder)."""
    folder = tmp_path_factory.mktemp("oracle")
    text, planned = plan(GAMES, seed=SEED)
    script = folder / "games.txt"
    script.write_text(text, encoding="utf-8")
    data = folder / "data"
    run = amigasweeper("--headless", "--script", str(script), "--seed", str(SEED), "--level", "beginner",
                       "--data-dir", str(data), cwd=folder)
    assert run.returncode == 0, run.stderr[-3000:]
    stats = amigasweeper("--stats", "--json", "--data-dir", str(data), cwd=folder)
    assert stats.returncode == 0, stats.stderr[-3000:]
    return [g for g in planned if g.kept], json.loads(stats.stdout), data


def _marks_only(game: dict) -> bool:
    return game["result"] == "won" and game["completion"] in MARKS_ONLY_MODES and game["bbbv_solved"] < game["bbbv"]


def _ended_after_every_safe_square(game: dict) -> bool:
    """Every safe square uncovered, but the marks still wanted: for
    ms-toollib the game was won there; here it went on, and was lost or left."""
    return game["result"] != "won" and game["completion"] in MARKS_WANTED_MODES and game["bbbv_solved"] == game["bbbv"]


def _expressible(game: dict) -> bool:
    return not _marks_only(game) and not _ended_after_every_safe_square(game)


def test_the_program_played_the_games_the_script_planned(played):
    planned, document, data = played
    games = document["games"]
    assert len(games) == len(planned) >= GAMES * 0.9
    for plan_of, game in zip(planned, games, strict=True):
        setup = plan_of.setup
        assert (game["width"], game["height"], game["mines"], game["completion"]) == \
            (setup.width, setup.height, setup.mines, setup.completion.value)
        expected = {GameStatus.WON: "won", GameStatus.LOST: "lost"}.get(plan_of.status, "abandoned")
        assert game["result"] == expected
        assert load_replay(data / game["replay"]).mines == plan_of.mines  # the same board as the plan's
    # The mix a player makes, and every case the EVF writer must carry.
    results = Counter(g["result"] for g in games)
    assert min(results["won"], results["lost"], results["abandoned"]) >= 10, results
    features = set().union(*(g.features for g in planned))
    assert {"marks before the first uncover", "right cycles", "? left standing", "chord", "key chord", "key mark",
            "key uncover", "right let go elsewhere", "left let go elsewhere", "pause"} <= features
    sizes = {(g["width"], g["height"], g["mines"]) for g in games}
    assert {(8, 8, 10), (16, 16, 40), (32, 16, 99), (30, 16, 99)} <= sizes
    assert {g["marks"] for g in games} == {True, False}
    assert sum(1 for plan_of, g in zip(planned, games) if _marks_only(g) and plan_of.fate is Fate.MARKS_WIN) >= 5


def test_every_figure_is_ms_toollibs_reading_of_the_evf_file(played):
    planned, document, data = played
    for number, game in enumerate(document["games"]):
        path = data / game["replay"]
        raw = path.read_bytes()
        head, video = header(raw), analysed(raw)
        assert path.name.split("_", 2)[2].startswith(level_word("square", game["width"], game["height"], game["mines"]))
        assert path.name.endswith(f"_{game['time_ms'] / 1000:.3f}s_{game['result']}.evf")
        assert (video.column, video.row, video.mine_num) == (game["width"], game["height"], game["mines"]), number
        assert video.rtime_ms == game["time_ms"], number
        assert round((video.video_end_time - video.video_start_time) * 1000) == \
            Timeline(load_replay(path)).duration_ms, number
        assert bool(raw[2] & QUESTION_MARKS) == game["marks"], number  # bit 7 as ms-toollib reads it
        assert (head.mode in SOLVABLE_MODES) == game["no_guess"], number
        assert figures_differ(SimpleNamespace(**{name: game[name] for name in FIGURES}), video) == [], number
        if _expressible(game):
            assert (game["result"] == "won") == video.is_completed == head.is_completed, number


def test_stnb_path_cls_ces_and_flags_are_ms_toollibs_reading_of_the_evf_file(played):
    """Issue 42's figures, as --stats --json gives them from the games line
    (path and flags kept there at the game's end, not read from the replay)."""
    planned, document, data = played
    for number, game in enumerate(document["games"]):
        video = analysed((data / game["replay"]).read_bytes())
        if (game["width"], game["height"], game["mines"]) in STNB_BOARDS:
            assert game["stnb"] == pytest.approx(video.stnb, rel=1e-9), number
        else:
            assert game["stnb"] is None and video.stnb == 0, number
        assert game["path"] == pytest.approx(video.path, abs=0.0006), number
        assert game["clicks_per_s"] == pytest.approx(video.cl_s, rel=1e-9), number
        assert game["effective_clicks_per_s"] == pytest.approx(video.ce_s, rel=1e-9), number
        assert game["flags"] == video.flag, number
        if game["no_flag"]:
            assert video.flag == 0 and video.rce == 0, number
    assert {g["no_flag"] for g in document["games"]} == {True, False}


def test_our_replay_ends_on_ms_toollibs_end_board(played):
    planned, document, data = played
    for number, game in enumerate(document["games"]):
        path = data / game["replay"]
        recording = load_replay(path)
        timeline = Timeline(recording)
        end = timeline.state(len(timeline) - 1).game
        video = analysed(path.read_bytes())
        won = end.status is GameStatus.WON
        assert same_board(ms_board(end), video.game_board, video.board, won), number
        assert recording.metrics().bbbv_solved == video.bbbv_solved, number


def test_games_that_went_on_after_every_safe_square_follow_the_written_rule(played):
    """Lost or left after the last safe square (Both, All Mines Found): the
    file does not claim it completed; ms-toollib, whose game ended there,
    reads it won."""
    planned, document, data = played
    for game in (g for g in document["games"] if _ended_after_every_safe_square(g)):
        raw = (data / game["replay"]).read_bytes()
        assert not header(raw).is_completed and analysed(raw).is_completed


def test_wins_by_marks_alone_follow_the_written_rule(played):
    """EVF has no such win: the file does not claim it completed, and
    ms-toollib reads it unfinished with every mine flagged; it is a win of
    its own completion mode, and counted in no other mode's row."""
    planned, document, data = played
    marks_only = [g for g in document["games"] if _marks_only(g)]
    assert marks_only
    for game in marks_only:
        raw = (data / game["replay"]).read_bytes()
        assert not header(raw).is_completed and not analysed(raw).is_completed
        video = analysed(raw)
        flags = {r * video.column + c for r, row in enumerate(video.game_board) for c, v in enumerate(row) if v == 11}
        mines = {r * video.column + c for r, row in enumerate(video.board) for c, v in enumerate(row) if v == -1}
        if game["completion"] == Completion.ALL_MINES.value:
            assert flags == mines  # won by marking every mine, and no other square
    # Counted in its own completion mode's row only: each row's wins are
    # the wins of the games of its board and mode, no more.
    rows = document["summary"]
    for row in rows:
        key = _row_key(row)
        assert row["won"] == sum(1 for g in document["games"] if g["result"] == "won" and _row_key(g) == key), row


def _row_key(entry: dict) -> tuple:
    """What sets a game's statistics row apart: shape, size and mines,
    completion mode, no-guess or random."""
    return tuple(entry.get(name) for name in ("shape", "width", "height", "mines", "completion", "no_guess"))
