"""Text the viewer shows that may come from a guide: a page's title, a
link's target or a node's name in the status line.

A damaged or hostile guide may hold any byte in a name. The font draws the
program's own symbols (the menu tick, the Amiga key, the ellipsis of a cut
name) at control codes, so a name drawn raw could show what it is not; the
C1 codes of Latin-1 (0x80-0x9F) draw nothing at all. An attribute declared
as :class:`EscapedText` keeps whatever is set in it with every character
that does not print escaped (``\\x9b``), as amigasweeper.plainfiles.printable
writes it, wherever in the viewer it was set from.
"""

from __future__ import annotations

from typing import overload

from amigasweeper.plainfiles import printable


class EscapedText:
    """A text attribute that escapes what is stored in it."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_escaped_{name}"

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> EscapedText: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> str: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> EscapedText | str:
        if instance is None:
            return self  # asked of the class: the descriptor itself
        text: str = getattr(instance, self.slot, "")  # the slot's name is made per attribute (__set_name__)
        return text

    def __set__(self, instance: object, value: str) -> None:
        setattr(instance, self.slot, printable(value))
