"""`amigasweeper` and `python -m amigasweeper`: start the game."""

from __future__ import annotations

import os
import sys

from amigasweeper.arguments import ArgumentsError, split_arguments

ARGS_ENV = "AMIGASWEEPER_ARGS"
READER_FLAG = "--read-replay-with-ms-toollib"  # the same as amigasweeper.replay.toollib_child.FLAG


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "--check" in args:
        # The guide linter: pure Python, no window, so pyxel is not imported.
        from amigasweeper.guide.lint import main as check

        return check(args)
    if args[:1] == [READER_FLAG]:
        # A child process reading one AVF, RMV or MVF file with ms-toollib
        # (amigasweeper/replay/foreign.py starts it): no window, no pyxel.
        from amigasweeper.replay.toollib_child import main as read_replay

        return read_replay(args[1:])
    if "--audit" in args:
        # The luck audit of a recorded game: pure Python, no window.
        from amigasweeper.replay.audit_cli import main as audit

        return audit(args)
    if "--stats" in args:
        # The statistics table: pure Python, works without a display.
        from amigasweeper.records.stats_cli import main as stats

        return stats(args)
    if "--text" in args:
        # The text mode, for screen readers: the game in a terminal, no window, no pyxel.
        from amigasweeper.terminal.text_cli import main as text

        return text(args)
    from amigasweeper.ui.launch import run

    return run(args)


def main_from_environment(windows: bool | None = None) -> int:
    """Start with the command line in AMIGASWEEPER_ARGS (how `pyxel play` and
    the web page pass arguments), split by the rules of the system it runs on
    (amigasweeper/arguments.py): CommandLineToArgvW's on Windows, a POSIX
    shell's elsewhere. A value that cannot be split gets one line and exit
    status 1."""
    text = os.environ.get(ARGS_ENV, "")
    try:
        argv = split_arguments(text, windows=os.name == "nt" if windows is None else windows)
    except ArgumentsError as error:
        print(f"amigasweeper: {ARGS_ENV} {error}: {text!r}", file=sys.stderr)
        return 1
    return main(argv)


if __name__ == "__main__":
    sys.exit(main())
