"""The Best Times requester lists every other kind of game under 2.4's four levels (issue 42)."""

from amigasweeper.storage import BestTimes
from amigasweeper.ui.game.dialogs import best_time_lines


def test_other_kinds_are_listed_under_the_levels_title_above_time():
    times = BestTimes()
    times.record("beginner", 20, "Ada")
    times.record_kind("earlier/expert", 300, "Cy")
    times.record_kind("beginner/hex/no-guess", 15, "Bo")
    times.record_kind("beginner/hex/random", 14, "Al")
    lines = best_time_lines(times, 34)
    assert lines[0].startswith("Beginner") and "20 s" in lines[0]
    assert lines[4:] == ["", "Other kinds of game",
                         "Beginner, hexagonal, random", f"{'':<13} 14 s  Al",
                         "Beginner, hexagonal, no-guess", f"{'':<13} 15 s  Bo",
                         "", "Earlier version, kind unknown", f"{'Expert':<13}300 s  Cy"]
    assert all(len(line) <= 34 for line in lines)
    assert "Other kinds of game" not in best_time_lines(BestTimes(), 34)
