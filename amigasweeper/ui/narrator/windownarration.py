"""The Narrator's window adapter.

Lines about the game (what a move did, marks and the counter, a new board,
the win or loss) come from play/narration.py, which play/ feeds; the same
words as `--text`. The window adds:

- the keyboard cursor's square, and what the player asks to hear (the time,
  the state, a row, a column, the squares around): game/keyplay.py calls the
  Listener methods here;
- menu items as they are walked, by the keys or by the mouse;
- every requester's text and buttons as it opens, and each gadget Tab reaches;
- a window opened, closed or made active, with what it shows (a window's
  ``spoken()``, else its screen title), and the help viewer's page as it changes;
- why the game waits (a window holding it) and when it plays on;
- a Hint's and Show Safe and Mines' answers as play/assist gives them;
- a menu item chosen, the Narrator switched off (said before it goes silent)
  and on again (where the player is), the cursor's square after a new game
  and when the MineSweeper window is active again, and the first line of all:
  the board and how to begin.

Menus, requesters and the Tab focus are looked at once a frame (``tick``):
nothing in ui/intuition needs to know that a Narrator exists. Speaking never
waits: the Narrator only files a line, its voice works on its own thread or
process (access/voices), and ``tick`` hands it the next line when it is free.

Settings > Narrator switches the voice; `--narrator` switches it on for one
run without saving. `--narration-log FILE` writes every line to FILE, voice
or no voice. When no voice can start, the player is told why.
"""

from __future__ import annotations

import atexit
from collections.abc import Callable
from pathlib import Path

from amigasweeper.access.narrator import Line, LineKind, NarrationLog, Narrator
from amigasweeper.access.voices.base import NoVoice, Voice
from amigasweeper.access.words import (
    WindowEvent,
    away_line,
    begin_line,
    button_line,
    chosen_line,
    link_line,
    menu_line,
    narrator_off_line,
    narrator_on_line,
    paused_line,
    requester_line,
    resumed_line,
    window_line,
)
from amigasweeper.access.words.reading import none_line
from amigasweeper.engine import GameStatus, MoveKind
from amigasweeper.play.clock import PauseReason
from amigasweeper.play.narration import GameNarration

from ..duel.duelwindow import DuelWindow
from ..game.keyplay import Jump, Read
from ..game.menudefs import Command
from ..helpviewer.guideview import GuideViewer
from ..intuition.keyfocus import gadgets_of
from ..intuition.menus import ItemKind, MenuItem
from ..intuition.requester import CycleGadget, Requester
from ..intuition.stringgadget import StringGadget
from .duellistener import DuelListener

NO_VOICE_TITLE = "Narrator"
NO_VOICE_AFTER = "The narration log (--narration-log FILE) and the text mode (--text) work without a voice."


def gadget_line(gadget, gadgets: list) -> str:
    """A gadget lit with Tab: 'Cancel button, 2 of 2', 'Width text gadget, 8'."""
    position, count = gadgets.index(gadget) + 1 if gadget in gadgets else 1, len(gadgets)
    if isinstance(gadget, StringGadget):
        return f"{gadget.label.strip() or 'text'} gadget, {gadget.text or 'empty'}, {position} of {count}"
    if isinstance(gadget, CycleGadget):
        return f"{gadget.label.strip() or 'cycle'} cycle gadget, {gadget.value}, {position} of {count}"
    # A gadget's own spoken name first: the Palette's arrows show "<" but are "less red".
    label = getattr(gadget, "spoken", None) or getattr(gadget, "label", None) or "gadget"
    return button_line(label, position, count)


def system_voice() -> Voice:
    """The system's voice (access/voices/find_voice.py), or NoVoice saying why."""
    from amigasweeper.access.voices.find_voice import find_voice

    return find_voice()


