"""The back end that keeps documents in memory: nothing survives the program.

Used by headless runs, when no folder can be had, and when the browser's
storage is forbidden.
"""

from __future__ import annotations

import datetime

from .backend import BaseBackend, aside_names


class MemoryBackend(BaseBackend):
    """Keeps documents in a dict."""

    def __init__(self) -> None:
        self.documents: dict[str, bytes] = {}

    def read(self, name: str) -> bytes | None:
        return self.documents.get(name)

    def write(self, name: str, data: bytes) -> None:
        self.documents[name] = bytes(data)

    def set_aside(self, name: str) -> str:
        now = datetime.datetime.now()
        aside = next(c for c in aside_names(name, now) if c not in self.documents)
        self.documents[aside] = self.documents.pop(name)
        return aside
