"""AmigaDOS wildcard patterns, as the file requester's Pattern gadget takes
them (pure Python: no pyxel here).

    ?        any one character
    #x       any number (none too) of x, where x is one character, ?, a
             [class] or a (group): #? is any text at all
    *        any text, as #? (the 3.x "wildstar" option, which most users expect)
    (a|b|c)  one of the alternatives, each itself a pattern
    [abc]    one character of the set; a-z a range; [~abc] any character not in it
    %        nothing at all (handy in alternatives: (%|.bak))
    'x       the character x itself, even a special one
    ~x       at the very start: every name that x does NOT match (~(#?.info));
             anywhere else ~ is an ordinary character (backup~)

Matching ignores case, as the Amiga's file systems do. A pattern is turned into
a Python regular expression once, so filtering a big drawer stays cheap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ESCAPE = "'"
NEGATE = "~"


class PatternError(ValueError):
    """A pattern that cannot be read; the message says what is wrong, in words."""


@dataclass(frozen=True)
class DosPattern:
    text: str
    regex: re.Pattern[str]
    negated: bool

    def matches(self, name: str) -> bool:
        return (self.regex.fullmatch(name) is None) == self.negated


def compile_pattern(text: str) -> DosPattern:
    """The pattern ready to match names; PatternError when it cannot be read.
    An empty pattern (or one of spaces) matches everything, as #? does."""
    source = text if text.strip() else "#?"
    negated = source.startswith(NEGATE) and len(source) > 1
    body = source[1:] if negated else source
    reader = _PatternReader(body)
    regex = reader.alternatives(top=True)
    return DosPattern(text, re.compile(regex, re.IGNORECASE | re.DOTALL), negated)


def matches(pattern: str, name: str) -> bool:
    """Whether a name matches an AmigaDOS pattern (case ignored)."""
    return compile_pattern(pattern).matches(name)


class _PatternReader:
    """A recursive-descent reader: the pattern text to regex source."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def take(self) -> str:
        ch = self.peek()
        self.at += 1
        return ch

    def alternatives(self, top: bool = False) -> str:
        """Sequences separated by |, up to a ) (or the end at the top level)."""
        options = [self.sequence()]
        while self.peek() == "|":
            self.take()
            options.append(self.sequence())
        if top and self.at < len(self.text):
            raise PatternError(f"a ')' at character {self.at + 1} closes no '('")
        return "(?:" + "|".join(options) + ")" if len(options) > 1 else options[0]

    def sequence(self) -> str:
        parts = []
        while self.peek() not in ("", "|", ")"):
            parts.append(self.item())
        return "".join(parts)

    def item(self) -> str:
        """One element of a sequence, with # repeating the element after it."""
        ch = self.take()
        if ch == "#":
            if self.peek() in ("", "|", ")"):
                raise PatternError("'#' must be followed by what it repeats, as in #?")
            return "(?:" + self.item() + ")*"
        if ch == "?":
            return "."
        if ch == "*":
            return ".*"
        if ch == "%":
            return ""
        if ch == "(":
            inner = self.alternatives()
            if self.take() != ")":
                raise PatternError("a '(' is never closed by ')'")
            return "(?:" + inner + ")"
        if ch == "[":
            return self.char_class()
        if ch == ESCAPE:
            if not self.peek():
                raise PatternError("a ' at the end quotes nothing")
            return re.escape(self.take())
        return re.escape(ch)

    def char_class(self) -> str:
        """[...]: single characters and a-z ranges; a leading ~ negates."""
        negate = self.peek() == NEGATE
        if negate:
            self.take()
        members = []
        while self.peek() not in ("", "]"):
            ch = self.take()
            if ch == ESCAPE and self.peek():
                ch = self.take()
            if self.peek() == "-" and self.at + 1 < len(self.text) and self.text[self.at + 1] != "]":
                self.take()
                end = self.take()
                if ord(end) < ord(ch):
                    raise PatternError(f"the range {ch}-{end} runs backwards")
                members.append(re.escape(ch) + "-" + re.escape(end))
            else:
                members.append(re.escape(ch))
        if self.take() != "]":
            raise PatternError("a '[' is never closed by ']'")
        if not members:
            raise PatternError("'[]' holds no character")
        return "[" + ("^" if negate else "") + "".join(members) + "]"
