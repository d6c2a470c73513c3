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

The Kickstart 2 look has only the Workbench's four colours, so there each
band is a pattern: a base colour with some sixteenths of each 4x4 block in
another (an ordered dither, as Amiga programs shaded on four-colour
screens), measured as the average of its pixels in linear light, which is
what the eye sees of pixels this small. ``FOUR_COLOUR_STEPPED`` passes the
same measure.

``STEPPED`` is what `python tools/palette_measure.py --search-bands` finds
among the 4096 Amiga colours: one band for each rung of a ladder of greys
10 apart from white to black, warm in hue (yellow-white to dark red), the
chain whose nearest neighbours are furthest apart under every vision. The
patterns were chosen the same way among the mixes of the four colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from .ciede2000 import delta_e_2000
from .measure import THRESHOLD, distance
from .rgb12 import expand
from .vision import Deficiency, lab, lab_of_linear, seen_as

# 12-bit colours, safest (band 0) to surest (band 7).
STEPPED = (0xFFF, 0xDCB, 0xAA7, 0xE48, 0x863, 0x833, 0x600, 0x000)
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


# ------------------------------------------------- the four-colour patterns
GREY, BLACK, WHITE, BLUE = range(4)  # the Workbench's pens 0-3, as every Amiga screen numbers them
SIXTEENTHS = 16  # a pattern's 4x4 block


@dataclass(frozen=True)
class Pattern:
    """``base`` with ``sixteenths`` of each 4x4 block in ``over`` (Workbench pens 0-3)."""

    base: int
    over: int
    sixteenths: int

    def __post_init__(self) -> None:
        if not (0 <= self.base < 4 and 0 <= self.over < 4 and 0 <= self.sixteenths <= SIXTEENTHS):
            raise ValueError(f"not a four-colour pattern: {self}")

    def seen(self, workbench: Sequence[int], vision: Deficiency) -> tuple[float, float, float]:
        """CIELAB of the pattern's average, as ``vision`` sees it; ``workbench``
        is the 24-bit colour of pens 0-3."""
        share = self.sixteenths / SIXTEENTHS
        base, over = seen_as(workbench[self.base], vision), seen_as(workbench[self.over], vision)
        (base_r, base_g, base_b), (over_r, over_g, over_b) = base, over
        return lab_of_linear(((1 - share) * base_r + share * over_r, (1 - share) * base_g + share * over_g,
                              (1 - share) * base_b + share * over_b))


# White to black through the Workbench blue; no band is the plain grey of a
# covered square, on which the shading is drawn.
FOUR_COLOUR_STEPPED = (
    Pattern(WHITE, WHITE, 0),
    Pattern(WHITE, BLUE, 8),
    Pattern(WHITE, BLUE, 13),
    Pattern(BLUE, BLUE, 0),
    Pattern(GREY, BLACK, 10),
    Pattern(BLACK, GREY, 3),
    Pattern(GREY, BLACK, 15),
    Pattern(BLACK, BLACK, 0),
)


def pattern_distances(vision: Deficiency, workbench: Sequence[int],
                      patterns: Sequence[Pattern] = FOUR_COLOUR_STEPPED) -> list[float]:
    """CIEDE2000 between pattern i and pattern i+1, as ``vision`` sees them."""
    seen = [p.seen(workbench, vision) for p in patterns]
    return [delta_e_2000(a, b) for a, b in pairwise(seen)]


def pattern_lightness(vision: Deficiency, workbench: Sequence[int],
                      patterns: Sequence[Pattern] = FOUR_COLOUR_STEPPED) -> list[float]:
    return [p.seen(workbench, vision)[0] for p in patterns]
