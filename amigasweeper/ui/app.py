"""The program: the Workbench screen with the MineSweeper window, driven by
pyxel's frame loop on the desktop and the web, or by a script when headless."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pyxel

from amigasweeper import __version__
from amigasweeper.engine import Game, GameStatus, LevelName

from .input import HeldButtons, InputReader
from .minewindow import MineWindow
from .modes import Look, ScreenMode
from .palette import KICKSTART2_REMAP, RGB
from .screen import WorkbenchScreen
from .session import Choices, SeedSource, Session
from .widgets import Dispatcher

FPS = 60
PACKAGE_DIR = Path(__file__).resolve().parent.parent
ASSETS = PACKAGE_DIR / "assets.pyxres"


@dataclass
class Options:
    headless: bool = False
    script: Path | None = None
    seed: int | None = None
    level: LevelName | None = None
    look: Look | None = None
    screen: ScreenMode | None = None


class FrameClock:
    """Time as frames shown: a headless run's clock, the same on every machine."""

    def __init__(self) -> None:
        self.frames = 0

    def __call__(self) -> float:
        return self.frames / FPS


class App:
    """Everything on the screen. Pyxel must be initialised before it is made."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.frame_clock = FrameClock()
        self.clock = self.frame_clock if options.headless else time.monotonic
        self.look = options.look or Look.KICKSTART3
        self.screen_mode = options.screen or ScreenMode.LOWRES
        self.quit_requested = False
        self._setup_pyxel()
        choices = Choices(level=options.level or LevelName.BEGINNER)
        self.session = Session(choices, self.clock, SeedSource(options.seed))
        self.screen = WorkbenchScreen(*self.screen_mode.size)
        self.mine_window = MineWindow(
            self.session,
            self.screen_mode.size,
            on_close=self.request_quit,
            on_depth=lambda: self.screen.depth(self.mine_window),
            on_game_over=self.game_over,
        )
        self.screen.add(self.mine_window)
        self.held = HeldButtons() if options.headless else None
        self.reader = InputReader(self.held)
        self.dispatcher = Dispatcher(self.screen)

    def _setup_pyxel(self) -> None:
        pyxel.load(str(ASSETS))
        for pen, rgb in RGB.items():
            while len(pyxel.colors) <= pen:
                pyxel.colors.append(0)
            pyxel.colors[pen] = rgb
        if (pyxel.width, pyxel.height) != self.screen_mode.size:
            pyxel.resize(*self.screen_mode.size)

    @property
    def game(self) -> Game:
        return self.session.game

    # --------------------------------------------------------------- events
    def request_quit(self) -> None:
        self.quit_requested = True

    def game_over(self, game: Game) -> None:
        if game.status is GameStatus.LOST:
            self.screen.beep()

    # ---------------------------------------------------------------- frame
    def update(self) -> None:
        self.frame_clock.frames += 1
        frame = self.reader.read()
        self.screen.tick()
        self.mine_window.on_key(frame)
        self.dispatcher.dispatch(frame)
        self.mine_window.tick()
        if self.quit_requested and not self.options.headless:
            pyxel.quit()

    def draw(self) -> None:
        if self.look is Look.KICKSTART2:
            for pen, target in KICKSTART2_REMAP.items():
                pyxel.pal(pen, target)
        self.screen.draw()
        pyxel.pal()
        self.screen.draw_pointer()


def parse_args(argv: list[str]) -> Options:
    parser = argparse.ArgumentParser(
        prog="amigasweeper",
        description="MineSweeper 2.4 for the Amiga, on a Workbench screen.",
    )
    parser.add_argument("--version", action="version", version=f"AmigaSweeper {__version__}")
    parser.add_argument("--headless", action="store_true", help="run with no window (needs --script)")
    parser.add_argument("--script", type=Path, help="drive the game from a script file (see the manual)")
    parser.add_argument("--seed", type=int, help="seed of the first board, for replayable games")
    parser.add_argument("--level", choices=[n.value for n in LevelName if n is not LevelName.CUSTOM])
    parser.add_argument("--look", choices=[look.value for look in Look])
    parser.add_argument("--screen", choices=[mode.value for mode in ScreenMode])
    args = parser.parse_args(argv)
    if args.headless and args.script is None:
        parser.error("--headless needs --script FILE: with no window there is nothing else to drive the game")
    return Options(
        headless=args.headless,
        script=args.script,
        seed=args.seed,
        level=LevelName(args.level) if args.level else None,
        look=Look(args.look) if args.look else None,
        screen=ScreenMode(args.screen) if args.screen else None,
    )


def run(argv: list[str]) -> int:
    options = parse_args(argv)
    size = (options.screen or ScreenMode.LOWRES).size
    pyxel.init(*size, title="AmigaSweeper", fps=FPS, quit_key=pyxel.KEY_NONE, headless=options.headless)
    app = App(options)
    if options.script is not None:
        from .script import ScriptError, run_script

        try:
            run_script(app, options.script)
        except ScriptError as error:
            print(f"amigasweeper: {error}", file=sys.stderr)
            return 1
        return 0
    pyxel.run(app.update, app.draw)
    return 0
