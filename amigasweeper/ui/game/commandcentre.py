"""What each menu item and Right-Amiga hotkey does, and how the menus show state.

The app owns the pieces; this carries out Commands on them, saves the settings
after every change, and opens the requesters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from amigasweeper.engine import Completion, LevelError, LevelName, Shape
from amigasweeper.play.ending import BestTimeRow

from ..intuition.beep import Flash
from ..intuition.menus import MenuItem
from ..intuition.modes import Look, ScreenMode
from ..intuition.requester import Requester
from ..windowkind import WindowKind
from . import dialogs
from .boardview import BoardCanvas
from .geometry import supports
from .menudefs import FLASH_COMMANDS, RIPPLE_COMMANDS, SCALE_COMMANDS, Command, hotkeys
from .minewindow import board_limits
from .settings_map import settings_changes

if TYPE_CHECKING:
    from ..host import Host

LEVEL_COMMANDS = {
    Command.BEGINNER: LevelName.BEGINNER,
    Command.INTERMEDIATE: LevelName.INTERMEDIATE,
    Command.EXPERT: LevelName.EXPERT,
}
WINDOW_COMMANDS = {  # each opens its window by its kind (the app's registered controls)
    Command.DUEL: WindowKind.DUEL,
    Command.STATISTICS: WindowKind.STATISTICS,
    Command.REPLAY: WindowKind.REPLAY,
    Command.PALETTE: WindowKind.PALETTE,
}
LOOK_COMMANDS = {Command.LOOK_KICKSTART3: Look.KICKSTART3, Command.LOOK_KICKSTART2: Look.KICKSTART2}
SCREEN_COMMANDS = {Command.SCREEN_LOWRES: ScreenMode.LOWRES, Command.SCREEN_HIRES: ScreenMode.HIRES}
HINT_COMMANDS = (Command.HINT, Command.SHOW_SAFE, Command.SHOW_PROBABILITIES, Command.DEMO)

class CommandCentre:
    def __init__(self, app: Host) -> None:
        self.app = app
        hotkeys()  # refuses menus that give a letter twice
        self._handlers: dict | None = None
        settings = app.storage.settings
        app.screen.flash = Flash(settings.flash)  # Settings > Flash and Ripple, as saved
        BoardCanvas.instant = settings.ripple == "instant"
        self.hints.demo.set_strong(app.storage.settings.strong_demo)  # Hint > Strong Demo, as saved

    @property
    def choices(self):
        return self.app.session.choices

    # ---------------------------------------------------------- menu state
    def checked(self, item: MenuItem) -> bool:
        command = item.command
        if command in LEVEL_COMMANDS:
            return self.choices.level is LEVEL_COMMANDS[command]
        if command is Command.CUSTOM:
            return self.choices.level is LevelName.CUSTOM
        if command is Command.MARKS:
            return self.choices.marks
        if isinstance(command, Completion):  # the Completion menu's items are the engine's modes
            return self.choices.completion is command
        if command in LOOK_COMMANDS:
            return self.app.look is LOOK_COMMANDS[command]
        if command in SCREEN_COMMANDS:
            return self.app.screen_mode is SCREEN_COMMANDS[command]
        if isinstance(command, Shape):  # Board Shape's items are the engine's shapes
            return self.choices.shape is command
        if command is Command.NO_GUESS:
            return self.choices.no_guess
        if command is Command.TOUCH:
            return self.app.touch_play.on
        if command is Command.NARRATOR:
            return self.app.narration.on
        if command in FLASH_COMMANDS:
            return self.app.screen.flash.value == FLASH_COMMANDS[command]
        if command in RIPPLE_COMMANDS:
            return BoardCanvas.instant == (RIPPLE_COMMANDS[command] == "instant")
        if command in SCALE_COMMANDS:
            return self.app.pixels.choice is SCALE_COMMANDS[command]
        if command is Command.SHOW_PROBABILITIES:
            return self.hints.show_probabilities
        if command is Command.DEMO:
            return self.hints.demo.on
        if command is Command.STRONG_DEMO:
            return self.hints.demo.strong
        return False

    def enabled(self, item: MenuItem) -> bool:
        if item.sub:  # an item that holds sub-items opens while one of them can be chosen
            return any(self.enabled(sub) for sub in item.sub)
        command = item.command
        if command is Command.PAUSE:
            return not self.app.game.status.over
        if isinstance(command, Shape):
            return supports(command)
        if command in HINT_COMMANDS:
            return not self.app.game.status.over and not self.app.game.paused
        if command in SCALE_COMMANDS:  # ghosted when the display cannot hold the window so large
            return self.app.pixels.fits(SCALE_COMMANDS[command])
        return command in self.handlers()

    # ------------------------------------------------------------- running
    def handlers(self) -> dict:
        """Command -> what it does; made once, on first use, when every part of the app exists."""
        if self._handlers is None:
            self._handlers = self._make_handlers()
        return self._handlers

    def _make_handlers(self) -> dict:
        return {
            Command.NEW: lambda: self.app.session.new_game(),
            **{c: (lambda level=level: self.choose_level(level)) for c, level in LEVEL_COMMANDS.items()},
            Command.CUSTOM: self.open_custom,
            Command.MARKS: self.toggle_marks,
            Command.BEST_TIMES: self.open_best_times,
            Command.ABOUT: self.open_about,
            Command.PAUSE: self.app.mine_window.toggle_pause,
            Command.QUIT: self.app.request_quit,
            **{mode: (lambda mode=mode: self.choose_completion(mode)) for mode in Completion},
            **{c: (lambda look=look: self.choose_look(look)) for c, look in LOOK_COMMANDS.items()},
            **{c: (lambda mode=mode: self.choose_screen(mode)) for c, mode in SCREEN_COMMANDS.items()},
            **{shape: (lambda shape=shape: self.choose_shape(shape)) for shape in Shape},
            Command.NO_GUESS: self.toggle_no_guess,
            Command.MANUAL: self.app.open_manual,
            **{c: (lambda kind=kind: self.app.open_window(kind)) for c, kind in WINDOW_COMMANDS.items()},
            Command.HINT: self.hint,
            Command.SHOW_SAFE: self.show_safe,
            Command.SHOW_PROBABILITIES: self.toggle_probabilities,
            Command.DEMO: self.toggle_demo,
            Command.STRONG_DEMO: self.toggle_strong_demo,
            Command.TOUCH: self.toggle_touch,
            Command.NARRATOR: self.toggle_narrator,
            **{c: (lambda flash=flash: self.choose_flash(flash)) for c, flash in FLASH_COMMANDS.items()},
            **{c: (lambda ripple=ripple: self.choose_ripple(ripple)) for c, ripple in RIPPLE_COMMANDS.items()},
            **{c: (lambda choice=choice: self.choose_scale(choice)) for c, choice in SCALE_COMMANDS.items()},
        }

    def select(self, item: MenuItem) -> None:
        if not self.enabled(item):
            return
        handler = self.handlers().get(item.command)
        if handler is not None:
            handler()
            self.app.narration.chosen(item, self.checked(item))  # the Narrator confirms it

    # ------------------------------------------------------------- saving
    def save_settings(self) -> None:
        app = self.app
        changes = settings_changes(self.choices, app.look.value, app.screen_mode.value)
        problem = app.storage.change_settings(**changes)
        if problem:
            self.tell("Saved Data", [problem])

    def toggle_touch(self) -> None:
        """Settings > Touch Controls, saved at once (it is not part of a game's choices)."""
        self._save_one(touch_play=self.app.touch_play.toggle())

    def toggle_narrator(self) -> None:
        """Settings > Narrator, saved at once; switched on with no voice to
        speak, the player is told why (the narration's next frame)."""
        on = not self.app.narration.on
        self.app.narration.switch(on)
        self._save_one(narrator=on)

    def choose_flash(self, flash: str) -> None:
        """Settings > Flash, saved at once: how every DisplayBeep shows."""
        self.app.screen.flash = Flash(flash)
        self._save_one(flash=flash)

    def choose_ripple(self, ripple: str) -> None:
        """Settings > Ripple, saved at once: openings spread ring by ring, or show at once."""
        BoardCanvas.instant = ripple == "instant"
        self._save_one(ripple=ripple)

    def _save_one(self, **change) -> None:
        problem = self.app.storage.change_settings(**change)
        if problem:
            self.tell("Saved Data", [problem])

    def choose_scale(self, choice) -> None:
        """Settings > Window Scale, saved at once (it is the display's, not a game's)."""
        self.app.pixels.choose(choice)
        self._save_one(window_scale=choice.value)

    def leave(self) -> None:
        """Quit, a stop signal or the game window closed: the settings are
        saved and the game being played is kept as abandoned."""
        self.save_settings()
        self.app.session.leave()

    def tell(self, title: str, paragraphs: list[str]) -> None:
        self.app.open_requester(dialogs.message(title, paragraphs, self.app.screen_mode.size, lambda: None))

    # ------------------------------------------------------------ commands
    def choose_level(self, level: LevelName) -> None:
        self.app.session.choose_level(level)
        self.save_settings()

    def toggle_marks(self) -> None:
        self.app.session.set_marks(not self.choices.marks)
        self.save_settings()

    def choose_completion(self, completion: Completion) -> None:
        self.app.session.set_completion(completion)
        self.save_settings()

    def choose_look(self, look: Look) -> None:
        self.app.look = look
        self.save_settings()

    def choose_shape(self, shape: Shape) -> None:
        if not self.fits(self.choices.board, shape, self.app.screen_mode):
            return
        self.app.session.set_shape(shape)
        self.save_settings()

    def fits(self, board, shape: Shape, mode: ScreenMode) -> bool:
        """Whether a board fits a screen; if not, the player is told why."""
        cols, rows = board_limits(mode.size, shape)
        if board.width <= cols and board.height <= rows:
            return True
        if mode is not self.app.screen_mode:  # asked for a smaller screen
            advice = f"choose a smaller board (Custom...) first, then {mode.label}."
        elif mode is ScreenMode.LOWRES:
            advice = "choose a smaller board or PAL HighRes first."
        else:
            advice = "choose a smaller board first."
        self.tell(
            "Screen Mode",
            [f"A {board.width}x{board.height} {shape.value} board does not fit {mode.label}: {advice}"],
        )
        return False

    def toggle_no_guess(self) -> None:
        self.app.session.set_no_guess(not self.choices.no_guess)
        self.save_settings()

    def choose_screen(self, mode: ScreenMode) -> None:
        if not self.fits(self.choices.board, self.choices.shape, mode):
            return
        self.app.resize_screen(mode)
        self.save_settings()

    def open_custom(self) -> None:
        limits = board_limits(self.app.screen_mode.size, self.choices.shape)

        def ok(requester: Requester, width: str, height: str, mines: str) -> None:
            try:
                self.app.session.choose_custom(width, height, mines, max_width=limits[0], max_height=limits[1])
            except LevelError as error:
                requester.say(str(error))
                return
            requester.close()
            custom = self.choices.custom
            problem = self.app.storage.set_custom(custom.width, custom.height, custom.mines)
            self.save_settings()
            if problem:
                self.tell("Saved Data", [problem])

        requester = dialogs.custom(self.choices.custom, limits, self.app.screen_mode.size, ok, lambda: None)
        self.app.open_requester(requester)

    def open_best_times(self) -> None:
        storage = self.app.storage
        size = self.app.screen_mode.size

        def ask(shown: Requester) -> None:
            def reset() -> None:
                problem = storage.reset_best_times()
                dialogs.refresh_best_times(shown, storage.best_times)
                if problem:
                    self.tell("Saved Data", [problem])

            self.app.open_requester(dialogs.confirm_reset(size, reset))

        requester = dialogs.best_times(storage.best_times, size, lambda: None, ask)
        self.app.open_requester(requester)

    def open_about(self) -> None:
        self.app.open_requester(dialogs.about(self.app.screen_mode.size, lambda: None))

    # --------------------------------------------------------------- hints
    # Each marks the game as helped (play/assist does): no best time, and its replay says so.
    @property
    def hints(self):
        return self.app.session.assist

    def hint(self) -> None:
        self.hints.hint()  # the answer shows in the screen's bar when the count has it

    def show_safe(self) -> None:
        self.hints.show_safe_and_mines()

    def toggle_probabilities(self) -> None:
        self.hints.set_probabilities(not self.hints.show_probabilities)

    def toggle_demo(self) -> None:
        if self.hints.demo.on:
            self.hints.stop_demo()
        else:
            self.hints.start_demo()

    def toggle_strong_demo(self) -> None:
        """Hint > Strong Demo: the Demo looks a guess further at close calls
        (solver/lookahead.py), saved at once (it is the player's, not a game's)."""
        demo = self.hints.demo
        demo.set_strong(not demo.strong)
        problem = self.app.storage.change_settings(strong_demo=demo.strong)
        if problem:
            self.tell("Saved Data", [problem])

    # ---------------------------------------------------------- best times
    def ask_name(self, row: BestTimeRow, seconds: int, offered: str, answer) -> None:
        """A win the rule counts beat the level's best time: the player's name, for the end of the game's path."""
        self.app.open_requester(dialogs.new_record(row, seconds, offered, self.app.screen_mode.size, answer),
                                owner=self.app.mine_window)
