"""The engine's enums read back from their saved names (settings, records)."""

from __future__ import annotations

import pytest

from amigasweeper.engine.rules import Completion
from amigasweeper.engine.topology import Shape


def test_every_shape_and_completion_is_found_by_its_saved_name():
    assert [Shape.saved(shape.value) for shape in Shape] == list(Shape)
    assert [Completion.saved(mode.value) for mode in Completion] == list(Completion)


@pytest.mark.parametrize("value", ["", "Square", "hexagon", "x" * 200])
def test_a_saved_name_of_nothing_is_refused_by_name(value):
    with pytest.raises(ValueError, match="is not a board shape"):
        Shape.saved(value)
    with pytest.raises(ValueError, match="is not a completion mode"):
        Completion.saved(value)
