"""Menu items as the menu strip is walked, and requesters, in words.

Plain values in, one line out: the windows (part 2) pass what their menus and
requesters hold, so these words know nothing of Intuition.
"""

from __future__ import annotations

from collections.abc import Sequence

_SPOKEN_SIGNS = {"(?)": "question", "...": "", "\u2026": ""}


def spoken_label(label: str) -> str:
    """A label as said aloud: 'Custom...' is 'Custom', 'Marks (?)' is 'Marks question'."""
    for sign, said in _SPOKEN_SIGNS.items():
        label = label.replace(sign, f" {said} " if said else "")
    return " ".join(label.split())


def menu_line(
    menu: str,
    label: str,
    *,
    position: int,
    count: int,
    key: str | None = None,
    checked: bool | None = None,
    enabled: bool = True,
    opens_requester: bool = False,
    first_in_menu: bool = False,
    has_sub_items: bool = False,
) -> str:
    """'Game menu, Beginner, checked, Right Amiga B, 2 of 10'. The menu's name
    leads only when the walk enters that menu (``first_in_menu``)."""
    parts = [f"{spoken_label(menu)} menu"] if first_in_menu else []
    parts.append(spoken_label(label))
    if checked is not None:
        parts.append("checked" if checked else "not checked")
    if opens_requester:
        parts.append("opens a requester")
    if has_sub_items:
        parts.append("sub-items, Right opens them")
    if not enabled:
        parts.append("unavailable")
    if key:
        parts.append(f"Right Amiga {key.upper()}")
    parts.append(f"{position} of {count}")
    return ", ".join(parts)


def requester_line(title: str, lines: Sequence[str], buttons: Sequence[str], default: int = 0) -> str:
    """A requester as it opens: its title, its text, its buttons and which one
    Return chooses; Esc always chooses the last one."""
    text = " ".join(" ".join(line.split()) for line in lines if line.strip())
    said = [spoken_label(b) for b in buttons]
    if not said:
        return f"{spoken_label(title)} requester: {text}"
    choices = ", ".join(said)
    keys = f"Return chooses {said[default]}, Escape chooses {said[-1]}"
    return f"{spoken_label(title)} requester: {text} Buttons: {choices}. {keys}"


def button_line(label: str, position: int, count: int) -> str:
    """A button reached with Tab: 'Cancel button, 2 of 2'."""
    return f"{spoken_label(label)} button, {position} of {count}"


def link_line(label: str, position: int, count: int) -> str:
    """A help viewer's link reached with Tab: 'link Contents, 2 of 5'."""
    return f"link {spoken_label(label)}, {position} of {count}"
