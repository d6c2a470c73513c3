"""Showing a picture in the screen's few colours, as MultiView did on an
8-colour Workbench: scaled down to fit, then ordered dithering (a 4x4 Bayer
matrix) to the nearest of the screen's colours. Pure Python."""

from __future__ import annotations

from .ilbm import RGB, Picture

# The 4x4 Bayer matrix: each threshold once, spread so neighbours differ most.
BAYER = ((0, 8, 2, 10), (12, 4, 14, 6), (3, 11, 1, 9), (15, 7, 13, 5))
SPREAD = 64  # how far (of 255) the dither moves a colour: about the gap between the Workbench's colours


def fit(picture: Picture, max_w: int, max_h: int) -> Picture:
    """The picture scaled down (never up), keeping its shape, to fit max_w x max_h."""
    scale = min(1.0, max_w / picture.width, max_h / picture.height)
    if scale >= 1.0:
        return picture
    width, height = max(1, int(picture.width * scale)), max(1, int(picture.height * scale))
    columns = [min(picture.width - 1, int(x / scale)) for x in range(width)]
    rows = [picture.rows[min(picture.height - 1, int(y / scale))] for y in range(height)]
    return Picture(width, height, [[row[x] for x in columns] for row in rows])


def dither(picture: Picture, palette: list[RGB], spread: int = SPREAD) -> list[list[int]]:
    """Each pixel as the index of a palette colour, ordered-dithered."""
    nearest: dict[tuple[int, int, int], int] = {}

    def closest(r: int, g: int, b: int) -> int:
        key = (r >> 3, g >> 3, b >> 3)
        found = nearest.get(key)
        if found is None:
            found = min(range(len(palette)), key=lambda i: _distance(palette[i], r, g, b))
            nearest[key] = found
        return found

    offsets = [[(value + 0.5) * spread / 16 - spread / 2 for value in row] for row in BAYER]
    out = []
    for y, row in enumerate(picture.rows):
        line_offsets = offsets[y & 3]
        out.append([closest(_clamp(r + d), _clamp(g + d), _clamp(b + d))
                    for (r, g, b), d in zip(row, (line_offsets[x & 3] for x in range(len(row))))])
    return out


def _clamp(value: float) -> int:
    return 0 if value < 0 else 255 if value > 255 else int(value)


def _distance(colour: RGB, r: int, g: int, b: int) -> int:
    # Weighted as the eye weighs the three (green most, blue least).
    return 3 * (colour[0] - r) ** 2 + 4 * (colour[1] - g) ** 2 + 2 * (colour[2] - b) ** 2
