"""Starting a Duel and the requesters around the Duel window. The duel
itself is a DuelPlay (amigasweeper/play/duel_play.py): its end goes the way
every game's end goes, and its result is kept with the best times."""

from __future__ import annotations

from typing import TYPE_CHECKING

from amigasweeper.engine.duel import Duel
from amigasweeper.engine.duel_moves import DuelSetup
from amigasweeper.guide import ManualPage
from amigasweeper.play import DuelJob, DuelPlay, DuelPlayers, Opponent
from amigasweeper.play.clock import PauseReason
from amigasweeper.play.duel_play import computer_player

from ..game import dialogs
from ..intuition.menustrip import MenuStrip
from ..windowcontrol import WindowControl
from ..windowkind import WindowKind
from .duelmenus import DUEL_MENUS, DuelCommand
from .duelwindow import DuelWindow

if TYPE_CHECKING:
    from ..host import DuelHost


class DuelControl(WindowControl):
    app: DuelHost
    kind = WindowKind.DUEL
    pauses = PauseReason.DUEL
    page = ManualPage.DUEL

    def __init__(self, app: DuelHost) -> None:
        super().__init__(app)
        self.window: DuelWindow | None = None
        self.players: DuelPlayers | None = None

    @property
    def size(self):
        return self.app.screen_mode.size

    def open_from_menu(self) -> None:
        self.open_setup()  # a Duel's window opens once its requester is answered

    def open_setup(self) -> None:
        last = self.app.storage.settings.last_name
        self.app.open_requester(dialogs.duel_setup(last, self.size, self.start, lambda: None))

    def start(self, mode: str, strength: str, first: str, second: str) -> None:
        opponent = Opponent(mode)
        names = (first.strip() or "Player 1", second.strip() or ("Computer" if opponent is Opponent.COMPUTER else "Player 2"))
        self.players = DuelPlayers(names, opponent, strength)
        self.begin()

    def begin(self) -> None:
        """A new duel with the chosen players, on a fresh seeded board."""
        app, players = self.app, self.players
        assert players is not None, "begin follows start, which chooses the players"
        seed = app.session.seeds.next()
        duel = Duel(DuelSetup(seed=seed, shape=app.session.choices.shape))  # Settings > Board Shape's
        play = DuelPlay(duel, players, computer_player(players, seed),
                        on_end=lambda opponent, result: app.ending.put(DuelJob(opponent, result)))
        window = DuelWindow(
            play,
            self.size,
            on_turn_passed=self.turn_passed,
            on_over=self.over,
            on_close=self.closed,
            on_depth=lambda: app.wm.depth(window),
        )
        window.menus = MenuStrip.for_actions(
            DUEL_MENUS,
            {DuelCommand.NEW: self.open_setup, DuelCommand.CLOSE: window.close, DuelCommand.QUIT: app.request_quit},
        )
        self.open_window(window)

    def turn_passed(self, window: DuelWindow) -> None:
        name = window.players.names[window.duel.turn]
        self.app.open_requester(dialogs.pass_mouse(name, self.size, window.turn_taken_over), owner=window)

    def over(self, window: DuelWindow) -> None:
        summary = window.duel.summary(window.players.names)
        self.app.open_requester(dialogs.duel_result(summary, self.size, self.begin, window.close), owner=window)

    def tick(self) -> None:
        """The computer's moves and the window's own work, unless a requester blocks it."""
        if self.window is not None and self.app.wm.blocker(self.window) is None:
            self.window.tick()
