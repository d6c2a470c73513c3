"""Settings, best times and Duel results, kept as versioned JSON.

Pure Python: this package never imports pyxel. The UI passes in the folder it
got from ``pyxel.user_data_dir`` (see :func:`default_folder` and
:meth:`Storage.for_platform`).

Two documents are kept, each with a ``"version"`` field:

``amigasweeper-settings.json``
    The player's choices (:class:`Settings`).
``amigasweeper-besttimes.json``
    The best time of each level and the Duel results per opponent
    (:class:`BestTimes`).

The files' names say whose they are, so a data folder shared with another
program never has a file of that program renamed or replaced.

What is where:

``validation``      the limits of every value and their checks
``settings_and_times`` Settings, BestTime, DuelRecord, BestTimes
``documents``       the JSON form: version, decoding, encoding
``backend``         what a back end offers; names for set-aside documents
``file_backend``    files in a folder (the desktop)
``browser_backend`` window.localStorage (the web build)
``memory_backend``  memory only
``locking``         the lock file that keeps two copies from saving at once
``merge``           our changes as data, merged into what another copy saved
``folders``         where the desktop program keeps its files
``kinds``           the two documents, how one is read, what the player is told
``store``           Storage: loading, repairing, saving, refreshing
"""

from __future__ import annotations

from ..engine.levels import MAX_SIDE, MIN_SIDE
from .backend import Backend, aside_names
from .browser_backend import LOCAL_STORAGE_PREFIX, LocalStorageBackend
from .documents import MAX_DOCUMENT_BYTES, Damaged, decode, encode
from .file_backend import FileBackend
from .folders import APP_NAME, DATA_DIR_ENV, VENDOR_NAME, default_folder
from .kinds import BEST_TIMES_FILE, SETTINGS_FILE
from .locking import LOCK_FILE, LOCK_TIMEOUT, FolderLock, LockTimeout
from .memory_backend import MemoryBackend
from .settings_and_times import (
    FORMAT_VERSION,
    BestTime,
    BestTimes,
    DuelRecord,
    Settings,
)
from .store import LoadedData, Storage
from .validation import (
    COMPLETIONS,
    COMPUTER_OPPONENTS,
    DEFAULT_NAME,
    DUEL_RESULTS,
    LEVELS,
    LOOKS,
    MAX_COUNT,
    MAX_MINES,
    MAX_NAME_LENGTH,
    MAX_SECONDS,
    MIN_MINES,
    SCREEN_MODES,
    SHAPES,
    check_custom,
    clean_name,
    max_mines,
)

MAX_FILE_BYTES = MAX_DOCUMENT_BYTES

__all__ = [
    "APP_NAME", "BEST_TIMES_FILE", "COMPLETIONS", "COMPUTER_OPPONENTS", "DATA_DIR_ENV",
    "DEFAULT_NAME", "DUEL_RESULTS", "FORMAT_VERSION", "LEVELS", "LOCAL_STORAGE_PREFIX",
    "LOCK_FILE", "LOCK_TIMEOUT", "LOOKS", "MAX_COUNT", "MAX_FILE_BYTES", "MAX_MINES", "MAX_NAME_LENGTH",
    "MAX_SECONDS", "MAX_SIDE", "MIN_MINES", "MIN_SIDE", "SCREEN_MODES", "SETTINGS_FILE",
    "SHAPES", "VENDOR_NAME", "Backend", "BestTime", "BestTimes", "Damaged", "DuelRecord",
    "FileBackend", "FolderLock", "LoadedData", "LocalStorageBackend", "LockTimeout",
    "MemoryBackend", "Settings", "Storage", "aside_names", "check_custom", "clean_name",
    "decode", "default_folder", "encode", "max_mines",
]
