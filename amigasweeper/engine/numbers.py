"""Whole numbers typed by people or written in files.

``str.isdigit`` accepts characters ``int`` refuses (superscripts like "²",
circled "⑧") and ``int`` accepts some it should not here (other scripts'
digits, "1_000", thousands of digits that take long to convert). A number
here is what a player means by one: optional sign, then ASCII digits 0-9.
"""

from __future__ import annotations

import re

_PLAIN = re.compile(r"[+-]?[0-9]{1,18}")


def plain_int(text: str) -> int | None:
    """The number ``text`` spells in plain ASCII decimal (surrounding spaces
    allowed), or None if it is anything else or more than 18 digits long."""
    match = _PLAIN.fullmatch(text.strip())
    return int(match.group()) if match else None
