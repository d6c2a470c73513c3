"""Issue 42 in the Statistics window: the row's pictures as charts (Chart
button or C), the new figures in the list of games, helped games counted
apart, drawn in the screen's pens in whole pixels and readable in every
palette preset."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.access.colour.contrast import CONTROL, ratio
from amigasweeper.access.colour.presets import PRESETS
from amigasweeper.records import summarise
from amigasweeper.records.row_figures import Pictures
from amigasweeper.ui.intuition.palette import Pen
from amigasweeper.ui.palette.pens import Palette
from amigasweeper.ui.stats.figures import EXTRA_COLUMNS, columns_for, figure_lines
from amigasweeper.ui.stats.pictures import Chart, bars_of, next_chart
from tests.records.test_stats_figures_and_filters import new
from tests.ui.test_stats_window import figure, finish_game, open_stats


def row_pictures() -> Pictures:
    jan = 1_704_067_200_000
    games = [new(date_ms=jan, time_ms=12_500, bbbv=20, bbbv_solved=20), new(date_ms=jan + 1, time_ms=10_100),
             new(date_ms=jan + 2, time_ms=15_000, bbbv=23, bbbv_solved=23), new(date_ms=jan + 3, result="lost")]
    (row,) = summarise(games)
    return row.pictures


def test_each_picture_as_bars():
    pictures = row_pictures()
    bbbv = bars_of(Chart.BBBV, pictures)
    assert bbbv.values == (2.0, 0.0, 0.0, 1.0) and bbbv.words == "3BV 20 to 23, bars to 2 wins"
    assert bars_of(Chart.TIME, pictures).values == (1, 0, 1, 0, 0, 1)  # 10, 12 and 15 s
    assert bars_of(Chart.RUNNING_BEST, pictures).values == (12.5, 10.1)
    assert bars_of(Chart.MONTHS, pictures).values == pytest.approx((75.0,))
    assert bars_of(Chart.BEST_BY_BBBV, pictures).values == (10.1, 0, 0, 15.0)
    for chart in Chart:
        if chart is not Chart.LAST_GAMES:
            assert bars_of(chart, Pictures()).values == () and bars_of(chart, None).words
    with pytest.raises(ValueError):
        bars_of(Chart.LAST_GAMES, pictures)
    assert next_chart(Chart.BEST_BY_BBBV) is Chart.LAST_GAMES and next_chart(Chart.LAST_GAMES, -1) is Chart.BEST_BY_BBBV


def test_the_new_figures_join_the_list_where_they_fit():
    narrow, wide = columns_for(37), columns_for(120)
    assert not set(EXTRA_COLUMNS) & set(narrow)  # LowRes keeps 2.4's columns
    assert [c.title for c in wide[-len(EXTRA_COLUMNS):]] == ["STNB", "cls", "ces", "Flags", "NF", "Path"]
    assert sum(c.width for c in columns_for(80)) <= 80
    demo = new(helped=True, helps="d")
    assert next(c for c in wide if c.title == "Help").text(demo) == "Demo"
    assert next(c for c in wide if c.title == "NF").text(new(no_flag=True)) == "NF"
    assert next(c for c in wide if c.title == "STNB").text(new(width=9)) == "-"  # no STNB off its three boards


def test_the_helped_count_is_in_the_figures():
    (row,) = summarise([new(), new(date_ms=2, helped=True, helps="h")])
    lines = figure_lines(row, 37)
    assert any("Helped" in line and line.rstrip().endswith("1") for line in lines)
    assert len(lines) == 6  # the window's six lines of figures still fit LowRes


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_charts_pens_are_readable_in_every_preset(preset):
    colours = {**Palette().with_preset(PRESETS[preset]).colours()}
    grey, black = colours.get(Pen.GREY), colours.get(Pen.BLACK)
    assert None not in (grey, black)
    assert ratio(black, grey) >= CONTROL  # the pictures' bars against the chart's ground


def test_chart_cycles_and_draws_bars_in_whole_pixels(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    for win in (True, False, True):
        finish_game(app, pilot, win)
    window = open_stats(app, pilot)
    assert window.chart is Chart.LAST_GAMES and figure(window, "Helped") == "0"
    pilot.key(pyxel.KEY_C)
    assert window.chart is Chart.BBBV and sum(window.bars.values) == 2  # the two wins
    pilot.step(2)
    x, y = window.ax + window.inner_x + 4 + 2, window.ay + window.chart_y + 2
    px, py = pyxel.mouse_x - x, pyxel.mouse_y - y  # the pointer's sprite is drawn over the screen: left out
    inside = {pyxel.pget(x + dx, y + dy) for dx in range(window.chart_w - 4) for dy in range(window.chart_h - 4)
              if not (0 <= dx - px < 16 and 0 <= dy - py < 16)}
    assert inside == {Pen.GREY, Pen.BLACK}  # black bars on the grey, nothing between
    window.chart_button.activate()  # the Chart button, as a click does
    assert window.chart is Chart.TIME
    for _ in Chart:
        pilot.key(pyxel.KEY_C)
        pilot.step()
    assert window.chart is Chart.TIME
