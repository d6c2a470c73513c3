"""The browser's half of whole pixels: the web page (tools/web/whole_pixels.js,
which tools/package.py puts into it) sizes the canvas in whole device pixels
per Amiga pixel, with CSS ``image-rendering: pixelated`` so the browser never
blurs it. It needs to know the screen's size, which changes with the screen
mode, and the scale chosen in the Settings menu: Python tells it through
Pyodide's ``js`` module, the page's ``window.amigasweeperWholePixels``.
"""

from __future__ import annotations

import sys

PAGE_FUNCTION = "amigasweeperWholePixels"


def tell_page(size: tuple[int, int], factor: int | None, platform: str = sys.platform) -> bool:
    """Tell the page the screen's size and the scale asked for (None: the
    most that fit). False where there is no page, or a page without the
    script (a pyxapp started by ``pyxel play`` in a page of Pyxel's own)."""
    if platform != "emscripten":
        return False
    try:
        import js  # Pyodide's bridge to the page, present only in the browser

        fit = getattr(js.window, PAGE_FUNCTION, None)
        if fit is None:
            return False
        fit(size[0], size[1], factor or 0)
    except Exception:  # noqa: BLE001 - a page that cannot be told keeps Pyxel's own whole scale
        return False
    return True
