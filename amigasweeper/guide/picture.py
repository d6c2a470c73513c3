"""A picture as every reader makes it, the caps every picture file is held
to, and how a big picture is sampled down to the room it is shown in.

The caps bound what one picture may cost, whatever its file says. They are
measured, not guessed (docs/BENCHMARKS.md, "Pictures"): Pyxel's loader maps
every distinct colour of a picture to the nearest of 216 with a search of
its own, about 0.9 us of CPU a colour, so a picture of 4096 x 4096 pixels
each of another colour (a gradient: 136 KB as a PNG) held the program for
15 s of CPU. At most 1,048,576 pixels (1024 x 1024) it is at most about a
second, and a picture of a few hundred colours (a screenshot, a GIF, an
Amiga picture) a few hundredths of one. The manual's page on the viewer
states the caps.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

MAX_PIXELS = 1 << 20  # 1024 x 1024, or 2048 x 512, ...
MAX_SIDE = 4096  # pixels on either side, however few in all
# Bytes a decoder may hold for the pixels: the most it needs for MAX_PIXELS
# (16-bit red, green, blue and alpha: 8 bytes a pixel).
MAX_DECODED = 8 * MAX_PIXELS


class PictureError(ValueError):
    """A picture file that cannot be shown; ``str()`` says why, for the reader."""


@dataclass(frozen=True)
class Picture:
    """``width`` x ``height`` pixels, ``rows`` of RGB colours, top row first."""

    width: int
    height: int
    rows: list[list[RGB]]


def check_size(width: int, height: int, bytes_per_pixel: int = 1) -> None:
    """Raise :class:`PictureError` (saying the caps) unless a picture of this
    size, held at ``bytes_per_pixel``, is within them."""
    if width <= 0 or height <= 0:
        raise PictureError(f"it says it is {width} x {height} pixels")
    if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
        raise PictureError(f"it is {width} x {height} pixels, too big to show ({caps_text()})")
    check_decoded(width * height * bytes_per_pixel)


def check_decoded(size: int) -> None:
    """Raise :class:`PictureError` unless a decoder holding ``size`` bytes of pixels is within the cap."""
    if size > MAX_DECODED:
        raise PictureError(f"it would take {size / (1 << 20):.0f} MB to decode (at most {MAX_DECODED >> 20} MB)")


def caps_text() -> str:
    """The caps in words, as the manual states them."""
    return f"at most {MAX_PIXELS:,} pixels and {MAX_SIDE} on a side are shown"


def sampling(width: int, height: int, room: tuple[int, int] | None) -> tuple[list[int], list[int]]:
    """The columns and rows of a ``width`` x ``height`` picture that show
    when it is scaled down (never up), keeping its shape, to fit ``room``
    (all of them when ``room`` is None): nearest-neighbour, as MultiView's
    scaling was. Readers use it to decode only what is shown."""
    scale = 1.0 if room is None else min(1.0, room[0] / width, room[1] / height)
    if scale >= 1.0:
        return list(range(width)), list(range(height))
    shown_w, shown_h = max(1, int(width * scale)), max(1, int(height * scale))
    return ([min(width - 1, int(x / scale)) for x in range(shown_w)],
            [min(height - 1, int(y / scale)) for y in range(shown_h)])
