"""The Amiga's 12-bit colours: 4 bits a gun, 4096 in all, as the original
chip set (OCS/ECS) shows them and as Prefs/Palette sets them.

A 12-bit colour 0xRGB is shown as the 24-bit 0xRRGGBB (each gun n becomes
n * 17, so 0xF is full and 0x8 is 0x88). Written "#RGB" in files.
"""

from __future__ import annotations

import re

COLOURS = 4096
_TEXT = re.compile(r"#([0-9A-Fa-f]{3})")


def expand(colour: int) -> int:
    """0xRGB (12-bit) as 0xRRGGBB."""
    if not 0 <= colour < COLOURS:
        raise ValueError(f"not a 12-bit colour: {colour!r}")
    r, g, b = (colour >> 8) & 0xF, (colour >> 4) & 0xF, colour & 0xF
    return (r * 17) << 16 | (g * 17) << 8 | b * 17


def nearest(rgb: int) -> int:
    """The 12-bit colour closest, gun by gun, to a 24-bit one."""
    guns = ((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF)
    r, g, b = (round(gun / 17) for gun in guns)
    return r << 8 | g << 4 | b


def fits(rgb: int) -> bool:
    """True when a 24-bit colour is exactly one a 12-bit palette can show."""
    return expand(nearest(rgb)) == rgb


def to_text(colour: int) -> str:
    expand(colour)  # refuses what is not 12-bit
    return f"#{colour:03X}"


def from_text(text: object) -> int:
    """'#RGB' as 0xRGB; anything else is a ValueError that says what was wrong."""
    if not isinstance(text, str) or not _TEXT.fullmatch(text):
        shown = repr(text)[:40]
        raise ValueError(f"a colour is written #RGB with three hexadecimal digits, not {shown}")
    return int(text[1:], 16)
