"""The web back end: documents as strings in the browser's localStorage.

Pyxel's user data folder does not survive a page reload, so the web build
keeps its documents under keys ``amigasweeper/<name>`` (the name without
its ``amigasweeper-`` prefix, as earlier versions did).

Two tabs share one localStorage. JavaScript runs a tab's code on one thread
and our read-merge-write happens inside one call, so no lock is needed; the
``storage`` event, which the browser sends to every *other* tab when a key
changes, tells this tab that another one saved (see :meth:`changed`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from .backend import BaseBackend, aside_names

LOCAL_STORAGE_PREFIX = "amigasweeper/"
FILE_PREFIX = "amigasweeper-"
KEPT_OF_TOO_BIG = 64 * 1024  # characters of a damaged value kept when it cannot be copied whole


class LocalStorageBackend(BaseBackend):
    """Documents in ``window.localStorage``.

    ``storage`` is anything with getItem/setItem/removeItem; by default the
    real one through Pyodide's ``js`` module. ``events`` is what the
    ``storage`` event is listened on (anything with addEventListener; by
    default the page's window when the real storage is used). JavaScript
    errors (storage full, storage forbidden) are turned into OSError."""

    def __init__(
        self,
        storage: Any = None,
        prefix: str = LOCAL_STORAGE_PREFIX,
        now: Callable[[], datetime.datetime] = datetime.datetime.now,
        events: Any = None,
    ) -> None:
        if storage is None:
            window = _browser_window()
            storage = _local_storage(window)
            events = window if events is None else events
        self.storage = storage
        self.prefix = prefix
        self._now = now
        self._others_wrote: set[str] = set()  # keys other tabs wrote, '*' for all
        self._listener: Any = None
        if events is not None:
            self._listen(events)

    def key(self, name: str) -> str:
        return self.prefix + name.removeprefix(FILE_PREFIX)

    def label(self, name: str) -> str:
        return self.key(name)

    def _call(self, method: str, *args: str) -> Any:
        try:
            return getattr(self.storage, method)(*args)
        except Exception as error:  # Pyodide's JsException is not an OSError
            raise OSError(f"the browser's storage refused: {error}") from error

    def _get(self, key: str) -> str | None:
        value = self._call("getItem", key)
        return value if isinstance(value, str) else None  # null, undefined, jsnull

    def read(self, name: str) -> bytes | None:
        value = self._get(self.key(name))
        return None if value is None else value.encode("utf-8", "surrogatepass")

    def write(self, name: str, data: bytes) -> None:
        self._call("setItem", self.key(name), data.decode("utf-8"))

    def set_aside(self, name: str) -> str:
        """Copy the value to a new key, then remove it. A value too big to be
        copied (the storage is full) is removed first and copied after; if even
        that fails its beginning is kept, so it never blocks later saves."""
        key = self.key(name)
        value = self._get(key)
        if value is None:
            raise FileNotFoundError(f"{key} is not in the browser's storage")
        aside = next(c for c in aside_names(key, self._now()) if self._get(c) is None)
        try:
            self._call("setItem", aside, value)
        except OSError:
            self._call("removeItem", key)
            try:
                self._call("setItem", aside, value)
            except OSError:
                self._call("setItem", aside, value[:KEPT_OF_TOO_BIG])
                aside += f" (only its first {KEPT_OF_TOO_BIG // 1024} KB: it was too big)"
            return aside
        self._call("removeItem", key)
        return aside

    # -- other tabs ---------------------------------------------------------

    def _listen(self, events: Any) -> None:
        handler = self._on_storage_event
        try:
            from pyodide.ffi import create_proxy

            handler = create_proxy(handler)  # kept alive as long as the listener
        except ImportError:  # not in a browser: tests pass a fake window
            pass
        try:
            events.addEventListener("storage", handler)
        except Exception:  # a page that forbids it still plays; others' saves show at ours
            return
        self._listener = handler

    def _on_storage_event(self, event: Any) -> None:
        key = getattr(event, "key", None)
        if not isinstance(key, str):  # a null key: the storage was cleared
            self._others_wrote.add("*")
        elif key.startswith(self.prefix):
            self._others_wrote.add(key)

    def changed(self, name: str) -> bool:
        key = self.key(name)
        seen = key in self._others_wrote or "*" in self._others_wrote
        self._others_wrote.difference_update((key, "*"))
        return seen


def _browser_window() -> Any:
    try:
        import js  # Pyodide only

        return js.window
    except Exception as error:  # no js module or no window
        raise OSError(f"the browser's storage cannot be used: {error}") from error


def _local_storage(window: Any) -> Any:
    try:
        storage = window.localStorage
    except Exception as error:  # access forbidden (private mode, sandboxed frame)
        raise OSError(f"the browser's storage cannot be used: {error}") from error
    if storage is None:
        raise OSError("the browser's storage cannot be used")
    return storage
