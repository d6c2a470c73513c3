"""The program: the Workbench screen with the MineSweeper window, driven by
pyxel's frame loop on the desktop and the web, or by a script when headless."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pyxel

from amigasweeper import __version__, resources
from amigasweeper.engine import Game, GameStatus, LevelName
from amigasweeper.storage import FileBackend, Storage

from amigasweeper.guide import Document, ManualPage, Node, load_manual

from .game.commands import CommandCentre
from .duel.duelcontrol import DuelControl
from .helpviewer.guideview import GuideViewer, open_guide_file
from .intuition.input import Button, HeldButtons, InputReader
from .game.menudefs import MENUS
from .intuition.menustrip import MenuStrip
from .game.minewindow import Action, Field, MineWindow
from .intuition.modes import Look, ScreenMode
from .intuition import font
from .game.shading import draw_legend, legend_width
from .intuition.palette import KICKSTART2_REMAP, RGB, Pen
from .intuition.requester import Requester
from .intuition.screen import SCREEN_TITLE, WorkbenchScreen
from .game.session import SeedSource, Session
from .game.settings_map import choices_from_settings
from .intuition.widgets import Dispatcher
from .faults import TITLE as FAULT_TITLE, FaultGuard

FPS = 60
REFRESH_FRAMES = FPS  # look for records another copy saved once a second
HELP_KEYS = (pyxel.KEY_F1, getattr(pyxel, "KEY_HELP", pyxel.KEY_F1))
MENU_PAGES = {
    "Game": ManualPage.GAME_MENU,
    "Completion": ManualPage.COMPLETION_MENU,
    "Settings": ManualPage.SETTINGS_MENU,
    "Hint": ManualPage.HINT_MENU,
    "Help": ManualPage.HELP_MENU,
    "Project": ManualPage.VIEWER,  # the help viewer's menus
    "Navigate": ManualPage.VIEWER,
}
ASSETS = resources.path_of(resources.ASSETS)


@dataclass
class Options:
    headless: bool = False
    script: Path | None = None
    seed: int | None = None
    level: LevelName | None = None
    look: Look | None = None
    screen: ScreenMode | None = None
    data_dir: Path | None = None  # where settings and best times live (headless: memory if None)
    guide: Path | None = None  # show this guide in the viewer alone, as `multiview FILE` does
    node: str | None = None  # the guide's page to open first


class FrameClock:
    """Time as frames shown: a headless run's clock, the same on every machine."""

    def __init__(self) -> None:
        self.frames = 0

    def __call__(self) -> float:
        return self.frames / FPS


class StopRequests:
    """Ctrl-C (SIGINT) and SIGTERM end the program cleanly: the handler only
    notes the signal; the next frame saves the settings and exits with
    128 + the signal's number (130, 143), as shells expect."""

    SIGNALS = ("SIGINT", "SIGTERM")

    def __init__(self) -> None:
        self.signum: int | None = None

    def install(self) -> None:
        if sys.platform == "emscripten":
            return  # a web page gets no signals
        for name in self.SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                signal.signal(number, self._note)

    def _note(self, signum: int, frame: object) -> None:
        self.signum = signum


def open_storage(options: Options) -> Storage:
    if options.data_dir is not None:
        return Storage(options.data_dir)
    if options.headless:
        return Storage(None)  # a headless run never touches the player's saved data
    return Storage.for_platform(pyxel.user_data_dir)


