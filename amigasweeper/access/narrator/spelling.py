"""What a voice is handed: a line as the screen shows it, with the names of
columns past Z spelled out.

Columns past Z are named as a spreadsheet names them, AA to AF on the widest
board (access/words/coords.py). A voice reads "AF16" or "AB to AD" as words
("af sixteen"); with a space between the letters it says each one ("A F 16"),
as it does a one-letter column. Only AA to AF, alone or before a row's number,
are such names: other words are left as they are.
"""

from __future__ import annotations

import re

_TWO_LETTER_COLUMN = re.compile(r"\bA([A-F])(?=[0-9]{0,3}\b)")  # boards are at most 32 wide: AF


def voiced(text: str) -> str:
    """'AF16, 3' -> 'A F16, 3'; 'AB to AD covered' -> 'A B to A D covered'."""
    return _TWO_LETTER_COLUMN.sub(r"A \1", text)
