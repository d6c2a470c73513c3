"""Showing a picture in the screen's few colours, as MultiView did on an
8-colour Workbench: scaled down to fit, then ordered dithering (a 4x4 Bayer
matrix) between the two screen colours whose mix comes closest. Pure Python."""

from __future__ import annotations

from .picture import RGB, Picture, sampling

# The 4x4 Bayer matrix: each threshold once, spread so neighbours differ most.
BAYER = ((0, 8, 2, 10), (12, 4, 14, 6), (3, 11, 1, 9), (15, 7, 13, 5))
# Mixing two far-apart colours shows as a pattern; this much of their distance
# counts against a mix, so a near colour alone beats black and white mixed.
MIX_PENALTY = 0.25
# Colours alike to this many bits a component share one plan (the mix found
# for the first of them): 4,096 plans at most, so a picture of a colour a
# pixel costs about a tenth of a second, not the second 32,768 plans took.
# The Bayer matrix has 16 levels a mix, as coarse as these 16 a component.
KEY_SHIFT = 4


def fit(picture: Picture, max_w: int, max_h: int) -> Picture:
    """The picture scaled down (never up), keeping its shape, to fit max_w x max_h."""
    columns, rows = sampling(picture.width, picture.height, (max_w, max_h))
    if len(columns) == picture.width and len(rows) == picture.height:
        return picture
    return Picture(len(columns), len(rows), [[picture.rows[y][x] for x in columns] for y in rows])


def dither(picture: Picture, palette: list[RGB]) -> list[list[int]]:
    """Each pixel as the index of a palette colour, ordered-dithered: every
    colour is matched by the mix of two palette colours that comes closest
    (a share ``t`` of the second), and the Bayer threshold at the pixel
    picks one of the two, so a colour no pen has becomes a fine pattern."""
    plans: dict[tuple[int, int, int], tuple[int, int, float]] = {}
    thresholds = [[(value + 0.5) / 16 for value in row] for row in BAYER]
    out = []
    for y, row in enumerate(picture.rows):
        line = thresholds[y & 3]
        indices = []
        for x, (r, g, b) in enumerate(row):
            key = (r >> KEY_SHIFT, g >> KEY_SHIFT, b >> KEY_SHIFT)
            plan = plans.get(key)
            if plan is None:
                plan = plans[key] = _best_mix(palette, r, g, b)
            first, second, share = plan
            indices.append(second if share > line[x & 3] else first)
        out.append(indices)
    return out


def _best_mix(palette: list[RGB], r: int, g: int, b: int) -> tuple[int, int, float]:
    best = (float("inf"), 0, 0, 0.0)
    for i, one in enumerate(palette):
        for j in range(i, len(palette)):
            other = palette[j]
            d = (other[0] - one[0], other[1] - one[1], other[2] - one[2])
            length = 3 * d[0] ** 2 + 4 * d[1] ** 2 + 2 * d[2] ** 2
            if length:
                t = (3 * (r - one[0]) * d[0] + 4 * (g - one[1]) * d[1] + 2 * (b - one[2]) * d[2]) / length
                t = min(1.0, max(0.0, t))
            else:
                t = 0.0
            mixed = (one[0] + t * d[0], one[1] + t * d[1], one[2] + t * d[2])
            error = _distance(mixed, r, g, b) + MIX_PENALTY * length * t * (1 - t)
            if error < best[0]:
                best = (error, i, j, t)
    return best[1], best[2], best[3]


def _distance(colour: tuple[float, float, float], r: int, g: int, b: int) -> float:
    # Weighted as the eye weighs the three (green most, blue least).
    return 3 * (colour[0] - r) ** 2 + 4 * (colour[1] - g) ** 2 + 2 * (colour[2] - b) ** 2