class App:
    """Everything on the screen. Pyxel must be initialised before it is made."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.frame_clock = FrameClock()
        self.clock = self.frame_clock if options.headless else time.monotonic
        self.quit_requested = False
        self.storage = open_storage(options)
        loaded = self.storage.load()
        settings = loaded.settings
        self.look = options.look or Look(settings.look)
        self.screen_mode = options.screen or ScreenMode(settings.screen_mode)
        self._setup_pyxel()
        choices = choices_from_settings(settings)
        if options.level is not None:
            choices.level = options.level
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
        self.requesters: list[Requester] = []
        self._bar_text, self._bar_since = "", 0  # the screen bar's message and when it came
        self.viewer: GuideViewer | None = None
        self._paused_for_viewer = False
        self.commands = CommandCentre(self)
        self.duels = DuelControl(self)
        self.menus = MenuStrip(
            MENUS, checked=self.commands.checked, enabled=self.commands.enabled, on_select=self.commands.select
        )
        self.game_menus = self.menus  # self.menus is the strip shown: the viewer's while it has the right button
        self.held = HeldButtons() if options.headless else None
        self.reader = InputReader(self.held)
        self.dispatcher = Dispatcher(self.screen)
        self.folder_problem = loaded.folder_problem
        self.stop = StopRequests()
        self.guard = FaultGuard(self._tell_reliability, self._fault_shown, self._data_folder)
        if loaded.problems:
            self._tell_reliability("Saved Data", loaded.problems)
        if options.guide is not None:
            self._open_guide_alone(options.guide, options.node)

    def _tell_reliability(self, title: str, paragraphs: list[str]) -> None:
        """A requester whose Help is the manual's page on saved data and faults."""
        self.commands.tell(title, paragraphs)
        self.requesters[-1].help_node = ManualPage.RELIABILITY

    def _fault_shown(self) -> bool:
        return any(r.title == FAULT_TITLE and not r.closed for r in self.requesters)

    def _data_folder(self) -> Path | None:
        backend = self.storage.backend
        return backend.folder if isinstance(backend, FileBackend) else None

    def _open_guide_alone(self, path: Path, node: str | None) -> None:
        """`--guide FILE`: the viewer alone on the Workbench, as `multiview FILE`;
        closing it ends the program."""
        self.screen.remove(self.mine_window)
        document, page = open_guide_file(path)
        wanted = document.node(node) if node else None
        self.open_viewer(document, wanted or page)
        if node and wanted is None and self.viewer is not None:
            self.viewer.status = f"No page called {node}: showing {page.name}"[:60]

    def _setup_pyxel(self) -> None:
        pyxel.load(str(ASSETS))
        for pen, rgb in RGB.items():
            while len(pyxel.colors) <= pen:
                pyxel.colors.append(0)
            pyxel.colors[pen] = rgb
        self.resize_screen(self.screen_mode)

    def resize_screen(self, mode: ScreenMode) -> None:
        self.screen_mode = mode
        if (pyxel.width, pyxel.height) != mode.size:
            pyxel.resize(*mode.size)
        if hasattr(self, "screen"):
            self.screen.w, self.screen.h = mode.size
            self.mine_window.set_screen_size(mode.size)
            for window in [*self.requesters, *([self.viewer] if self.viewer else [])]:
                window.screen_size = mode.size
                window.relayout()

    @property
    def game(self) -> Game:
        return self.session.game

    # ----------------------------------------------------------- requesters
    def open_requester(self, requester: Requester) -> None:
        self.dispatcher.cancel()  # modal: a press begun behind it never acts there
        self.requesters.append(requester)
        self.screen.add(requester)
        self.mine_window.active = False

    def _drop_closed_requesters(self) -> None:
        for requester in [r for r in self.requesters if r.closed]:
            self.requesters.remove(requester)
            self.screen.remove(requester)
        self.mine_window.active = not self.requesters

    # --------------------------------------------------------------- viewer
    def open_viewer(self, document: Document, page: Node | None = None) -> None:
        """Show a guide in the viewer window; the game waits while it is in front."""
        if self.viewer is not None:
            self.screen.remove(self.viewer)
        game = self.game
        if not self.viewer and game.status is GameStatus.PLAYING and not game.paused:
            game.pause()
            self._paused_for_viewer = True
        self.dispatcher.cancel()
        self.viewer = GuideViewer(
            document,
            self.screen_mode.size,
            on_close=self._viewer_closed,
            on_beep=self.screen.beep,
            on_depth=lambda: self.screen.depth(self.viewer),
            start=page,
            ask=self.open_requester,
            look=lambda: self.look,
        )
        self.screen.add(self.viewer)
        self.mine_window.active = False

    def _viewer_closed(self) -> None:
        if self.viewer is not None:
            self.screen.remove(self.viewer)
        self.viewer = None
        if self.options.guide is not None and self.mine_window not in self.screen.children:
            self.request_quit()  # the viewer was the program, as MultiView is
        if self._paused_for_viewer and self.game.paused:
            self.game.resume()
        self._paused_for_viewer = False
        self.mine_window.active = not self.requesters

    def help_page(self) -> str:
        """The manual page about what the player is doing now."""
        if self.requesters:
            return self.requesters[-1].help_node
        if self.duels.window is not None:
            return ManualPage.DUEL
        if self.menus.is_open and self.menus.menu_index is not None:
            return MENU_PAGES.get(self.menus.menus[self.menus.menu_index].title, ManualPage.MENUS)
        if self.game.paused:
            return ManualPage.PAUSE
        return ManualPage.RULES

    def open_manual(self) -> None:
        page_name = self.help_page()
        self._close_menus()
        document = load_manual()
        self.open_viewer(document, document.node(page_name) or document.main)

    def _drop(self, paths: list[str]) -> None:
        guides = [p for p in paths if p.lower().endswith(".guide")]
        if not guides:
            self.commands.tell("AmigaGuide", ["Only AmigaGuide files (ending in .guide) can be opened here."])
            return
        self.open_viewer(*open_guide_file(guides[0]))

    # --------------------------------------------------------------- events
    def request_quit(self) -> None:
        self.commands.save_settings()
        self.quit_requested = True

    def game_over(self, game: Game) -> None:
        if game.status is GameStatus.LOST:
            self.screen.beep()
        elif game.status is GameStatus.WON:
            self.commands.maybe_record(game)

    # ---------------------------------------------------------------- frame
    def update(self) -> None:
        """One frame's update. No exception escapes it (see faults.py); a
        stop signal saves the settings and ends the program here."""
        if self.stop.signum is not None:
            self.guard.run(self.commands.save_settings)
            raise SystemExit(128 + self.stop.signum)
        self.guard.run(self._update)

    def draw(self) -> None:
        if not self.guard.run(self._draw):
            # A draw cut short may leave a clip rectangle or a colour swap set.
            pyxel.clip()
            pyxel.pal()

    def _update(self) -> None:
        self.frame_clock.frames += 1
        if self.frame_clock.frames % REFRESH_FRAMES == 0:
            self.storage.refresh()
        frame = self.reader.read()
        self.screen.tick()
        if frame.dropped:
            self._drop(frame.dropped)
        front = self.front_window()
        if self.menus.is_open and frame.key(*HELP_KEYS):
            self.open_manual()
        elif self.menus.is_open:
            self.menus.track(frame.x, frame.y)
            if Button.RIGHT in frame.released:
                self.menus.release(frame.x, frame.y)
                self._close_menus()
        elif isinstance(front, Requester):
            if frame.key(*HELP_KEYS):
                self.open_manual()
            self._update_requester(front, frame)
        elif front is not None:
            self._update_window(front, frame)
        else:
            self._update_game(frame)
        if self.duels.window is not None and not self.requesters:
            self.duels.window.tick()
        if self.viewer is not None:
            self.viewer.tick()
        self._drop_closed_requesters()
        self.mine_window.tick()
        if self.quit_requested and not self.options.headless:
            self._quit()

    def _close_menus(self) -> None:
        self.menus.is_open = False
        self.menus = self.game_menus

    def _quit(self) -> None:
        """Leave the program; a web page cannot close itself, so there it says how."""
        if sys.platform == "emscripten":
            self.quit_requested = False
            self.commands.tell("Quit", ["Your settings and best times are saved. Close the browser tab to leave."])
            return
        pyxel.quit()

    def front_window(self):
        """The window in front of the game that has the keys and the mouse
        (a requester, the viewer, a duel), or None when the game has them."""
        return next((w for w in reversed(self.screen.children) if w is not self.mine_window), None)

    def _update_requester(self, top: Requester, frame) -> None:
        top.on_key(frame)
        if frame.pressed and self.dispatcher.captured is None and not top.contains(frame.x, frame.y):
            return  # a requester is modal: clicks elsewhere are ignored
        self.dispatcher.dispatch(frame)

    def _update_window(self, window, frame) -> None:
        """A window in front of the game (the viewer, a duel) has the keys and the mouse."""
        if frame.key(*HELP_KEYS) and window is not self.viewer:
            self.open_manual()
            return
        if window is self.viewer and Button.RIGHT in frame.pressed and self.dispatcher.captured is None:
            self.menus = self.viewer.menu_strip  # the viewer in front: its own menus
            self.menus.open()
            self.menus.track(frame.x, frame.y)
            return
        window.on_key(frame)
        if window.closed:
            return
        if not (frame.pressed and self.dispatcher.captured is None and not window.contains(frame.x, frame.y)):
            self.dispatcher.dispatch(frame)

    def _update_demo(self, frame) -> bool:
        """Run the Demo player; True while it has the board (any key or click stops it)."""
        hints = self.mine_window.hints
        if not hints.demo:
            return False
        if frame.keys or frame.pressed:
            hints.demo = False
            return True
        move = hints.demo_move(self.game)
        if move is not None:
            cell, kind = move
            self.mine_window.act(Action(kind.value), cell)
        return True

    def _update_game(self, frame) -> None:
        if self._update_demo(frame):
            return
        if frame.amiga:
            self.commands.hotkeys(frame)
        elif frame.key(*HELP_KEYS):
            self.open_manual()
            return
        else:
            self.mine_window.on_key(frame)
        if Button.RIGHT in frame.pressed and self.dispatcher.captured is None:
            if not isinstance(self.screen.hit(frame.x, frame.y), Field):
                self.menus.open()
                self.menus.track(frame.x, frame.y)
                return
        self.dispatcher.dispatch(frame)

    def screen_title(self) -> str:
        """The screen bar: a hint's message, the chance under the pointer, or the screen's name."""
        hints = self.mine_window.hints
        text = hints.message
        if not text and hints.show_probabilities and not self.requesters and self.viewer is None:
            field = self.mine_window.field
            if field.visible and field.contains(pyxel.mouse_x, pyxel.mouse_y):
                text = hints.chance_text(self.game, field.cell_under(pyxel.mouse_x, pyxel.mouse_y))
        legend_chars = (legend_width() + 8) // 8 + 1 if hints.show_probabilities else 0
        room = self.screen.w // 8 - 2 - legend_chars
        if text != self._bar_text:  # a new message scrolls from its first character
            self._bar_text, self._bar_since = text, self.frame_clock.frames
        return marquee(text, room, self.frame_clock.frames - self._bar_since) if text else SCREEN_TITLE

    def _draw(self) -> None:
        self.screen.title = self.screen_title()
        self.mine_window.four_colours = self.look is Look.KICKSTART2
        if self.look is Look.KICKSTART2:
            for pen, target in KICKSTART2_REMAP.items():
                pyxel.pal(pen, target)
        self.screen.draw()
        if self.mine_window.hints.show_probabilities and not self.menus.is_open:
            draw_legend(self.screen.w, self.look is Look.KICKSTART2)
        self.menus.draw()
        pyxel.pal()
        self.screen.draw_pointer()


