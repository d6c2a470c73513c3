"""One game as the statistics keep it, and its one-line text form.

A line holds, separated by single spaces::

    date_ms level width height mines shape no_guess completion marks result
    time_ms bbbv bbbv_solved openings islands zini left right chord
    left_eff right_eff chord_eff replay keep helped by_marks practice
    path flags no_flag helps

(about 110 bytes; ``zini`` is ``-`` off square boards, ``replay`` is ``e`` for
an EVF file, ``n`` for our format, ``-`` for none; the replay's file name is
made from the record by replay_names.replay_file_name). The rates (IOE, 3BV/s...) are
worked out from the counts when read.

``helped`` is 1 when any help was used in the game (Hint, Show Safe and
Mines, Show Probabilities, the Demo), ``by_marks`` 1 for a win by marks
alone (All Mines Found or Either with safe squares still covered). Lines
written before these two fields existed have 24 fields: they read as not
helped (that version never knew), and as won by marks when such a win left
3BV unsolved, which only a win by marks can.

``practice`` (1) marks a game played for practice (``--text
--practice``): kept, but out of the win percent, the streaks and the best
figures. Lines of the version that brought it have it only on a practice
game's line (27 fields); a line without it is not practice.

``path`` (how far the mouse went, as ms-toollib measures it, to 3 decimals),
``flags`` (ms-toollib's flag count at the end) and ``no_flag`` (1 when no
flag was put down in the whole game) are worked out from the game's mouse
events at its end, since its replay may be pruned later; ``helps`` says
which kinds of help were used, a letter each (h hint, s Show Safe and
Mines, p Show Probabilities, d the Demo; ``-`` none), so that a Demo game
is told from a hinted one. The newest lines have all 31 fields, practice
written 0 or 1. Lines written before these four existed (24, 26 or 27
fields) read them as null (unknown), and a helped game of theirs as
helped with a kind unknown. (An older version, which reads at most 27
fields, skips the newest lines as ones it cannot read.)
"""

from __future__ import annotations

from dataclasses import fields
from typing import Final, NamedTuple

from ..engine.levels import MAX_SIDE, MIN_SIDE, LevelName
from ..engine.rules import Completion
from ..engine.topology import Shape
from ..metrics.game_metrics import GameMetrics
from ..metrics.stnb import stnb
from ..replay.recording import Recording
from .replay_names import replay_file_name

# The most any count of a game can be: a click or millisecond count past
# it (a thousand years of play) is no game's, and is refused with the line.
MAX_COUNT = 10**12
MAX_DATE_MS = 10**14  # the year 5138 (a clock set before 1970 still keeps its games)


def _check_values(date_ms: int, sizes: list[int], counts: list[int], zini: int | None) -> None:
    """ValueError for figures no game can have: a board the game cannot
    make, more mines than squares, counts past the board's squares (3BV,
    openings, islands, ZiNi) or past any time (clicks, milliseconds)."""
    width, height, mines = sizes
    cells = width * height
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE and 0 < mines < cells):
        raise ValueError("a board no game can have")
    if min(counts) < 0 or (zini is not None and not 0 <= zini <= cells) or not -MAX_DATE_MS < date_ms < MAX_DATE_MS:
        raise ValueError("a count is out of range")
    if max(counts[1:5]) > cells or counts[2] > counts[1] or max(counts) > MAX_COUNT:
        raise ValueError("a count is more than the board holds")


# A level is written as its first letter (b, i, e, c): the engine's names
# decide the letters, so a new level must bring a letter of its own. A shape
# and a completion mode bring theirs (the engine's Shape.code, Completion.code).
LEVEL_CODES = {name.value: name.value[0] for name in LevelName}
SHAPE_CODES = {shape.value: shape.code for shape in Shape}
COMPLETION_CODES = {mode.value: mode.code for mode in Completion}
RESULT_CODES = {"won": "w", "lost": "l", "abandoned": "a"}
REPLAY_CODES = {".evf": "e", ".asreplay": "n", "": "-"}
# The kinds of help (play's Help values) as the line writes them, a letter each.
HELP_CODES = {"hint": "h", "safe and mines": "s", "probabilities": "p", "demo": "d"}
HELP_NAMES = {code: name for name, code in HELP_CODES.items()}
DEMO_CODE = HELP_CODES["demo"]
UNKNOWN_HELP = "?"  # a helped game of a line that did not say which help
_DECODE = {name: {v: k for k, v in table.items()} for name, table in (
    ("level", LEVEL_CODES), ("shape", SHAPE_CODES), ("completion", COMPLETION_CODES),
    ("result", RESULT_CODES), ("replay", REPLAY_CODES),
)}
# The completion modes a win by marks alone can happen in: those every mine marked satisfies.
MARKS_MODES = tuple(mode.value for mode in Completion if mode.marks_win)
_LEVELS, _SHAPES, _COMPLETIONS, _RESULTS, _REPLAYS = (
    _DECODE[name] for name in ("level", "shape", "completion", "result", "replay")
)


