"""The CIEDE2000 colour difference, as Sharma, Wu & Dalal (2005) set it out.

"The CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary
Test Data, and Mathematical Observations", Color Research & Application 30(1).
Their notes settle the formula's ambiguous points, which this follows: hue
angles in degrees in [0, 360); a colour with no chroma has hue 0 and adds no
hue difference; the mean hue of two hues more than 180 degrees apart is taken
around the short way. kL = kC = kH = 1 (the reference conditions).
"""

from __future__ import annotations

import math

Lab = tuple[float, float, float]

_POW25_7 = 25.0**7


def _hue(b: float, a: float) -> float:
    if a == 0 and b == 0:
        return 0.0
    return math.degrees(math.atan2(b, a)) % 360


def _hue_difference(h1: float, h2: float, c1: float, c2: float) -> float:
    if c1 * c2 == 0:
        return 0.0
    dh = h2 - h1
    if dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    return dh


def _mean_hue(h1: float, h2: float, c1: float, c2: float) -> float:
    if c1 * c2 == 0:
        return h1 + h2
    if abs(h1 - h2) <= 180:
        return (h1 + h2) / 2
    return (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2


def delta_e_2000(lab1: Lab, lab2: Lab) -> float:
    """The CIEDE2000 difference between two CIELAB colours (symmetric)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + _POW25_7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = _hue(b1, a1p), _hue(b2, a2p)

    delta_l = l2 - l1
    delta_c = c2p - c1p
    dh = _hue_difference(h1p, h2p, c1p, c2p)
    delta_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))

    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    hp_mean = _mean_hue(h1p, h2p, c1p, c2p)
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_mean - 30))
        + 0.24 * math.cos(math.radians(2 * hp_mean))
        + 0.32 * math.cos(math.radians(3 * hp_mean + 6))
        - 0.20 * math.cos(math.radians(4 * hp_mean - 63))
    )
    rotation = 30 * math.exp(-(((hp_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + _POW25_7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c

    dl, dc, dhh = delta_l / s_l, delta_c / s_c, delta_h / s_h
    return math.sqrt(max(0.0, dl * dl + dc * dc + dhh * dhh + r_t * dc * dhh))
