"""The ASL file requester, driven for real on the headless screen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import pyxel

from amigasweeper.ui.intuition import drawers
from amigasweeper.ui.intuition.amigapaths import VolumeMap
from amigasweeper.ui.intuition.asl import FileRequester, RequestMode
from amigasweeper.ui.intuition.asl_list import LIST_PAD, ROW_H, size_text
from amigasweeper.ui.intuition.drawers import EntryKind
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.palette import FILL, Pen
from amigasweeper.ui.intuition.requester import Requester

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this system has no named pipes (os.mkfifo)")


@pytest.fixture
def folder(tmp_path) -> Path:
    (tmp_path / "Docs").mkdir()
    (tmp_path / "Docs" / "inner.guide").write_text("@database inner")
    (tmp_path / "Games").mkdir()
    (tmp_path / "AmigaSweeper.guide").write_text("@database a")
    (tmp_path / "notes.txt").write_text("notes")
    (tmp_path / "picture.iff").write_bytes(b"FORM")
    return tmp_path


def amiga(folder: Path) -> str:
    """A folder as the Drawer gadget writes it, with no places of the caller's."""
    return VolumeMap(drawers.volumes()).amiga_path(folder)


class Opened:
    """An app with a file requester open, and what its callbacks received."""

    def __init__(self, make_app, folder: Path, mode: RequestMode = RequestMode.OPEN, answer: str = "", **options) -> None:
        self.app, self.pilot = make_app()
        if options.pop("hires", False):
            self.app.resize_screen(ScreenMode.HIRES)
        self.chosen: list[Path] = []
        self.cancelled = 0
        self.answer = answer
        self.asl = FileRequester(
            "Open Guide" if mode is RequestMode.OPEN else "Save Page As",
            self.app.screen_mode.size,
            on_choose=self.choose,
            on_cancel=self.cancel,
            mode=mode,
            drawer=folder,
            ask=self.app.open_requester,
            **options,
        )
        self.app.open_requester(self.asl)
        self.settle()

    def settle(self) -> None:
        """Frames until the drawer is read and the pattern applied (how many
        depends on the machine's load: the reading has a time budget)."""
        for _ in range(5000):
            self.pilot.step()
            reader = self.asl.reader
            if (reader is None or reader.done) and not self.asl.to_filter:
                return
        raise AssertionError("the drawer was never read to its end")

    def choose(self, path: Path) -> str:
        self.chosen.append(path)
        return self.answer

    def cancel(self) -> None:
        self.cancelled += 1

    @property
    def names(self) -> list[str]:
        return [entry.name for entry in self.asl.listing.entries]

    def row_xy(self, name: str) -> tuple[int, int]:
        listing = self.asl.listing
        row = self.names.index(name) - listing.top
        return listing.ax + 20, listing.ay + LIST_PAD + row * ROW_H + 4

    def click_row(self, name: str) -> None:
        self.pilot.click(*self.row_xy(name))
        self.settle()

    def click_button(self, label: str) -> None:
        button = next(b for b in self.asl.buttons if b.label == label)
        self.pilot.click(button.ax + button.w // 2, button.ay + button.h // 2)
        if self.is_open:
            self.settle()

    def click_gadget(self, gadget) -> None:
        self.pilot.click(gadget.ax + gadget.w - 4, gadget.ay + gadget.h // 2)

    @property
    def is_open(self) -> bool:
        return self.asl in self.app.requesters and self.app.wm.is_open(self.asl)


def test_the_drawer_lists_drawers_first_marked_drawer_then_files(make_app, folder):
    opened = Opened(make_app, folder)
    assert opened.names == ["Docs", "Games", "AmigaSweeper.guide", "notes.txt", "picture.iff"]
    assert [e.kind for e in opened.asl.listing.entries][:2] == [EntryKind.DRAWER, EntryKind.DRAWER]
    assert opened.asl.drawer_gadget.text == amiga(folder)
    assert opened.app.wm.active is opened.asl
    assert size_text(1234) == "1234" and size_text(123_456_789) == "120563K"


def test_a_click_on_a_drawer_opens_it_and_parent_goes_back(make_app, folder):
    opened = Opened(make_app, folder)
    opened.click_row("Docs")
    assert opened.asl.drawer == folder / "Docs"
    assert opened.names == ["inner.guide"]
    assert opened.asl.drawer_gadget.text == amiga(folder / "Docs")
    opened.click_button("Parent")
    assert opened.asl.drawer == folder
    assert "Docs" in opened.names


def test_parent_of_the_root_shows_the_volumes_and_a_volume_opens(make_app, folder):
    opened = Opened(make_app, Path("/"), places=[folder])
    opened.click_button("Parent")
    assert opened.asl.drawer is None
    assert [e.kind for e in opened.asl.listing.entries] == [EntryKind.VOLUME] * 3
    opened.click_row(f"{folder.name}:")
    assert opened.asl.drawer == folder and "notes.txt" in opened.names
    assert opened.asl.drawer_gadget.text == f"{folder.name}:"  # the volume's own name, as the list shows it


def test_volumes_lists_root_home_and_the_callers_folder(make_app, folder):
    opened = Opened(make_app, folder / "Docs", places=[folder])
    opened.click_button("Volumes")
    assert [e.path for e in opened.asl.listing.entries] == [Path("/"), Path.home(), folder]


def test_the_pattern_filters_files_and_keeps_drawers(make_app, folder):
    opened = Opened(make_app, folder)
    opened.click_gadget(opened.asl.pattern_gadget)
    assert opened.asl.active_gadget is opened.asl.pattern_gadget
    for _ in range(2):
        opened.pilot.key(pyxel.KEY_BACKSPACE)
    opened.pilot.type("#?.(GUIDE|txt)")
    assert opened.names == ["Docs", "Games", "AmigaSweeper.guide", "notes.txt"]
    opened.pilot.key(pyxel.KEY_BACKSPACE)  # "#?.(GUIDE|txt": unbalanced, said in words, list unchanged
    assert "never closed" in opened.asl.note
    assert opened.names == ["Docs", "Games", "AmigaSweeper.guide", "notes.txt"]
    opened.pilot.key(pyxel.KEY_RETURN)  # Return in the Pattern gadget moves on to the file name
    assert opened.asl.active_gadget is opened.asl.file_gadget


def test_a_starting_pattern_applies_and_an_empty_result_says_so(make_app, folder):
    opened = Opened(make_app, folder / "Docs", pattern="#?.iff")
    assert opened.names == []
    assert opened.asl.listing.empty_text == "Nothing matches the pattern"
    opened.asl.go(folder / "Games")
    opened.settle()
    assert opened.asl.listing.empty_text == "This drawer is empty"


@needs_fifo
def test_a_fifo_is_never_listed_and_never_chosen_by_name(make_app, folder):
    os.mkfifo(folder / "pipe.guide")
    opened = Opened(make_app, folder)
    assert "pipe.guide" not in opened.names
    opened.pilot.type("pipe.guide")
    opened.pilot.key(pyxel.KEY_RETURN)
    assert opened.chosen == []
    assert "not a plain file" in opened.asl.note
    assert opened.is_open


def test_esc_cancels_and_nothing_is_chosen(make_app, folder):
    opened = Opened(make_app, folder)
    opened.pilot.key(pyxel.KEY_DOWN)
    opened.pilot.key(pyxel.KEY_ESCAPE)
    assert opened.cancelled == 1 and opened.chosen == []
    assert not opened.is_open


def test_the_cancel_button_cancels(make_app, folder):
    opened = Opened(make_app, folder)
    opened.click_button("Cancel")
    assert opened.cancelled == 1 and not opened.is_open


def test_cursor_keys_and_return_choose_a_file(make_app, folder):
    opened = Opened(make_app, folder)
    for _ in range(4):
        opened.pilot.key(pyxel.KEY_DOWN)
    opened.pilot.key(pyxel.KEY_UP)
    assert opened.asl.file_gadget.text == "AmigaSweeper.guide"
    opened.pilot.key(pyxel.KEY_RETURN)
    assert opened.chosen == [folder / "AmigaSweeper.guide"]
    assert not opened.is_open


def test_return_on_a_drawer_under_the_cursor_opens_it(make_app, folder):
    opened = Opened(make_app, folder)
    opened.pilot.key(pyxel.KEY_DOWN)
    opened.pilot.key(pyxel.KEY_RETURN)
    assert opened.asl.drawer == folder / "Docs" and opened.chosen == []


def test_typing_a_name_and_return_chooses_it(make_app, folder):
    opened = Opened(make_app, folder)
    opened.pilot.type("notes.txt")
    opened.pilot.key(pyxel.KEY_RETURN)
    assert opened.chosen == [folder / "notes.txt"]


def test_a_missing_name_is_refused_in_words(make_app, folder):
    opened = Opened(make_app, folder)
    opened.pilot.type("nothing-here.guide")
    opened.click_button("Open")
    assert opened.chosen == [] and "No file called nothing-here.guide" in opened.asl.note
    opened.asl.set_text(opened.asl.file_gadget, "")
    opened.click_button("Open")
    assert "Type or pick a file name" in opened.asl.note


def test_a_double_click_on_a_file_chooses_it(make_app, folder):
    opened = Opened(make_app, folder)
    opened.click_row("notes.txt")
    assert opened.asl.file_gadget.text == "notes.txt" and opened.chosen == []
    opened.click_row("notes.txt")
    assert opened.chosen == [folder / "notes.txt"]


def test_a_problem_from_the_caller_keeps_the_requester_open(make_app, folder):
    opened = Opened(make_app, folder, answer="That is not an AmigaGuide file")
    opened.pilot.type("picture.iff")
    opened.pilot.key(pyxel.KEY_RETURN)
    assert opened.chosen == [folder / "picture.iff"]
    assert opened.is_open and opened.asl.note == "That is not an AmigaGuide file"


def test_tab_moves_between_the_string_gadgets_and_the_drawer_gadget_goes_there(make_app, folder):
    opened = Opened(make_app, folder)
    asl = opened.asl
    assert asl.active_gadget is asl.file_gadget
    opened.pilot.key(pyxel.KEY_TAB)
    assert asl.active_gadget is asl.pattern_gadget
    opened.pilot.key(pyxel.KEY_TAB, shift=True)
    opened.pilot.key(pyxel.KEY_TAB, shift=True)
    assert asl.active_gadget is asl.drawer_gadget
    opened.pilot.type("/Docs")
    opened.pilot.key(pyxel.KEY_RETURN)
    assert asl.drawer == folder / "Docs"
    opened.pilot.type("/nowhere")
    opened.pilot.key(pyxel.KEY_RETURN)
    assert asl.drawer == folder / "Docs" and "No drawer nowhere" in asl.note


def test_a_tilde_is_the_home_folder_and_a_missing_home_is_no_crash(make_app, folder, monkeypatch):
    monkeypatch.setenv("HOME", str(folder))
    opened = Opened(make_app, folder / "Docs")
    opened.asl.set_text(opened.asl.file_gadget, "~/notes.txt")
    opened.pilot.key(pyxel.KEY_RETURN)
    assert opened.chosen == [folder / "notes.txt"]
    monkeypatch.delenv("HOME")
    monkeypatch.setattr(Path, "expanduser", lambda self: (_ for _ in ()).throw(RuntimeError("no home")))
    again = Opened(make_app, folder)
    again.asl.set_text(again.asl.file_gadget, "~nobody/x")
    again.pilot.key(pyxel.KEY_RETURN)
    assert again.chosen == [] and "No file called x" in again.asl.note


def test_an_unreadable_drawer_says_so_and_never_raises(make_app, folder, monkeypatch):
    real = os.scandir

    def refuse(path):
        if Path(path).name == "Games":
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(drawers.os, "scandir", refuse)
    opened = Opened(make_app, folder)
    opened.click_row("Games")
    assert opened.asl.drawer == folder / "Games" and opened.names == []
    assert "you may not read this drawer" in opened.asl.note
    assert "you may not read" in opened.asl.listing.empty_text
    opened.click_button("Parent")
    assert "notes.txt" in opened.names


def test_a_huge_drawer_is_listed_over_frames(make_app, tmp_path):
    for i in range(1500):
        (tmp_path / f"file{i:04}.guide").write_text("")
    app, pilot = make_app()
    asl = FileRequester("Open", app.screen_mode.size, on_choose=print, drawer=tmp_path)
    app.open_requester(asl)
    assert 0 < len(asl.listing.entries) < 1500  # at most 400 names a frame, at least one
    assert asl.note.startswith("Reading")
    frames = 0
    while not asl.reader.done:
        pilot.step()
        frames += 1
        assert frames < 2000
    assert frames >= 3 and len(asl.listing.entries) == 1500 and asl.note == ""
    pilot.key(pyxel.KEY_PAGEDOWN)
    pilot.key(pyxel.KEY_PAGEDOWN)
    listing = asl.listing
    assert listing.top > 0 and listing.top <= listing.cursor < listing.top + listing.rows


def test_a_new_pattern_is_applied_to_a_big_list_over_frames(make_app, tmp_path, monkeypatch):
    from amigasweeper.ui.intuition import asl as asl_module

    monkeypatch.setattr(asl_module, "FILTER_STEP", 100)
    for i in range(600):
        (tmp_path / f"file{i:03}.{'guide' if i % 2 else 'txt'}").write_text("")
    opened = Opened(make_app, tmp_path)
    assert len(opened.names) == 600
    opened.asl.set_pattern("#?.guide")
    assert len(opened.names) == 50  # the first slice at once
    assert opened.asl.listing.empty_text == ""
    for _ in range(5):
        opened.pilot.step()
    assert not opened.asl.to_filter
    assert opened.names == sorted(f"file{i:03}.guide" for i in range(1, 600, 2))


def test_the_wheel_and_the_scroller_arrows_scroll(make_app, tmp_path):
    for i in range(60):
        (tmp_path / f"f{i:02}").write_text("")
    opened = Opened(make_app, tmp_path)
    listing, scroller = opened.asl.listing, opened.asl.scroller
    opened.pilot.wheel(-1)
    assert listing.top == 3
    opened.pilot.click(scroller.ax + 5, scroller.ay + scroller.h - 4)  # the down arrow
    assert listing.top == 4
    opened.pilot.click(scroller.ax + 5, scroller.ay + scroller.h - 13)  # the up arrow
    assert listing.top == 3
    opened.pilot.drag((scroller.ax + 5, scroller.ay + 4 + scroller.knob()[0]), (scroller.ax + 5, scroller.ay + 400))
    assert listing.top == 60 - listing.rows


def test_save_asks_before_replacing_and_return_and_esc_both_keep_the_file(make_app, folder):
    opened = Opened(make_app, folder, mode=RequestMode.SAVE)
    assert [b.label for b in opened.asl.buttons] == ["Save", "Volumes", "Parent", "Cancel"]
    opened.pilot.type("notes.txt")
    for key in (pyxel.KEY_ESCAPE, pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER):  # each the safe answer
        opened.pilot.key(pyxel.KEY_RETURN)  # Save: the file is there, so the requester asks
        confirm = opened.app.wm.active
        assert isinstance(confirm, Requester) and confirm is not opened.asl
        assert "notes.txt already exists." in confirm.lines and opened.chosen == []
        opened.pilot.key(key)  # nothing is replaced, the file requester stays
        assert opened.chosen == [] and opened.is_open and opened.app.wm.active is opened.asl
    opened.pilot.key(pyxel.KEY_RETURN)
    confirm = opened.app.wm.active
    replace = next(b for b in confirm.buttons if b.label == "Replace")
    opened.pilot.click(replace.ax + replace.w // 2, replace.ay + replace.h // 2)  # only a click replaces
    assert opened.chosen == [folder / "notes.txt"] and not opened.is_open


def test_save_to_a_new_name_needs_no_question(make_app, folder):
    opened = Opened(make_app, folder, mode=RequestMode.SAVE, file="page.txt")
    opened.click_button("Save")
    assert opened.chosen == [folder / "page.txt"]


@needs_fifo
def test_save_never_writes_over_a_pipe_or_into_a_missing_drawer(make_app, folder):
    os.mkfifo(folder / "pipe.txt")
    opened = Opened(make_app, folder, mode=RequestMode.SAVE)
    opened.pilot.type("pipe.txt")
    opened.pilot.key(pyxel.KEY_RETURN)
    assert opened.chosen == [] and "choose another name" in opened.asl.note
    opened.asl.set_text(opened.asl.file_gadget, "nowhere/page.txt")
    opened.pilot.key(pyxel.KEY_RETURN)
    assert opened.chosen == [] and "No drawer nowhere" in opened.asl.note


def test_a_save_requester_needs_a_way_to_ask(folder, pyxel_screen):
    with pytest.raises(ValueError):
        FileRequester("Save", (320, 256), on_choose=print, mode=RequestMode.SAVE, drawer=folder)


@pytest.mark.parametrize("hires", [False, True])
def test_the_requester_fits_the_screen_and_draws_the_workbench_look(make_app, folder, hires, tmp_path_factory):
    opened = Opened(make_app, folder, hires=hires)
    asl = opened.asl
    screen_w, screen_h = opened.app.screen_mode.size
    assert 0 <= asl.x and asl.x + asl.w <= screen_w and 11 <= asl.y and asl.y + asl.h <= screen_h
    opened.pilot.key(pyxel.KEY_DOWN)
    opened.pilot.step()
    listing = asl.listing
    row_y = listing.ay + LIST_PAD + 4
    assert pyxel.screen.pget(listing.ax + listing.w - 4, row_y - 3) == FILL  # the cursor's row, filled
    drawer_x = listing.ax + listing.w - LIST_PAD - 1 - 6 * 8
    ink = {pyxel.screen.pget(drawer_x + dx, row_y - 4 + dy) for dx in range(48) for dy in range(8)}
    assert Pen.WHITE in ink  # "Drawer" in the highlight pen
    shot = tmp_path_factory.mktemp("asl") / f"asl-{'hires' if hires else 'lowres'}.png"
    pyxel.screenshot(str(shot), 1)
    assert shot.stat().st_size > 0


def test_a_screen_mode_change_lays_the_requester_out_again(make_app, folder):
    opened = Opened(make_app, folder)
    low_rows = opened.asl.listing.rows
    opened.app.resize_screen(ScreenMode.HIRES)
    assert opened.asl.listing.rows > low_rows
    opened.app.resize_screen(ScreenMode.LOWRES)
    assert opened.asl.listing.rows == low_rows and opened.asl.x + opened.asl.w <= 320


def test_a_press_called_off_on_the_requester_is_not_a_cancel(make_app, folder):
    # The button held on the requester's own body while Return chooses a file:
    # closing it calls the press off (Widget.on_cancel), which is not Cancel.
    opened = Opened(make_app, folder)
    listing = opened.asl.listing
    opened.pilot.move(listing.ax + 1, listing.ay + listing.h + 1)  # the gap under the list
    opened.pilot.press()
    opened.pilot.step()
    assert opened.app.wm.dispatcher.captured is opened.asl
    opened.pilot.type("notes.txt")
    opened.pilot.key(pyxel.KEY_RETURN)
    opened.pilot.release()
    opened.pilot.step()
    assert opened.chosen == [folder / "notes.txt"] and opened.cancelled == 0 and not opened.is_open
