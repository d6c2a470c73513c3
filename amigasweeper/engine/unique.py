"""A check that an enum's facts name one member each (the engine's Shape
and Completion carry a code letter, a title, a word: each is read back to
its member by the records, the menus and the text mode)."""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

E = TypeVar("E", bound=Enum)


def check_unique(members: type[Enum], *facts: str) -> None:
    """Each of ``facts`` names one member only (a code letter read back must
    give its member): a clash is an error when the module loads."""
    for fact in facts:
        seen: dict[object, Enum] = {}
        for member in members:
            other = seen.setdefault(getattr(member, fact), member)
            if other is not member:
                raise ValueError(f"{members.__name__}.{member.name} and {other.name} share the {fact} "
                                 f"{getattr(member, fact)!r}")


def saved_member(members: type[E], value: str, what: str) -> E:
    """The member whose saved name (its value) is ``value``, as members(value)
    finds it but in words a type checker follows; ValueError naming ``what``
    for none."""
    for member in members:
        if member.value == value:
            return member
    raise ValueError(f"{value!r} is not a {what}")
