"""Where the desktop program keeps its files."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

VENDOR_NAME = "AmigaSweeper"
APP_NAME = "AmigaSweeper"
DATA_DIR_ENV = "AMIGASWEEPER_DATA_DIR"


def default_folder(
    user_data_dir: str | os.PathLike[str] | Callable[[str, str], str] | None = None,
) -> Path | None:
    """The folder the desktop program keeps its files in, or None.

    Pass ``pyxel.user_data_dir`` (it is called with our vendor and app names)
    or the path it returned. The environment variable AMIGASWEEPER_DATA_DIR
    overrides it (handy for test runs). None in the browser, where
    localStorage is used instead, and when no folder can be had."""
    if sys.platform == "emscripten":
        return None
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    if callable(user_data_dir):
        try:
            user_data_dir = user_data_dir(VENDOR_NAME, APP_NAME)
        except Exception:
            return None
    return Path(user_data_dir) if user_data_dir else None


def anchor_data_dir(start: Path, environ=os.environ) -> None:
    """Make a relative AMIGASWEEPER_DATA_DIR absolute, taken from ``start``
    (the folder the program was started in). Called before Pyxel makes the
    package's folder current, which would otherwise put saved data there."""
    value = environ.get(DATA_DIR_ENV)
    if value and not Path(value).is_absolute():
        environ[DATA_DIR_ENV] = str(Path(start, value).absolute())
