"""The mouse pointer drawn at the size Intuition shows it.

The Amiga's pointer is a hardware sprite, and a sprite's pixels are LowRes
pixels whatever the screen's mode: across a HighRes screen each one is two
pixels wide, and on an interlaced screen both fields show the same sprite
line, so each is two lines tall. The pointer therefore keeps its LowRes size
on the HighRes Laced screen, each of its pixels drawn as a 2x2 block there.
"""

from __future__ import annotations

import pyxel

from .atlas import Pointer

LOWRES_WIDTH = 320  # a screen this wide or less shows the sprite's pixels one to one


def pointer_scale(screen_width: int) -> int:
    """How many screen pixels one pointer pixel covers each way."""
    return max(1, screen_width // LOWRES_WIDTH)


_scaled: dict[tuple[Pointer, int], pyxel.Image] = {}


def _scaled_image(art: Pointer, scale: int) -> pyxel.Image:
    """The pointer's sprite with each pixel made a scale x scale block (made
    once from the image bank: whole pixels, no filtering)."""
    key = (art, scale)
    image = _scaled.get(key)
    if image is None:
        sprite = art.sprite
        bank = pyxel.images[sprite.bank]
        image = pyxel.Image(sprite.w * scale, sprite.h * scale)
        for y in range(sprite.h):
            for x in range(sprite.w):
                image.rect(x * scale, y * scale, scale, scale, bank.pget(sprite.x + x, sprite.y + y))
        _scaled[key] = image
    return image


def draw_pointer_art(art: Pointer, x: int, y: int, screen_width: int) -> None:
    """Draw the pointer with its hot spot at display pixel (x, y)."""
    scale = pointer_scale(screen_width)
    sprite = art.sprite
    left, top = x - art.hot_x * scale, y - art.hot_y * scale
    if scale == 1:
        pyxel.blt(left, top, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h, art.colkey)
    else:
        image = _scaled_image(art, scale)
        pyxel.blt(left, top, image, 0, 0, image.width, image.height, art.colkey)
