"""The screen's colours as Settings > Palette... leaves them: a preset
(access/colour/presets.py) and the pens the player edited on top of it.

Pure data, no pyxel. A pen nobody edited keeps its preset's exact colour, so
the Workbench 3.1 preset with no edits is the 2.4 look to the last bit; an
edited pen is a 12-bit colour, as Prefs/Palette sets one.

In the settings: ``palette`` is the preset's name and ``palette_pens`` the
edited pens as text, "8:#00F,9:#274" (storage/validation.py checks its
form; ``from_settings`` checks the rest and falls back to the preset alone).

Two looks for every reader go with the palette, both off by default so the
2.4 look stays to the last pixel: ``cursor`` "bold" draws the board cursor as
a thick ring round its square (ui/game/ring.py), ``shading`` "steps" gives
the probability shading bands stepped in lightness (access/colour/bands.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from amigasweeper.access.colour import bands, rgb12
from amigasweeper.access.colour.presets import DEFAULT, PRESETS, PaletteError, Preset, pens_from_json, preset_named

from ..intuition.palette import RGB, Pen, number_pen

# The pens the window edits, with the names it shows and says.
PEN_NAMES: Mapping[int, str] = MappingProxyType({
    Pen.GREY: "Background",
    Pen.BLACK: "Text",
    Pen.WHITE: "Shine",
    Pen.BLUE: "Fill",
    Pen.RED: "Red",
    Pen.GREEN: "Green",
    Pen.DARK_BLUE: "Dark blue",
    Pen.ORANGE: "Orange",
    **{int(number_pen(n)): f"Number {n}" for n in range(1, 13)},
})
EDITABLE = tuple(PEN_NAMES)


def preset_colours(preset: Preset) -> dict[int, int]:
    """pen -> 24-bit colour of every editable pen under a preset."""
    colours = {pen: RGB[Pen(pen)] for pen in EDITABLE}
    for pen, colour in preset.pens(number_pen).items():
        colours[pen] = rgb12.expand(colour)
    if preset.plain_numbers:  # Kickstart 2: every number in the text pen
        for n in range(1, 13):
            colours[int(number_pen(n))] = colours[Pen.BLACK]
    return colours


SHADING_PENS = tuple(Pen(p) for p in range(Pen.PROB0, Pen.PROB7 + 1))
CURSOR_TITLES = {"complement": "Complement", "bold": "Bold ring"}  # Settings.cursor's values
SHADING_TITLES = {"colours": "Colours", "steps": "Light to dark"}  # Settings.shading's values


def shading_colours(shading: str) -> dict[int, int]:
    """pen -> 24-bit colour of the shading's eight pens."""
    if shading == "steps":
        return dict(zip(SHADING_PENS, bands.colours(), strict=True))
    return {int(pen): RGB[pen] for pen in SHADING_PENS}


@dataclass(frozen=True)
class Palette:
    preset: Preset = DEFAULT
    edited: Mapping[int, int] = field(default_factory=dict)  # pen -> 12-bit colour
    cursor: str = "complement"  # the board cursor: CURSOR_TITLES
    shading: str = "colours"  # the probability shading: SHADING_TITLES

    def __post_init__(self) -> None:
        if self.cursor not in CURSOR_TITLES or self.shading not in SHADING_TITLES:
            raise PaletteError(f"no cursor {self.cursor!r} or shading {self.shading!r}")

    def colours(self) -> dict[int, int]:
        """pen -> 24-bit colour of every editable pen."""
        colours = preset_colours(self.preset)
        colours.update({pen: rgb12.expand(colour) for pen, colour in self.edited.items()})
        return colours

    def screen_colours(self) -> dict[int, int]:
        """pen -> 24-bit colour of every pen the palette sets: the editable ones and the shading's."""
        return {**self.colours(), **shading_colours(self.shading)}

    def colour12(self, pen: int) -> int:
        """A pen's colour as the nearest 12-bit one (what the sliders show)."""
        return self.edited.get(pen, rgb12.nearest(self.colours()[pen]))

    def with_pen(self, pen: int, colour: int) -> Palette:
        if pen not in PEN_NAMES:
            raise PaletteError(f"pen {pen} is not one the Palette window edits")
        rgb12.expand(colour)  # refuses what is not 12-bit
        return replace(self, edited={**self.edited, pen: colour})

    def with_preset(self, preset: Preset) -> Palette:
        """A preset chosen: the edits go, as in Prefs/Palette (the cursor and shading stay)."""
        return replace(self, preset=preset, edited={})

    def settings(self) -> dict[str, str]:
        """The fields of Settings that keep this palette."""
        text = ",".join(f"{pen}:{rgb12.to_text(colour)}" for pen, colour in sorted(self.edited.items()))
        return {"palette": self.preset.name, "palette_pens": text, "cursor": self.cursor, "shading": self.shading}


def from_settings(name: str, pens_text: str, cursor: str = "complement",
                  shading: str = "colours") -> tuple[Palette, str | None]:
    """The palette kept in the settings, and what was wrong with it if
    anything (the preset alone, or the default, is used then)."""
    looks = Palette(cursor=cursor, shading=shading)  # storage/validation.py has checked both
    try:
        preset = preset_named(name)
    except PaletteError as why:
        return looks, str(why)
    try:
        pairs = dict(part.split(":", 1) for part in pens_text.split(",")) if pens_text else {}
        edited = pens_from_json(pairs)
        bad = [pen for pen in edited if pen not in PEN_NAMES]
        if bad:
            raise PaletteError(f"pen {bad[0]} is not one the Palette window edits")
    except (PaletteError, ValueError) as why:
        return replace(looks, preset=preset), f"the palette's pens: {why}"
    return replace(looks, preset=preset, edited=edited), None


PRESET_ORDER = tuple(PRESETS.values())
