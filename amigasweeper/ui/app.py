"""The program: the Workbench screen with its backdrop and the MineSweeper
window, the help viewer and the Duel window on it, driven by pyxel's frame loop
on the desktop and the web, or by a script when headless. The window manager
(intuition/wm.py) decides which window gets each frame's input."""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pyxel

from amigasweeper import __version__, plainfiles, resources
from amigasweeper.engine import Game, GameStatus, LevelName
from amigasweeper.play import SeedSource, Session
from amigasweeper.play import options as play_options
from amigasweeper.play.options import add_game_options, add_text_option, check_game_options
from amigasweeper.storage import LOCK_TIMEOUT, FileBackend
from amigasweeper.storage.folders import anchor_data_dir
from amigasweeper.guide import Document, ManualPage, Node, load_manual
from amigasweeper.guide.paths import GUIDE_LIMIT
from amigasweeper.replay.files import MAX_REPLAY_BYTES

from . import collector
from .game.commands import CommandCentre
from .game.ending import end_queue
from .drive.frameclock import FPS, FrameClock
from .duel.duelcontrol import DuelControl
from .replay.control import ReplayControl
from .stats.control import StatsControl
from .helpviewer.control import ViewerControl
from .helpviewer.guideview import GuideViewer, open_guide_file
from .intuition.input import Button, HeldButtons, InputReader
from .game.menudefs import MENUS
from .intuition.atlas import Icon
from .intuition.menustrip import MenuStrip
from .game.minewindow import Action, MineWindow
from .intuition.modes import Look, ScreenMode
from .intuition import font
from .game.shading import draw_legend, legend_width
from .intuition.palette import KICKSTART2_REMAP, RGB
from .intuition.requester import Requester
from .intuition.screen import SCREEN_DEPTH_W, SCREEN_TITLE, WorkbenchScreen
from .game.settings_map import choices_from_settings
from .intuition.marquee import marquee
from .intuition.window import Window
from .intuition.wm import WindowManager
from .workbench.backdrop import ICONS, WorkbenchWindow
from .workbench.menus import WORKBENCH_MENUS, WorkbenchCommand
from .drive.script import SCRIPT_LIMIT
from .faults import TITLE as FAULT_TITLE, FaultGuard
from .saving import FrameSaving, open_storage
from .stopping import StopRequests
from .display import DisplayError, check_display, init_pyxel
from .touch.control import TouchControl
from .narrator.window import WindowNarration
from .keys.control import KeyboardControl
from .palette.control import PaletteControl
from .scaling.pixels import WholePixels

STOP_SAVE_WAIT = 0.5  # seconds a stop signal's last save may wait for the lock (see StopRequests)
HELP_KEYS = (pyxel.KEY_F1, getattr(pyxel, "KEY_HELP", pyxel.KEY_F1))
MENU_PAGES = {
    "Game": ManualPage.GAME_MENU,
    "Completion": ManualPage.COMPLETION_MENU,
    "Settings": ManualPage.SETTINGS_MENU,
    "Hint": ManualPage.HINT_MENU,
    "Help": ManualPage.HELP_MENU,
    "Project": ManualPage.VIEWER,  # the help viewer's menus
    "Navigate": ManualPage.VIEWER,
    "Workbench": ManualPage.WINDOWS,  # the Workbench's menus
    "Icons": ManualPage.WINDOWS,
    "Duel": ManualPage.DUEL,  # the Duel window's
    "Statistics": ManualPage.STATS_WINDOWS,
    "Replay": ManualPage.STATS_WINDOWS,
}
# Shown in the screen bar until the player first opens a menu.
NEWCOMER_TITLE = "Hold right button: menus. F1: manual"
NEWCOMER_TOUCH_TITLE = "Long press here: menus"  # touch play: no right button
DROP_HELP = "Only AmigaGuide files (.guide) and replays (.evf, .asreplay, .avf, .rmv, .mvf) open here."
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
    start_dir: Path | None = None  # the folder the program was started in: relative paths start here
    guide: Path | None = None  # show this guide in the viewer alone, as `multiview FILE` does
    node: str | None = None  # the guide's page to open first
    touch_play: bool | None = None  # --touch / --no-touch (None: the saved setting)
    replay: Path | None = None  # a replay file to show in the Replay window
    no_guess: bool = False  # --no-guess: no-guess boards for this run, whatever the saved setting (not saved)
    narrator: bool = False  # --narrator: the Narrator speaks this run, whatever the saved setting (not saved)
    narration_log: Path | None = None  # --narration-log FILE: every line the Narrator says


