"""The program's requesters: Custom, Best Times, New Record, About, messages."""

from __future__ import annotations

from collections.abc import Callable

from amigasweeper import __version__
from amigasweeper.engine import Level, LevelName
from amigasweeper.play.ending import BestTimeRow
from amigasweeper.storage import MAX_NAME_LENGTH, BestTimes
from amigasweeper.storage.time_kinds import EARLIER, kind_order, kind_title

from ..intuition.atlas import FONT
from ..intuition.requester import CycleGadget, Requester, shorten, text_room
from ..intuition.stringgadget import TEXT_INSET, StringGadget


def name_gadget(label: str, text: str, screen_size) -> StringGadget:
    """A string gadget for a player's name: as many characters as storage keeps,
    fewer if the screen is narrower, and one column more for the cursor, so a
    full name is seen whole and the gadget never runs past the screen's edge."""
    label_w = StringGadget.label_width(label)
    box_columns = (text_room(screen_size) * FONT.cell - label_w - 2 * TEXT_INSET) // FONT.cell
    chars = max(4, min(MAX_NAME_LENGTH, box_columns - 1))  # the last column is the cursor's
    return StringGadget(label, text[:chars], chars + 1, chars)


def message(title: str, paragraphs: list[str], screen_size, on_close: Callable[[], None]) -> Requester:
    requester: Requester

    def ok() -> None:
        requester.close()
        on_close()

    requester = Requester(title, list(paragraphs), [("OK", ok)], screen_size)
    requester.help_node = "Requesters"
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


def best_time_lines(times: BestTimes, room: int) -> list[str]:
    """One line a level (name shortened to fit), then each other kind of
    game's title and time, then the Duel tallies per opponent."""
    lines = []
    for level in LEVEL_ORDER:
        entry = times[level.value]
        head = f"{level.title:<13}{entry.seconds:>3} s  "
        lines.append(head + shorten(entry.name, room - len(head)))
    # 2.4's slots take square random boards; every other kind has a row, its title above its time.
    kinds = sorted((key for key in times.kinds if not key.startswith(EARLIER)), key=kind_order)
    if kinds:
        lines += ["", "Other kinds of game"]
        for key in kinds:
            entry = times.kinds[key]
            head = f"{'':<13}{entry.seconds:>3} s  "
            lines += [shorten(kind_title(key), room), head + shorten(entry.name, room - len(head))]
    earlier = sorted((key for key in times.kinds if key.startswith(EARLIER)), key=kind_order)
    if earlier:  # times kept by an earlier version that no kept game matched
        lines += ["", "Earlier version, kind unknown"]
        for key in earlier:
            entry = times.kinds[key]
            head = f"{key.split('/')[1].title():<13}{entry.seconds:>3} s  "
            lines.append(head + shorten(entry.name, room - len(head)))
    if times.duels:
        # A Duel of 15 mines cannot end level (each mine moves the score gap by
        # 5, a wrong guess by 2), so draws get a column only when a file has some.
        draws = any(record.draws for record in times.duels.values())
        lines += ["", f"{'Duels against':<{OPPONENT_CHARS}} won lost" + ("  drawn" if draws else "")]
        for opponent, record in sorted(times.duels.items()):
            tally = f"{record.wins:>4}{record.losses:>5}" + (f"{record.draws:>7}" if draws else "")
            name = shorten(opponent_title(opponent), OPPONENT_CHARS)
            lines.append(f"{name:<{OPPONENT_CHARS}}{tally}")
    return lines


def opponent_title(key: str) -> str:
    """How a stored opponent is named: "computer-hard" reads "Computer (Hard)"."""
    if key.startswith("computer-"):
        return f"Computer ({key.removeprefix('computer-').title()})"
    return key


OPPONENT_CHARS = 18  # "Computer (Normal)" and a space; with the tallies, 34 fit LowRes
RESET_QUESTION = "Reset all best times?"


