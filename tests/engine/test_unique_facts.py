"""The engine's enums read back from their saved names (settings, records)."""

from __future__ import annotations

import pytest

from amigasweeper.engine.duel_moves import DuelSetup
from amigasweeper.engine.game import GameSetup
from amigasweeper.engine.rules import Completion
from amigasweeper.engine.textboard import game_from_text
from amigasweeper.engine.topology import Shape, make_topology


def test_every_shape_and_completion_is_found_by_its_saved_name():
    assert [Shape.saved(shape.value) for shape in Shape] == list(Shape)
    assert [Completion.saved(mode.value) for mode in Completion] == list(Completion)


@pytest.mark.parametrize("value", ["", "Square", "hexagon", "x" * 200])
def test_a_saved_name_of_nothing_is_refused_by_name(value):
    with pytest.raises(ValueError, match="is not a board shape"):
        Shape.saved(value)
    with pytest.raises(ValueError, match="is not a completion mode"):
        Completion.saved(value)


@pytest.mark.parametrize("shape", list(Shape))
def test_the_setups_take_a_shape_by_member_or_saved_name(shape):
    for given in (shape, shape.value):
        assert GameSetup(shape=given).shape is shape
        assert DuelSetup(shape=given).shape is shape
        assert make_topology(given, 4, 3).shape is shape
        assert game_from_text(["...", "..*"], shape=given).setup.shape is shape


@pytest.mark.parametrize("mode", list(Completion))
def test_a_game_setup_takes_a_completion_mode_by_member_or_saved_name(mode):
    assert GameSetup(completion=mode).completion is mode
    assert GameSetup(completion=mode.value).completion is mode


@pytest.mark.parametrize("value", ["", "Hex", "hexagonal", "s"])
def test_the_setups_refuse_any_other_shape_or_mode_by_name(value):
    with pytest.raises(ValueError, match="is not a board shape"):
        GameSetup(shape=value)
    with pytest.raises(ValueError, match="is not a board shape"):
        DuelSetup(shape=value)
    with pytest.raises(ValueError, match="is not a board shape"):
        make_topology(value, 4, 3)
    with pytest.raises(ValueError, match="is not a board shape"):
        game_from_text(["...", "..*"], shape=value)
    with pytest.raises(ValueError, match="is not a completion mode"):
        GameSetup(completion=value)
