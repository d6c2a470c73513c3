"""Levels and the checks on Custom boards."""

import pytest

from amigasweeper.engine import BEGINNER, EXPERT, INTERMEDIATE, LevelError, custom_level


def test_standard_levels_are_the_amiga_ones():
    assert (BEGINNER.width, BEGINNER.height, BEGINNER.mines) == (8, 8, 10)
    assert (INTERMEDIATE.width, INTERMEDIATE.height, INTERMEDIATE.mines) == (16, 16, 40)
    assert (EXPERT.width, EXPERT.height, EXPERT.mines) == (32, 16, 99)


def test_custom_accepts_text_and_the_largest_board():
    level = custom_level(" 32", "32 ", "1023")
    assert (level.width, level.height, level.mines) == (32, 32, 1023)


@pytest.mark.parametrize(
    ("width", "height", "mines", "says"),
    [
        ("abc", "8", "10", "Width 2 to 32"),
        ("", "8", "10", "Width"),
        ("0", "8", "10", "Width 2 to 32"),
        ("33", "8", "10", "Width 2 to 32"),
        ("8", "-1", "10", "Height 2 to 32"),
        ("8", "8", "64", "at most 63 mines"),
        ("8", "8", "0", "Mines 1 to 63"),
        ("8", "8", "1e3", "whole number"),
        (8, 8, True, "whole number"),
        ("²", "8", "10", "Width 2 to 32"),
        ("8", "⑧", "10", "Height 2 to 32"),
        ("8", "8", "¹⁰", "Mines 1 to 63"),
        ("٣", "8", "10", "Width 2 to 32"),
        ("1_0", "8", "10", "Width 2 to 32"),
        ("9" * 5000, "8", "10", "Width 2 to 32"),
        ("8", "8", "+ 5", "Mines 1 to 63"),
    ],
)
def test_bad_custom_values_say_what_is_allowed(width, height, mines, says):
    with pytest.raises(LevelError, match=says):
        custom_level(width, height, mines)


def test_screen_limits_are_named_in_the_message():
    with pytest.raises(LevelError, match="does not fit this screen"):
        custom_level(32, 32, 10, max_height=26)
    assert custom_level(32, 26, 10, max_height=26).height == 26


def test_every_known_board_has_one_name_for_files_and_one_for_the_screen():
    from amigasweeper.engine.levels import COMMUNITY_EXPERT, STANDARD_LEVELS, board_name

    for level in STANDARD_LEVELS.values():
        named = board_name(level.width, level.height, level.mines)
        assert (named.word, named.title) == (level.name.value, level.name.value.capitalize())
    community = board_name(COMMUNITY_EXPERT.width, COMMUNITY_EXPERT.height, COMMUNITY_EXPERT.mines)
    assert (community.word, community.title) == ("expert30x16", "Expert 30x16")
    assert board_name(9, 9, 10) is None


def test_the_record_format_gives_every_level_a_letter_of_its_own():
    from amigasweeper.engine import LevelName
    from amigasweeper.records.kept_game import LEVEL_CODES

    assert LEVEL_CODES == {"beginner": "b", "intermediate": "i", "expert": "e", "custom": "c"}
    assert len(set(LEVEL_CODES.values())) == len(LevelName)
