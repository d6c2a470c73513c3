"""`amigasweeper --text`: the game in a terminal, for screen readers.

No window and no pyxel: the same game as the window's (play/'s Session,
its clock, its records, replays and best times, in the same data folder),
read and played a line at a time. The loop takes the player's lines from
a reading thread (reader.py), answers each with one line, and between
lines gives the Narrator, the saves and the games' ends their turn.

It ends at `quit`, at the end of the input, and at Ctrl-C or SIGTERM: each
time the game being played is kept as abandoned and everything waiting is
written, as the window does when it closes. A second Ctrl-C ends at once.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path

import amigasweeper.solver  # noqa: F401 - gives the engine its maker of no-guess boards
from amigasweeper import __version__
from amigasweeper.engine import LevelName
from amigasweeper.play import SeedSource, Session
from amigasweeper.play.choices import choices_from_settings
from amigasweeper.play.narration import narrator_for
from amigasweeper.play.options import (
    add_game_options,
    add_narration_options,
    check_game_options,
    check_narration_options,
)
from amigasweeper.records.stats_cli import desktop_folder
from amigasweeper.storage import LOCK_TIMEOUT, Storage
from amigasweeper.storage.folders import anchor_data_dir

from .reader import EndOfInput, LineReader
from .text_game import TextGame

WAIT = 0.05  # seconds the loop waits for a line before the Narrator and the saves get their turn
STOP_SIGNALS = ("SIGINT", "SIGTERM")
SIGNAL_NAMES = {getattr(signal, name): said for name, said in (("SIGINT", "Ctrl-C"), ("SIGTERM", "a stop signal"))
                if hasattr(signal, name)}


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="amigasweeper --text",
        description="MineSweeper 2.4 in a terminal: one line in, one line out, for screen readers. "
                    "Type help once it has started.",
    )
    parser.add_argument("--version", action="version", version=f"AmigaSweeper {__version__}")
    add_game_options(parser)
    add_narration_options(parser)
    parser.add_argument("--practice", action="store_true",
                        help="practice games: untimed, kept apart from the win percent, streaks and Best Times")
    args = parser.parse_args(argv)
    check_game_options(parser, args)
    check_narration_options(parser, args)
    return args


class Stop:
    """Ctrl-C and SIGTERM: noted, so the loop ends cleanly at its next turn
    (within WAIT seconds); a second one ends the program at once."""

    def __init__(self) -> None:
        self.signum: int | None = None

    def install(self) -> None:
        for name in STOP_SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                signal.signal(number, self._note)

    def _note(self, signum: int, frame: object) -> None:
        if self.signum is not None:
            raise SystemExit(128 + signum)
        self.signum = signum


class Printer:
    """Whole lines to standard output, each flushed at once. A reader that
    has gone away (a closed pipe) ends the game as the end of input does."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.closed = False
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:  # a console that cannot show a character shows "?", and goes on
            reconfigure(errors="replace")

    def line(self, text: str) -> None:
        if self.closed:
            return
        shown = "".join(ch if ch.isprintable() else " " for ch in text)
        try:
            self.stream.write(" ".join(shown.split()) + "\n")  # one line, whatever it holds
            self.stream.flush()
        except (BrokenPipeError, ValueError, OSError):
            self.closed = True


def open_storage(data_dir: str | None) -> Storage:
    """--data-dir, else AMIGASWEEPER_DATA_DIR, else the folder the window keeps its files in."""
    storage = Storage(Path(data_dir)) if data_dir else Storage.for_platform(desktop_folder())
    storage.lock_wait = 0  # a save another copy holds up waits in memory; the loop tries again
    return storage


def main(argv: list[str]) -> int:
    if sys.platform == "emscripten" or sys.stdin is None or sys.stdout is None:
        print("amigasweeper: --text needs a terminal (standard input and output)", file=sys.stderr)
        return 2
    args = parse_args([a for a in argv if a != "--text"])
    anchor_data_dir(Path.cwd())
    stop = Stop()
    stop.install()
    printer = Printer(sys.stdout)
    storage = open_storage(args.data_dir)
    loaded = storage.load()
    level = LevelName(args.level) if args.level else None
    choices = choices_from_settings(loaded.settings, level, args.no_guess)
    session = Session(choices, time.monotonic, SeedSource(args.seed))
    narrator, no_voice = narrator_for(args.narrator, Path(args.narration_log) if args.narration_log else None)
    text = TextGame(session, storage, narrator, time.monotonic, practice=args.practice)
    printer.line(text.opening([*loaded.problems, *([no_voice] if no_voice else [])]))
    status, why = play(text, LineReader(sys.stdin.buffer), printer, stop)
    last = text.farewell(why) if why else None  # said before leave() keeps the game as abandoned
    problems = text.leave(LOCK_TIMEOUT)
    for problem in problems:
        print(f"amigasweeper: {problem}", file=sys.stderr)
    if last:  # quit's own answer said goodbye: the end of the input and a signal say it here
        printer.line(last + ("; not everything could be saved (see the messages)" if problems else ""))
    return status


def play(text: TextGame, reader: LineReader, printer: Printer, stop: Stop) -> tuple[int, str]:
    """The loop: a line in, a line out, until quit, the end of input or a stop signal.
    The exit status, and why it ended when no `quit` said goodbye ("" when one did)."""
    while not text.quitting and not printer.closed:
        if stop.signum is not None:
            return 128 + stop.signum, SIGNAL_NAMES.get(stop.signum, f"signal {stop.signum}")
        line = reader.get(WAIT)
        if isinstance(line, EndOfInput):
            return 0, "the end of the input"
        if line is not None:
            printer.line(text.answer(line))
        loose = text.tick()  # the Narrator, the saves, the Demo's moves: unprompted lines
        if loose:
            printer.line(loose)
    return 0, ""

