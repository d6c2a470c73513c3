"""The text mode's commands: what a line asks for, before the board is looked at.

A line is words separated by spaces, in any case. The first word (the
first two for ``read row``, ``read column``, ``read around``, ``read
frontier``, ``next covered`` and ``next number``) names the
command; the rest are its arguments, checked here for their number and,
where they must be one of a few words (on or off, a level), for which.
Squares, rows and columns are checked against the board by access/words,
which names squares as the Narrator does.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum

from amigasweeper.engine import Completion, Shape


class Verb(Enum):
    GO = "go"
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    WHERE = "where"
    UNCOVER = "uncover"
    MARK = "mark"
    CLEAR = "clear"
    READ_ROW = "read row"
    READ_COLUMN = "read column"
    READ_AROUND = "read around"
    READ_FRONTIER = "read frontier"
    READ_BOARD = "read board"
    NEXT_COVERED = "next covered"
    NEXT_NUMBER = "next number"
    STATUS = "status"
    TIME = "time"
    MINES = "mines"
    BEST = "best"
    NEW = "new"
    LEVEL = "level"
    CUSTOM = "custom"
    MARKS = "marks"
    NO_GUESS = "no-guess"
    COMPLETION = "completion"
    SHAPE = "shape"
    PAUSE = "pause"
    RESUME = "resume"
    HINT = "hint"
    SAFE = "safe"
    KNOWN_MINES = "known mines"
    ODDS = "odds"
    DEMO = "demo"
    STRONG_DEMO = "strong demo"
    STOP = "stop"
    STATS = "stats"
    MANUAL = "manual"
    FOLLOW = "follow"
    BACK = "back"
    DUEL = "duel"
    NEXT = "next"
    HELP = "help"
    QUIT = "quit"


# What a command runs, given its arguments; it answers through the narration, so what it returns is unused.
Handler = Callable[[tuple[str, ...]], object]

ON_OFF = ("on", "off")
LEVEL_WORDS = ("beginner", "intermediate", "expert")
# The engine's words for its completion modes (the default first) and shapes, as typed here.
COMPLETIONS = {mode.word: mode for mode in sorted(Completion, key=lambda mode: mode.order)}
SHAPES = {shape.word: shape for shape in Shape}
COMPLETION_WORDS = tuple(COMPLETIONS)
SHAPE_WORDS = tuple(SHAPES)
# What a mode means, where its word does not say it.
COMPLETION_MEANINGS = {Completion.ALL_NON_MINES: "every safe square uncovered", Completion.ALL_MINES: "every mine marked"}
SHORTEST_NUMBER = 1  # of squares a direction moves


def _one_of(words: Iterable[str]) -> str:
    """'a, b or c'."""
    *rest, last = words
    return f"{', '.join(rest)} or {last}" if rest else last


@dataclass(frozen=True)
class VerbSpec:
    usage: str  # an example, as the help gives it: 'go C5'
    says: str  # what it does, for `help go`
    least: int = 0  # arguments it needs
    most: int = 0  # arguments it takes (a square's may come in two: C 5)
    words: tuple[str, ...] = ()  # the words its argument may be (none: anything, checked later)


SPECS: dict[Verb, VerbSpec] = {
    Verb.GO: VerbSpec("go C5", "moves you to a square: its column, a letter from the left, then its row, "
                  "a number from the top", 1, 2),
    Verb.UP: VerbSpec("up 3", "moves you as many squares up as you say; up alone, one", 0, 1),
    Verb.DOWN: VerbSpec("down 3", "moves you as many squares down as you say; down alone, one", 0, 1),
    Verb.LEFT: VerbSpec("left 3", "moves you as many squares left as you say; left alone, one", 0, 1),
    Verb.RIGHT: VerbSpec("right 3", "moves you as many squares right as you say; right alone, one", 0, 1),
    Verb.WHERE: VerbSpec("where", "says the square you are on and what it shows"),
    Verb.UNCOVER: VerbSpec("uncover", "uncovers the square you are on, or the one you name (u for short)", 0, 2),
    Verb.MARK: VerbSpec("mark", "marks the square you are on (or the one you name) as a mine; again, with a "
                    "question mark; again, with no mark (m for short)", 0, 2),
    Verb.CLEAR: VerbSpec("clear", "when the square you are on (or the one you name) is a number with as many marks "
                     "around it as it shows, uncovers every other square around it (l for short)", 0, 2),
    Verb.READ_ROW: VerbSpec("read row 5", "reads a row in runs, like A to F covered, G 1 2, I to P blank "
                        "(G 1, H 2); alone, your row", 0, 1),
    Verb.READ_COLUMN: VerbSpec("read column C", "reads a column in runs, like 1 to 4 covered, 5 2, 6 to 16 blank; "
                           "alone, your column", 0, 1),
    Verb.READ_AROUND: VerbSpec("read around", "reads your square (or one you name: read around C5) and every "
                           "square touching it", 0, 2),
    Verb.READ_FRONTIER: VerbSpec("read frontier", "reads the numbers touching covered squares, row by row; "
                             "read frontier 9 from row 9", 0, 1),
    Verb.READ_BOARD: VerbSpec("read board", "the whole board: first what goes unsaid (rest open; ends covered: "
                          "after a row's last square named; starts covered: before its first), then each row's "
                          "stretches from their column, a word a square: row 7 open F P mark 1 2 covered to S (a "
                          "column alone is a mark; open: row 7's own edges); read board 9 from row 9", 0, 1),
    Verb.NEXT_COVERED: VerbSpec("next covered", "moves you to the next covered square, left to right and then down, "
                            "round to the top after the last; none when every square is uncovered or marked"),
    Verb.NEXT_NUMBER: VerbSpec("next number", "moves you to the next uncovered number, left to right and then down, "
                           "round to the top after the last"),    Verb.STATUS: VerbSpec("status", "says whether the game is being played, won or lost, the mines counter "
                      "and the time"),
    Verb.TIME: VerbSpec("time", "says the time"),
    Verb.MINES: VerbSpec("mines", "says the mines counter: the mines less the marks"),
    Verb.BEST: VerbSpec("best", "reads the best times"),
    Verb.NEW: VerbSpec("new", "starts a new game (one being played is kept as abandoned)"),
    Verb.LEVEL: VerbSpec("level expert", "starts a new game at beginner, intermediate or expert", 1, 1,
                     LEVEL_WORDS),
    Verb.CUSTOM: VerbSpec("custom 10 12 20", "starts a new game on a custom board: width, height and mines", 3, 3),
    Verb.MARKS: VerbSpec("marks off", "question marks on or off: with them on, a second mark makes a question",
                     1, 1, ON_OFF),
    Verb.NO_GUESS: VerbSpec("no-guess on", "boards that need no guessing on or off, from a new game", 1, 1, ON_OFF),
    Verb.COMPLETION: VerbSpec("completion both", "when a game is won, from a new game: " + _one_of(
        f"{word} ({COMPLETION_MEANINGS[mode]})" if mode in COMPLETION_MEANINGS else word
        for word, mode in COMPLETIONS.items()), 1, 1, COMPLETION_WORDS),
    Verb.SHAPE: VerbSpec("shape hexagonal", "the squares' shape, from a new game: " + _one_of(SHAPE_WORDS), 1, 1,
                     SHAPE_WORDS),
    Verb.PAUSE: VerbSpec("pause", "stops the clock and hides the board"),
    Verb.RESUME: VerbSpec("resume", "starts the clock again after pause"),
    # The assistance, the statistics, the manual and Duel (terminal/assist_text.py,
    # stats_text.py, manualpages.py, dueltext.py; next: pager.py)
    Verb.HINT: VerbSpec("hint", "says a square that is certain, safe or a mine, the rule that proves it and why "
                    "(the game then counts as helped: no best time)"),
    Verb.SAFE: VerbSpec("safe", "lists every square proved safe (helped)"),
    Verb.KNOWN_MINES: VerbSpec("known mines", "lists every square proved a mine (helped); mines alone is the counter"),
    Verb.ODDS: VerbSpec("odds C5", "says the chance of a mine on the square you name, or the one you are on "
                    "(helped)", 0, 2),
    Verb.DEMO: VerbSpec("demo", "the computer plays on, a move a line, until the game ends or you type stop "
                    "(helped)"),
    Verb.STRONG_DEMO: VerbSpec("strong demo", "the Demo with guesses that look further ahead"),
    Verb.STOP: VerbSpec("stop", "stops the Demo"),
    Verb.STATS: VerbSpec("stats beginner", "reads the statistics: every row, or a level's rows (beginner, "
                     "intermediate, expert) or a board's (30x16/99)", 0, 1),
    Verb.MANUAL: VerbSpec("manual", "reads the manual a page at a time, its links numbered; manual and a page's "
                      "name or title opens that page: manual duel", 0, 4),
    Verb.FOLLOW: VerbSpec("3 (a link's number)", "on a manual page, a link's number follows that link", 1, 1),
    Verb.BACK: VerbSpec("back", "in the manual, goes back to the page before"),
    Verb.DUEL: VerbSpec("duel computer", "starts a Duel against the computer (duel computer strong for a "
                    "stronger one) or hot-seat (duel players); duel alone says its commands", 0, 2),
    Verb.NEXT: VerbSpec("next", "says the next page of a long answer (more does too)"),
    Verb.HELP: VerbSpec("help", "lists the commands; help and a command's name says what that one does", 0, 2),
    Verb.QUIT: VerbSpec("quit", "ends the program (a game being played is kept as abandoned)"),
}
# Other words for a command: the window's keys (U uncover, M or G mark, L or A
# clear around), and what players of other programs type.
ALIASES = {
    "u": Verb.UNCOVER, "open": Verb.UNCOVER, "m": Verb.MARK, "g": Verb.MARK, "flag": Verb.MARK,
    "l": Verb.CLEAR, "a": Verb.CLEAR, "chord": Verb.CLEAR, "exit": Verb.QUIT, "?": Verb.HELP,
    "nog": Verb.NO_GUESS, "noguess": Verb.NO_GUESS,
    "more": Verb.NEXT,
}
READ_ALIASES = {"row": Verb.READ_ROW, "column": Verb.READ_COLUMN, "col": Verb.READ_COLUMN,
                "around": Verb.READ_AROUND, "frontier": Verb.READ_FRONTIER,
                "board": Verb.READ_BOARD}
NEXT_ALIASES = {"covered": Verb.NEXT_COVERED, "number": Verb.NEXT_NUMBER}
FIRST_WORDS = {verb.value: verb for verb in Verb if " " not in verb.value} | ALIASES
# Two-word commands other than read's and next's (known mines, strong demo)
TWO_WORDS = {verb.value: verb for verb in Verb
             if " " in verb.value and not verb.value.startswith(("read ", "next "))}


class CommandError(ValueError):
    """A line that is not a command; the message says what was wrong and what would work."""


@dataclass(frozen=True)
class TextCommand:
    verb: Verb
    args: tuple[str, ...] = ()


def quoted(word: str, longest: int = 20) -> str:
    """A word of the player's, shown back safely: printable, and not too long."""
    shown = "".join(ch for ch in word if ch.isprintable())
    return f'"{shown[:longest]}..."' if len(shown) > longest else f'"{shown}"'