MARQUEE_HOLD = 90  # frames a long message rests at its start (and again at its end)
MARQUEE_STEP = 8  # frames per character while it scrolls


def marquee(text: str, width: int, frames: int) -> str:
    """Text that does not fit the bar, ``frames`` after it appeared: first its
    start, held long enough to read; then it scrolls a character every few
    frames until its end shows, rests there, and starts again from the start."""
    if len(text) <= width:
        return text
    travel = len(text) - width
    cycle = MARQUEE_HOLD + travel * MARQUEE_STEP + MARQUEE_HOLD
    moving = frames % cycle - MARQUEE_HOLD
    start = max(0, min(travel, moving // MARQUEE_STEP))
    return text[start : start + width]


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
    parser.add_argument("--data-dir", help="folder for settings and best times")
    parser.add_argument("--guide", type=Path, metavar="FILE",
                        help="show an AmigaGuide file in the help viewer alone, as `multiview FILE` does")
    parser.add_argument("--node", metavar="NAME", help="with --guide: the page to open first")
    parser.add_argument("--check", action="store_true",
                        help="with --guide: print the guide's problems with their line numbers; exit 1 if any")
    args = parser.parse_args(argv)
    if args.headless and args.script is None:
        parser.error("--headless needs --script FILE: with no window there is nothing else to drive the game")
    if args.data_dir is not None and not args.data_dir.strip():
        parser.error("--data-dir needs a folder name; an empty one would mean the current folder")
    if args.node is not None and args.guide is None:
        parser.error("--node NAME needs --guide FILE")
    if args.guide is not None and not args.guide.is_file():
        parser.error(f"--guide: {args.guide} is not a file")
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
        guide=args.guide.absolute() if args.guide else None,
        node=args.node,
    )


NO_DISPLAY = (
    "no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
    "to play without a window use --headless --script FILE"
)


def display_problem(options: Options, environ=os.environ, platform: str = sys.platform) -> str | None:
    """Why a window cannot be opened, or None. Only X11/Wayland systems can
    lack a display; there SDL would otherwise run on an invisible one forever.
    An SDL_VIDEODRIVER the user chose is trusted."""
    if options.headless or not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY") or environ.get("SDL_VIDEODRIVER"):
        return None
    return NO_DISPLAY


def run(argv: list[str]) -> int:
    started_in = Path.cwd()
    options = parse_args(argv)
    problem = display_problem(options)
    if problem:
        print(f"amigasweeper: {problem}", file=sys.stderr)
        return 1
    # The game has no sound: SDL's dummy driver keeps Pyxel from opening (or
    # complaining about) an audio device. Set before pyxel.init reads it.
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    stop = StopRequests()
    stop.install()  # before pyxel.init, so SDL keeps its hands off these signals
    size = (options.screen or ScreenMode.LOWRES).size
    pyxel.init(*size, title="AmigaSweeper", fps=FPS, quit_key=pyxel.KEY_NONE, headless=options.headless)
    stop.install()
    app = App(options)
    app.stop = stop
    if app.folder_problem:
        print(f"amigasweeper: {app.folder_problem}", file=sys.stderr)
    if options.script is not None:
        from .drive.script import ScriptError, run_script

        try:
            run_script(app, options.script, base=started_in)
        except ScriptError as error:
            print(f"amigasweeper: {error}", file=sys.stderr)
            return 1
        app.update()  # a stop signal that came after the last frame ends here too
        return 0
    pyxel.run(app.update, app.draw)
    return 0
