"""`--stats` without --json: one labelled line a row, each figure beside its
label, for a screen reader (no wide table whose headings are lines away)."""

from __future__ import annotations

import io

from amigasweeper.records import KeptGame, RecordStore
from amigasweeper.records.labelled import labelled_row, row_name, spoken_row
from amigasweeper.records.rows import RowKey
from amigasweeper.records.stats_cli import write_table
from amigasweeper.records.summary import summarise


def record(date_ms: int, result: str = "won", time_ms: int = 14_200, **kw) -> KeptGame:
    fields = dict(
        date_ms=date_ms, level="beginner", width=8, height=8, mines=10, shape="square", no_guess=False,
        completion="all_non_mines", marks=True, result=result, time_ms=time_ms, bbbv=20, bbbv_solved=20,
        openings=3, islands=4, zini=15, left=25, right=5, chord=2, left_eff=20, right_eff=4, chord_eff=2,
        replay_suffix="", keep=False,
    )
    fields.update(kw)
    return KeptGame(**fields)


def test_a_row_is_named_by_what_sets_it_apart():
    assert row_name(RowKey("square", 8, 8, 10, "all_non_mines", False)) == "Beginner, random"
    assert row_name(RowKey("hex", 20, 10, 50, "all_mines", True)) == \
        "Custom 20x10/50, hexagonal, All Mines Found, no-guess"
    assert row_name(RowKey("square", 30, 16, 99, "either", False)) == "Expert 30x16, Either, random"


def test_the_figures_are_said_with_their_labels_and_missing_ones_left_out():
    (row,) = summarise([record(1), record(2, "lost"), record(3, time_ms=9_000), record(4, "abandoned")])
    assert spoken_row(row).startswith("Beginner, random: played 3, won 2, win percent 67, current streak 1, "
                                      "best streak 1, best time 9.0 seconds, its 3BV 20, ")
    assert labelled_row(row).startswith("Beginner, random. played: 3; won: 2; win percent: 67; ")
    assert labelled_row(row).endswith("; abandoned: 1")
    (lost,) = summarise([record(1, "lost")])
    assert "best time" not in spoken_row(lost) and "-" not in spoken_row(lost)
    assert spoken_row(lost) == "Beginner, random: played 1, won 0, win percent 0, current streak 0, best streak 0, " \
                               "abandoned 0"


def test_stats_prints_one_labelled_line_a_row(tmp_path):
    store = RecordStore(tmp_path)
    for game in (record(1), record(2, width=30, height=16, mines=99, level="custom")):
        store.append(game)
    out = io.StringIO()
    write_table(store, tmp_path, out)
    lines = out.getvalue().splitlines()
    assert lines[0] == f"Statistics in {tmp_path}"
    rows = [line for line in lines[1:] if not line.startswith("  ")]  # each row's figures are indented under it
    assert rows[0].startswith("Beginner, random. played: 1; won: 1; win percent: 100; ")
    assert rows[1].startswith("Expert 30x16, random. played: 1; ")
    assert len(rows) == 2 and all(len(line) < 400 for line in lines)
    assert lines[2].startswith("  time: best ")  # issue 42's figures, labelled, under their row
    empty = io.StringIO()
    write_table(RecordStore(tmp_path / "none"), tmp_path / "none", empty)
    assert empty.getvalue().splitlines()[1] == "No games recorded yet."
