"""Issue 40 item 4: a run's memory stays flat in its length.

The reports keep running sums (``tally``), the games are made as tables
need them (``taskqueue``), and the ranking's bootstrap resamples blocks of
boards (``ranking``). Measured with tracemalloc through a made-up executor
(no process plays: every game ends at once, in a random order, as many
tables would end them); the block bootstrap checked against the whole-run
one it replaces, and its coverage on simulated runs.
"""

from __future__ import annotations

import itertools
import math
import random
import signal
import tracemalloc

import pytest

from amigasweeper.challenge import ChallengeConfig, ChallengeReport, Outcome, run_tournament
from amigasweeper.challenge.executors import Handle
from amigasweeper.challenge.harness import GameRecord
from amigasweeper.challenge.ranking import bootstrap, rank
from amigasweeper.challenge.sandbox import Sandbox
from amigasweeper.challenge.table import Task
from amigasweeper.challenge.tally import BLOCKS, PROBLEMS_KEPT, PlayerTally, Sum
from amigasweeper.challenge.taskqueue import TaskQueue
from amigasweeper.solver.luck import LAMBDAS, GameLuck

CELLS = 16


class _Table(Handle):
    prefetch = 4

    def deliver(self, task: Task) -> None:
        pass


class ShuffledTables:
    """``count`` tables whose games end at once, the table that answers drawn at random (games end out of
    order, as on a cluster); a game is won or lost by its number, and carries a luck audit."""

    name = "fake"
    walls = None

    def __init__(self, count: int = 8, seed: int = 1) -> None:
        self.count = count
        self.nodes: dict = {}
        self.draw = random.Random(seed)

    def start(self, setup, keeper, jobs, tasks):
        return [_Table() for _ in range(self.count)]

    def wait(self, busy, timeout):
        table = self.draw.choice(busy)
        task = table.sent[0]
        won = (task.game * 7 + task.player) % 3 != 0
        luck = GameLuck(tuple(-0.01 for _ in LAMBDAS), audited=1)
        error = "" if task.game % 5000 else "made up: a game with something to say"
        return [(table, GameRecord(task.game, Outcome.WON if won else Outcome.HIT_BOMB, 3, 0.5, error,
                                   luck=luck))]

    def replace(self, lost, why):
        return None

    def stop(self, tables, politely):
        pass


def _peak(games: int, keep_records: bool = False) -> tuple[int, object]:
    """The most memory Python held over a run of ``games`` boards of two players, past what it held at its
    start (tracemalloc: every allocation of the coordinator's process, its executor's included)."""
    config = ChallengeConfig(size=4, bombs=3, games=games, seed=3)
    warm = ChallengeConfig(size=4, bombs=3, games=50, seed=3)  # what a first run imports is not the run's
    run_tournament(["naive", "solver"], warm, sandbox=Sandbox(False), executor=ShuffledTables())
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        result = run_tournament(["naive", "solver"], config, sandbox=Sandbox(False), executor=ShuffledTables(),
                                keep_records=keep_records)
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    return peak, result


def test_a_runs_memory_does_not_grow_with_its_length():
    """5,000 against 20,000 games of two players: the old coordinator held every record (about 400 bytes a
    game and player: 12 MB more at 20,000); now the peak stays within a quarter and 256 KB of the shorter
    run's (what is left is the tables' queues and the reorder buffer, bounded by the tables)."""
    short, _ = _peak(5_000)
    long, result = _peak(20_000)
    assert result.games_played == 40_000 and not result.missing
    assert long < short * 1.25 + 256 * 1024, (short, long)
    for report in result.reports:  # the figures are all there, kept as sums
        assert report.records == () and report.games == 20_000 and report.tally.most_waiting < 200
        assert report.luck.audited == 20_000 and report.luck.log10_max == 0.0  # chained in order, every game
        assert report.problem_count == 4 and [r.index for r in report.errors()] == [0, 5000, 10000, 15000]
    figures = result.to_dict()["players"][0]
    assert figures["problems_total"] == 4 and [p["game"] for p in figures["problems"]] == [0, 5000, 10000, 15000]
    assert figures["games"] == 20_000 and result.to_dict()["bootstrap"]["boards"] == 20_000


def test_the_measure_sees_memory_that_grows_keeping_every_record():
    """The same measure, keeping every record (as every run did before): it grows with the games, so the
    test above could fail."""
    short, _ = _peak(2_000, keep_records=True)
    long, _ = _peak(8_000, keep_records=True)
    assert long > 3 * short


