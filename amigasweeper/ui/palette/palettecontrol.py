"""Settings > Palette...: opens the Palette window, shows each change on the
screen at once, keeps Save's choice with the settings and Use's for the run,
and puts the colours back on Cancel. The saved palette is put on the screen
when the program starts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from ..game.keyplay import BoardCursor
from ..game.patterns import SteppedShading
from ..windowcontrol import WindowControl
from ..windowkind import WindowKind
from .palettewindow import PaletteWindow
from .pens import Palette, from_settings

if TYPE_CHECKING:
    from ..host import PaletteHost


def show(palette: Palette) -> None:
    """Put a palette's colours in Pyxel's, where every pen is drawn from, and
    its cursor and shading looks where every board cursor and shading is drawn."""
    for pen, rgb in palette.screen_colours().items():
        pyxel.colors[pen] = rgb
    BoardCursor.bold = palette.cursor == "bold"
    SteppedShading.on = palette.shading == "steps"  # the Kickstart 2 look's patterns (its pens are the four)


class PaletteControl(WindowControl):
    """Registered with the app like every window control (windowcontrol.py);
    the game goes on while the Palette window is open, as under 3.1's
    Palette preferences (``pauses`` is None)."""

    app: PaletteHost
    kind = WindowKind.PALETTE

    def __init__(self, app: PaletteHost) -> None:
        super().__init__(app)
        self.window: PaletteWindow | None = None
        settings = app.storage.settings
        self.palette, problem = from_settings(settings.palette, settings.palette_pens, settings.cursor, settings.shading)
        self.problem = problem  # told when the window opens: the settings' palette could not all be used
        self._before = self.palette  # what Cancel puts back
        show(self.palette)  # the saved palette, from the first frame

    def open_from_menu(self) -> None:
        self.open()

    def open(self) -> None:
        app = self.app
        if self.bring_forward():
            return
        self._before = self.palette
        window = PaletteWindow(self.palette, app.screen_mode.size, on_change=show, on_save=self.save,
                               on_use=self.use, on_cancel=self.cancel, on_depth=lambda: app.wm.depth(window))
        self.open_window(window)
        if self.problem:
            app.commands.tell("Palette", [f"The saved palette could not all be used: {self.problem}."])
            self.problem = None

    def use(self, palette: Palette) -> None:
        """Use: this palette for the rest of the run, not saved."""
        self.palette = palette
        show(palette)
        self.closed()

    def save(self, palette: Palette) -> None:
        """Save: this palette, kept with the settings."""
        self.use(palette)
        problem = self.app.storage.change_settings(**palette.settings())
        if problem:
            self.app.commands.tell("Saved Data", [problem])

    def cancel(self) -> None:
        """Cancel, Esc or the close gadget: the colours as the window found them."""
        self.palette = self._before
        show(self.palette)
        self.closed()
