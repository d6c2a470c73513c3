"""Hostile bots: each tries to cheat its way past the referee or hurt the other players, and gains nothing.

Each bot is a small module written as a bot author would write it. The
runs are real tournaments (tables, workers, the sandbox when this system
has one), so the boards are small and the games few.
"""

from __future__ import annotations

from amigasweeper.challenge import ChallengeConfig, Outcome, run_tournament

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
