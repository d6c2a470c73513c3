"""What a voice is handed: a line as the screen shows it, with the names of
columns past Z spelled out.

Columns past Z are named as a spreadsheet names them, AA to AF on the widest
board (access/words/coords.py). A voice reads "AF16" or "AB to AD" as words
("af sixteen"). A space between the letters is not enough: espeak-ng takes a
lone "A" for the article and says "A F" as "uh F". Written "A.F", as an
initialism, it says each letter's name, and "A.F 16" keeps the row's number
apart without the pause a full stop or a comma would make. Only AA to AF,
alone or before a row's number, are such names: other words are left as
they are.
"""

from __future__ import annotations

import re

_TWO_LETTER_COLUMN = re.compile(r"\bA([A-F])(?:([0-9]{1,3})\b|\b)")  # boards are at most 32 wide: AF


def _spelled(match: re.Match[str]) -> str:
    letter, row = match.groups()
    return f"A.{letter}" if row is None else f"A.{letter} {row}"


def voiced(text: str) -> str:
    """'AF16, 3' -> 'A.F 16, 3'; 'AB to AD covered' -> 'A.B to A.D covered'."""
    return _TWO_LETTER_COLUMN.sub(_spelled, text)
