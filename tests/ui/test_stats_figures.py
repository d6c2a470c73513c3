"""The Statistics window's table as text (no window needed)."""

from __future__ import annotations

from amigasweeper.engine import Shape
from amigasweeper.records import LevelSummary
from amigasweeper.ui.stats.figures import NONE, percent_text, ratio_text, seconds_text, table


def summary(level="beginner", shape="square", played=4, won=3):
    return LevelSummary(level, shape, played, won, 1234, 2345.6, 2.345, 0.75, 1, 2)


def test_times_fit_six_characters_and_missing_figures_are_dashes():
    assert [seconds_text(ms) for ms in (1234, 123_456, 1_234_567, None)] == ["1.23", "123.5", "1235", NONE]
    assert max(len(seconds_text(ms)) for ms in (999, 99_999, 999_999, 99_999_999, 10**12)) <= 6
    assert (ratio_text(None), percent_text(None), percent_text(66.666)) == (NONE, NONE, "67%")


def test_one_column_per_level_for_the_shape_asked_and_unknown_names_left_out():
    rows = table([summary(), summary("expert", "hex", 2, 0), summary("galactic", "square"),
                  summary("beginner", "cube")], Shape.SQUARE)
    played = next(r for r in rows if r[0] == "Played")
    assert played == ["Played", "4", NONE, NONE, NONE]
    hexes = table([summary("expert", "hex", 2, 0)], Shape.HEX)
    assert next(r for r in hexes if r[0] == "Win %") == ["Win %", NONE, NONE, "0%", NONE]
