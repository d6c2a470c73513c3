"""The screen's look and resolution, as chosen in the Settings menu."""

from __future__ import annotations

from enum import Enum


class Look(str, Enum):
    KICKSTART3 = "kickstart3"  # colour-coded numbers from pens beyond the Workbench eight
    KICKSTART2 = "kickstart2"  # the four Workbench colours only

    @property
    def label(self) -> str:
        """Its name in words (not str.title, which a str Enum keeps)."""
        return "Kickstart 3 Look" if self is Look.KICKSTART3 else "Kickstart 2 Look"


class ScreenMode(str, Enum):
    LOWRES = "lowres"
    HIRES = "hires"

    @property
    def size(self) -> tuple[int, int]:
        return (320, 256) if self is ScreenMode.LOWRES else (640, 512)

    @property
    def label(self) -> str:
        """Its name in words, as the Screen Mode menu shows it (not str.title)."""
        return "PAL LowRes 320x256" if self is ScreenMode.LOWRES else "PAL HighRes Laced 640x512"
