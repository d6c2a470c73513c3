"""Issue 42: the newest games line (path, flags, no-flag, kinds of help),
helped and Demo games kept apart, each row's figures and pictures, and the
filters of --stats."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from amigasweeper.play.played import Help
from amigasweeper.records import KeptGame, RecordStore, StatsIndex, summarise
from amigasweeper.records.filters import Flagging, GameFilter, Period, bbbv_minimum
from amigasweeper.records.kept_game import FIELD_COUNT, HELP_CODES, SECOND_FIELD_COUNT
from amigasweeper.records.row_figures import FigureTally, Pictures
from amigasweeper.records.stats_cli import _options, write_json, write_table
from tests.records.test_rows_and_index import game

ROOT = Path(__file__).resolve().parents[2]


def new(**kw) -> KeptGame:
    kw.setdefault("path", 1174.125)
    kw.setdefault("flags", 3)
    kw.setdefault("no_flag", False)
    return game(**kw)


# ------------------------------------------------------------ the line
def test_the_newest_line_round_trips_and_older_lines_read_the_new_figures_as_null():
    for record in (new(), new(helps="dh", helped=True), new(path=0.0, flags=0, no_flag=True)):
        line = record.to_line()
        assert len(line.split(" ")) == FIELD_COUNT
        assert KeptGame.from_line(line) == record
    older = " ".join(new(helped=True, helps="h").to_line().split(" ")[:SECOND_FIELD_COUNT])
    read = KeptGame.from_line(older)
    assert (read.path, read.flags, read.no_flag) == (None, None, None)
    assert read.helped and read.help_names == ["unknown"] and not read.demo
    assert read.as_json(None)["path"] is None


@pytest.mark.parametrize("bad", ["-1.5 3 0 -", "nan 3 0 -", "inf 3 0 -", "1.0 -2 0 -", "1.0 3 2 -", "1.0 3 0 x",
                                 "1.0 3 0", "x 3 0 -"])
def test_hostile_new_fields_are_refused(bad):
    head = " ".join(new().to_line().split(" ")[:SECOND_FIELD_COUNT])
    with pytest.raises(ValueError):
        KeptGame.from_line(f"{head} {bad}")


def test_every_kind_of_help_play_knows_has_a_letter():
    assert set(HELP_CODES) == {h.value for h in Help}
    demo = new(helped=True, helps="d")
    assert demo.demo and demo.as_json(None)["helps"] == ["demo"] and demo.as_json(None)["demo"]
    assert not new(helped=True, helps="h").demo


# ------------------------------------------------------------ helped games apart
def test_helped_games_are_played_but_out_of_win_percent_streaks_and_bests():
    games = [new(date_ms=1, time_ms=20_000), new(date_ms=2, result="lost"),
             new(date_ms=3, time_ms=1_000, helped=True, helps="d"),  # a fast Demo win
             new(date_ms=4, result="lost", helped=True, helps="h"),  # a hinted loss: the streak goes on
             new(date_ms=5, time_ms=30_000), new(date_ms=6, time_ms=25_000)]
    (row,) = summarise(games)
    assert (row.played, row.won, row.helped_played, row.helped_won) == (6, 4, 2, 1)
    assert row.win_percent == pytest.approx(100 * 3 / 4)
    assert (row.current_streak, row.best_streak) == (2, 2)
    assert row.best_ms == 20_000
    assert row.as_json()["figures"]["time_ms"]["count"] == 3


# ------------------------------------------------------------ figures and pictures
def test_best_worst_average_and_best_10_average():
    times = [float(t) for t in range(30, 8, -1)]  # 22 times, best 9
    tally = FigureTally()
    for t in times:
        tally.fold(t, True)
    shown = tally.summary(True)
    assert (shown["best"], shown["worst"], shown["count"]) == (9, 30, 22)
    assert shown["average"] == pytest.approx(sum(times) / 22)
    assert shown["best_10_average"] == pytest.approx(sum(range(9, 19)) / 10)
    rates = FigureTally()
    for r in (1.0, 3.0, 2.0):
        rates.fold(r, False)
    assert rates.summary(False) == {"best": 3.0, "worst": 1.0, "average": 2.0, "best_10_average": 2.0, "count": 3}
    assert FigureTally().summary(True)["best_10_average"] is None


def test_per_bbbv_bests_distributions_running_best_and_months():
    day = 86_400_000
    jan, feb = 1_704_067_200_000, 1_706_745_600_000  # 2024-01-01 and 2024-02-01, UTC
    games = [new(date_ms=jan, time_ms=12_500, bbbv=20, bbbv_solved=20), new(date_ms=jan + day, time_ms=10_100),
             new(date_ms=jan + 2 * day, time_ms=15_000, bbbv=25, bbbv_solved=25),
             new(date_ms=feb, result="lost"), new(date_ms=feb + day, time_ms=9_000, bbbv=25, bbbv_solved=25)]
    (row,) = summarise(games)
    pictures = row.as_json()
    assert pictures["best_by_bbbv"] == {"20": {"best_ms": 10_100, "bbbv_per_s": pytest.approx(20 / 10.1)},
                                        "25": {"best_ms": 9_000, "bbbv_per_s": pytest.approx(25 / 9)}}
    assert pictures["bbbv_distribution"] == {"20": 2, "25": 2}
    assert pictures["time_distribution"] == {"9": 1, "10": 1, "12": 1, "15": 1}
    assert [p["time_ms"] for p in pictures["running_best"]] == [12_500, 10_100, 9_000]
    assert pictures["win_rate_by_month"] == {"2024-01": {"played": 3, "won": 3, "win_percent": 100.0},
                                             "2024-02": {"played": 2, "won": 1, "win_percent": 50.0}}
    assert pictures["figures"]["stnb"]["count"] == 4  # Beginner: STNB defined


def test_the_index_keeps_the_pictures_and_refuses_damaged_ones():
    index = StatsIndex()
    for record in (new(date_ms=1), new(date_ms=2, time_ms=5_000), new(date_ms=3, result="lost")):
        index.fold_line(record.to_line())
    again = StatsIndex.from_bytes(index.to_bytes())
    assert [s.as_json() for s in again.summaries()] == [s.as_json() for s in index.summaries()]
    document = json.loads(index.to_bytes())
    document["rows"][0][1]["pictures"]["figures"]["time_ms"] = [2, 1.0, None, None, []]  # n without a best
    with pytest.raises(ValueError):
        StatsIndex.from_bytes(json.dumps(document).encode())
    document["rows"][0][1]["pictures"] = {"figures": {}}
    with pytest.raises(ValueError):
        StatsIndex.from_bytes(json.dumps(document).encode())
    assert Pictures.from_dict(Pictures().as_dict()).summary() == Pictures().summary()


# ------------------------------------------------------------ filters
def test_filters_take_what_they_say():
    now = time.time()
    old, fresh = int((now - 40 * 86_400) * 1000), int((now - 3600) * 1000)
    games = [new(date_ms=old), new(date_ms=fresh, no_flag=True), new(date_ms=fresh, bbbv=1, bbbv_solved=1),
             new(date_ms=fresh, shape="hex", zini=None), new(date_ms=fresh, no_guess=True),
             game(date_ms=fresh)]  # an older line: it does not say whether it was flagged
    def taken(**kw):
        takes = GameFilter(now=now, **kw).predicate()
        return [i for i, g in enumerate(games) if takes(g)]
    assert taken(period=Period.MONTH) == [1, 2, 3, 4, 5]
    assert taken(period=Period.YEAR) == [0, 1, 2, 3, 4, 5]
    assert taken(flagging=Flagging.NO_FLAG) == [1]
    assert taken(flagging=Flagging.FLAGGING) == [0, 2, 3, 4]
    assert taken(min_bbbv=bbbv_minimum("beginner")) == [0, 1, 3, 4, 5]
    assert taken(shape="hex") == [3]
    assert taken(no_guess=True) == [4] and taken(no_guess=False) == [0, 1, 2, 3, 5]
    words = GameFilter(Period.WEEK, Flagging.NO_FLAG, 100, "hex", True, now).words()
    assert words == "the last 7 days; no-flag games; 3BV >= 100 (Expert record threshold); hexagonal boards; " \
                    "no-guess boards"
    assert not GameFilter(now=now).active and GameFilter().words() == ""


def test_today_starts_at_local_midnight():
    now = time.time()
    local = time.localtime(now)
    takes = GameFilter(Period.TODAY, now=now).predicate()
    midnight = time.mktime((local.tm_year, local.tm_mon, local.tm_mday, 0, 0, 0, 0, 0, -1))
    assert takes(new(date_ms=int(midnight * 1000)))
    assert not takes(new(date_ms=int(midnight * 1000) - 1))


@pytest.mark.parametrize("args", [["--since", "fortnight"], ["--min-3bv", "-3"], ["--min-3bv", "master"],
                                  ["--shape", "circle"], ["--flagging", "--no-flag"], ["--no-guess", "--random"],
                                  ["--since"], ["--filter"]])
def test_bad_filter_options_are_refused(args):
    with pytest.raises(ValueError):
        _options(["--stats", *args], 0.0)


def test_filter_options_parse():
    as_json, folder, only = _options(["--stats", "--json", "--since=week", "--no-flag", "--min-3bv", "Expert",
                                      "--shape", "hexagonal", "--random", "--data-dir", "d"], 5.0)
    assert as_json and folder == Path("d")
    assert only == GameFilter(Period.WEEK, Flagging.NO_FLAG, 100, "hex", False, 5.0)


def test_a_filtered_view_says_what_it_filters_and_counts_only_its_games(tmp_path):
    store = RecordStore(tmp_path)
    store.append(new(date_ms=int(time.time() * 1000), bbbv=5, bbbv_solved=5))
    store.append(new(date_ms=int(time.time() * 1000), bbbv=40, bbbv_solved=40, time_ms=30_000))
    only = GameFilter(min_bbbv=30, now=time.time())
    out = _Out()
    write_table(store, tmp_path, out, only)
    assert "filtered: 3BV >= 30 (Intermediate record threshold)" in out.text
    assert "  time: best 30.000, worst 30.000, average 30.000, best-10 average 30.000 (1 wins)" in out.text
    out = _Out()
    write_json(store, tmp_path, out, only)
    document = json.loads(out.text)
    assert [g["bbbv"] for g in document["games"]] == [40]
    assert document["summary"][0]["played"] == 1 and document["filter"]["min_bbbv"] == 30
    out = _Out()
    write_json(store, tmp_path, out)
    assert json.loads(out.text)["filter"] is None and len(json.loads(out.text)["games"]) == 2


def test_the_command_line_refuses_a_bad_filter_with_its_usage(tmp_path):
    run = subprocess.run([sys.executable, "-m", "amigasweeper", "--stats", "--since", "decade", "--data-dir",
                          str(tmp_path)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 2 and "--since takes one of today, week, month, year, all" in run.stderr
    assert "--min-3bv N|beginner|intermediate|expert" in run.stderr


class _Out:
    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> None:
        self.text += text


JSON_NAMES = ("stnb", "path", "clicks_per_s", "effective_clicks_per_s", "flags", "no_flag", "helps", "demo",
              "helped_played", "helped_won", "best_10_average", "best_by_bbbv", "bbbv_distribution",
              "time_distribution", "running_best", "win_rate_by_month")
FLAGS = ("--since", "--flagging", "--no-flag", "--min-3bv", "--shape", "--no-guess", "--random")


def test_the_manual_and_help_name_the_json_fields_and_the_filters():
    manual = (ROOT / "docs" / "AmigaGuide" / "AmigaSweeper.guide").read_text(encoding="utf-8")
    stats_page = manual.split("@node Stats ", 1)[1].split("@endnode", 1)[0]
    assert all(name in stats_page for name in JSON_NAMES + FLAGS)
    assert "STNB" in stats_page and "left out of the win\npercent" in stats_page
    from amigasweeper.records.stats_cli import HELP, USAGE
    assert all(flag in USAGE + HELP for flag in FLAGS) and "stnb" in HELP
    run = subprocess.run([sys.executable, "-m", "amigasweeper", "--stats", "--help"], capture_output=True,
                         text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0 and "--min-3bv N" in run.stdout
