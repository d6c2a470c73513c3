"""The Statistics window's Filter menu (issue 42): a filtered view folds the
games it takes a slice a frame, and says what it filters."""

from __future__ import annotations

from amigasweeper.records import RecordStore
from amigasweeper.records.filters import Flagging, Period
from amigasweeper.ui.stats.statscontrol import FILTER_SLICE
from amigasweeper.ui.stats.statsmenus import STATS_MENUS, filter_command
from tests.records.test_stats_figures_and_filters import new
from tests.ui.test_stats_window import figure, finish_game, open_stats


def test_the_filter_menu_names_every_part_and_the_record_thresholds():
    (filters,) = [m for m in STATS_MENUS if m.title == "Filter"]
    titles = [item.label for item in filters.items]
    assert titles == ["Dates", "Flags", "3BV minimum", "Shape", "Boards", "No Filter"]
    thresholds = [item.label for item in filters.items[2].sub]
    assert thresholds == ["None", "Beginner (3BV >= 2)", "Intermediate (3BV >= 30)", "Expert (3BV >= 100)"]


def test_a_filtered_view_says_what_it_filters_and_counts_only_its_games(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    for win in (True, False, True):
        finish_game(app, pilot, win)
    window = open_stats(app, pilot)
    assert figure(window, "Played") == "3"
    control = app.stats
    control.choose_filter("min_bbbv", 10_000)  # no board has such a 3BV: nothing is left
    pilot.step(3)
    assert control.filtered.ready and window.rows == [] and window.status == "Filtered: 3BV >= 10000."
    control.choose_filter("min_bbbv", 0)
    control.choose_filter("period", Period.TODAY)  # the games were played just now
    pilot.step(3)
    assert figure(window, "Played") == "3" and window.status == "Filtered: today."
    assert window.menus is not None and control.filter_chosen("period", Period.TODAY)
    control.no_filter()
    pilot.step(2)
    assert control.filtered is None and window.status.startswith("Replays kept")


def test_a_long_history_is_filtered_a_slice_a_frame(make_app, tmp_path):
    store = RecordStore(tmp_path)
    with open(tmp_path / "amigasweeper-games.txt", "a", encoding="utf-8") as file:
        file.write("".join(new(date_ms=n + 1, no_flag=n % 2 == 0).to_line() + "\n" for n in range(4000)))
    app, pilot = make_app(data_dir=tmp_path)
    pilot.settle()
    open_stats(app, pilot)
    control = app.stats
    control.choose_filter("flagging", Flagging.NO_FLAG)
    pilot.step()
    assert 0 < control.filtered.index.covers <= FILTER_SLICE + 200 and not control.filtered.ready
    assert control.window.status.startswith("Filtering your games: ")
    while not control.filtered.ready:
        pilot.step()
    assert figure(control.window, "Played") == "2000" and store.size() == control.filtered.index.covers
    assert control.window.status == "Filtered: no-flag games."


def test_filter_commands_are_hashable_and_distinct():
    assert len({filter_command("period", p) for p in Period}) == len(Period)