def test_games_ending_out_of_order_are_audited_in_game_order():
    """The audit's bound holds for products in an order fixed in advance: game-number order, whatever order
    the games end in. A lucky game first then two unlucky ones reaches 10^7 in game order; any other
    order would see less, or more."""
    ups = [GameLuck((7.0, 7.0, 7.0, 7.0, 7.0)), GameLuck((-7.0,) * 5), GameLuck((0.0,) * 5)]
    for order in itertools.permutations(range(3)):
        tally = PlayerTally(CELLS, keep_path=True)
        for game in order:
            tally.add(GameRecord(game, Outcome.WON, 1, 1.0, luck=ups[game]))
        tally.finish()
        assert tally.luck.log10_max == pytest.approx(7.0) and tally.luck.path == pytest.approx([7.0, 0.0, 0.0])


def test_a_missing_game_does_not_hold_the_audit_back():
    """A game named missing (``skip``) lets the games after it be chained at once: the reorder buffer does
    not fill up behind a game that will never come."""
    tally = PlayerTally(CELLS, first=10)
    tally.skip(11)
    for game in [10, *range(12, 1000)]:
        tally.add(GameRecord(game, Outcome.WON, 1, 1.0, luck=GameLuck((0.001,) * 5, audited=1)))
    assert tally.most_waiting == 1 and tally.luck.audited == 989
    assert tally.has(11) and tally.has(500) and not tally.has(1000)  # a late record of 11 is not counted


def test_an_interrupted_runs_games_after_a_hole_are_chained_at_its_end():
    tally = PlayerTally(CELLS)
    for game in (2, 0, 5, 3):
        tally.add(GameRecord(game, Outcome.WON, 1, 1.0, luck=GameLuck((1.0,) * 5, audited=1)))
    assert tally.luck.audited == 1  # 0 only: 1 is still being played
    tally.finish()
    assert tally.luck.audited == 4 and tally.luck.log10_max == pytest.approx(4.0)


def test_the_lowest_numbered_problems_are_the_ones_kept():
    tally = PlayerTally(CELLS)
    games = random.Random(5).sample(range(10_000), 1_000)
    for game in games:
        tally.add(GameRecord(game, Outcome.CRASHED, 1, 1.0, f"error {game}"))
    assert [record.index for record in tally.problems()] == sorted(games)[:PROBLEMS_KEPT]


def test_the_running_sum_of_milliseconds_is_as_exact_as_fsum():
    draw = random.Random(6)
    values = [draw.uniform(0, 60_000) for _ in range(200_000)] + [1e-9] * 1000
    total = Sum()
    for value in values:
        total.add(value)
    assert total.value == pytest.approx(math.fsum(values), rel=0, abs=1e-6)


def test_a_stopped_player_loses_exactly_its_games_not_yet_dealt():
    queue = TaskQueue(range(3, 10), 2, lambda player, game: (player, game) == (1, 7))
    assert [queue.take(lambda task: True) for _ in range(3)] == [Task(0, 3), Task(1, 3), Task(0, 4)]
    queue.hand_back([Task(1, 3)])  # a lost table's: player 1's game 3 is to be played again
    count, left = queue.stop_player(1)
    assert (count, list(left)) == (6, [3, 4, 5, 6, 8, 9])  # 7 was played already (a run resumed)
    assert list(queue.drain()) == [Task(0, game) for game in range(5, 10)]


def test_tasks_whose_board_is_elsewhere_wait_ahead_without_filling_up():
    """Every player's game i goes to the table playing board i: the others wait in ``ahead``, bounded by the
    boards at tables, not by the run."""
    queue = TaskQueue(range(100_000), 3, lambda player, game: False)
    busy = set(range(50))  # boards some table is playing
    task = queue.take(lambda task: task.game not in busy)
    assert task == Task(0, 50) and len(queue.ahead) == 150 and queue.most_ahead == 150


# ------------------------------------------------------------ the bootstrap
def _per_board(rows: list[list[float]], resamples: int = 2000) -> list[list[float]]:
    """The bootstrap the block one replaced: every board resampled (its code as it was)."""
    count = len(rows[0])
    draw = random.Random(f"amigasweeper-bootstrap:{count}:{len(rows)}").random
    totals: list[list[float]] = [[] for _ in rows]
    for _ in range(resamples):
        picks = [int(draw() * count) for _ in range(count)]
        for row, sums in zip(rows, totals, strict=True):
            sums.append(sum(map(row.__getitem__, picks)))
    return totals