def parse(text: str) -> TextCommand:
    """The command a line says (CommandError when it says none)."""
    words = text.split()
    if not words:
        raise CommandError("type a command, like go C5 or uncover; help lists them all")
    first = words[0].lower()
    if first == "read":
        return _read(words[1:])
    if first == "next" and len(words) > 1:  # next covered, next number (next alone pages)
        return _next(words[1:])
    if first.isdecimal():  # a link's number on a manual page
        return _checked(Verb.FOLLOW, tuple(words))
    two = " ".join(words[:2]).lower()
    if two in TWO_WORDS:
        return _checked(TWO_WORDS[two], tuple(words[2:]))
    verb = FIRST_WORDS.get(first)
    if verb is None:
        raise CommandError(_unknown(first))
    return _checked(verb, tuple(words[1:]))


def _read(words: list[str]) -> TextCommand:
    verb = READ_ALIASES.get(words[0].lower()) if words else None
    if verb is None:
        what = f"{quoted(words[0])} is not something to read" if words else "read needs what to read"
        raise CommandError(f"{what}: read row 5, read column C, read around, read frontier "
                           "or read board")
    return _checked(verb, tuple(words[1:]))


def _next(words: list[str]) -> TextCommand:
    verb = NEXT_ALIASES.get(words[0].lower()) if words else None
    if verb is None:
        what = f"{quoted(words[0])} is not something to go to" if words else "next needs what to go to"
        raise CommandError(f"{what}: next covered or next number")
    return _checked(verb, tuple(words[1:]))