def best_times(
    times: BestTimes, screen_size, on_close: Callable[[], None], on_ask: Callable[[Requester], None]
) -> Requester:
    """Fastest Mine Sweepers. Reset only asks (on_ask opens the confirmation);
    OK is the last button, so Esc (and Return) close without changing anything."""
    requester: Requester

    def ok() -> None:
        requester.close()
        on_close()

    def ask() -> None:
        on_ask(requester)

    room = text_room(screen_size)
    requester = Requester(
        "Fastest Mine Sweepers",
        best_time_lines(times, room),
        [("Reset...", ask), ("OK", ok)],
        screen_size,
        default=1,
    )
    requester.help_node = "BestTimes"
    return requester


def refresh_best_times(requester: Requester, times: BestTimes) -> None:
    requester.lines = best_time_lines(times, requester.room)
    requester.relayout()


def confirm_reset(screen_size, on_reset: Callable[[], None]) -> Requester:
    """The question before every best time is forgotten; Cancel (Esc) keeps them."""
    requester: Requester

    def reset() -> None:
        requester.close()
        on_reset()

    def cancel() -> None:
        requester.close()

    requester = Requester(
        "Best Times",
        [RESET_QUESTION, "The Duel tallies are kept."],
        [("Reset", reset), ("Cancel", cancel)],
        screen_size,
    )
    requester.help_node = "BestTimes"
    return requester


def new_record(
    row: BestTimeRow,
    seconds: int,
    last_name: str,
    screen_size,
    on_name: Callable[[str], None],
) -> Requester:
    gadget = name_gadget("", last_name, screen_size)
    requester: Requester

    def ok() -> None:
        requester.close()
        on_name(gadget.text)

    time = f"{seconds} second{'' if seconds == 1 else 's'}."
    # 2.4's words for its own slot; a kind's row (no-guess, hexagons, triangles) by its whole name
    lines = (["You have the fastest time for the", f"{row.title} level: {time}"] if row.kind is None
             else ["You have the fastest time for", f"{row.title}: {time}"]) + ["Please enter your name."]
    requester = Requester("Congratulations", lines, [("OK", ok)], screen_size, gadgets=[gadget])
    requester.help_node = "BestTimes"
    return requester


def player_name(current: str, screen_size, on_name: Callable[[str], None]) -> Requester:
    """Statistics > Player Name...: the name replays are signed with, offered for a best time."""
    gadget = name_gadget("", current, screen_size)
    requester: Requester

    def ok() -> None:
        requester.close()
        on_name(gadget.text)

    lines = ["The name your replays are signed", "with, offered first for a best time.",
             "Left empty: the one typed last."]
    requester = Requester("Player Name", lines, [("OK", ok), ("Cancel", lambda: requester.close())], screen_size,
                          gadgets=[gadget])
    requester.help_node = "StatsWindows"
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
        "",
        "Menus: hold the right button.",
        "Game, Completion, Settings, Hint",
        "and Help. Right-Amiga is Alt or the",
        "right Command/GUI key: RA-Q quits.",
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
    first = name_gadget("Player 1", last_name or "Player 1", screen_size)
    second = name_gadget("Player 2", "Computer", screen_size)
    requester: Requester

    def changed(gadget: CycleGadget) -> None:
        against_computer = mode.index == 0
        second.text = "Computer" if against_computer else "Player 2"
        second.cursor = len(second.text)
        strength.visible = against_computer
        requester.relayout()  # the strength's row goes, leaving no gap

    mode.on_change = changed

    def start() -> None:
        requester.close()
        on_start(mode.value, strength.value.lower(), first.text, second.text)

    def cancel() -> None:
        requester.close()
        on_cancel()

    lines = ["Two players take turns on 11x11 with 15 mines. A mine found: +5, a wrong guess: -2, a mine stepped on: -5."]
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

    requester = Requester("Duel Over", [summary], [("Again", again), ("Close", close)], screen_size)
    requester.help_node = "Duel"
    return requester
