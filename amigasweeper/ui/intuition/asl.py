"""The ASL file requester, as Workbench 3.1 programs showed it: a scrolling
list of the drawer's entries (drawers marked "Drawer", icons left out), a
Pattern, a Drawer and a File string gadget, the buttons Open (or Save),
Volumes, Parent and Cancel, a depth gadget and a size gadget. It opens at
the screen's top left corner (placement.py says why); the Drawer gadget
shows its drawer as AmigaDOS writes one, ``Volume:drawer/drawer``, in the
names of the Volumes list (amigapaths.py).

Any window opens one through the Host's ``open_requester``::

    asl = FileRequester("Open Guide", host.screen_mode.size, on_choose=load,
                        drawer=folder, pattern="#?.guide", ask=host.open_requester)
    host.open_requester(asl, owner=window)

``on_choose(path)`` gets the chosen file once the requester has checked it
(Open: an existing regular file; Save: a name in an existing drawer, the
player having agreed to replace a file already there); it returns "" (or
None) when done, which closes the requester, or a problem in words, which
the requester shows while it stays open. ``on_cancel`` is called on Cancel
or Esc. The requester lists only regular files and drawers, reads a big
drawer over several frames (``tick``), and never opens anything itself.

Keys: the cursor keys (and Page Up/Down, the wheel) move in the list, Return
opens the drawer or chooses the file under the list's cursor or the name
typed, Tab moves between the string gadgets, Esc cancels; the string gadgets
edit with 3.1's keys (stringgadget.py).
"""

from __future__ import annotations

import bisect
import os
import sys
from collections.abc import Callable, Iterable
from enum import Enum
from pathlib import Path

import pyxel

from . import font
from .amigapaths import VolumeMap, expand
from .asl_list import FileList, ListScroller, printable
from .asllayout import GAP, SIDE, AslLayout
from .atlas import FONT, Glyph
from .dospattern import DosPattern, PatternError, compile_pattern
from .drawers import (
    FILTER_STEP,
    MOST_ENTRIES,
    DrawerReader,
    Entry,
    EntryKind,
    plain_file_problem,
    volumes,
)
from .input import Frame
from .palette import Pen
from .requester import Requester, shorten
from .stringgadget import StringGadget

LABELS = ("Pattern", "Drawer", "File")
LABEL_CHARS = max(len(label) for label in LABELS)
DOUBLE_CLICK_FRAMES = 30  # a second click this soon on the same file chooses it
PATTERN_CHARS, DRAWER_CHARS, FILE_CHARS = 128, 1024, 255  # the gadgets' limits


class RequestMode(Enum):
    OPEN = "Open"
    SAVE = "Save"


def available() -> bool:
    """A web page has no files of its own to choose: no file requester there."""
    return sys.platform != "emscripten"


