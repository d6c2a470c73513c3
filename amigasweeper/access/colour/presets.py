"""The palette presets of Prefs/Palette, and their form in the settings.

A preset has a stable ``name`` (the settings keep it) and says what colour
each square's number is drawn in:

workbench31   the Kickstart 3 look as 2.4 shows it: the screen's own colours
              (the pens of ui/intuition/palette.py), not one pixel changed
kickstart2    the Workbench's four colours, every number in the text pen; it
              has no number colours, so it is outside the measure
redgreen      for red-green colour blindness of either kind: measured under
              protanopia and deuteranopia both, so a player need not know which
              they have (a preset made for one can fail the other: the
              Deuteranopia preset seen by a protanope has two numbers 0.3 apart)
deuteranopia, protanopia, tritanopia
              twelve 12-bit number colours each, found by tools/palette_measure.py
              --search and measured by tests/access/test_palette_presets.py:
              under the Machado 2009 simulation of each of its ``deficiencies``
              at full severity, any two numbers a board shows, and each number
              and the uncovered square, are at least measure.THRESHOLD apart in
              CIEDE2000. A pair that cannot be is listed in ``cues`` with the
              second cue that tells it apart (none needs one at present).
high_contrast for low vision: every number at ``least_contrast`` (WCAG 4.5:1,
              as for text) or more against the uncovered square, and the numbers
              apart in CIEDE2000 for normal vision; all are dark, so hue cannot
              tell them apart for a colour-blind player, their shapes do.

Presets leave the Workbench pens (grey, black, white, blue) alone: the window,
its gadgets and the uncovered squares look as they always did.

In the settings a palette is written ``{"preset": name, "pens": {pen: "#RGB"}}``:
pen numbers (decimal strings) to 12-bit colours, only the pens that differ
from the screen's own. ``pens_from_json`` reads such a mapping back and says
exactly what is wrong with a damaged one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from . import rgb12
from .measure import MOST_NUMBERS, Pair
from .vision import Deficiency

MAX_PENS = 256  # an AGA screen's colours: no pen number in a file may be more


class PaletteError(ValueError):
    """A palette in the settings that cannot be used; the message says why."""


class Cue(str, Enum):
    """A second way to tell two numbers apart when their colours are too close."""

    OUTLINE = "outline"  # the number drawn with a one-pixel outline in the text pen
    DITHER = "dither"  # the number's square drawn with a checkerboard dither


@dataclass(frozen=True)
class SecondCue:
    """``number`` carries ``cue`` so that it stands apart from the other item of ``pair``."""

    number: int
    cue: Cue


@dataclass(frozen=True)
class Preset:
    name: str  # stable: the settings keep it
    title: str  # as the Palette window lists it
    deficiencies: tuple[Deficiency, ...] = ()  # the visions it is measured for; none: not a colour-blind preset
    numbers: tuple[int, ...] | None = None  # 12-bit colours of 1..12; None: the screen's own
    plain_numbers: bool = False  # every number in the text pen (Kickstart 2)
    cues: Mapping[Pair, SecondCue] = field(default_factory=dict)
    least_contrast: float | None = None  # WCAG contrast every number keeps against the uncovered square

    def __post_init__(self) -> None:
        if self.numbers is not None:
            if len(self.numbers) != MOST_NUMBERS:
                raise ValueError(f"{self.name}: {len(self.numbers)} number colours, not {MOST_NUMBERS}")
            for colour in self.numbers:
                rgb12.expand(colour)
        object.__setattr__(self, "cues", MappingProxyType(dict(self.cues)))

    def number_colours(self, screen_numbers: Sequence[int]) -> tuple[int, ...]:
        """The 24-bit colours of 1..12: the preset's own, else the screen's."""
        if self.numbers is None:
            return tuple(screen_numbers)
        return tuple(rgb12.expand(c) for c in self.numbers)

    def pens(self, number_pen: Callable[[int], int]) -> dict[int, int]:
        """pen -> 12-bit colour: what the preset changes on the screen.
        ``number_pen(n)`` is the pen the screen draws number n in."""
        if self.numbers is None:
            return {}
        return {int(number_pen(n)): colour for n, colour in enumerate(self.numbers, start=1)}

    def cue_for(self, number: int) -> Cue | None:
        """The second cue ``number`` is drawn with, if any."""
        return next((c.cue for c in self.cues.values() if c.number == number), None)


WORKBENCH31 = Preset("workbench31", "Workbench 3.1")
KICKSTART2 = Preset("kickstart2", "Kickstart 2", plain_numbers=True)
# Found by `python tools/palette_measure.py --search NAME` (its defaults: 12
# between numbers and 20 against the square, under the deficiency and under
# normal vision alike; the test holds them to measure.THRESHOLD). The search
# keeps each number as near its Workbench 3.1 colour as the measure allows.
DEUTERANOPIA = Preset(
    "deuteranopia", "Deuteranopia", (Deficiency.DEUTERANOPIA,),
    numbers=(0x00F, 0x274, 0xE00, 0x008, 0x700, 0x088, 0x000, 0x034, 0x808, 0x850, 0xC0C, 0x333),
)
PROTANOPIA = Preset(
    "protanopia", "Protanopia", (Deficiency.PROTANOPIA,),
    numbers=(0x256, 0x081, 0xD34, 0x005, 0x800, 0x079, 0x000, 0x666, 0x808, 0x850, 0xC0C, 0x333),
)
TRITANOPIA = Preset(
    "tritanopia", "Tritanopia", (Deficiency.TRITANOPIA,),
    numbers=(0x00F, 0x160, 0xD00, 0x008, 0x800, 0x088, 0x000, 0x666, 0x808, 0x850, 0xC0C, 0x333),
)

# `python tools/palette_measure.py --search protanopia --search deuteranopia
# --least-contrast 3`: apart under both red-green deficiencies (and normal
# vision), every number at 3:1 or more against the square besides.
REDGREEN = Preset(
    "redgreen", "Red-green", (Deficiency.PROTANOPIA, Deficiency.DEUTERANOPIA),
    numbers=(0x003, 0x60F, 0x654, 0x110, 0x134, 0x520, 0x001, 0x556, 0x208, 0x840, 0x839, 0x433),
    least_contrast=3.0,
)
# `python tools/palette_measure.py --search normal --least-contrast 4.6
# --target 16 --square-target 10`: only colours at 4.6:1 or more against the
# square are candidates, kept as far apart as normal vision allows.
HIGH_CONTRAST = Preset(
    "high_contrast", "High contrast",
    numbers=(0x035, 0x040, 0x710, 0x302, 0x713, 0x044, 0x210, 0x002, 0x011, 0x530, 0x617, 0x01C),
    least_contrast=4.5,
)

PRESETS: Mapping[str, Preset] = MappingProxyType(
    {p.name: p for p in (WORKBENCH31, KICKSTART2, DEUTERANOPIA, PROTANOPIA, TRITANOPIA, REDGREEN, HIGH_CONTRAST)}
)
DEFAULT = WORKBENCH31


def preset_named(name: object) -> Preset:
    """The preset called ``name``; a PaletteError naming the known ones otherwise."""
    if isinstance(name, str) and name in PRESETS:
        return PRESETS[name]
    raise PaletteError(f"no palette preset {str(name)[:40]!r}: the presets are {', '.join(PRESETS)}")


def pens_to_json(pens: Mapping[int, int]) -> dict[str, str]:
    """pen -> 12-bit colour as the settings write it: {"8": "#00F"}."""
    return {str(int(pen)): rgb12.to_text(colour) for pen, colour in sorted(pens.items())}


def pens_from_json(data: object, pen_count: int = MAX_PENS) -> dict[int, int]:
    """The pens of a settings file, checked: a mapping of at most ``pen_count``
    pen numbers (0 .. pen_count-1, as decimal strings) to "#RGB" colours."""
    if not isinstance(data, dict):
        raise PaletteError(f"the palette's pens are a mapping of pen numbers to colours, not {type(data).__name__}")
    if len(data) > pen_count:
        raise PaletteError(f"the palette names {len(data)} pens; the screen has {pen_count}")
    pens = {}
    for key, value in data.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 3 and int(key) < pen_count):
            raise PaletteError(f"pen {str(key)[:12]!r} is not a pen number from 0 to {pen_count - 1}")
        try:
            pens[int(key)] = rgb12.from_text(value)
        except ValueError as why:
            raise PaletteError(f"pen {key}: {why}") from None
    return pens
