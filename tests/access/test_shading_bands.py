"""The probability shading's stepped bands (issue 39): each darker than the
one before, and neighbours at least 10 apart in CIEDE2000 for normal vision,
under each Machado 2009 simulation at full severity, and in grey."""

from __future__ import annotations

import pytest

from amigasweeper.access.colour import bands, measure, rgb12
from amigasweeper.access.colour.ciede2000 import delta_e_2000
from amigasweeper.access.colour.vision import Deficiency, lab, lab_of_linear, seen_as
from amigasweeper.ui.intuition.palette import RGB, Pen

SHADING_2_4 = tuple(rgb12.nearest(RGB[Pen(p)]) for p in range(Pen.PROB0, Pen.PROB7 + 1))


def test_there_is_a_band_for_every_step_of_the_shading():
    assert bands.STEPS == 8 == Pen.PROB7 - Pen.PROB0 + 1
    assert all(rgb12.fits(rgb) for rgb in bands.colours())


@pytest.mark.parametrize("vision", list(Deficiency), ids=lambda v: v.value)
def test_neighbouring_bands_are_apart_and_step_darker(vision):
    assert bands.stepped(vision)
    low, where = bands.smallest(vision)
    assert low >= measure.THRESHOLD, f"bands {where} and {where + 1}: {low:.1f}"


def test_the_bands_stand_apart_from_the_covered_squares_grey_they_are_drawn_on():
    for rgb in bands.colours():
        assert measure.distance(rgb, RGB[Pen.GREY], Deficiency.NORMAL) >= measure.THRESHOLD


def test_the_2_4_shading_fails_red_green_and_grey_which_is_why_the_bands_exist():
    assert not bands.passes(SHADING_2_4)
    for vision in (Deficiency.PROTANOPIA, Deficiency.DEUTERANOPIA, Deficiency.GREY):
        assert bands.smallest(vision, SHADING_2_4)[0] < 3.0


def test_the_measure_catches_bands_out_of_order_or_too_close():
    swapped = (bands.STEPPED[0], bands.STEPPED[2], bands.STEPPED[1], *bands.STEPPED[3:])
    assert not bands.stepped(Deficiency.GREY, swapped) and not bands.passes(swapped)
    close = (*bands.STEPPED[:3], 0x987, *bands.STEPPED[4:])  # band 3 nearly band 2's lightness
    assert bands.smallest(Deficiency.GREY, close)[0] < measure.THRESHOLD and not bands.passes(close)


def test_grey_is_lightness_alone():
    for rgb in (0xFF0000, 0x00FF00, 0x123456):
        r, g, b = seen_as(rgb, Deficiency.GREY)
        assert r == pytest.approx(g) == pytest.approx(b)
        assert lab(rgb, Deficiency.GREY)[0] == pytest.approx(lab(rgb)[0], abs=0.05)  # Y is kept


WORKBENCH = (RGB[Pen.GREY], RGB[Pen.BLACK], RGB[Pen.WHITE], RGB[Pen.BLUE])


@pytest.mark.parametrize("vision", list(Deficiency), ids=lambda v: v.value)
def test_the_four_colour_patterns_are_apart_and_step_darker(vision):
    found = bands.pattern_distances(vision, WORKBENCH)
    assert len(found) == bands.STEPS - 1 and min(found) >= measure.THRESHOLD
    lightness = bands.pattern_lightness(vision, WORKBENCH)
    assert all(a > b for a, b in zip(lightness, lightness[1:]))


def test_no_pattern_is_the_covered_squares_plain_grey():
    for pattern in bands.FOUR_COLOUR_STEPPED:
        seen = pattern.seen(WORKBENCH, Deficiency.NORMAL)
        assert delta_e_2000(seen, lab(RGB[Pen.GREY])) >= measure.THRESHOLD


def test_a_pattern_is_its_pens_mixed_in_linear_light():
    half = bands.Pattern(bands.WHITE, bands.BLACK, 8)
    assert half.seen(WORKBENCH, Deficiency.NORMAL)[0] == pytest.approx(lab_of_linear((0.5, 0.5, 0.5))[0])
    assert bands.Pattern(bands.BLUE, bands.WHITE, 0).seen(WORKBENCH, Deficiency.NORMAL) == pytest.approx(
        lab(RGB[Pen.BLUE]))
    for bad in ((4, 0, 0), (0, -1, 0), (0, 0, 17)):
        with pytest.raises(ValueError):
            bands.Pattern(*bad)


def test_the_tools_search_finds_the_bands_again():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "palette_measure.py"
    spec = importlib.util.spec_from_file_location("palette_measure", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    low, found = tool.search_bands()
    assert tuple(found) == bands.STEPPED and low == pytest.approx(min(bands.smallest(v)[0] for v in Deficiency))