class FileRequester(AslLayout, Requester):
    """The file requester. See the module's text for how to open one."""

    keeps_tab = True  # Tab moves between its own gadgets (intuition/keyfocus.py)

    def __init__(
        self,
        title: str,
        screen_size: tuple[int, int],
        *,
        on_choose: Callable[[Path], str | None],
        on_cancel: Callable[[], None] | None = None,
        mode: RequestMode = RequestMode.OPEN,
        drawer: Path | None = None,
        file: str = "",
        pattern: str = "#?",
        places: Iterable[Path] = (),
        ask: Callable[[Requester], None] | None = None,
        help_node: str = "Main",
    ) -> None:
        if mode is RequestMode.SAVE and ask is None:
            raise ValueError("a Save requester needs `ask` to confirm replacing a file")
        self.mode = mode
        self.on_choose = on_choose
        # Not named on_cancel: that is Widget's hook for a press called off, which is no Cancel.
        self.cancel_action = on_cancel or (lambda: None)
        self.ask = ask
        self.places = [Path(p) for p in places]  # shown under Volumes beside the system's own
        self.note = ""  # one line under the list: what is happening or what went wrong
        self.frames = 0
        self.last_click: tuple[int, Entry] | None = None  # (frame, entry) of the last click on a file
        self.reader: DrawerReader | None = None
        self.to_filter: list[Entry] = []  # entries read before the pattern changed, not yet judged by it
        self.drawer: Path | None = None  # None while the volumes are listed
        self.pattern: DosPattern = compile_pattern("#?")
        self.paths = VolumeMap(volumes(self.places))  # the Drawer gadget's names for folders
        self.listing = FileList(self.pick)
        self.scroller = ListScroller(self.listing)
        labels = [label.rjust(LABEL_CHARS) for label in LABELS]
        self.pattern_gadget = StringGadget(labels[0], pattern, 10, PATTERN_CHARS)
        self.drawer_gadget = StringGadget(labels[1], "", 10, DRAWER_CHARS)
        self.file_gadget = StringGadget(labels[2], file, 10, FILE_CHARS)
        buttons = [(mode.value, self.choose), ("Volumes", self.show_volumes), ("Parent", self.parent_drawer),
                   ("Cancel", self.cancel)]
        gadgets = [self.pattern_gadget, self.drawer_gadget, self.file_gadget]
        super().__init__(title, [], buttons, screen_size, gadgets=gadgets, help_node=help_node)
        self.add(self.listing)
        self.add(self.scroller)
        self.size_bottom = True  # ASL's window: its size gadget in the bottom border
        self.enable_depth()
        self.enable_sizing(*self.min_outer())
        self.relayout()
        self.focus(self.file_gadget)
        self.set_pattern(pattern)
        start = Path(drawer) if drawer is not None else Path.cwd()
        if not self.go(start):
            self.show_volumes()

    def say(self, message: str) -> None:
        self.note = message

    # ------------------------------------------------------------ places
    def go(self, folder: Path) -> bool:
        """List a drawer; False (and a note saying why) when it is not one."""
        folder = Path(os.path.abspath(expand(folder)))
        try:
            is_drawer = folder.is_dir()
        except (OSError, ValueError):
            is_drawer = False
        if not is_drawer:
            self.note = f"No drawer {printable(folder.name or str(folder))}"
            return False
        self.stop_reading()
        self.drawer = folder
        self.reader = DrawerReader(folder)
        self.listing.show([])
        self.listing.empty_text = ""
        self.set_text(self.drawer_gadget, self.paths.amiga_path(folder))
        self.note = ""
        self.tick_reader()  # a small drawer shows at once
        return True

    def show_volumes(self) -> None:
        self.stop_reading()
        self.drawer = None
        found = volumes(self.places)
        self.paths = VolumeMap(found)
        self.listing.show(found)
        self.listing.empty_text = ""
        self.set_text(self.drawer_gadget, "")
        self.note = "Choose a volume"

    def parent_drawer(self) -> None:
        """Parent: the drawer above; above a volume's root, the volumes."""
        if self.drawer is None:
            return
        if self.drawer.parent == self.drawer:
            self.show_volumes()
        else:
            self.go(self.drawer.parent)

    def stop_reading(self) -> None:
        if self.reader is not None:
            self.reader.close()
        self.reader = None
        self.to_filter = []

    # ------------------------------------------------------------ reading
    def tick(self) -> None:
        """Each frame: judge more entries by a new pattern, read on in a big drawer."""
        self.frames += 1
        self.filter_some()
        self.tick_reader()

    def tick_reader(self) -> None:
        reader = self.reader
        if reader is None or reader.done:
            return
        for entry in reader.step():
            if self.shown(entry):
                self.insert(entry)
        if not reader.done:
            self.note = f"Reading{Glyph.ELLIPSIS.char} {len(reader.entries)} entries"
        elif reader.more:
            self.note = f"Only the first {MOST_ENTRIES} entries are listed"
        else:
            self.note = reader.problem
        self.say_why_empty()

    def say_why_empty(self) -> None:
        """An empty list says why: unreadable, empty, or nothing matches."""
        reader = self.reader
        if reader is None or not reader.done or self.listing.entries or self.to_filter:
            self.listing.empty_text = ""
        elif reader.problem:
            self.listing.empty_text = reader.problem
        else:
            self.listing.empty_text = "Nothing matches the pattern" if reader.entries else "This drawer is empty"

    def shown(self, entry: Entry) -> bool:
        return entry.kind is not EntryKind.FILE or self.pattern.matches(entry.name)

    def insert(self, entry: Entry) -> None:
        entries = self.listing.entries
        index = bisect.bisect(entries, entry.sort_key(), key=Entry.sort_key)
        entries.insert(index, entry)
        self.listing.insert_at(index)

    def set_pattern(self, text: str) -> None:
        """Filter the files by a new pattern (drawers always show)."""
        try:
            self.pattern = compile_pattern(text)
        except PatternError as error:
            self.note = f"Pattern: {error}"
            return
        self.note = ""
        if self.reader is not None:
            self.listing.show([])
            self.to_filter = list(self.reader.entries)  # judged a slice a frame: a big drawer never stalls
            self.filter_some()

    def filter_some(self) -> None:
        if not self.to_filter:
            return
        batch, self.to_filter = self.to_filter[:FILTER_STEP], self.to_filter[FILTER_STEP:]
        for entry in batch:
            if self.shown(entry):
                self.insert(entry)
        self.say_why_empty()

    # ------------------------------------------------------------ choosing
    def pick(self, index: int) -> None:
        """A click on a row: a drawer or volume opens; a file goes into the
        File gadget, and a second click soon after chooses it."""
        entry = self.listing.entries[index]
        if entry.kind is not EntryKind.FILE:
            self.go(entry.path)
            return
        self.set_text(self.file_gadget, entry.name)
        last = self.last_click
        if last is not None and last[1] == entry and self.frames - last[0] <= DOUBLE_CLICK_FRAMES:
            self.last_click = None
            self.choose()
        else:
            self.last_click = (self.frames, entry)

    def choose(self) -> None:
        """Open/Save: the name in the File gadget, checked. A drawer's name
        lists that drawer instead."""
        name = self.file_gadget.text.strip()
        if not name:
            self.note = "Type or pick a file name"
            return
        base = self.drawer or Path.cwd()
        path = Path(os.path.abspath(base / expand(Path(name))))
        try:
            if path.is_dir():
                self.set_text(self.file_gadget, "")
                self.go(path)
                return
        except (OSError, ValueError):
            pass
        if self.mode is RequestMode.OPEN:
            problem = plain_file_problem(path)
            if problem:
                self.note = problem
                return
            self.finish(path)
            return
        self.choose_to_save(path)

    def choose_to_save(self, path: Path) -> None:
        try:
            drawer_ok, exists = path.parent.is_dir(), os.path.lexists(path)
        except (OSError, ValueError):
            drawer_ok, exists = False, False
        if not drawer_ok:
            self.note = f"No drawer {printable(path.parent.name)} to save in"
            return
        if not exists:
            self.finish(path)
            return
        problem = plain_file_problem(path)
        if problem:
            self.note = f"{problem}: choose another name"
            return
        self.confirm_replace(path)

    def confirm_replace(self, path: Path) -> None:
        """Saving over a file asks first; Cancel keeps the file, and Return
        and Esc both mean Cancel: only a click on Replace replaces it."""

        def replace() -> None:
            confirm.close()
            self.finish(path)

        lines = [f"{printable(path.name)} already exists.", "Replace it?"]
        confirm = Requester(self.title, lines, [("Replace", replace), ("Cancel", lambda: confirm.close())],
                            self.screen_size, help_node=self.help_node, default=-1)
        assert self.ask is not None  # __init__ refuses a Save requester without it, and only Save asks
        self.ask(confirm)

    def finish(self, path: Path) -> None:
        problem = self.on_choose(path)
        if problem:
            self.note = problem
            return
        self.stop_reading()
        self.close()

    def cancel(self) -> None:
        self.stop_reading()
        self.close()
        self.cancel_action()

    # ------------------------------------------------------------ keys
    def set_text(self, gadget: StringGadget, text: str) -> None:
        gadget.text, gadget.cursor = text, len(text)

    def on_key(self, frame: Frame) -> bool:
        gadget = self.active_gadget
        before = gadget.text if gadget is not None else None
        if gadget is not None:
            gadget.edit(frame)
            if gadget.text != before:
                self.edited(gadget)
        if frame.key(pyxel.KEY_TAB):
            index = self.gadgets.index(gadget) if gadget is not None else -1
            self.focus(self.gadgets[(index + (-1 if frame.shift else 1)) % len(self.gadgets)])
        for code, step in ((pyxel.KEY_UP, -1), (pyxel.KEY_DOWN, 1), (pyxel.KEY_PAGEUP, -self.listing.rows),
                           (pyxel.KEY_PAGEDOWN, self.listing.rows)):
            if frame.key(code):
                self.move_cursor(step)
        if frame.wheel:
            self.listing.scroll_to(self.listing.top - 3 * frame.wheel)
        if frame.key(pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER):
            self.enter(gadget)
        elif frame.key(pyxel.KEY_ESCAPE):
            self.cancel()
        return True

    def edited(self, gadget: StringGadget) -> None:
        if gadget is self.pattern_gadget:
            self.set_pattern(gadget.text)
        elif gadget is self.file_gadget:
            self.listing.cursor = None  # Return now chooses the typed name

    def move_cursor(self, step: int) -> None:
        self.listing.move_cursor(step)
        entry = self.cursor_entry()
        if entry is not None and entry.kind is EntryKind.FILE:
            self.set_text(self.file_gadget, entry.name)

    def cursor_entry(self) -> Entry | None:
        cursor = self.listing.cursor
        return self.listing.entries[cursor] if cursor is not None and cursor < len(self.listing.entries) else None

    def enter(self, gadget: StringGadget | None) -> None:
        """Return: in the Drawer gadget, go there; in the Pattern gadget, move
        on to the file name; else open the drawer under the cursor or choose."""
        if gadget is self.drawer_gadget:
            typed = gadget.text.strip()
            folder = self.paths.host_path(typed, self.drawer or Path.cwd()) if typed else None
            if isinstance(folder, str):
                self.note = folder  # a volume that is not there, in words
            elif folder is not None:
                self.go(folder)
            return
        if gadget is self.pattern_gadget:
            self.focus(self.file_gadget)
            return
        entry = self.cursor_entry()
        if entry is not None and entry.kind is not EntryKind.FILE:
            self.go(entry.path)
            return
        self.choose()

    # ------------------------------------------------------------ draw
    def draw_interior(self) -> None:
        if self.note:
            x = self.ax + self.listing.x
            y = self.ay + self.listing.y + self.listing.h + GAP
            room = (self.inner_w - 2 * SIDE) // FONT.cell
            font.draw_text(x, y, shorten(self.note, room), Pen.WHITE, bg=Pen.BLUE)
