"""How a line of a --script file splits into words.

The rule is the one a shell user expects, kept small:

- Words are separated by blanks (spaces, tabs).
- `#` starts a comment only where a word would start: at the start of the
  line or after a blank, outside quotes. Inside a word it is an ordinary
  character, so `screenshot shot#1` keeps its name.
- A word that starts with a double or a single quote runs to the matching
  closing quote and may hold blanks and `#`: `type "#?.guide"` types an
  AmigaDOS pattern. The quote itself is written twice inside its own kind of
  quotes (`'it''s'`), or put in the other kind (`"it's"`).
  Backslashes are ordinary characters, so Windows paths need no escaping.
- A quote inside an unquoted word is an ordinary character (`it's`).

Anything else (a quote never closed, text stuck to a closing quote) is an
error that names the line and the column, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

COMMENT = "#"
QUOTES = "\"'"


class ScriptError(Exception):
    """A bad line or a failed expectation; the message names the line."""


@dataclass
class _Cursor:
    """A position in one line, with the line's number for the messages."""

    text: str
    number: int
    at: int = 0

    def done(self) -> bool:
        return self.at >= len(self.text)

    def here(self) -> str:
        return self.text[self.at]

    def skip_blanks(self) -> None:
        while not self.done() and self.here().isspace():
            self.at += 1

    def fail(self, what: str, column: int) -> ScriptError:
        return ScriptError(f"line {self.number}, column {column + 1}: {what}")


def split_line(text: str, number: int) -> list[str]:
    """The words of line `number`, comments dropped; [] for a blank or comment line."""
    cursor = _Cursor(text, number)
    words: list[str] = []
    cursor.skip_blanks()
    while not cursor.done() and cursor.here() != COMMENT:
        words.append(_quoted(cursor) if cursor.here() in QUOTES else _bare(cursor))
        cursor.skip_blanks()
    return words


def _bare(cursor: _Cursor) -> str:
    """An unquoted word: everything up to the next blank."""
    start = cursor.at
    while not cursor.done() and not cursor.here().isspace():
        cursor.at += 1
    return cursor.text[start : cursor.at]


def _quoted(cursor: _Cursor) -> str:
    """A quoted word; the quote doubled inside stands for itself."""
    quote, opened = cursor.here(), cursor.at
    cursor.at += 1
    pieces = []
    while True:
        end = cursor.text.find(quote, cursor.at)
        if end < 0:
            raise cursor.fail(f"the quote {quote} opened here is never closed", opened)
        pieces.append(cursor.text[cursor.at : end])
        cursor.at = end + 1
        if cursor.text.startswith(quote, cursor.at):  # a doubled quote: one quote in the word
            pieces.append(quote)
            cursor.at += 1
            continue
        break
    if not cursor.done() and not cursor.here().isspace():
        raise cursor.fail(f"a blank must follow the closing quote {quote}", cursor.at)
    return "".join(pieces)
