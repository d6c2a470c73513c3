"""The table beyond counts: each score's 95% interval by a paired bootstrap over the boards, and the
neighbours in the ranking these games cannot tell apart; the progress line's games per node."""

from __future__ import annotations

import io

from amigasweeper.challenge import ChallengeConfig, ChallengeReport, GameRecord, Outcome
from amigasweeper.challenge.cli import Progress, format_table, game_line
from amigasweeper.challenge.executors import NodeReport
from amigasweeper.challenge.ranking import rank
from amigasweeper.challenge.sandbox import Sandbox
from amigasweeper.challenge.tournament import TournamentReport

CONFIG = ChallengeConfig(size=4, bombs=3, games=60, seed=1)


def _report(name: str, wins: set[int], ms: float = 1.0) -> ChallengeReport:
    records = tuple(GameRecord(i, Outcome.WON if i in wins else Outcome.HIT_BOMB, 5, ms) for i in range(60))
    return ChallengeReport(CONFIG, name, records)


def test_a_player_that_wins_every_board_another_wins_and_more_is_told_apart():
    strong, weak = _report("strong", set(range(0, 60, 2)) | {1, 3, 5, 7, 9, 11}), _report("weak", set(range(0, 60, 2)))
    ranking = rank([strong, weak], CONFIG.cells)
    low, high = ranking.differences[0]
    assert 0 < low <= 6 * 16 <= high  # the six boards only the strong one won, 16 cells each
    assert not ranking.level_with_next(0)
    for (low, high), report in zip(ranking.intervals, (strong, weak)):
        assert low <= report.score <= high


def test_two_players_apart_only_by_luck_on_a_few_boards_are_level():
    one, two = _report("one", {1, 2, 3, 4}), _report("two", {1, 2, 3, 5})
    ranking = rank([one, two], CONFIG.cells)
    assert ranking.level_with_next(0)
    assert ranking == rank([one, two], CONFIG.cells)  # the same records give the same intervals
    # Unpaired, their intervals overlap just as much; paired, the difference is known far better.
    width = ranking.differences[0][1] - ranking.differences[0][0]
    assert width < ranking.intervals[0][1] - ranking.intervals[0][0]


def test_the_table_shows_intervals_level_neighbours_and_each_node():
    nodes = (NodeReport("10.0.0.1/aa", "sealed (bubblewrap: ...)", tables=2, games=100),
             NodeReport("10.0.0.2/bb", refused="bwrap does not work here: no user namespaces"),
             NodeReport("10.0.0.3/cc", "sealed (bubblewrap: ...)", tables=1, games=20, lost=True))
    result = TournamentReport(CONFIG, (_report("one", {1, 2, 3, 4}), _report("two", {1, 2, 3, 5})), 60.0,
                              sandbox=Sandbox(True), executor="ray", nodes=nodes)
    table = format_table(result)
    assert "node        10.0.0.1/aa: 100 games, sealed (bubblewrap: ...)" in table
    assert "node        10.0.0.2/bb: REFUSED, no bot ran there: bwrap does not work here" in table
    assert "10.0.0.3/cc: 20 games, sealed (bubblewrap: ...), LEFT the cluster" in table
    assert "score (95% CI)" in table and "\n  =2  two" in table
    assert "=2: one and two cannot be told apart on these games" in table
    data = result.to_dict()
    assert data["executor"] == "ray" and [n["refused"] != "" for n in data["nodes"]] == [False, True, False]
    assert data["players"][0]["same_as_next"] is True and len(data["players"][0]["score_ci95"]) == 2


def test_the_progress_line_counts_games_by_node_and_a_game_line_names_its_node():
    stream = io.StringIO()
    stream.isatty = lambda: True
    now = [0.0]
    progress = Progress(stream, total=4, clock=lambda: now[0])
    now[0] = 3.0
    progress.add(GameRecord(0, Outcome.WON, 5, 1.0, node="a/1"))
    now[0] = 4.0  # past the pause between updates
    progress.add(GameRecord(1, Outcome.WON, 5, 1.0, node="b/2"))
    assert stream.getvalue().endswith("2/4 games (a/1: 1, b/2: 1), 2 won, about 0:04 left")
    assert game_line("p", GameRecord(0, Outcome.WON, 5, 1.0, node="a/1"))["node"] == "a/1"
    assert "node" not in game_line("p", GameRecord(0, Outcome.WON, 5, 1.0))  # one machine: as before
