"""The JSON form of a saved document: its version, decoding and encoding.

A document is a JSON object with an integer ``"version"``. One written by a
newer version of the program (a higher number) is read as far as this
version understands it, and never overwritten.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .settings_and_times import FORMAT_VERSION
from .validation import show

MAX_DOCUMENT_BYTES = 1 << 20  # far more than we ever write; larger is damage


class Damaged(Exception):
    """A whole document cannot be used; the message says why."""


@dataclass(frozen=True)
class Decoded:
    """A decoded document and the format version it was written in."""

    data: dict[str, Any]
    version: int

    @property
    def newer(self) -> bool:
        """Written by a newer version of the program: not ours to overwrite."""
        return self.version > FORMAT_VERSION


def decode(raw: bytes) -> Decoded:
    """The document in ``raw``; raises :class:`Damaged` saying why it is unusable."""
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise Damaged("it is too large")
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise Damaged("it is not text") from None
    except (ValueError, RecursionError):
        raise Damaged("it is not valid JSON") from None
    if not isinstance(data, dict):
        raise Damaged("it does not hold a JSON object")
    return Decoded(data, _version(data))


def _version(data: dict[str, Any]) -> int:
    if "version" not in data:
        raise Damaged("it has no version")
    version = data["version"]
    if type(version) is not int or version < 1:
        raise Damaged(f"its version is {show(version)}, not {FORMAT_VERSION}")
    return version


def encode(document: dict[str, Any]) -> bytes:
    return (json.dumps(document, indent=2, ensure_ascii=True) + "\n").encode("ascii")
