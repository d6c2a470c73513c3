"""The assistance's answers as said: a hint by its square and rule, Show
Safe and Mines as counts and then the squares.

Plain values in (the squares already named, the rule's number and title,
the sentence of why), one line out: play/assist's answers are read by the
front end that asked, and these words know nothing of the solver.
"""

from __future__ import annotations

from collections.abc import Sequence

from .game_lines import plural

SQUARES_SAID = 12  # squares named in a line at most; more are counted ("and 30 more")


def hint_line(square: str | None, verdict: str | None, rule: int | None, title: str, why: str) -> str:
    """'Hint: C5 is safe, by rule 1, single point: ...'; with no square, why none is certain."""
    why = " ".join(why.split())
    if square is None or verdict is None:
        return f"Hint: {why}" if why else "Hint: no square is certain"
    by = f", by rule {rule}" if rule else ""
    named = title.split(": ", 1)[-1] if title else ""
    by += f", {named}" if named and rule else ""
    said = f"Hint: {square} is {'safe' if verdict == 'safe' else 'a mine'}{by}"
    return f"{said}. {why}" if why else said


def _named(squares: Sequence[str]) -> str:
    shown = list(squares[:SQUARES_SAID])
    more = len(squares) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def known_line(safe: Sequence[str], mines: Sequence[str], note: str = "", exact: bool = True) -> str:
    """'Show Safe and Mines: 3 safe, 1 mine. Safe: A1, B1, C1. Mines: D4'."""
    if note:
        return f"Show Safe and Mines: {' '.join(note.split())}"
    parts = [f"Show Safe and Mines: {len(safe)} safe, {plural(len(mines), 'mine')}"]
    if safe:
        parts.append(f"Safe: {_named(safe)}")
    if mines:
        parts.append(f"Mines: {_named(mines)}")
    if not exact:
        parts.append("The other chances are estimates")
    return ". ".join(parts)
