"""The probability shading's stepped bands: eight 12-bit colours, lightest
for the safest square, darkest for the surest mine, each step darker than
the one before, so the order reads in lightness alone.

The screen's own shading pens (a green-yellow-red ramp, which stays the
default) fail a red-green player: two neighbouring steps are 1.0 apart in
CIEDE2000 under protanopia, 2.5 under deuteranopia, 1.8 in grey. These are
measured instead: any two neighbouring bands are at
least ``measure.THRESHOLD`` apart under normal vision, under each Machado
2009 simulation at full severity and in grey (luminance alone), and every
band stands apart from the covered square's grey for normal vision.

Found by a search over the 4096 Amiga colours (lightness targets that space
eight greys at least 10 apart from white to black, each band warm in hue:
yellow-white to dark red), kept here as data; ``tools/palette_measure.py``
prints every figure.
"""

from __future__ import annotations

from itertools import pairwise

from .measure import THRESHOLD, distance
from .rgb12 import expand
from .vision import Deficiency, lab

# 12-bit colours, safest (band 0) to surest (band 7).
STEPPED = (0xFFF, 0xDCB, 0xAA7, 0xE48, 0x863, 0x833, 0x600, 0x101)
STEPS = len(STEPPED)
VISIONS = tuple(Deficiency)  # normal, the three dichromacies, grey


def colours(bands: tuple[int, ...] = STEPPED) -> tuple[int, ...]:
    """The bands as 24-bit colours."""
    return tuple(expand(band) for band in bands)


def neighbour_distances(vision: Deficiency, bands: tuple[int, ...] = STEPPED) -> list[float]:
    """CIEDE2000 between band i and band i+1, as ``vision`` sees them."""
    return [distance(a, b, vision) for a, b in pairwise(colours(bands))]


def smallest(vision: Deficiency, bands: tuple[int, ...] = STEPPED) -> tuple[float, int]:
    """The smallest distance between neighbouring bands, and the first band of that pair."""
    found = neighbour_distances(vision, bands)
    low = min(found)
    return low, found.index(low)


def lightness(vision: Deficiency, bands: tuple[int, ...] = STEPPED) -> list[float]:
    """CIELAB L* of each band as ``vision`` sees it."""
    return [lab(rgb, vision)[0] for rgb in colours(bands)]


def stepped(vision: Deficiency, bands: tuple[int, ...] = STEPPED) -> bool:
    """Each band darker than the one before, as ``vision`` sees them."""
    return all(a > b for a, b in pairwise(lightness(vision, bands)))


def passes(bands: tuple[int, ...] = STEPPED) -> bool:
    """The measure: stepped in lightness and neighbours apart, for every vision."""
    return all(stepped(v, bands) and smallest(v, bands)[0] >= THRESHOLD for v in VISIONS)
