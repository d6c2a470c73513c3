"""WCAG 2 contrast: how far apart two colours are in brightness alone.

Relative luminance as WCAG 2.x defines it (sRGB's curve taken off, then
0.2126 R + 0.7152 G + 0.0722 B), and the contrast ratio
(lighter + 0.05) / (darker + 0.05), from 1 (the same) to 21 (black on white).
WCAG asks 4.5 for text and 3 for the parts of a control that show its state
(the board cursor); hue plays no part, so a ratio holds for every kind of
colour blindness alike.
"""

from __future__ import annotations

from .vision import seen_as

TEXT = 4.5  # WCAG 1.4.3: normal text against its background
CONTROL = 3.0  # WCAG 1.4.11: what shows a control's state, against what is next to it


def luminance(rgb: int) -> float:
    """The relative luminance of a 24-bit colour, 0 (black) to 1 (white)."""
    r, g, b = seen_as(rgb)  # normal vision: linear RGB, unclipped in range
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(first: int, second: int) -> float:
    """The WCAG contrast ratio of two 24-bit colours, 1 to 21."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
