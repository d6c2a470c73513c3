"""Whole no-guess games won through `amigasweeper --text`, a real process,
by a player that reads nothing but what it prints (text_run.TextPlayer);
then the games are where the window keeps its own: `--stats` shows them,
each has its replay, and ms-toollib reads each replay as the won game."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .text_run import Board, TextPlayer, TextRun, clean_env

pytestmark = pytest.mark.slow  # real processes, hundreds of lines each


def stats_json(data) -> dict:
    shown = subprocess.run([sys.executable, "-m", "amigasweeper", "--stats", "--json", "--data-dir", str(data)],
                           capture_output=True, text=True, timeout=120, env=clean_env())
    assert shown.returncode == 0, shown.stderr
    return json.loads(shown.stdout)


def win(run: TextRun, marking: bool) -> str:
    player = TextPlayer(run, Board.from_line(run.opening), marking=marking)
    return player.play()


@pytest.mark.parametrize(("level", "seeds", "marking"), [
    ("beginner", (1, 2, 3, 4), False),
    ("beginner", (5, 6), True),
    ("intermediate", (7, 8), True),
    ("expert", (9,), False),
])
def test_a_player_reading_only_the_text_wins_no_guess_games(tmp_path, level, seeds, marking):
    data = tmp_path / "data"
    for seed in seeds:
        run = TextRun("--no-guess", "--level", level, "--seed", str(seed), data=data)
        try:
            assert "no-guess board" in run.opening
            won = win(run, marking)
            assert "game won in" in won
            if "Type your name" in won:  # the first win of its kind is its best time: a no-guess board's own row
                assert run.ask("Text Player").startswith(f"best time for {level.capitalize()}, square, no-guess:")
            assert run.ask("status").startswith("won, ")
            assert run.ask("quit") == "goodbye"
            status, errors = run.finish()
            assert status == 0 and not errors
        finally:
            run.kill()
    games = stats_json(data)["games"]
    assert [(g["result"], g["no_guess"], g["level"]) for g in games] == [("won", True, level)] * len(seeds)
    assert all((data / g["replay"]).is_file() for g in games)


def test_the_replay_of_a_text_game_is_the_game_ms_toollib_reads(tmp_path):
    """Played by text, written as presses at the squares' centres: ms-toollib
    reads a completed game with every 3BV solved, as our statistics say."""
    ms = pytest.importorskip("ms_toollib", reason="ms-toollib is not installed (pip install -e '.[test]')")
    data = tmp_path / "data"
    run = TextRun("--no-guess", "--seed", "11", data=data)
    try:
        assert "game won" in win(run, marking=True)
        run.ask("")  # the name: an empty line keeps the one offered
        run.ask("quit")
        assert run.finish()[0] == 0
    finally:
        run.kill()
    (game,) = stats_json(data)["games"]
    video = ms.EvfVideo("text.evf", raw_data=list((data / game["replay"]).read_bytes()))
    video.parse()
    video.analyse()
    video.current_time = 1e7
    assert video.is_completed
    assert (video.bbbv, video.bbbv_solved) == (game["bbbv"], game["bbbv"])
    assert (video.right, video.double) == (game["right"], game["chord"]) and video.right > 0 and video.double > 0