class App:
    """Everything on the screen. Pyxel must be initialised before it is made."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.frame_clock = FrameClock()
        self.clock = self.frame_clock if options.headless or options.script else time.monotonic  # scripts replay
        self.quit_requested = False
        self.storage = open_storage(options.data_dir, options.headless)
        self.saving = FrameSaving(self.storage, self.clock, lambda text: self._tell_reliability("Saved Data", [text]))
        loaded = self.storage.load()  # not waiting for the lock either (saving.py)
        settings = loaded.settings
        self.look = options.look or Look(settings.look)
        self.screen_mode = options.screen or ScreenMode(settings.screen_mode)
        self.pixels = WholePixels.for_this_system(settings.window_scale)  # Settings > Window Scale
        self._setup_pyxel()
        choices = choices_from_settings(settings, options.level, options.no_guess)
        self.session = Session(choices, self.clock, SeedSource(options.seed))
        self.ending = end_queue(self, not (options.headless or options.script))  # record, replay, best time
        self.screen = WorkbenchScreen(*self.screen_mode.size)
        self.wm = WindowManager(self.screen)
        self.workbench = WorkbenchWindow(self.screen_mode.size, self.clock, self.open_icon)
        self.workbench.menus = self._workbench_menus()
        self.wm.open(self.workbench)
        self.mine_window = MineWindow(
            self.session,
            self.screen_mode.size,
            on_close=self.close_game_window,
            on_depth=lambda: self.wm.depth(self.mine_window),
            on_game_over=self.game_over,
            on_note=lambda text: self.commands.tell("No-Guess Boards", [text]),
        )
        self.requesters: list[Requester] = []
        self.viewers = ViewerControl(self, options.start_dir)
        self._bar_text, self._bar_since = "", 0  # the screen bar's message and when it came
        self.commands = CommandCentre(self)
        self.duels = DuelControl(self)
        self.stats = StatsControl(self)
        self.replays = ReplayControl(self, self.stats)
        self.palette = PaletteControl(self)  # Settings > Palette...; the saved palette is shown from the start
        self.mine_window.menus = MenuStrip(
            MENUS, checked=self.commands.checked, enabled=self.commands.enabled, on_select=self.commands.select
        )
        self.wm.open(self.mine_window)
        self.narration = WindowNarration(self, on=options.narrator or settings.narrator, log=options.narration_log)
        self.open_menus_strip: MenuStrip | None = None  # the strip shown while the right button is held
        self.keyboard = KeyboardControl(self)  # F10's menu walk, F9's window cycling, Tab's gadget focus
        self.menus_seen = settings.menus_seen  # a newcomer is told how to find the menus until then
        self.held = HeldButtons() if options.headless or options.script else None  # a script holds its own
        self.reader = InputReader(self.held)
        self.touch_play = TouchControl(self.reader, self.wm, settings.touch_play, options.touch_play)
        self.folder_problem = loaded.folder_problem
        self.stop = StopRequests()
        self.guard = FaultGuard(self._tell_reliability, self._fault_shown, self._data_folder)
        if loaded.problems:
            self._tell_reliability("Saved Data", loaded.problems)
        if options.guide is not None:
            self._open_guide_alone(options.guide, options.node)
        if options.replay is not None:
            self.replays.open_or_tell(options.replay)

    def _tell_reliability(self, title: str, paragraphs: list[str]) -> None:
        """A requester whose Help is the manual's page on saved data and faults."""
        self.commands.tell(title, paragraphs)
        self.requesters[-1].help_node = ManualPage.RELIABILITY

    def _fault_shown(self) -> bool:
        return any(r.title == FAULT_TITLE and not r.closed for r in self.requesters)

    def _data_folder(self) -> Path | None:
        backend = self.storage.backend
        return backend.folder if isinstance(backend, FileBackend) else None

    def _workbench_menus(self) -> MenuStrip:
        workbench = self.workbench
        actions = {
            WorkbenchCommand.ABOUT: lambda: self.commands.open_about(),
            WorkbenchCommand.QUIT: self.request_quit,
            WorkbenchCommand.OPEN: lambda: self.open_icon(workbench.selected()),
        }
        return MenuStrip.for_actions(
            WORKBENCH_MENUS, actions, {WorkbenchCommand.OPEN: lambda: workbench.selected() is not None}
        )

    def _open_guide_alone(self, path: Path, node: str | None) -> None:
        """`--guide FILE`: the viewer alone on the Workbench, as `multiview FILE`;
        closing it ends the program."""
        self.wm.close(self.mine_window)
        self.viewers.alone = True  # closing the viewer ends the program, as MultiView
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
        self.pixels.show(mode.size)  # the framebuffer resized, the window a whole multiple of it
        if hasattr(self, "screen"):
            self.screen.w, self.screen.h = mode.size
            self.wm.cancel_drag()
            self.workbench.set_screen_size(mode.size)
            self.mine_window.set_screen_size(mode.size)
            others = [*self.requesters, self.viewer, self.duels.window, self.replays.window, self.stats.window,
                      self.palette.window]
            for window in [w for w in others if w is not None]:
                window.screen_size = mode.size
                window.relayout()

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def menus(self) -> MenuStrip:
        """The menu strip shown now, or the active window's (the game's when
        the active window has none)."""
        if self.open_menus_strip is not None:
            return self.open_menus_strip
        active = self.wm.active
        strip = active.menus if active is not None else None
        return strip or self.mine_window.menus

    @property
    def viewer(self) -> GuideViewer | None:
        return self.viewers.window

    # ------------------------------------------------------------- windows
    def open_requester(self, requester: Requester, owner: Window | None = None) -> None:
        """Open a requester modal to its owner: the window given, or else the
        active one (a requester asked from a requester blocks that one)."""
        requester.owner = owner or self.wm.active
        self.requesters.append(requester)
        self.wm.open(requester)

    def _drop_closed_requesters(self) -> None:
        for requester in [r for r in self.requesters if r.closed]:
            self.requesters.remove(requester)
            self.wm.close(requester)

    def open_viewer(self, document: Document, page: Node | None = None) -> None:
        """Show a guide in the viewer window; the game waits while it is open."""
        self.viewers.open(document, page)

    def close_game_window(self) -> None:
        """The MineSweeper window's close gadget: the program's window goes and
        the Workbench stays, with the MineSweeper icon to start it again."""
        self.mine_window.hints.demo = False
        self.commands.leave()
        self.wm.close(self.mine_window)

    def open_icon(self, icon: Icon | None) -> None:
        """A double-clicked icon (or Icons > Open): MineSweeper opens its window."""
        if icon is Icon.MINESWEEPER:
            if self.wm.is_open(self.mine_window):
                self.wm.to_front(self.mine_window)
                self.wm.activate(self.mine_window)
                return
            self.session.new_game()
            self.wm.open(self.mine_window)
        elif icon is not None:
            self.commands.tell(dict(ICONS)[icon], ["A disk of our Workbench: nothing on it opens here."])

    def help_page(self) -> str:
        """The manual page about what the player is doing now."""
        active = self.wm.active
        if getattr(active, "help_node", None):  # a requester's, or the Statistics or Replay window's
            return active.help_node
        if self.menus.is_open and self.menus.menu_index is not None:
            return MENU_PAGES.get(self.menus.menus[self.menus.menu_index].title, ManualPage.MENUS)
        if active is not None and active is self.duels.window:
            return ManualPage.DUEL
        if active is not None and active is self.viewer:
            return ManualPage.VIEWER
        if active is self.workbench:
            return ManualPage.WINDOWS
        if self.game.paused:
            return ManualPage.PAUSE
        return ManualPage.RULES

    def open_manual(self) -> None:
        page_name = self.help_page()
        self.close_menus()
        document = load_manual()
        self.open_viewer(document, document.node(page_name) or document.main)

    def _drop(self, paths: list[str]) -> None:
        guides = [p for p in paths if p.lower().endswith(".guide")]
        if guides:
            self.open_viewer(*open_guide_file(guides[0]))
        elif not self.replays.dropped(paths):
            self.commands.tell("AmigaGuide or Replay", [DROP_HELP])

    # --------------------------------------------------------------- events
    def request_quit(self) -> None:
        self.commands.leave()
        self.finish_saving(LOCK_TIMEOUT)  # leaving: what waits for the lock gets one patient try
        self.quit_requested = True

    def finish_saving(self, timeout: float) -> None:
        """The last, bounded try at what waits for the lock: the settings, then the games' ends."""
        self.saving.finish(timeout)
        problem = self.ending.flush(timeout)
        if problem:
            print(f"amigasweeper: {problem}", file=sys.stderr)

    def game_over(self, game: Game) -> None:
        if game.status is GameStatus.LOST:
            self.screen.beep()  # a win's best time is asked at the end of the game's path (play/ending.py)

    # ---------------------------------------------------------------- frame
    def update(self) -> None:
        """One frame's update. No exception escapes it (see faults.py); a
        stop signal saves the settings and ends the program here."""
        if self.stop.signum is not None:
            self.guard.run(self.commands.leave)
            self.guard.run(lambda: self.finish_saving(STOP_SAVE_WAIT))
            raise SystemExit(128 + self.stop.signum)
        self.guard.run(self._update)

    def draw(self) -> None:
        if not self.guard.run(self._draw):
            # A draw cut short may leave a clip rectangle or a colour swap set.
            pyxel.clip()
            pyxel.pal()

    def _update(self) -> None:
        self.frame_clock.frames += 1
        self.saving.tick(self.frame_clock.frames)
        self.ending.tick()  # a slice of writing the games that ended
        self.stats.tick()
        frame = self.reader.read()
        self.screen.tick()
        if frame.dropped:
            self._drop(frame.dropped)
        if self.screen.behind:
            if frame.pressed or frame.keys:
                self.screen.behind = False  # the click or key that brings it forward does nothing else
        elif self.keyboard.take(frame):
            pass
        elif self.open_menus_strip is not None:
            self._update_menus(frame)
        elif frame.amiga and frame.key(pyxel.KEY_Q) and not self.typing():
            self.request_quit()  # Right-Amiga-Q quits from every window, a requester's too
        elif frame.key(*HELP_KEYS) and self.wm.active is not self.viewer:
            self.open_manual()
        elif not (self.wm.active is self.mine_window and self._update_demo(frame)):
            self.wm.route(frame, open_menus=self.open_menus)
        duel = self.duels.window
        if duel is not None and self.wm.blocker(duel) is None:
            duel.tick()
        if self.viewer is not None:
            self.viewer.tick()
        self.replays.tick()
        self._drop_closed_requesters()
        for requester in self.requesters:
            requester.tick()
        self.mine_window.tick()
        self.narration.tick()  # after everything the frame changed: what it says is what is shown
        collector.tick()
        if self.quit_requested and not self.options.headless:
            self._quit()

    def typing(self) -> bool:
        """A string gadget has the keys: Right-Amiga with a letter is its own
        (and AltGr, which is Right Alt, types characters there)."""
        active = self.wm.active
        return isinstance(active, Requester) and active.active_gadget is not None

    def _update_menus(self, frame) -> None:
        strip = self.open_menus_strip
        if frame.key(*HELP_KEYS):
            self.open_manual()
            return
        strip.track(frame.x, frame.y)
        if Button.RIGHT in frame.released or Button.RIGHT not in frame.down:
            self.open_menus_strip = None
            strip.release(frame.x, frame.y)

    def open_menus(self, frame) -> None:
        """The right button went down away from a field: the active window's menus."""
        active = self.wm.active
        strip = active.menus if active is not None else None
        if strip is None:
            return
        if not self.menus_seen:
            self.menus_seen = True
            problem = self.storage.change_settings(menus_seen=True)
            if problem:
                self.commands.tell("Saved Data", [problem])
        self.open_menus_strip = strip
        strip.open()
        strip.track(frame.x, frame.y)

    def close_menus(self) -> None:
        if self.open_menus_strip is not None:
            self.open_menus_strip.is_open = False
            self.open_menus_strip = None

    def _quit(self) -> None:
        """Leave the program; a web page cannot close itself, so there it says how."""
        if sys.platform == "emscripten":
            self.quit_requested = False
            self.commands.tell("Quit", ["Your settings and best times are saved. Close the browser tab to leave."])
            return
        pyxel.quit()

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

    def screen_title(self) -> str:
        """The screen bar: the active window's screen title. For the game, a
        hint's message or the chance under the pointer; for a newcomer, how to
        find the menus; else the window's own title or the screen's name."""
        active = self.wm.active
        while isinstance(active, Requester) and active.owner is not None:
            active = active.owner
        text = ""
        hints = self.mine_window.hints
        if active is self.mine_window:
            text = hints.message
            if not text and hints.show_probabilities and self.wm.active is self.mine_window:
                field = self.mine_window.field
                if field.visible and field.contains(pyxel.mouse_x, pyxel.mouse_y):
                    text = hints.chance_text(self.game, field.cell_under(pyxel.mouse_x, pyxel.mouse_y))
        if not text and not self.menus_seen:
            text = NEWCOMER_TOUCH_TITLE if self.touch_play.on else NEWCOMER_TITLE
        if not text:
            return (active.screen_title if active is not None else None) or SCREEN_TITLE
        estimated = self.mine_window.hints.estimated
        right = legend_x(self.screen.w, estimated) if self.show_legend() else self.screen.w - SCREEN_DEPTH_W
        if text != self._bar_text:  # a new message scrolls from its first character
            self._bar_text, self._bar_since = text, self.frame_clock.frames
        return marquee(text, (right - 8) // font.ADVANCE, self.frame_clock.frames - self._bar_since)

    def show_legend(self) -> bool:
        """The probability legend shows in the bar while the game window is active."""
        return self.mine_window.hints.show_probabilities and self.wm.active is self.mine_window

    def _draw(self) -> None:
        self.screen.title = self.screen_title()
        self.mine_window.four_colours = self.look is Look.KICKSTART2
        self.apply_look()
        self.screen.draw()
        if not self.screen.behind:
            pyxel.pal()
            self.wm.draw_drag_outline()
            self.keyboard.draw()
            self.apply_look()
            if self.show_legend() and self.open_menus_strip is None:
                # The legend ends just left of the screen's depth gadget.
                draw_legend(self.screen.w - SCREEN_DEPTH_W, self.look is Look.KICKSTART2, self.mine_window.hints.estimated)
            if self.open_menus_strip is not None:
                self.open_menus_strip.draw()
        pyxel.pal()
        self.screen.busy = self.mine_window.hints.busy(self.game)  # the wait pointer while the solver works
        self.screen.draw_pointer()

    def apply_look(self) -> None:
        """The Kickstart 2 look draws our extra pens in the four Workbench colours."""
        if self.look is Look.KICKSTART2:
            for pen, target in KICKSTART2_REMAP.items():
                pyxel.pal(pen, target)


def legend_x(screen_w: int, estimated: bool = False) -> int:
    """Where the legend starts: it ends just left of the screen's depth gadget."""
    return screen_w - SCREEN_DEPTH_W - 4 - legend_width(estimated)


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
    parser.add_argument("--stats", action="store_true", help="print the statistics of the games kept, with no window")
    parser.add_argument("--json", action="store_true", help="with --stats: every game and the table as JSON")
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


NO_DISPLAY = (
    "no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
    "to play without a window use --headless --script FILE"
)


def display_problem(options: Options, environ=os.environ, platform: str = sys.platform) -> str | None:
    """Why a window cannot be opened, told by the environment alone, or None.
    Only X11/Wayland systems can lack a display; when one seems to be there
    (or SDL_VIDEODRIVER names a driver) display.check_display asks SDL."""
    if options.headless or not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY") or environ.get("SDL_VIDEODRIVER"):
        return None
    return NO_DISPLAY


def run(argv: list[str]) -> int:
    started_in = Path.cwd()
    options = parse_args(argv)
    anchor_data_dir(started_in)  # before Pyxel makes another folder current
    # The game has no sound: SDL's dummy driver keeps Pyxel from opening (or
    # complaining about) an audio device. Set before pyxel.init reads it.
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    stop = StopRequests()
    stop.install()  # before pyxel.init, so SDL keeps its hands off these signals
    size = (options.screen or ScreenMode.LOWRES).size
    try:
        problem = display_problem(options)
        if problem:
            raise DisplayError(problem)
        usable = None if options.headless else check_display()  # the display's usable area, if SDL told it
        init_pyxel(size, title="AmigaSweeper", fps=FPS, headless=options.headless, usable=usable)
    except DisplayError as error:
        if stop.signum is not None:
            return 128 + stop.signum  # Ctrl-C during the display test ended the test, not the display
        print(f"amigasweeper: {error}", file=sys.stderr)
        return 1
    stop.install()
    app = App(options)
    app.stop = stop
    collector.freeze_long_lived()  # what start-up made stays for good: out of the collector's sight
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
        app.commands.leave()  # the end of the script is the end of the game played
        app.finish_saving(LOCK_TIMEOUT)
        return 0
    pyxel.run(app.update, app.draw)
    return 0
