"""Windows, pauses and the Narrator's own lines, in words: a window opened,
closed or made active with what it shows, why the game waits, a menu item
chosen, the Narrator switched on or off, the first line of all.

Plain values in, one line out: the window's adapter (ui/narrator) reads
what the windows show and passes it here, so these words know nothing of
Intuition.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from .menu_lines import spoken_label


class WindowEvent(Enum):
    OPENED = "opened"
    CLOSED = "closed"
    ACTIVE = "active"


# What a window's short title is said as: the help viewer's title is its page's.
_WINDOW_NAMES = {"AmigaGuide": "help viewer", "Help": "help viewer"}

# The cursor's keys (ui/game/keyplay.py) and the keys every window shares.
BEGIN_KEYS = ("Press the cursor keys to move, Space to uncover, Return to mark, "
              "F10 for menus, Help for the manual")


def window_name(title: str) -> str:
    """'Statistics' -> 'Statistics window'; the viewer -> 'help viewer'."""
    title = spoken_label(title)
    return _WINDOW_NAMES.get(title, f"{title} window" if title else "window")


def window_line(event: WindowEvent, title: str, gist: str = "") -> str:
    """'Statistics window. Beginner: played 12, won 7, ...'; 'Statistics window closed'."""
    name = window_name(title)
    if event is WindowEvent.CLOSED:
        return f"{name} closed"
    said = name if event is WindowEvent.OPENED else f"{name}, active"
    gist = " ".join(gist.split())
    return f"{said}. {gist}" if gist else said


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def paused_line(windows: Sequence[str]) -> str:
    """Why the game waits: 'Paused while the Statistics window is open; close
    it to play on'. ``windows``: the titles of the windows holding it (none:
    the player's own Pause)."""
    if not windows:
        return "Paused: press P to play on"
    names = [window_name(w) for w in windows]
    one = len(names) == 1
    return (f"Paused while the {_listed(names)} {'is' if one else 'are'} open; "
            f"close {'it' if one else 'them'} to play on")


def away_line(title: str) -> str:
    """Why the game waits while another window is the active one (the game's
    own rule: it plays only while its window is active)."""
    return f"Paused while the {window_name(title)} is active; F9 goes back to MineSweeper"


def resumed_line() -> str:
    return "Playing on"


def chosen_line(label: str, checked: bool | None = None) -> str:
    """A menu item chosen: 'Flash: Border, chosen'; a toggle says what it is
    now: 'Narrator, off'."""
    said = spoken_label(label)
    if checked is None:
        return f"{said}, chosen"
    return f"{said}, {'on' if checked else 'off'}"


def begin_line(board: str) -> str:
    """The first line, with the Narrator on at the start: the board and how to begin."""
    return f"MineSweeper, {board}. {BEGIN_KEYS}"


def narrator_on_line(where: str) -> str:
    """The Narrator switched on again mid-game: where the player is, not a new game."""
    return f"Narrator on. {where}"


def narrator_off_line() -> str:
    return "Narrator off"


def stats_gist(row: str, detail: str, played: int, won: int, percent: float | None,
               streak: int, best_streak: int, best_seconds: float | None) -> str:
    """The Statistics window's row as said: 'Beginner 8x8, square; All Mines
    Found, random boards: played 12, won 7, 58 percent, streak 2, best streak 4,
    best time 14.2 seconds'."""
    parts = [f"played {played}", f"won {won}"]
    if percent is not None:
        parts.append(f"{percent:.0f} percent")
    parts += [f"streak {streak}", f"best streak {best_streak}"]
    parts.append(f"best time {best_seconds:.1f} seconds" if best_seconds is not None else "no best time")
    return f"{row}; {detail}: " + ", ".join(parts)


def no_stats_gist() -> str:
    return "No games played yet"
