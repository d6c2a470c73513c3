"""The command-line options that choose a game, written once for every
front end of play/: the window (ui/app.py) and the text mode
(amigasweeper/terminal)."""

from __future__ import annotations

import argparse

from amigasweeper.engine import LevelName


def add_text_option(parser: argparse.ArgumentParser) -> None:
    """--text, which the entry point (amigasweeper/__main__.py) hands to the text mode."""
    parser.add_argument("--text", action="store_true",
                        help="play in the terminal, a line in and a line out, for screen readers "
                             "(amigasweeper --text --help lists its options)")


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """--seed, --level, --data-dir and --no-guess."""
    parser.add_argument("--seed", type=int, help="seed of the first board, for replayable games")
    parser.add_argument("--level", choices=[n.value for n in LevelName if n is not LevelName.CUSTOM])
    parser.add_argument("--data-dir", help="folder for settings and best times")
    parser.add_argument("--no-guess", action="store_true",
                        help="boards that need no guessing, whatever the saved setting says (not saved)")


def check_game_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """What argparse cannot check of them: exits through ``parser.error``."""
    if args.data_dir is not None and not args.data_dir.strip():
        parser.error("--data-dir needs a folder name; an empty one would mean the current folder")


def add_narration_options(parser: argparse.ArgumentParser) -> None:
    """--narrator and --narration-log (play/narration.py makes what they ask for)."""
    parser.add_argument("--narrator", action="store_true",
                        help="speak every line through the system's voice as well (see the manual's "
                             "Accessibility page)")
    parser.add_argument("--narration-log", metavar="FILE",
                        help="append every line the Narrator says, with the time, to FILE (needs no voice)")


def check_narration_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """What argparse cannot check of --narration-log: exits through ``parser.error``."""
    if args.narration_log is not None and not args.narration_log.strip():
        parser.error("--narration-log needs a file name")