def _interval(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    last = len(ordered) - 1
    return ordered[round(0.025 * last)], ordered[round(0.975 * last)]


def _records(games: int, skill: float, seed: int) -> tuple[GameRecord, ...]:
    """A player on boards of a shared difficulty (board i's, drawn from i alone), so players move together."""
    records = []
    for game in range(games):
        hard = random.Random(game).random()
        mine = random.Random(seed * 1_000_003 + game)
        won = mine.random() < skill * (1.0 - hard)
        records.append(GameRecord(game, Outcome.WON if won else Outcome.HIT_BOMB, 5, mine.expovariate(1 / 3.0)))
    return tuple(records)


def _old_rank(reports: list[ChallengeReport]) -> tuple[list, list]:
    rows = [[CELLS * r.outcome.won - r.ms for r in report.records] for report in reports]
    totals = _per_board(rows)
    return ([_interval(sums) for sums in totals],
            [_interval([a - b for a, b in zip(x, y, strict=True)]) for x, y in itertools.pairwise(totals)])


def test_with_fewer_boards_than_blocks_the_intervals_are_the_old_ones_exactly():
    config = ChallengeConfig(size=4, bombs=3, games=BLOCKS, seed=1)
    reports = [ChallengeReport(config, name, _records(BLOCKS, skill, n)) for n, (name, skill)
               in enumerate((("a", 0.9), ("b", 0.85)))]
    ranking = rank(reports, CELLS)
    intervals, differences = _old_rank(reports)
    assert list(ranking.intervals) == intervals and list(ranking.differences) == differences


def test_on_four_thousand_games_the_block_intervals_agree_with_the_whole_run_ones():
    """Tolerance: every end of every interval within 10% of the old interval's width (the two differ by the
    resampling's own noise, about 2% of a width at 2,000 resamples, and 1,000 blocks' estimate of the
    spread against 4,000 boards', about 3%)."""
    config = ChallengeConfig(size=4, bombs=3, games=4000, seed=1)
    reports = [ChallengeReport(config, name, _records(4000, skill, n)) for n, (name, skill)
               in enumerate((("a", 0.9), ("b", 0.88), ("c", 0.6)))]
    ranking = rank(reports, CELLS)
    intervals, differences = _old_rank(reports)
    for new, old in zip([*ranking.intervals, *ranking.differences], [*intervals, *differences], strict=True):
        width = old[1] - old[0]
        assert abs(new[0] - old[0]) < 0.1 * width and abs(new[1] - old[1]) < 0.1 * width, (new, old)
    assert ranking.boards == 4000


def test_the_block_intervals_cover_the_true_score_as_often_as_they_say():
    """300 simulated runs of 2,000 boards in 200 blocks (10 a block, as a long run's are): the 95% interval
    holds the expected score in 91% to 98.5% of them (95% within three standard errors of 300 runs)."""
    blocks, per_block, runs = 200, 10, 300
    win, mean_ms = 0.7, 3.0
    truth = blocks * per_block * (CELLS * win - mean_ms)
    covered = 0
    for run in range(runs):
        draw = random.Random(run)
        parts = [[sum(CELLS * (draw.random() < win) - draw.expovariate(1 / mean_ms) for _ in range(per_block))
                  for _ in range(blocks)]]
        low, high = _interval(bootstrap(parts, resamples=300)[0])
        covered += low <= truth <= high
    assert 0.91 <= covered / runs <= 0.985, covered


# ------------------------------------------------- counted and written, or neither
@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupt_while_a_game_is_counted_and_written_waits_for_both(number):
    """The table counted a game its --jsonl file lacked when Ctrl-C came between the two (a Ray run
    showed 10 games, its file 9). Here the signal comes in the middle of writing the fifth game's line:
    the line is still written, the run ends interrupted, and the two agree."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(number, interrupt)
    written = []

    def on_record(player, record):
        if len(written) == 4:
            signal.raise_signal(number)
        written.append((player, record.index))

    try:
        result = run_tournament(["naive"], ChallengeConfig(size=4, bombs=3, games=50, seed=3),
                                sandbox=Sandbox(False), executor=ShuffledTables(count=1), on_record=on_record)
        assert signal.getsignal(number) is interrupt  # the run put the handler back
    finally:
        signal.signal(number, previous)
    assert result.interrupted and result.games_played == len(written) == 5