def _field_text(value: object) -> str:
    """A field as its line writes it: a flag as 0 or 1, nothing (None or "") as "-"."""
    if isinstance(value, bool):
        return str(int(value))
    if value is None or value == "":
        return "-"
    return str(value)


# Where GameMetrics' figures lie in a record: literal bounds, so that the
# checker can match the slice's types with GameMetrics' fields (KeptGame.metrics).
_METRICS_START: Final = 10
_METRICS_STOP: Final = 22

_new_tuple = tuple.__new__  # skips the named tuple's argument binding, checked by the round-trip tests


class KeptGame(NamedTuple):
    """One game. A named tuple, not a dataclass: 100,000 of them are read at
    once and a tuple is made several times faster. Its fields are
    SETUP_FIELDS, METRIC_FIELDS (GameMetrics') and KEPT_FIELDS, then
    PLAY_FIELDS, in that order."""

    # SETUP_FIELDS: the game's set-up and result
    date_ms: int  # when the game started, milliseconds since 1970 (UTC)
    level: str  # a LevelName's value
    width: int
    height: int
    mines: int
    shape: str  # a Shape's value
    no_guess: bool
    completion: str  # a Completion's value
    marks: bool
    result: str  # "won", "lost" or "abandoned"
    # METRIC_FIELDS: GameMetrics' figures, in its order (checked below)
    time_ms: int
    bbbv: int
    bbbv_solved: int
    openings: int
    islands: int
    zini: int | None  # None off square boards
    left: int
    right: int
    chord: int
    left_eff: int
    right_eff: int
    chord_eff: int
    # KEPT_FIELDS: what the statistics add
    replay_suffix: str = ""  # ".evf", ".asreplay" or "" (none)
    keep: bool = False  # the player chose to keep the replay
    helped: bool = False  # hints, probabilities, the Demo or any other help were used
    by_marks: bool = False  # won by marking every mine, with safe squares still covered
    practice: bool = False  # played for practice: written only when true (see the module's doc)
    # PLAY_FIELDS; None: a line of an older format, which did not keep it
    path: float | None = None  # how far the mouse went (metrics/path.py), rounded to 3 decimals
    flags: int | None = None  # ms-toollib's flag count at the end of the game
    no_flag: bool | None = None  # no flag was put down in the whole game
    helps: str = ""  # the kinds of help used, as HELP_CODES letters ("" none, "?" of a kind unknown)

    @property
    def metrics(self) -> GameMetrics:
        return GameMetrics(*self[_METRICS_START:_METRICS_STOP])

    @property
    def seconds(self) -> int:
        """The time as 2.4's counter showed it (1 at once, at most 999)."""
        return min(999, self.time_ms // 1000 + 1)

    @property
    def replay_name(self) -> str:
        """The replay's file name ("" when it has none); replays saved before
        names said more are found under their older name too (ReplayFolder.path_of)."""
        return replay_file_name(self) if self.replay_suffix else ""

    @property
    def won(self) -> bool:
        return self.result == "won"

    @property
    def demo(self) -> bool:
        """The Demo played (some of) the game."""
        return DEMO_CODE in self.helps

    @property
    def help_names(self) -> list[str]:
        """The kinds of help used, in words ("unknown" for an older line's)."""
        return [HELP_NAMES.get(code, "unknown") for code in self.helps]

    @property
    def stnb(self) -> float | None:
        return stnb(self.width, self.height, self.mines, self.bbbv, self.bbbv_solved, self.time_ms)

    @classmethod
    def from_recording(cls, recording: Recording, level: str, replay_suffix: str = "", by_marks: bool = False,
                       practice: bool = False) -> KeptGame:
        s, m = recording.setup, recording.metrics()
        path, flags, no_flag, helps = _play_figures(recording)
        return cls(
            date_ms=round(recording.started * 1000), level=level, width=s.width, height=s.height,
            mines=s.mines, shape=s.shape.value, no_guess=s.layout.value == "no-guess",
            completion=s.completion.value, marks=s.marks, result=recording.result.value,
            time_ms=m.time_ms, bbbv=m.bbbv, bbbv_solved=m.bbbv_solved, openings=m.openings, islands=m.islands,
            zini=m.zini, left=m.left, right=m.right, chord=m.chord,
            left_eff=m.left_eff, right_eff=m.right_eff, chord_eff=m.chord_eff,
            replay_suffix=replay_suffix, helped=recording.helped, by_marks=by_marks, practice=practice,
            path=path, flags=flags, no_flag=no_flag, helps=helps,
        )

    # ------------------------------------------------------------- text
    def to_line(self) -> str:
        coded = self._replace(
            level=LEVEL_CODES[self.level], shape=SHAPE_CODES[self.shape], completion=COMPLETION_CODES[self.completion],
            result=RESULT_CODES[self.result], replay_suffix=REPLAY_CODES[self.replay_suffix],
        )
        return " ".join(map(_field_text, coded))

    @classmethod
    def from_line(cls, line: str) -> KeptGame:
        """Raises ValueError (or KeyError) on a line that is not a record.
        Written for speed: 100,000 lines are read each time the statistics are."""
        p = line.split(" ")
        if len(p) not in (FIELD_COUNT, SECOND_FIELD_COUNT, PRACTICE_FIELD_COUNT, FIRST_FIELD_COUNT):
            raise ValueError(f"{len(p)} fields, not {FIELD_COUNT}")
        if len(p) == PRACTICE_FIELD_COUNT and p[26] != "1" or len(p) == FIELD_COUNT and p[26] not in ("0", "1"):
            raise ValueError("a practice field that is not 1 (or 0, on the newest lines)")
        practice = len(p) >= PRACTICE_FIELD_COUNT and p[26] == "1"
        sizes = list(map(int, p[2:5]))
        counts = list(map(int, p[10:15] + p[16:22]))
        zini = None if p[15] == "-" else int(p[15])
        _check_values(int(p[0]), sizes, counts, zini)
        completion, result = _COMPLETIONS[p[7]], _RESULTS[p[9]]
        if len(p) > FIRST_FIELD_COUNT:
            helped, by_marks = p[24] == "1", p[25] == "1"
        else:  # bbbv_solved < bbbv on a win: safe squares were left covered
            helped, by_marks = False, result == "won" and completion in MARKS_MODES and counts[1] < counts[0]
        play = _read_play(p) if len(p) == FIELD_COUNT else (None, None, None, UNKNOWN_HELP if helped else "")
        return _new_tuple(cls, (
            int(p[0]), _LEVELS[p[1]], *sizes, _SHAPES[p[5]], p[6] == "1", completion, p[8] == "1",
            result, *counts[:5], zini, *counts[5:], _REPLAYS[p[22]], p[23] == "1", helped, by_marks,
            practice, *play,
        ))

    def as_json(self, replay_path: str | None) -> dict[str, object]:
        """The game as ``--stats --json`` lists it."""
        m = self.metrics
        return {
            "date_ms": self.date_ms, "level": self.level, "width": self.width, "height": self.height,
            "mines": self.mines, "shape": self.shape, "no_guess": self.no_guess,
            "completion": self.completion, "marks": self.marks, "result": self.result,
            "time_ms": self.time_ms, "seconds": self.seconds, **{k: v for k, v in m.as_dict().items() if k != "time_ms"},
            "stnb": self.stnb, "path": self.path, "flags": self.flags, "no_flag": self.no_flag,
            "helped": self.helped, "helps": self.help_names, "demo": self.demo,
            "by_marks": self.by_marks, "practice": self.practice, "replay": replay_path,
        }


# The fields of a record in the groups of its line (see KeptGame).
_FIELDS = KeptGame._fields
SETUP_FIELDS = _FIELDS[:_METRICS_START]
METRIC_FIELDS = _FIELDS[_METRICS_START:_METRICS_STOP]
KEPT_FIELDS = _FIELDS[_METRICS_STOP:_FIELDS.index("path")]
PLAY_FIELDS = _FIELDS[_FIELDS.index("path"):]
if METRIC_FIELDS != tuple(field.name for field in fields(GameMetrics)):
    # KeptGame.metrics hands them to GameMetrics by position: a field added there must be added here.
    raise TypeError("KeptGame's metric fields are not GameMetrics' fields in their order")
FIELD_COUNT = len(_FIELDS)  # the newest lines
PRACTICE_FIELD_COUNT = FIELD_COUNT - len(PLAY_FIELDS)  # a practice game's line before path and flags
SECOND_FIELD_COUNT = PRACTICE_FIELD_COUNT - 1  # the lines with helped and by_marks, before practice
FIRST_FIELD_COUNT = SECOND_FIELD_COUNT - 2  # the lines of the first version, without helped and by_marks


# The PLAY_FIELDS' values: path, flags, no_flag, helps.
_PlayFigures = tuple[float | None, int | None, bool | None, str]


def _play_figures(recording: Recording) -> _PlayFigures:
    """The PLAY_FIELDS of a finished game, from its mouse events."""
    flags, placed = recording.flag_counts()
    codes = "".join(sorted(HELP_CODES.get(kind, UNKNOWN_HELP) for kind in set(recording.helps)))
    if recording.helped and not codes:
        codes = UNKNOWN_HELP
    return round(recording.path, 3), flags, placed == 0, codes


def _read_play(p: list[str]) -> _PlayFigures:
    """The PLAY_FIELDS of a line of the newest format; ValueError when out of shape."""
    path = None if p[27] == "-" else float(p[27])
    flags = None if p[28] == "-" else int(p[28])
    if (path is not None and not 0 <= path < float("inf")) or (flags is not None and flags < 0):
        raise ValueError("a path or flag count is negative")
    if p[29] not in ("0", "1", "-"):
        raise ValueError("no_flag is 0, 1 or -")
    helps = "" if p[30] == "-" else p[30]
    if any(code not in HELP_NAMES and code != UNKNOWN_HELP for code in helps):
        raise ValueError("an unknown kind of help")
    return path, flags, None if p[29] == "-" else p[29] == "1", helps
