"""The colour-vision simulation and CIEDE2000, against published figures."""

from __future__ import annotations

import pytest

from amigasweeper.access.colour import Deficiency, delta_e_2000, lab, seen_as

# Sharma, Wu & Dalal (2005), Table 1: L1 a1 b1, L2 a2 b2, CIEDE2000. The pairs
# are chosen to catch the formula's usual mistakes (hue wrapping, zero chroma,
# the mean hue across 0/360 degrees), so all 34 are checked, both ways round.
SHARMA_PAIRS = [
    (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
    (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
    (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
    (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
    (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
    (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
    (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
    (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
    (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
    (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
    (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
    (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
    (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
    (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
    (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
    (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
    (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
    (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
    (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
    (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
]


@pytest.mark.parametrize("pair", SHARMA_PAIRS, ids=[f"pair{i + 1}" for i in range(len(SHARMA_PAIRS))])
def test_ciede2000_matches_sharma_wu_dalal(pair):
    *values, expected = pair
    first, second = tuple(values[:3]), tuple(values[3:])
    assert delta_e_2000(first, second) == pytest.approx(expected, abs=5e-5)
    assert delta_e_2000(second, first) == pytest.approx(expected, abs=5e-5)


def test_a_colour_is_no_distance_from_itself():
    assert delta_e_2000((40.0, 30.0, -20.0), (40.0, 30.0, -20.0)) == 0.0


@pytest.mark.parametrize(
    ("rgb", "expected"),
    [
        (0xFFFFFF, (100.0, 0.0, 0.0)),
        (0x000000, (0.0, 0.0, 0.0)),
        (0xFF0000, (53.24, 80.09, 67.20)),  # sRGB red, D65
        (0x0000FF, (32.30, 79.19, -107.86)),
        (0x00FF00, (87.73, -86.18, 83.18)),
    ],
)
def test_lab_of_srgb_colours(rgb, expected):
    assert lab(rgb) == pytest.approx(expected, abs=0.02)


@pytest.mark.parametrize("deficiency", list(Deficiency))
def test_a_grey_looks_grey_to_everyone(deficiency):
    """Each Machado row sums to one, so no deficiency changes a neutral colour."""
    for grey in (0x000000, 0x555555, 0xAAAAAA, 0xFFFFFF):
        assert seen_as(grey, deficiency) == pytest.approx(seen_as(grey), abs=2e-5)


def test_red_and_green_merge_for_the_red_green_blind_only():
    red, green = 0xCC3333, 0x339933
    normal = delta_e_2000(lab(red), lab(green))
    for deficiency in (Deficiency.PROTANOPIA, Deficiency.DEUTERANOPIA):
        assert delta_e_2000(lab(red, deficiency), lab(green, deficiency)) < normal / 2
    assert delta_e_2000(lab(red, Deficiency.TRITANOPIA), lab(green, Deficiency.TRITANOPIA)) > normal / 2


def test_protanopia_of_pure_red_is_machados_first_column():
    assert seen_as(0xFF0000, Deficiency.PROTANOPIA) == pytest.approx((0.152286, 0.114503, 0.0))


def test_a_colour_outside_24_bits_is_refused():
    with pytest.raises(ValueError):
        lab(0x1000000)
