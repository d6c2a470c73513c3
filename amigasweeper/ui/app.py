"""The program: the Workbench screen with its backdrop and the MineSweeper
window, the help viewer and the Duel window on it, driven by pyxel's frame loop
on the desktop and the web, or by a script when headless. The window manager
(intuition/wm.py) decides which window gets each frame's input."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pyxel

from amigasweeper import resources
from amigasweeper.engine import Game, GameStatus
from amigasweeper.guide import Document, ManualPage, Node, load_manual
from amigasweeper.play import SeedSource, Session
from amigasweeper.play.choices import choices_from_settings
from amigasweeper.storage import LOCK_TIMEOUT, FileBackend

from . import collector
from .drive.frameclock import FrameClock
from .duel.duelcontrol import DuelControl
from .faults import TITLE as FAULT_TITLE
from .faults import FaultGuard
from .game.commandcentre import CommandCentre
from .game.finished_games import end_queue
from .game.menudefs import MENUS
from .game.minewindow import MineWindow
from .game.shading_legend import draw_legend
from .helpviewer.guideview import GuideViewer, open_guide_file
from .helpviewer.viewercontrol import ViewerControl
from .information.informationcontrol import InformationControl
from .intuition.input import Button, HeldButtons, InputReader
from .intuition.menustrip import MenuStrip
from .intuition.modes import Look, ScreenMode
from .intuition.palette import KICKSTART2_REMAP, RGB
from .intuition.reopen import reopen_screen
from .intuition.requester import Requester
from .intuition.screen import SCREEN_DEPTH_W, WorkbenchScreen
from .intuition.window import Window
from .intuition.wm import WindowManager
from .keys import sdlfilter
from .keys.keyboardcontrol import KeyboardControl
from .menupages import MENU_PAGES
from .narrator.windownarration import WindowNarration
from .palette.page_preferences import PageFollower
from .palette.palettecontrol import PaletteControl
from .replay.replaycontrol import ReplayControl
from .saving import FrameSaving, open_storage
from .scaling.fullscreen import FULL_SCREEN
from .scaling.pixels import WholePixels
from .screenbar import ScreenBar
from .stats.statscontrol import StatsControl
from .stopping import StopRequests
from .touch.touchcontrol import TouchControl
from .window_options import Options
from .windowcontrol import Registered
from .windowkind import WindowKind
from .workbench.workbenchcontrol import WorkbenchControl

STOP_SAVE_WAIT = 0.5  # seconds a stop signal's last save may wait for the lock (see StopRequests)
HELP_KEYS = (pyxel.KEY_F1, getattr(pyxel, "KEY_HELP", pyxel.KEY_F1))
DROP_HELP = "Only AmigaGuide files (.guide) and replays (.evf, .asreplay, .avf, .rmv, .mvf) open here."
ASSETS = resources.path_of(resources.ASSETS)


class App:
    """Everything on the screen. Pyxel must be initialised before it is made."""

    # Named before __init__ makes them: callbacks made earlier reach them later.
    mine_window: MineWindow
    commands: CommandCentre

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
        self.workbench_control = WorkbenchControl(self)
        self.workbench = self.workbench_control.window
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
        self.bar = ScreenBar()
        self.commands = CommandCentre(self)
        self.duels = DuelControl(self)
        self.stats = StatsControl(self)
        self.replays = ReplayControl(self, self.stats)
        # The windows the app drives without naming them (windowcontrol.py): each
        # frame's work, files dropped, the manual's page (a new screen mode reopens
        # every window through the window manager: reopen.py). The
        # viewer first: a dropped guide opens there.
        self.palette = PaletteControl(self)  # Settings > Palette...; the saved palette is shown from the start
        self.information = InformationControl(self, self.workbench.selected_icons)
        self.controls: list[Registered] = [self.viewers, self.duels, self.stats, self.replays, self.palette,
                                           self.information, self.workbench_control]
        self.by_kind = {control.kind: control for control in self.controls}
        self.page_preferences = PageFollower(self)  # in a browser: its reduced-motion and contrast preferences
        self.mine_window.menus = MenuStrip(
            MENUS, checked=self.commands.checked, enabled=self.commands.enabled, on_select=self.commands.select
        )
        self.wm.open(self.mine_window)
        self.narration = WindowNarration(self, on=options.narrator or settings.narrator, log=options.narration_log)
        self.open_menus_strip: MenuStrip | None = None  # the strip shown while the right button is held
        self.keyboard = KeyboardControl(self)  # F10's menu walk, F9's window cycling, Tab's gadget focus
        self.menus_seen = settings.menus_seen  # a newcomer is told how to find the menus until then
        self.held = HeldButtons() if options.headless or options.script else None  # a script holds its own
        self.reader = InputReader(self.held, on_full_screen=FULL_SCREEN.toggle, qualifiers=sdlfilter.installed())
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
        self.pixels.show(self.screen_mode.size)  # the framebuffer sized, the window a whole multiple of it

    def resize_screen(self, mode: ScreenMode) -> None:
        """A new screen mode: the screen closes and opens again at its size (reopen.py)."""
        self.screen_mode = mode
        reopen_screen(self.wm, mode.size, self.pixels)

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
        menus = strip or self.mine_window.menus
        assert menus is not None, "the game's window has its menus from the start (__init__)"
        return menus

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

    def open_window(self, kind: WindowKind) -> None:
        """A menu's item: the window of this kind opens (or comes forward)."""
        self.by_kind[kind].open_from_menu()

    def open_viewer(self, document: Document, page: Node | None = None) -> None:
        """Show a guide in the viewer window; the game waits while it is open."""
        self.viewers.open(document, page)

    def close_game_window(self) -> None:
        """The MineSweeper window's close gadget: the program's window goes and
        the Workbench stays, with the MineSweeper icon to start it again."""
        self.session.assist.stop_demo()
        self.commands.leave()
        self.wm.close(self.mine_window)

    def help_page(self) -> str:
        """The manual page about what the player is doing now."""
        active = self.wm.active
        if active is not None and active.help_node:  # a requester's, or the Statistics or Replay window's
            return active.help_node
        if self.menus.is_open and self.menus.menu_index is not None:
            return MENU_PAGES.get(self.menus.menus[self.menus.menu_index].title, ManualPage.MENUS)
        page = next((page for page in (control.manual_page() for control in self.controls) if page), None)
        if page:
            return page
        if self.game.paused:
            return ManualPage.PAUSE
        return ManualPage.RULES

    def open_manual(self) -> None:
        page_name = self.help_page()
        self.close_menus()
        document = load_manual()
        self.open_viewer(document, document.node(page_name) or document.main)

    def _drop(self, paths: list[str]) -> None:
        if not any(control.drop(paths) for control in self.controls):
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
        frame = self.reader.read()
        self.screen.tick()
        if self.palette.window is None:  # a preference changed while the Palette window is open waits for it
            self.page_preferences.tick()
        if frame.dropped:
            self._drop(frame.dropped)
        if self.keyboard.take(frame):
            pass  # F10's menu walk, F9's window cycling, Tab's gadget focus
        elif self.open_menus_strip is not None:
            self._update_menus(frame)
        elif frame.amiga and frame.key(pyxel.KEY_Q) and not self.typing():
            self._right_amiga_q()
        elif frame.key(*HELP_KEYS) and self.wm.active is not self.viewer:
            self.open_manual()
        elif not (self.wm.active is self.mine_window and self.mine_window.run_demo(frame)):
            self.wm.route(frame, open_menus=self.open_menus)
        for control in self.controls:
            control.tick()
        self._drop_closed_requesters()
        for requester in self.requesters:
            requester.tick()
        self.mine_window.tick()
        self.narration.tick()  # after everything the frame changed: what it says is what is shown
        collector.tick()
        if self.quit_requested and not self.options.headless:
            self._quit()

    def _right_amiga_q(self) -> None:
        """Right-Amiga-Q quits from every window, a requester's too; on the
        Workbench it is Workbench's Quit..., which asks first, as its menu does."""
        if self.wm.active is self.workbench:
            self.workbench_control.ask_quit()
        else:
            self.request_quit()

    def typing(self) -> bool:
        """A string gadget has the keys: Right-Amiga with a letter is its own
        (and AltGr, which is Right Alt, types characters there)."""
        active = self.wm.active
        return isinstance(active, Requester) and active.active_gadget is not None

    def _update_menus(self, frame) -> None:
        strip = self.open_menus_strip
        if strip is None:
            return
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

    def screen_title(self) -> str:
        return self.bar.title(self)

    def show_legend(self) -> bool:
        """The probability legend shows in the bar while the game window is active."""
        return self.mine_window.hints.show_probabilities and self.wm.active is self.mine_window

    def _draw(self) -> None:
        self.screen.title = self.screen_title()
        self.mine_window.four_colours = self.look is Look.KICKSTART2
        self.apply_look()
        self.screen.draw()
        pyxel.pal()
        self.wm.draw_over_windows()
        self.keyboard.draw()
        self.apply_look()
        if self.show_legend() and self.open_menus_strip is None:
            # The legend ends just left of the screen's depth gadget.
            draw_legend(self.screen.w - SCREEN_DEPTH_W, self.look is Look.KICKSTART2, self.mine_window.hints.estimated)
        if self.open_menus_strip is not None:
            self.open_menus_strip.draw()
        pyxel.pal()
        self.screen.busy = self.session.assist.busy()  # the wait pointer while the solver works
        self.screen.finish()

    def apply_look(self) -> None:
        """The Kickstart 2 look draws our extra pens in the four Workbench colours."""
        if self.look is Look.KICKSTART2:
            for pen, target in KICKSTART2_REMAP.items():
                pyxel.pal(pen, target)