def _checked(verb: Verb, args: tuple[str, ...]) -> TextCommand:
    spec = SPECS[verb]
    if not spec.least <= len(args) <= spec.most:
        raise CommandError(_arity(verb, spec, len(args)))
    if spec.words:
        word = args[0].lower()
        if word not in spec.words:
            raise CommandError(f"{verb.value} takes {_listed(spec.words)}, not {quoted(args[0])}: "
                               f"like {spec.usage}")
        args = (word, *args[1:])
    return TextCommand(verb, args)


def _arity(verb: Verb, spec: VerbSpec, given: int) -> str:
    if spec.most == 0:
        return f"{verb.value} takes nothing after it: type just {verb.value}"
    if given < spec.least:
        return f"{verb.value} needs more: like {spec.usage}"
    return f"{verb.value} takes at most {spec.most} {'word' if spec.most == 1 else 'words'} after it: like {spec.usage}"


def _listed(words: tuple[str, ...]) -> str:
    return ", ".join(words[:-1]) + " or " + words[-1]


def _unknown(word: str) -> str:
    close = difflib.get_close_matches(word, [v.value for v in Verb if " " not in v.value], n=1, cutoff=0.7)
    started = [two for two in TWO_WORDS if two.split()[0] == word]  # "known": known mines
    hint = f"did you mean {(started or close)[0]}? " if started or close else ""
    return f"{quoted(word)} is not a command: {hint}help lists them all, go C5 moves you to a square"


def help_line(topic: tuple[str, ...] = ()) -> str:
    """`help`: every command in one line; `help go`: what one command does."""
    if not topic:
        listed = ", ".join(SPECS[verb].usage for verb in Verb)
        return (f"commands: {listed}. uncover, mark, clear and read around act where you are, or on a square "
                f"you name: uncover C5. help and a command says more: help clear")
    words = " ".join(topic).lower()
    if words in ("read", "next"):
        group = READ_ALIASES if words == "read" else NEXT_ALIASES
        said = "; ".join(f"{SPECS[verb].usage}: {SPECS[verb].says}" for verb in dict.fromkeys(group.values()))
        return said + ("; next alone: the next page of a long answer" if words == "next" else "")
    verb = (FIRST_WORDS.get(words) or TWO_WORDS.get(words) or READ_ALIASES.get(words.removeprefix("read ").strip())
            or NEXT_ALIASES.get(words.removeprefix("next ").strip()))
    if words.isdecimal():
        verb = Verb.FOLLOW
    if verb is None:
        return f"{quoted(words)} is not a command: help alone lists them all"
    return f"{SPECS[verb].usage}: {SPECS[verb].says}"
