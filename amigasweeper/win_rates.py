"""Win rates and their confidence intervals, for the benchmarks and the challenge's scoring."""

from __future__ import annotations

import math

Z95 = 1.959964  # two-sided 95% normal quantile


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (as fractions).

    Unlike the plain p +- z*sqrt(p(1-p)/n), it stays inside 0..1 and is not
    zero-width when every game (or none) was won.
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percent_interval(wins: int, games: int, digits: int = 2) -> tuple[float, float]:
    """The Wilson interval in percent, rounded for a report."""
    low, high = wilson_interval(wins, games)
    return (round(100 * low, digits), round(100 * high, digits))
