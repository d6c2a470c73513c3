"""Practice games (`--text --practice`): kept in the games file with a
27th field (written only for them by the version that brought it, and on
every line, 0 or 1, since issue 42's fields came after it), and out of the win percent, the streaks and the
best figures; lines without the field are not practice."""

from __future__ import annotations

import json

import pytest

from amigasweeper.records import KeptGame, RecordStore
from amigasweeper.records.index import INDEX_FILE
from amigasweeper.records.kept_game import FIELD_COUNT, PRACTICE_FIELD_COUNT
from amigasweeper.records.live import LiveIndex
from amigasweeper.records.summary import chart_points, summarise

from .test_stats_labelled import record


def test_the_practice_field_on_the_newest_lines_and_on_the_version_that_brought_it():
    plain, practised = record(1), record(2, practice=True)
    # The newest lines have every field (practice 0 or 1, then path, flags, no-flag and the helps).
    assert len(plain.to_line().split()) == len(practised.to_line().split()) == FIELD_COUNT == 31
    assert plain.to_line().split()[26] == "0" and practised.to_line().split()[26] == "1"
    assert KeptGame.from_line(practised.to_line()) == practised and practised.practice
    assert not KeptGame.from_line(plain.to_line()).practice
    # The version that brought it: 26 fields, and 27 on a practice game's line only.
    older_plain = " ".join(plain.to_line().split()[:26])
    older_practice = " ".join(practised.to_line().split()[:PRACTICE_FIELD_COUNT])
    assert PRACTICE_FIELD_COUNT == 27
    assert not KeptGame.from_line(older_plain).practice and KeptGame.from_line(older_practice).practice
    first_version = " ".join(plain.to_line().split()[:24])
    assert not KeptGame.from_line(first_version).practice
    with pytest.raises(ValueError):
        KeptGame.from_line(older_plain + " 0")  # on that version's lines the field is there only to say 1
    newest = plain.to_line().split()
    newest[26] = "2"
    with pytest.raises(ValueError):
        KeptGame.from_line(" ".join(newest))
    assert practised.as_json(None)["practice"] is True


def test_practice_games_are_out_of_the_win_percent_streaks_and_bests():
    games = [record(1, time_ms=20_000), record(2, time_ms=1_000, practice=True),
             record(3, "lost", practice=True), record(4, "abandoned", practice=True), record(5, time_ms=15_000)]
    (row,) = summarise(games)
    assert (row.played, row.won, row.abandoned, row.practice) == (2, 2, 0, 3)
    assert row.current_streak == row.best_streak == 2  # the practice loss broke nothing
    assert row.best_ms == 15_000  # not the practice game's 1 second
    assert row.as_json()["practice"] == 3


def test_the_chart_leaves_practice_games_out(tmp_path):
    store = RecordStore(tmp_path)
    for game in (record(1), record(2, practice=True)):
        store.append(game)
    index = LiveIndex(store).whole()
    (tally,) = index.rows.values()
    assert [p.date_ms for p in chart_points(tally)] == [1]


def test_a_saved_index_of_the_last_version_is_made_again_with_practice_counted(tmp_path):
    store = RecordStore(tmp_path)
    store.append(record(1, practice=True))
    store.append(record(2))
    (row,) = LiveIndex(store).whole().summaries()
    assert (row.played, row.practice) == (1, 1)
    saved = tmp_path / INDEX_FILE
    assert saved.is_file()
    document = json.loads(saved.read_text())
    document["version"] = 1  # what the version before practice games wrote: it counted them as played
    document["rows"][0][1]["played"] = 2
    del document["rows"][0][1]["practice"]
    saved.write_text(json.dumps(document))
    (again,) = LiveIndex(RecordStore(tmp_path)).whole().summaries()
    assert (again.played, again.practice) == (1, 1)
