"""The Narrator's window adapter.

Lines about the game (what a move did, marks and the counter, a new board,
the win or loss) come from play/narration.py, which play/ feeds; the same
words as `--text`. The window adds:

- the keyboard cursor's square, and what the player asks to hear (the time,
  the state, a row, a column, the squares around): game/keyplay.py calls the
  Listener methods here;
- menu items as they are walked, by the keys or by the mouse;
- every requester's text and buttons as it opens, and each gadget Tab reaches.

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
from amigasweeper.access.words import button_line, menu_line, requester_line
from amigasweeper.access.words.reading import none_line
from amigasweeper.engine import MoveKind
from amigasweeper.play.narration import GameNarration

from ..game.keyplay import Jump, Read
from ..intuition.keyfocus import gadgets_of
from ..intuition.menus import ItemKind
from ..intuition.requester import CycleGadget
from ..intuition.stringgadget import StringGadget

NO_VOICE_TITLE = "Narrator"
NO_VOICE_AFTER = "The narration log (--narration-log FILE) and the text mode (--text) work without a voice."


def gadget_line(gadget, gadgets: list) -> str:
    """A gadget lit with Tab: 'Cancel button, 2 of 2', 'Width text gadget, 8'."""
    position, count = gadgets.index(gadget) + 1 if gadget in gadgets else 1, len(gadgets)
    if isinstance(gadget, StringGadget):
        return f"{gadget.label.strip() or 'text'} gadget, {gadget.text or 'empty'}, {position} of {count}"
    if isinstance(gadget, CycleGadget):
        return f"{gadget.label.strip() or 'cycle'} cycle gadget, {gadget.value}, {position} of {count}"
    label = getattr(gadget, "label", None) or getattr(gadget, "spoken", None) or "gadget"
    return button_line(label, position, count)


def system_voice() -> Voice:
    """The system's voice (access/voices/find.py), or NoVoice saying why."""
    from amigasweeper.access.voices.find import find_voice

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
        app.mine_window.cursor.listener = self
        if on:
            self.switch(True)
        if log is not None:
            self._close_at_exit()  # the log's last lines are written when the program ends

    # ------------------------------------------------------------ on and off
    def switch(self, on: bool) -> str | None:
        """Switch the voice on or off; on, the reason no voice could start, if none could."""
        narrator = self.narrator
        if not on:
            narrator.silence()
            if narrator.voice is not None:
                narrator.voice.close()
            narrator.voice, self.on = None, False
            return None
        self.on, self._told = True, False
        if narrator.voice is None or narrator.voice.problem is not None:
            try:
                narrator.voice, self.no_voice = self.find_voice(), None
                self._close_at_exit()  # the voice's process or connection ends with the program
            except NoVoice as why:
                narrator.voice, self.no_voice = None, str(why)
        if self.no_voice is None:
            self.say(LineKind.RESULT, self.game.board())  # where the player is: the board being played
        return self.no_voice

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
            self._opened_requesters()
            self._tab_focus()
        self.narrator.update()

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

