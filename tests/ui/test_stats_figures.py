"""The Statistics window's words and numbers as text (no window needed)."""

from __future__ import annotations

from amigasweeper.records import KeptGame, RowKey, summarise
from amigasweeper.ui.stats.figures import (
    NONE,
    columns_for,
    figure_lines,
    game_line,
    games_header,
    percent_text,
    ratio_text,
    row_detail,
    row_name,
    seconds_text,
)


def game(**kw) -> KeptGame:
    fields = dict(
        date_ms=1_700_000_000_000, level="custom", width=30, height=16, mines=99, shape="square", no_guess=True,
        completion="all_non_mines", marks=True, result="won", time_ms=123_456, bbbv=180, bbbv_solved=180,
        openings=30, islands=40, zini=150, left=250, right=99, chord=20, left_eff=180, right_eff=90, chord_eff=19,
        replay_suffix=".evf", keep=False, helped=True,
    )
    fields.update(kw)
    return KeptGame(**fields)


def test_times_fit_six_characters_and_missing_figures_are_dashes():
    assert [seconds_text(ms) for ms in (1234, 123_456, 1_234_567, None)] == ["1.23", "123.5", "1235", NONE]
    assert max(len(seconds_text(ms)) for ms in (999, 99_999, 999_999, 99_999_999, 10**12)) <= 6
    assert (ratio_text(None), percent_text(None), percent_text(66.666)) == (NONE, NONE, "67%")


def test_a_row_is_named_by_its_board_shape_mode_and_kind():
    key = RowKey.of(game())
    assert row_name(key) == "Expert 30x16, square"
    assert row_detail(key) == "All Non Mines Found, no-guess boards"


def test_the_figures_fit_the_line_on_both_screens():
    (summary,) = summarise([game(helped=False, result="won"), game(result="lost"), game(result="abandoned")])
    for chars in (37, 77):
        lines = figure_lines(summary, chars)
        assert all(len(line) <= chars for line in lines) and len(lines) == 6
    text = " ".join(figure_lines(summary, 37))
    assert "Played 2" in " ".join(text.split()) and "Abandoned 1" in " ".join(text.split()) and "(3BV 180," in text


def test_the_list_of_games_shows_every_column_that_fits():
    record = game()
    for chars in (37, 77):
        columns = columns_for(chars)
        assert sum(c.width for c in columns) <= chars
        assert len(game_line(record, columns)) <= chars and len(games_header(columns)) <= chars
        assert [c.title for c in columns][1:5] == ["3BV", "Time", "3BV/s", "IOE"]
    wide = game_line(record, columns_for(77))
    assert "123.5" in wide and "Won" in wide and "yes" in wide and wide.startswith("2023-11-1")
    assert game_line(record, columns_for(37)).endswith("H")
