"""The program's requesters: Custom, Best Times, New Record, About, messages."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from amigasweeper import __version__
from amigasweeper.engine import Level, LevelName
from amigasweeper.storage import MAX_NAME_LENGTH, BestTimes

from ..intuition.requester import CycleGadget, Requester, StringGadget

WRAP = 36  # characters a requester line holds on a LowRes screen


def wrapped(paragraphs: list[str]) -> list[str]:
    lines: list[str] = []
    for paragraph in paragraphs:
        lines += textwrap.wrap(paragraph, WRAP) or [""]
    return lines


def message(title: str, paragraphs: list[str], screen_size, on_close: Callable[[], None]) -> Requester:
    requester: Requester

    def ok() -> None:
        requester.close()
        on_close()

    requester = Requester(title, wrapped(paragraphs), [("OK", ok)], screen_size)
    return requester


def custom(
    current: Level,
    limits: tuple[int, int],
    screen_size,
    on_ok: Callable[[Requester, str, str, str], None],
    on_cancel: Callable[[], None],
) -> Requester:
    """Width, height and mines; on_ok validates and either closes or says what is allowed."""
    max_w, max_h = limits
    gadgets = [
        StringGadget("Width ", str(current.width), 5, 4),
        StringGadget("Height", str(current.height), 5, 4),
        StringGadget("Mines ", str(current.mines), 5, 5),
    ]
    requester: Requester

    def ok() -> None:
        on_ok(requester, *(g.text for g in gadgets))

    def cancel() -> None:
        requester.close()
        on_cancel()

    lines = [f"Width 2 to {max_w}, height 2 to {max_h},", "mines at most width x height - 1."]
    if max_h < 32 or max_w < 32:
        lines.append("(Larger boards need PAL HighRes.)")
    requester = Requester("Custom Field", lines, [("OK", ok), ("Cancel", cancel)], screen_size, gadgets=gadgets)
    requester.help_node = "Custom"
    return requester


LEVEL_ORDER = (LevelName.BEGINNER, LevelName.INTERMEDIATE, LevelName.EXPERT, LevelName.CUSTOM)


def best_time_lines(times: BestTimes) -> list[str]:
    lines = []
    for level in LEVEL_ORDER:
        entry = times[level.value]
        lines.append(f"{level.title:<13}{entry.seconds:>3} s  {entry.name}")
    return lines


def best_times(times: BestTimes, screen_size, on_reset: Callable[[], None], on_close: Callable[[], None]) -> Requester:
    requester: Requester

    def ok() -> None:
        requester.close()
        on_close()

    def reset() -> None:
        on_reset()
        requester.lines = best_time_lines(times)
        requester.relayout()

    requester = Requester("Fastest Mine Sweepers", best_time_lines(times), [("OK", ok), ("Reset", reset)], screen_size)
    requester.help_node = "BestTimes"
    return requester


def new_record(
    level: LevelName,
    seconds: int,
    last_name: str,
    screen_size,
    on_name: Callable[[str], None],
) -> Requester:
    gadget = StringGadget("", last_name, 24, MAX_NAME_LENGTH)
    requester: Requester

    def ok() -> None:
        requester.close()
        on_name(gadget.text)

    lines = ["You have the fastest time for the", f"{level.title} level: {seconds} second{'' if seconds == 1 else 's'}.", "Please enter your name."]
    requester = Requester("Congratulations", lines, [("OK", ok)], screen_size, gadgets=[gadget])
    requester.help_node = "BestTimes"
    return requester


def about(screen_size, on_close: Callable[[], None]) -> Requester:
    lines = [
        f"AmigaSweeper {__version__}",
        "MineSweeper 2.4 for the Amiga,",
        "recreated with Python and Pyxel",
        "by the AmigaSweeper team (MIT).",
        "",
        "Left button: uncover the square.",
        "Right button: mark, or clear around.",
        "Keys: M/G mark, U/1 uncover,",
        "L/A look around, 2 right button,",
        "P pause, Help or F1 the manual.",
    ]
    requester: Requester

    def ok() -> None:
        requester.close()
        on_close()

    requester = Requester("About MineSweeper", lines, [("OK", ok)], screen_size)
    requester.help_node = "About"
    return requester


STRENGTHS = ["Easy", "Normal", "Hard"]


def duel_setup(
    last_name: str,
    screen_size,
    on_start: Callable[[str, str, str, str], None],
    on_cancel: Callable[[], None],
) -> Requester:
    """Who plays: hot-seat or against the computer, the names, the computer's strength."""
    mode = CycleGadget("Game    ", ["Player vs Computer", "Player vs Player"])
    strength = CycleGadget("Computer", STRENGTHS, 1)
    first = StringGadget("Player 1", last_name or "Player 1", 14, MAX_NAME_LENGTH)
    second = StringGadget("Player 2", "Computer", 14, MAX_NAME_LENGTH)
    requester: Requester

    def changed(gadget: CycleGadget) -> None:
        against_computer = mode.index == 0
        second.text = "Computer" if against_computer else "Player 2"
        second.cursor = len(second.text)
        strength.visible = against_computer

    mode.on_change = changed

    def start() -> None:
        requester.close()
        on_start(mode.value, strength.value.lower(), first.text, second.text)

    def cancel() -> None:
        requester.close()
        on_cancel()

    lines = wrapped(["Two players take turns on 11x11 with 15 mines. A mine found: +5, a wrong guess: -2, a mine stepped on: -5."])
    requester = Requester(
        "Duel", lines, [("Start", start), ("Cancel", cancel)], screen_size, gadgets=[first, second], cycles=[mode, strength]
    )
    requester.help_node = "Duel"
    return requester


def pass_mouse(name: str, screen_size, on_ok: Callable[[], None]) -> Requester:
    requester: Requester

    def ok() -> None:
        requester.close()
        on_ok()

    lines = [f"Pass the mouse to {name}.", "Your own wrong guesses are hidden", "until it is your turn again."]
    requester = Requester("Next Turn", lines, [("Ready", ok)], screen_size)
    requester.help_node = "Duel"
    return requester


def duel_result(summary: str, screen_size, on_again: Callable[[], None], on_close: Callable[[], None]) -> Requester:
    requester: Requester

    def again() -> None:
        requester.close()
        on_again()

    def close() -> None:
        requester.close()
        on_close()

    requester = Requester("Duel Over", wrapped([summary]), [("Again", again), ("Close", close)], screen_size)
    requester.help_node = "Duel"
    return requester
