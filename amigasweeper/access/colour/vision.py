"""How a colour looks with a colour-vision deficiency, and where it sits in CIELAB.

The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based
Model for Simulation of Color Vision Deficiency", at severity 1.0: one 3x3
matrix per deficiency, applied to *linear* RGB (the sRGB curve taken off first),
the result clipped to the displayable range. GREY is one more way of seeing,
outside Machado's model: every colour reduced to its luminance. CIELAB is taken against the D65
white of sRGB, which is what a screen shows.
"""

from __future__ import annotations

from enum import Enum

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

# Machado et al. 2009, supplementary table, severity 1.0 (dichromacy).
_MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
_IDENTITY: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
# Grey: each colour as its relative luminance alone (Rec. 709 weights, as WCAG
# and sRGB's Y take it), what a monochrome screen or a grey print shows and
# roughly what a player with no colour vision (achromatopsia) sees.
_LUMINANCE = (0.2126, 0.7152, 0.0722)
_MATRICES: dict[str, Matrix] = {**_MACHADO, "grey": (_LUMINANCE, _LUMINANCE, _LUMINANCE)}

# Linear sRGB to CIE XYZ (IEC 61966-2-1), and the D65 white point it maps 1,1,1 to.
_TO_XYZ: Matrix = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_WHITE = tuple(sum(row) for row in _TO_XYZ)


class Deficiency(str, Enum):
    """A way of seeing colour; NORMAL is the trichromat the presets also serve."""

    NORMAL = "normal"
    PROTANOPIA = "protanopia"  # no long-wave (red) cones
    DEUTERANOPIA = "deuteranopia"  # no middle-wave (green) cones
    TRITANOPIA = "tritanopia"  # no short-wave (blue) cones
    GREY = "grey"  # lightness alone: a monochrome screen, a grey print, no colour vision

    @property
    def matrix(self) -> Matrix:
        return _MATRICES.get(self.value, _IDENTITY)


def channels(rgb: int) -> tuple[int, int, int]:
    """0xRRGGBB as its three 8-bit guns."""
    if not 0 <= rgb <= 0xFFFFFF:
        raise ValueError(f"not a 24-bit colour: {rgb!r}")
    return (rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF


def _linear(gun: int) -> float:
    value = gun / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _apply(matrix: Matrix, vector: tuple[float, float, float]) -> tuple[float, float, float]:
    x, y, z = vector
    first, second, third = matrix
    return (first[0] * x + first[1] * y + first[2] * z,
            second[0] * x + second[1] * y + second[2] * z,
            third[0] * x + third[1] * y + third[2] * z)


def seen_as(rgb: int, deficiency: Deficiency = Deficiency.NORMAL) -> tuple[float, float, float]:
    """The linear RGB (0..1 each) a viewer with ``deficiency`` perceives for ``rgb``."""
    red, green, blue = channels(rgb)
    simulated = _apply(Deficiency(deficiency).matrix, (_linear(red), _linear(green), _linear(blue)))
    return _clamped(simulated[0]), _clamped(simulated[1]), _clamped(simulated[2])


def _clamped(value: float) -> float:
    return min(1.0, max(0.0, value))


def _f(t: float) -> float:
    delta = 6 / 29
    return t ** (1 / 3) if t > delta**3 else t / (3 * delta**2) + 4 / 29


def lab_of_linear(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear-RGB colour."""
    x, y, z = (v / w for v, w in zip(_apply(_TO_XYZ, linear), _WHITE))
    fx, fy, fz = _f(x), _f(y), _f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lab(rgb: int, deficiency: Deficiency = Deficiency.NORMAL) -> tuple[float, float, float]:
    """CIELAB of ``rgb`` as a viewer with ``deficiency`` sees it."""
    return lab_of_linear(seen_as(rgb, deficiency))
