"""Issue 42: Best Times keeps kinds of game apart. 2.4's slots take square
random boards only; every other kind has its own row; a file of an earlier
version keeps every time it held, sorted to the row of the game it matches."""

from __future__ import annotations

import json

import pytest

from amigasweeper.engine import Shape
from amigasweeper.play import EndQueue
from amigasweeper.records import RecordStore
from amigasweeper.records.earlier_times import sort_moves
from amigasweeper.storage import BestTimes, Storage
from amigasweeper.storage.merge import RecordKindTime, ResetTimes, merge_best_times
from amigasweeper.storage.settings_and_times import KIND_SECTION, BestTime
from amigasweeper.storage.time_kinds import kind_key, kind_title, time_kind
from tests.play.test_play import Desk_, run, session_with, win_by_uncovering
from tests.records.test_rows_and_index import game

BEST_TIMES_FILE = "amigasweeper-besttimes.json"


def test_the_row_of_each_kind():
    assert time_kind("beginner", "square", False) is None  # 2.4's own slot
    assert time_kind("beginner", "hex", False) == "beginner/hex/random"
    assert time_kind("expert", "square", True) == "expert/square/no-guess"
    assert kind_title("beginner/triangle/no-guess") == "Beginner, triangular, no-guess"
    assert kind_title("earlier/custom") == "Custom, from an earlier version, kind unknown"


@pytest.mark.parametrize("bad", ["beginner/square/random", "beginner/round/random", "master/hex/random",
                                 "earlier/master", "beginner/hex", "", None, 3, "beginner/hex/random/x"])
def test_keys_that_are_no_kind_are_refused(bad):
    with pytest.raises(ValueError):
        kind_key(bad)


def test_kinds_round_trip_and_a_file_without_them_is_of_an_earlier_version():
    times = BestTimes()
    assert times.record_kind("beginner/hex/random", 12, "Ada")
    assert not times.record_kind("beginner/hex/random", 12, "Bob")  # not faster
    assert times["beginner"].seconds == 999  # 2.4's slot untouched
    read, faults = BestTimes.from_dict(times.to_dict())
    assert read == times and read.sorted_earlier and faults == []
    earlier, faults = BestTimes.from_dict({"version": 1, "best_times": {"beginner": {"seconds": 7, "name": "Al"}}})
    assert not earlier.sorted_earlier and earlier.earlier_times() == {"beginner": BestTime(7, "Al")}
    assert KIND_SECTION not in earlier.to_dict()  # saving anything else does not mark it sorted
    bad, faults = BestTimes.from_dict({"version": 1, "best_times": {}, KIND_SECTION: {
        "beginner/hex/random": {"seconds": -3}, "earlier/beginner": {"seconds": 5, "name": "X"}}})
    assert bad.kinds == {"earlier/beginner": BestTime(5, "X")} and len(faults) == 1


def test_a_reset_forgets_the_kinds_and_a_newer_versions_kinds_are_kept_on_disk():
    disk = BestTimes()
    disk.record_kind("beginner/hex/random", 12, "Ada")
    raw = disk.to_dict()
    raw[KIND_SECTION]["beginner/octagon/random"] = {"seconds": 3, "name": "Future"}
    merged, document = merge_best_times(disk, raw, [ResetTimes()])
    assert merged.kinds == {}
    assert document[KIND_SECTION] == {"beginner/octagon/random": {"seconds": 3, "name": "Future"}}
    merged, document = merge_best_times(BestTimes(), raw, [RecordKindTime("beginner/hex/random", 10, "Bo")])
    assert document[KIND_SECTION]["beginner/hex/random"] == {"seconds": 10, "name": "Bo"}


def test_custom_kinds_are_forgotten_with_the_custom_size():
    times = BestTimes()
    times.record_kind("custom/hex/random", 40, "Ada")
    times.record_kind("beginner/hex/random", 12, "Ada")
    assert times.forget_custom() and list(times.kinds) == ["beginner/hex/random"]


def test_earlier_times_are_matched_to_the_kept_game_of_their_level_and_seconds(tmp_path):
    store = RecordStore(tmp_path)
    for record in (game(date_ms=1, level="beginner", shape="hex", zini=None, time_ms=11_400),  # 12 s on the counter
                   game(date_ms=2, level="intermediate", width=16, height=16, mines=40, time_ms=50_000),
                   game(date_ms=3, level="intermediate", width=16, height=16, mines=40, no_guess=True,
                        time_ms=50_000),
                   game(date_ms=4, level="expert", width=32, height=16, mines=99, time_ms=99_000, helped=True)):
        store.append(record)
    earlier = {"beginner": BestTime(12, "Ada"), "intermediate": BestTime(51, "Bo"),
               "expert": BestTime(100, "Cy"), "custom": BestTime(30, "Di")}
    assert sort_moves(store, earlier) == {
        "beginner": "beginner/hex/random",  # its game was hexagonal: a row of its own
        "intermediate": None,  # a square random game matches: it stays in 2.4's slot
        "expert": "earlier/expert",  # a helped game never held a best time: no match
        "custom": "earlier/custom",
    }


def test_a_file_of_an_earlier_version_keeps_every_time_sorted_once(tmp_path):
    (tmp_path / BEST_TIMES_FILE).write_text(json.dumps({"version": 1, "best_times": {
        "beginner": {"seconds": 12, "name": "Ada"}, "expert": {"seconds": 200, "name": "Cy"}}}))
    RecordStore(tmp_path).append(game(level="beginner", shape="triangle", zini=None, time_ms=11_000))
    desk = Desk_(tmp_path)
    queue = EndQueue(desk.desk)
    assert queue.busy  # the sorting waits in the queue, off the frame
    run(queue)
    times = desk.storage.best_times
    assert times["beginner"].seconds == 999 and times["expert"].seconds == 999
    assert times.kinds == {"beginner/triangle/random": BestTime(12, "Ada"), "earlier/expert": BestTime(200, "Cy")}
    saved = json.loads((tmp_path / BEST_TIMES_FILE).read_text())
    assert saved[KIND_SECTION]["earlier/expert"] == {"seconds": 200, "name": "Cy"}
    again = Storage(tmp_path)
    again.load()
    assert again.best_times.sorted_earlier and not EndQueue(Desk_(tmp_path).desk).busy  # once only


def test_a_hexagonal_win_takes_its_kinds_row_not_2_4s_slot(tmp_path):
    desk = Desk_(tmp_path)
    queue = EndQueue(desk.desk)
    session, clock, ends = session_with(shape=Shape.HEX)
    win_by_uncovering(session, clock)
    queue.put_game(ends[0])
    run(queue)
    times = desk.storage.best_times
    assert times["beginner"].seconds == 999
    assert times.kind("beginner/hex/random").name == "Ada" and desk.asked
