"""The command line of the windowed program: what it may be asked, checked
before anything opens (a script, guide or replay named must be a plain
file of bounded size), as the Options the app starts with."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from amigasweeper import __version__, plainfiles
from amigasweeper.engine import LevelName
from amigasweeper.guide.paths import GUIDE_LIMIT
from amigasweeper.play import options as play_options
from amigasweeper.play.options import add_game_options, add_text_option, check_game_options
from amigasweeper.replay.files import MAX_REPLAY_BYTES

from .drive.script import SCRIPT_LIMIT
from .intuition.modes import Look, ScreenMode


@dataclass
class Options:
    headless: bool = False
    script: Path | None = None
    seed: int | None = None
    level: LevelName | None = None
    look: Look | None = None
    screen: ScreenMode | None = None
    data_dir: Path | None = None  # where settings and best times live (headless: memory if None)
    start_dir: Path | None = None  # the folder the program was started in: relative paths start here
    guide: Path | None = None  # show this guide in the viewer alone, as `multiview FILE` does
    node: str | None = None  # the guide's page to open first
    touch_play: bool | None = None  # --touch / --no-touch (None: the saved setting)
    replay: Path | None = None  # a replay file to show in the Replay window
    no_guess: bool = False  # --no-guess: no-guess boards for this run, whatever the saved setting (not saved)
    narrator: bool = False  # --narrator: the Narrator speaks this run, whatever the saved setting (not saved)
    narration_log: Path | None = None  # --narration-log FILE: every line the Narrator says


def parse_args(argv: list[str]) -> Options:
    parser = argparse.ArgumentParser(
        prog="amigasweeper",
        description="MineSweeper 2.4 for the Amiga, on a Workbench screen.",
    )
    parser.add_argument("--version", action="version", version=f"AmigaSweeper {__version__}")
    parser.add_argument("--headless", action="store_true", help="run with no window (needs --script)")
    parser.add_argument("--script", type=Path, help="drive the game from a script file (see the manual)")
    add_text_option(parser)
    add_game_options(parser)  # --seed, --level, --data-dir, --no-guess: the text mode's too
    play_options.add_narration_options(parser)  # --narrator, --narration-log: the text mode's too
    parser.add_argument("--look", choices=[look.value for look in Look])
    parser.add_argument("--screen", choices=[mode.value for mode in ScreenMode])
    parser.add_argument("--touch", dest="touch_play", action=argparse.BooleanOptionalAction,
                        help="touch play on or off (long press marks), whatever the saved setting says")
    parser.add_argument("--guide", type=Path, metavar="FILE",
                        help="show an AmigaGuide file in the help viewer alone, as `multiview FILE` does")
    parser.add_argument("--node", metavar="NAME", help="with --guide: the page to open first")
    parser.add_argument("--replay", type=Path, metavar="FILE", help="watch a replay (.evf, .asreplay, .avf, .rmv or .mvf) in the Replay window")
    parser.add_argument("--check", action="store_true",
                        help="with --guide: print the guide's problems with their line numbers; exit 1 if any")
    parser.add_argument("--stats", action="store_true",
                        help="print the statistics of the games kept, with no window; filters: "
                             "--since today|week|month|year|all, --flagging or --no-flag, "
                             "--min-3bv N|beginner|intermediate|expert, --shape square|hex|triangle, "
                             "--no-guess or --random")
    parser.add_argument("--audit", type=Path, metavar="FILE",
                        help="print how lucky a replay's guesses were, with no window (amigasweeper --audit --help "
                        "lists its options)")
    parser.add_argument("--json", action="store_true",
                        help="with --stats: every game (stnb, path, clicks_per_s, effective_clicks_per_s, "
                             "flags, no_flag, helps... see the manual) and the rows as JSON")
    args = parser.parse_args(argv)
    if args.headless and args.script is None:
        parser.error("--headless needs --script FILE: with no window there is nothing else to drive the game")
    check_game_options(parser, args)
    play_options.check_narration_options(parser, args)
    if args.node is not None and args.guide is None:
        parser.error("--node NAME needs --guide FILE")
    for flag, path, limit in (("--script", args.script, SCRIPT_LIMIT), ("--guide", args.guide, GUIDE_LIMIT),
                              ("--replay", args.replay, MAX_REPLAY_BYTES)):  # plain files of bounded size
        if path is not None and plainfiles.problem(path, limit):
            parser.error(f"{flag}: {plainfiles.problem(path, limit)}")
    # pyxel.init makes the folder of its caller current, so paths given on the
    # command line are fixed against the folder the program was started in.
    return Options(
        headless=args.headless,
        script=args.script.absolute() if args.script else None,
        seed=args.seed,
        level=LevelName(args.level) if args.level else None,
        look=Look(args.look) if args.look else None,
        screen=ScreenMode(args.screen) if args.screen else None,
        data_dir=Path(args.data_dir).absolute() if args.data_dir else None,
        start_dir=Path.cwd(),
        guide=args.guide.absolute() if args.guide else None,
        node=args.node,
        touch_play=args.touch_play,
        replay=args.replay.absolute() if args.replay else None,
        no_guess=args.no_guess,
        narrator=args.narrator,
        narration_log=Path(args.narration_log).absolute() if args.narration_log else None,
    )
