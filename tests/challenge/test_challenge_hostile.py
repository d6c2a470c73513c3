"""Hostile bots: each tries to cheat its way past the referee or hurt the other players, and gains nothing.

Each bot is a small module written as a bot author would write it. The
runs are real tournaments (tables, workers, the sandbox when this system
has one), so the boards are small and the games few.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal

import pytest

from amigasweeper.challenge import ChallengeConfig, Outcome, run_tournament, tournament
from amigasweeper.challenge.tournament import FAILURES_IN_A_ROW, NOT_PLAYED

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="the hostile bots use POSIX signals")

ALL_BOMBS = ChallengeConfig(size=3, bombs=9, games=3, seed=5)  # marking every cell wins

MARK_ALL = '''
def mark_all(board_size, number_of_bombs, board, make_move):
    for cell in range(board_size * board_size):
        _, lose, win = make_move(cell // board_size, cell % board_size, True)
        if lose or win:
            return
'''

LIAR = MARK_ALL + '''
import time
from amigasweeper.challenge import protocol, session, worker

def play(board_size, number_of_bombs, board, make_move):
    """Thinks for 50 ms a game and tells every clock it can reach that it took none."""
    protocol.done = lambda *args: protocol.Kind.DONE.value
    worker.protocol = protocol
    time.perf_counter = time.monotonic = time.time = lambda: 0.0
    session.time.perf_counter = lambda: 0.0
    deadline = time.process_time() + 0.05
    while time.process_time() < deadline:
        pass
    mark_all(board_size, number_of_bombs, board, make_move)
'''


def test_a_bot_that_lies_about_its_time_is_charged_what_the_referee_measured(write_bots):
    write_bots({"h_liar": LIAR})
    result = run_tournament(["h_liar:play"], ALL_BOMBS, jobs=1)
    records = result.reports[0].records
    assert [r.outcome for r in records] == [Outcome.WON] * 3
    assert all(r.ms >= 50.0 for r in records), [r.ms for r in records]


# ------------------------------------------------- failures cost one player
EXITS = MARK_ALL + '''
import os

def exit_every_game(board_size, number_of_bombs, board, make_move):
    os._exit(3)
'''


def _table_processes():
    return [p for p in multiprocessing.active_children() if p.name == "amigasweeper table"]


def test_a_player_whose_worker_keeps_dying_is_stopped_alone(write_bots):
    write_bots({"h_exits": EXITS})
    config = ChallengeConfig(size=3, bombs=9, games=6, seed=5)
    result = run_tournament(["h_exits:exit_every_game", "h_exits:mark_all"], config, jobs=2)
    dying, honest = result.reports
    assert [r.outcome for r in honest.records] == [Outcome.WON] * 6  # every other player's games stand
    assert dying.games == 6 and dying.wins == 0
    played = [r for r in dying.records if r.error != NOT_PLAYED]
    assert len(played) >= FAILURES_IN_A_ROW
    assert all(r.error == "the bot's process ended (exit code 3)" for r in played)
    reason = result.stopped["h_exits:exit_every_game"]
    assert reason.startswith(f"stopped after {FAILURES_IN_A_ROW} failed games in a row")
    assert "h_exits:mark_all" not in result.stopped
    assert result.to_dict()["players"][1]["stopped"] == reason


def test_a_table_that_dies_costs_one_game_and_is_replaced(write_bots):
    write_bots({"h_exits": EXITS})
    config = ChallengeConfig(size=3, bombs=9, games=8, seed=5)
    killed = []

    def kill_a_table(player, record):
        if not killed:
            table = _table_processes()[0]
            os.kill(table.pid, signal.SIGKILL)
            killed.append(table.pid)

    result = run_tournament(["h_exits:mark_all"], config, jobs=1, on_record=kill_a_table)
    records = result.reports[0].records
    assert [r.index for r in records] == list(range(8))  # every game has its record, none twice
    lost = [r for r in records if not r.outcome.won]
    assert len(lost) <= 1  # the game the table was playing, if it had started one
    assert all(r.error == "the table playing this game ended (exit code -9)" for r in lost)
    assert not result.interrupted and not result.stopped


def test_a_table_that_stops_answering_is_given_up_and_replaced(write_bots, monkeypatch):
    write_bots({"h_exits": EXITS})
    monkeypatch.setattr(tournament, "LOAD_LIMIT", 0.5)
    monkeypatch.setattr(tournament, "STALL_GRACE", 1.0)
    config = ChallengeConfig(size=3, bombs=9, games=4, seed=5)
    stopped = []

    def stop_a_table(player, record):
        if not stopped:
            table = _table_processes()[0]
            os.kill(table.pid, signal.SIGSTOP)
            stopped.append(table.pid)

    result = run_tournament(["h_exits:mark_all"], config, jobs=1, time_limit=0.5, on_record=stop_a_table)
    records = result.reports[0].records
    assert [r.index for r in records] == [0, 1, 2, 3]
    assert [r.error for r in records if not r.outcome.won] == [
        "the table playing this game stopped answering for 2 s"]
    with contextlib.suppress(ProcessLookupError):
        os.kill(stopped[0], signal.SIGCONT)  # the table was killed; this only tidies up if it was not
