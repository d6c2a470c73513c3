"""The coordinator's accounting when tables are lost: every game counted once, or named as missing.

An executor made for the test stands for the tables (no process plays a
game): it loses tables on cue, as a machine that leaves, a table killed
from outside or one that stops answering would, so every path of
``tournament._TournamentRun`` is walked in milliseconds and in a known order.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from amigasweeper.challenge import ChallengeConfig, Outcome, cli, run_tournament, tournament
from amigasweeper.challenge.executors import Handle, Lost, NodeReport
from amigasweeper.challenge.harness import GameRecord
from amigasweeper.challenge.sandbox import Sandbox

CONFIG = ChallengeConfig(size=3, bombs=9, games=6, seed=5)


class FakeTable(Handle):
    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number
        self.delivered: list = []

    def deliver(self, task) -> None:
        self.delivered.append(task)


class Tables:
    """``count`` tables; ``lose`` says, for a (player, game) at the head of a table, how to lose it."""

    name = "fake"
    walls = None

    def __init__(self, count: int, lose, room: int = 100) -> None:
        self.count, self.lose, self.room = count, lose, room
        self.nodes: dict[str, NodeReport] = {}
        self.made = 0
        self.played: Counter = Counter()  # (player, game) -> times a table began it
        self.fresh: list = []  # (player, game) of tasks marked for a fresh worker

    def start(self, setup, keeper, jobs, tasks):
        return [self._new() for _ in range(self.count)]

    def _new(self) -> FakeTable:
        self.made += 1
        return FakeTable(self.made)

    def wait(self, busy, timeout):
        table = busy[0]
        task = table.sent[0]
        key = (task.player, task.game)
        self.played[key] += 1
        if task.fresh:
            self.fresh.append(key)
        lost = self.lose(key, self.played[key], table)
        if lost is not None:
            return [(table, lost)]
        return [(table, GameRecord(task.game, Outcome.WON, 1, 1.0))]

    def replace(self, lost, why):
        if self.room <= 0:
            return None
        self.room -= 1
        return self._new()

    def stop(self, tables, politely):
        pass


def _run(tables: Tables, players=("naive",), on_record=None):
    return run_tournament(list(players), CONFIG, sandbox=Sandbox(False), executor=tables, on_record=on_record)


def test_a_table_lost_after_the_queue_drained_has_its_games_played_by_the_tables_left():
    """The issue's case: the other tables are idle, the lost one's machine has no room for another."""
    def lose(key, times, table):
        return Lost("the node left", node_lost=True) if key == (0, 5) and times == 1 else None

    tables = Tables(2, lose, room=0)
    seen = []
    result = _run(tables, on_record=lambda player, record: seen.append((player, record.index)))
    assert sorted(seen) == [(0, game) for game in range(6)]  # each once, none left behind
    assert [r.outcome for r in result.reports[0].records] == [Outcome.WON] * 6
    assert tables.fresh == [(0, 5)] and result.replayed == 1 and not result.missing
    assert not result.interrupted


@pytest.mark.parametrize("lost", [Lost("the table playing this game ended (exit code -9)"),
                                  Lost("stopped answering", silent=True),
                                  Lost("the node left", node_lost=True)])
def test_no_kind_of_lost_table_costs_a_bot_its_game(lost):
    tables = Tables(1, lambda key, times, table: lost if key == (1, 2) and times == 1 else None)
    result = _run(tables, players=("naive", "solver"))
    assert [r.index for r in result.reports[1].records] == list(range(6))
    assert all(r.outcome is Outcome.WON and not r.error for report in result.reports for r in report.records)
    assert tables.played[(1, 2)] == 2 and tables.fresh == [(1, 2)]
    assert not result.stopped  # three lost tables in a row are nobody's failures


def test_three_lost_tables_in_a_row_do_not_stop_a_player():
    tables = Tables(1, lambda key, times, table: Lost("killed") if key[1] in (1, 2, 3) and times == 1 else None)
    result = _run(tables)
    assert not result.stopped and result.reports[0].wins == 6 and result.replayed == 3


def test_a_game_whose_tables_keep_being_lost_is_begun_a_bounded_number_of_times_then_named_missing(capsys):
    tables = Tables(2, lambda key, times, table: Lost("killed from outside") if key == (0, 4) else None)
    result = _run(tables)
    assert tables.played[(0, 4)] == tournament.PLAYS_A_GAME
    assert [r.index for r in result.reports[0].records] == [0, 1, 2, 3, 5]  # never counted as a loss
    assert result.missing == (("naive", 4, f"begun {tournament.PLAYS_A_GAME} times, each time at a table that "
                                           "was lost; the last: killed from outside"),)
    data = result.to_dict()
    assert data["missing"] == [{"player": "naive", "game": 4, "why": result.missing[0][2]}]
    text = cli.format_table(result)
    assert "MISSING: 1 games could not be played and are not counted:" in text
    assert "naive: game 4: begun" in text


def test_a_game_begun_at_a_table_still_starting_is_not_charged_a_play():
    class Starting(FakeTable):
        def in_play(self) -> bool:
            return False

    tables = Tables(1, lambda key, times, table: Lost("gone") if key == (0, 0) and table.number < 4 else None)
    tables._new = lambda: (setattr(tables, "made", tables.made + 1) or  # noqa: B010
                           (Starting if tables.made < 4 else FakeTable)(tables.made))
    result = _run(tables)
    assert not result.missing and result.reports[0].wins == 6 and tables.fresh == []


def test_when_every_table_is_lost_the_games_not_played_are_named(capsys):
    tables = Tables(1, lambda key, times, table: Lost("the node left", node_lost=True) if key[1] >= 3 else None,
                    room=0)
    result = _run(tables)
    assert [r.index for r in result.reports[0].records] == [0, 1, 2]
    assert [game for _, game, _ in result.missing] == [3, 4, 5]
    assert result.interrupted and "every table was lost" in result.ending


def test_the_command_exits_3_naming_missing_games(monkeypatch, capsys):
    tables = Tables(1, lambda key, times, table: Lost("killed") if key == (0, 1) else None)
    monkeypatch.setattr(cli, "LocalTables", lambda: tables)
    code = cli.main(["--size", "3", "--bombs", "9", "--games", "3", "--seed", "1", "--player", "naive", "--json",
                     "--sandbox", "off"])
    out, err = capsys.readouterr()
    assert code == cli.MISSING
    data = json.loads(out)
    assert [(m["player"], m["game"]) for m in data["missing"]] == [("naive", 1)]


def test_a_game_played_again_is_played_on_a_worker_started_for_it():
    """The table's side: a task marked fresh retires the player's worker first (one that lived before at
    this table may have state); an ordinary task keeps it."""
    from amigasweeper.challenge.table import Seat, Setup, Table, Task

    setup = Setup(CONFIG, 5.0, ["naive", "solver"], Sandbox(False))
    table = Table(setup, Seat(setup.specs, setup.sandbox, load_now=False), plan=None)
    retired, asked = [], []
    table._retire = retired.append
    table._worker = lambda player: asked.append(player) or "no worker in this test"
    table.play(Task(1, 3))
    assert retired == [] and asked == [1]
    record = table.play(Task(1, 4, fresh=True))
    assert retired == [1] and asked == [1, 1] and record.error == "no worker in this test"