class WindowNarration:
    def __init__(self, app, *, on: bool, log: Path | None = None,
                 find_voice: Callable[[], Voice] | None = None) -> None:
        self.app = app
        self.find_voice = find_voice or (lambda: system_voice())
        self.narrator = Narrator(None, NarrationLog.to_file(log) if log is not None else None,
                                 clock=app.clock)  # the keys' stillness by the frames' time
        self.game = GameNarration(app.session, self._out)
        self.on = False
        self.no_voice: str | None = None  # why the voice asked for could not start
        self._menu_seen: tuple = ()
        self._requesters_seen: set[int] = set()
        self._focus_seen: object | None = None
        self._told = False  # the player was told why no voice speaks
        self._closing_at_exit = False
        self._begun = False  # the first line (how to begin) was said
        self._closing_voice = False  # switched off: the voice goes once "Narrator off" is said
        self._windows_seen: list | None = None  # the windows open last frame (None: not looked at yet)
        self._active_seen: object | None = None  # the active window last frame, requesters aside
        self._gist_seen: str | None = None  # what the active window showed last frame
        self._link_seen: tuple | None = None  # the help viewer's link lit with Tab last frame
        self._reads_seen: tuple = (None, 0)  # the help viewer and its R presses already read
        self._holding_seen: list = []  # the windows keeping the game waiting last frame
        self._paused_seen = False
        self._away_seen: object | None = None  # the window active instead of MineSweeper, said
        self._answers_seen: tuple = (None, None)  # the assistance's last Hint and Show Safe and Mines
        self._new_board = False  # a new game: the cursor's square is said next frame
        app.mine_window.cursor.listener = self
        app.session.on_new_game.append(self._new_game)
        if on:
            self.switch(True)
        if log is not None:
            self._close_at_exit()  # the log's last lines are written when the program ends

    # ------------------------------------------------------------ on and off
    def switch(self, on: bool) -> str | None:
        """Switch the voice on or off; on, the reason no voice could start, if none could.
        Off is said before the voice goes (``tick`` lets it go once the line is said)."""
        narrator = self.narrator
        if not on:
            if self.on:
                narrator.silence()
                narrator.say(LineKind.RESULT, narrator_off_line())
                self._closing_voice = narrator.voice is not None
            self.on = False
            if not self._closing_voice:
                self._let_voice_go()
            return None
        self.on, self._told, self._closing_voice = True, False, False
        if narrator.voice is None or narrator.voice.problem is not None:
            try:
                narrator.voice, self.no_voice = self.find_voice(), None
                self._close_at_exit()  # the voice's process or connection ends with the program
            except NoVoice as why:
                narrator.voice, self.no_voice = None, str(why)
        self._answers_seen = self._answers()  # what happened while silent is not said now:
        self._windows_seen = None  # the windows are looked at afresh next frame
        self._holding_seen = self.app.session.pauses.windows_holding()
        self._paused_seen = self.app.session.game.paused
        self._away_seen = None
        if self.no_voice is None:
            self.say(LineKind.RESULT, self._first_line())
        return self.no_voice

    def _first_line(self) -> str:
        """At the start, the board and how to begin; later, where the player is
        (a game on its way is not a new one)."""
        if not self._begun:
            self._begun = True
            return begin_line(self.game.board_only())
        return narrator_on_line(self.game.where(self._cursor_cell()))

    def _let_voice_go(self) -> None:
        narrator = self.narrator
        narrator.silence()
        if narrator.voice is not None:
            narrator.voice.close()
        narrator.voice, self._closing_voice = None, False

    def _cursor_cell(self) -> int | None:
        cursor = self.app.mine_window.cursor
        return cursor.cell if cursor.shown else None

    def _close_at_exit(self) -> None:
        if not self._closing_at_exit:
            self._closing_at_exit = True
            atexit.register(self.close)

    def why_silent(self) -> str | None:
        """For Settings: why the Narrator, switched on, is heard by nobody."""
        if not self.on:
            return None
        return self.no_voice or self.narrator.problem

    @property
    def listening(self) -> bool:
        """Whether lines go anywhere: a voice switched on, or the log."""
        return self.on or self.narrator.log is not None

    def _out(self, line: Line) -> None:
        if self.listening:
            self.narrator.say(line)

    def say(self, kind: LineKind, text: str) -> None:
        self._out(Line(kind, text))

    # ------------------------------------------------ the cursor (keyplay.Listener)
    def cursor(self, cell: int) -> None:
        if self.listening:
            self.game.cursor(cell)

    def edge(self, cell: int) -> None:
        if self.listening:
            self.game.edge(cell)

    def refused(self, kind: MoveKind, cell: int) -> None:
        if self.listening:
            self.game.refused(kind, cell)

    def read(self, what: Read, cell: int) -> None:
        if not self.listening:
            return
        game = self.game
        col, row = self.app.game.topology.coords(cell)
        {
            Read.WHERE: lambda: game.cursor(cell),
            Read.ROW: lambda: game.row(row),
            Read.COLUMN: lambda: game.column(col),
            Read.AROUND: lambda: game.around(cell),
            Read.TIME: game.time,
            Read.STATUS: game.status,
            Read.FRONTIER: lambda: game.frontier(row, lambda on: f"press F on row {on}"),
            Read.BOARD: lambda: game.whole_board(row, lambda on: f"press Shift-R on row {on}"),
        }[what]()

    def nowhere(self, what: Jump) -> None:
        """A jump (J, Shift-J) found no square: say so."""
        if self.listening:
            self.say(LineKind.ASKED, none_line(what.value))

    # ------------------------------------------------------------ each frame
    def tick(self) -> None:
        if self.no_voice and self.on and not self._told:
            self._told = True
            self.app.commands.tell(NO_VOICE_TITLE, [f"The Narrator has no voice here: {self.no_voice}.", NO_VOICE_AFTER])
        if self.listening:
            self._walked_menu()
            self._windows()
            self._opened_requesters()
            self._tab_focus()
            self._pauses()
            self._assisted()
            self._cursor_after_new_game()
        self.narrator.update()
        if self._closing_voice and self.narrator.current is None and not self.narrator.queue:
            self._let_voice_go()  # "Narrator off" was said: now silence

    # ------------------------------------------------ a menu item chosen
    def chosen(self, item: MenuItem, checked: bool) -> None:
        """Commands.select chose ``item``: 'Flash: Border, chosen'; a toggle 'Demo, on'.
        The Narrator's own item says itself (``switch``)."""
        if not self.listening or item.command is Command.NARRATOR:
            return
        holder = next((i for m in self.app.mine_window.menus.menus for i in m.items if item in i.sub), None)
        label = f"{holder.label}: {item.label}" if holder is not None else item.label
        self.say(LineKind.RESULT, chosen_line(label, checked if item.kind is ItemKind.TOGGLE else None))

    # ------------------------------------------------ windows and pauses
    def _windows(self) -> None:
        """Windows opened and closed since the last frame, and the one made active."""
        wm = self.app.wm
        shown = [w for w in wm.windows if not isinstance(w, Requester)]
        active = wm.active if not isinstance(wm.active, Requester) else self._active_seen
        if self._windows_seen is None:  # the first frame: the first line said what there is
            self._windows_seen, self._active_seen = shown, active
            return
        for window in self._windows_seen:
            if window not in shown:
                self.say(LineKind.REQUESTER, window_line(WindowEvent.CLOSED, self._title(window)))
        opened = [w for w in shown if w not in self._windows_seen]
        for window in shown:
            if isinstance(window, DuelWindow) and not isinstance(window.cursor.listener, DuelListener):
                window.cursor.listener = DuelListener(window, self.say)  # its own cursor, said as the main one
        for window in opened:
            self.say(LineKind.REQUESTER, window_line(WindowEvent.OPENED, self._title(window), self._gist(window)))
        changed = active is not self._active_seen
        if changed and active is not None and active not in opened:
            self.say(LineKind.REQUESTER, window_line(WindowEvent.ACTIVE, self._title(active), self._gist(active)))
        self._windows_seen, self._active_seen = shown, active
        self._gist_changed(active, changed)
        if isinstance(active, GuideViewer):
            self._viewer(active)

    def _viewer(self, viewer: GuideViewer) -> None:
        """The help viewer's link lit with Tab ('link Contents, 2 of 5'), and the
        lines shown when R asks for them."""
        links = viewer.visible_links()
        lit = viewer.focus if viewer.focus is not None and viewer.focus < len(links) else None
        seen = (id(viewer), lit, viewer.title, viewer.scroll.top)
        link = links[lit][1].link if lit is not None else None
        if lit is not None and link is not None and seen != self._link_seen:
            self.say(LineKind.MENU, link_line(link.label, lit + 1, len(links)))
        self._link_seen = seen if lit is not None else None
        reads = (id(viewer), viewer.reads_asked)
        if reads != self._reads_seen:
            if reads[0] == self._reads_seen[0]:  # R pressed in the viewer known (not a viewer just met)
                self.say(LineKind.ASKED, viewer.shown_text() or "nothing shown")
            self._reads_seen = reads

    def _title(self, window) -> str:
        if isinstance(window, GuideViewer):
            return "Help"
        return getattr(window, "spoken_title", None) or window.title

    def _gist(self, window) -> str:
        """What a window shows, in a sentence: the game's state and the cursor for
        MineSweeper, a window's own ``spoken()``, else its screen title."""
        if window is self.app.mine_window:
            holding = self.app.session.pauses.windows_holding()
            waits = paused_line([r.value for r in holding]) + ". " if holding and self.app.game.paused else ""
            return waits + self.game.where(self._cursor_cell())
        if isinstance(window, GuideViewer):
            return f"page {window.title}"
        spoken = getattr(window, "spoken", None)
        if callable(spoken):
            return spoken()
        return getattr(window, "screen_title", None) or ""

    def _gist_changed(self, active, changed: bool) -> None:
        """What the active window shows, said again when it changes: the help
        viewer's page, the Statistics window's row, the Duel's turn. The
        MineSweeper window's clock changes every second: its own lines say it."""
        if active is None or active is self.app.mine_window:
            self._gist_seen = None
            return
        if changed:  # the window's line just said it
            self._gist_seen = self._gist(active)
            return
        gist = self._gist(active)
        if gist != self._gist_seen and self._gist_seen is not None and gist:
            self.say(LineKind.REQUESTER, gist)
        self._gist_seen = gist

    def _pauses(self) -> None:
        """Why the game waits, when a window starts holding it; and when it plays on."""
        session = self.app.session
        holding = session.pauses.windows_holding()
        game = session.game
        playing = game.status is GameStatus.PLAYING
        away = self._away_window() if not holding else None
        if playing and game.paused and any(r not in self._holding_seen for r in holding):
            self.say(LineKind.RESULT, paused_line([r.value for r in holding]))
        elif playing and game.paused and away is not None and away is not self._away_seen:
            self.say(LineKind.RESULT, away_line(self._title(away)))
        elif playing and self._paused_seen and not game.paused:
            self.say(LineKind.RESULT, resumed_line())
        self._holding_seen, self._paused_seen, self._away_seen = holding, game.paused, away

    def _away_window(self):
        """The window (not a requester) keeping the game waiting by being the active one, if any."""
        active = self._active_seen
        if PauseReason.AWAY not in self.app.session.pauses or active is self.app.mine_window:
            return None
        return active

    # ------------------------------------------------ the assistance
    def _answers(self) -> tuple:
        assist = self.app.session.assist
        return assist.answer, assist.known

    def _assisted(self) -> None:
        """A Hint's answer or Show Safe and Mines, once play/assist has it (a count may take frames)."""
        answer, known = answers = self._answers()
        if answers == self._answers_seen:
            return
        seen_answer, seen_known = self._answers_seen
        self._answers_seen = answers
        if answer is not None and answer is not seen_answer:
            self.game.hint(answer)
        if known is not None and known is not seen_known:
            self.game.known(known)

    # ------------------------------------------------ a new game
    def _new_game(self, _game) -> None:
        self._new_board = True

    def _cursor_after_new_game(self) -> None:
        """After the new board's line, the cursor's square on it (when the cursor is shown)."""
        if self._new_board:
            self._new_board = False
            cell = self._cursor_cell()
            if cell is not None:
                self.game.cursor(cell)

    def _walked_menu(self) -> None:
        strip = self.app.menus
        if not strip.is_open or strip.menu_index is None or strip.item is None:
            self._menu_seen = ()
            return
        menu = strip.menus[strip.menu_index]
        item = getattr(strip, "sub_item", None) or strip.item
        state = (strip.menu_index, item, strip.checked(item), strip.enabled(item))
        if state == self._menu_seen:
            return
        first = not self._menu_seen or self._menu_seen[0] != strip.menu_index
        self._menu_seen = state
        sub_item = getattr(strip, "sub_item", None)
        items = list(strip.item.sub if sub_item is not None else menu.items)  # counted within its own panel
        # A sub-item is said with the item that holds it ("Flash: Border").
        label = f"{strip.item.label}: {item.label}" if sub_item is not None else item.label
        self.say(LineKind.MENU, menu_line(
            menu.title, label,
            position=items.index(item) + 1 if item in items else 1, count=len(items),
            key=item.key,
            checked=strip.checked(item) if item.kind is not ItemKind.ACTION else None,
            enabled=strip.enabled(item),
            opens_requester=item.label.endswith("..."),
            first_in_menu=first,
            has_sub_items=bool(item.sub),
        ))

    def _opened_requesters(self) -> None:
        requesters = [r for r in self.app.requesters if not r.closed]
        for requester in requesters:
            if id(requester) not in self._requesters_seen:
                labels = [b.label for b in requester.buttons]
                self.say(LineKind.REQUESTER, requester_line(requester.title, requester.lines, labels,
                                                            requester.default % max(1, len(labels))))
        self._requesters_seen = {id(r) for r in requesters}

    def _tab_focus(self) -> None:
        ring = self.app.keyboard.ring
        gadget = ring.focused
        if gadget is self._focus_seen:
            return
        self._focus_seen = gadget
        if gadget is not None and ring.window is not None:
            self.say(LineKind.MENU, gadget_line(gadget, gadgets_of(ring.window)))

    def close(self) -> None:
        self.narrator.close()

