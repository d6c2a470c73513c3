"""The words of windows, pauses, the Narrator's own lines and the
assistance's answers (access/words/windows.py, assisting.py): pure, so
every boundary is checked here."""

from __future__ import annotations

from amigasweeper.access.words import (
    WindowEvent,
    away_line,
    begin_line,
    chosen_line,
    edge_line,
    hint_line,
    known_line,
    narrator_off_line,
    narrator_on_line,
    paused_line,
    stats_gist,
    window_line,
)
from amigasweeper.access.words.assisting import SQUARES_SAID
from amigasweeper.engine import Game, GameSetup


def test_windows_say_their_name_what_they_show_and_when_they_close():
    assert window_line(WindowEvent.OPENED, "Statistics", "Beginner: played 12") == \
        "Statistics window. Beginner: played 12"
    assert window_line(WindowEvent.ACTIVE, "MineSweeper", "playing") == "MineSweeper window, active. playing"
    assert window_line(WindowEvent.CLOSED, "Statistics", "ignored") == "Statistics window closed"
    assert window_line(WindowEvent.OPENED, "Help", "page Contents") == "help viewer. page Contents"
    assert window_line(WindowEvent.OPENED, "Palette", "  ") == "Palette window"
    assert window_line(WindowEvent.OPENED, "", "") == "window"
    assert window_line(WindowEvent.OPENED, "Custom...", "a\n  b") == "Custom window. a b"


def test_a_pause_says_which_windows_hold_it_and_how_to_play_on():
    assert paused_line(["Statistics"]) == "Paused while the Statistics window is open; close it to play on"
    assert paused_line(["Help", "Duel"]) == \
        "Paused while the help viewer and Duel window are open; close them to play on"
    assert paused_line(["Help", "Duel", "Replay"]).startswith("Paused while the help viewer, Duel window and ")
    assert paused_line([]) == "Paused: press P to play on"
    assert away_line("Palette") == "Paused while the Palette window is active; F9 goes back to MineSweeper"
    assert away_line("Help") == "Paused while the help viewer is active; F9 goes back to MineSweeper"


def test_chosen_items_and_toggles():
    assert chosen_line("Flash: Border") == "Flash: Border, chosen"
    assert chosen_line("Custom...") == "Custom, chosen"
    assert chosen_line("Narrator", True) == "Narrator, on"
    assert chosen_line("Marks (?)", False) == "Marks question, off"


def test_the_narrators_own_lines():
    assert begin_line("Beginner, 8 by 8 squares, 10 mines") == (
        "MineSweeper, Beginner, 8 by 8 squares, 10 mines. Press the cursor keys to move, Space to uncover, "
        "Return to mark, F10 for menus, Help for the manual")
    assert narrator_on_line("Beginner; playing") == "Narrator on. Beginner; playing"
    assert narrator_off_line() == "Narrator off"


def test_edge_names_the_square_pushed_against():
    game = Game(GameSetup(8, 8, 10, seed=1))
    assert edge_line(game, 0) == "edge, A1, covered"
    assert edge_line(game, 63) == "edge, H8, covered"


def test_a_hint_by_square_and_rule():
    assert hint_line("C5", "safe", 1, "Rule 1: single point", "The 1 at 2,4 has its mine.") == \
        "Hint: C5 is safe, by rule 1, single point. The 1 at 2,4 has its mine."
    assert hint_line("C5 up", "mine", 3, "Rule 3: subset", "") == "Hint: C5 up is a mine, by rule 3, subset"
    assert hint_line("A1", "mine", 0, "Contradiction", "The marks cannot all be right.") == \
        "Hint: A1 is a mine. The marks cannot all be right."
    assert hint_line(None, None, None, "", "No square is certain: you must guess.") == \
        "Hint: No square is certain: you must guess."
    assert hint_line(None, None, None, "", "") == "Hint: no square is certain"


def test_show_safe_and_mines_counts_then_squares_and_cuts_long_lists():
    assert known_line(["A1", "B1"], ["C3"]) == "Show Safe and Mines: 2 safe, 1 mine. Safe: A1, B1. Mines: C3"
    assert known_line([], []) == "Show Safe and Mines: 0 safe, 0 mines"
    assert known_line([], ["A1", "A2"], exact=False) == \
        "Show Safe and Mines: 0 safe, 2 mines. Mines: A1, A2. The other chances are estimates"
    assert known_line(["A1"], [], note="Nothing is known yet.") == "Show Safe and Mines: Nothing is known yet."
    many = [f"A{n}" for n in range(1, SQUARES_SAID + 6)]
    line = known_line(many, [])
    assert f"A{SQUARES_SAID}, " not in line and line.endswith(f"A{SQUARES_SAID} and 5 more")
    exactly = [f"A{n}" for n in range(1, SQUARES_SAID + 1)]
    assert known_line(exactly, []).endswith(f"A{SQUARES_SAID}")


def test_statistics_gist_with_and_without_a_best_time():
    assert stats_gist("Beginner, square", "All Mines Found, random boards", 12, 7, 58.33, 2, 4, 14.25) == (
        "Beginner, square; All Mines Found, random boards: played 12, won 7, 58 percent, streak 2, "
        "best streak 4, best time 14.2 seconds")
    assert stats_gist("Expert, hexagonal", "Either, no-guess boards", 0, 0, None, 0, 0, None).endswith(
        "played 0, won 0, streak 0, best streak 0, no best time")
