"""What the file requester lists: plain files and drawers only (never a pipe,
a device, or a file of /proc or /sys), read a slice at a time, the volumes of
each system, and the plain-file check (pure Python)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from amigasweeper import plainfiles
from amigasweeper.ui.intuition import drawers
from amigasweeper.ui.intuition.drawers import DrawerReader, EntryKind, plain_file_problem, volumes

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this system has no named pipes (os.mkfifo)")


def make_folder(tmp_path: Path) -> Path:
    (tmp_path / "Docs").mkdir()
    (tmp_path / "b.txt").write_text("bee")
    (tmp_path / "A.guide").write_text("@database x")
    (tmp_path / ".hidden").write_text("x")
    return tmp_path


def test_drawers_come_first_then_files_case_ignored(tmp_path):
    entries = DrawerReader(make_folder(tmp_path)).read_all()
    assert [(e.name, e.kind) for e in entries] == [("Docs", EntryKind.DRAWER), ("A.guide", EntryKind.FILE), ("b.txt", EntryKind.FILE)]
    assert entries[1].size == len("@database x")


@needs_fifo
def test_pipes_sockets_and_dangling_links_are_never_listed(tmp_path):
    folder = make_folder(tmp_path)
    os.mkfifo(folder / "pipe.guide")
    os.symlink(folder / "pipe.guide", folder / "link-to-pipe.guide")
    os.symlink(folder / "nowhere", folder / "dangling.guide")
    os.symlink(folder / "A.guide", folder / "link.guide")
    names = [e.name for e in DrawerReader(folder).read_all()]
    assert names == ["Docs", "A.guide", "b.txt", "link.guide"]
    assert "a named pipe, not a plain file" in plain_file_problem(folder / "pipe.guide")
    assert "a named pipe, not a plain file" in plain_file_problem(folder / "link-to-pipe.guide")
    assert plain_file_problem(folder / "link.guide") == ""
    assert "is a drawer" in plain_file_problem(folder / "Docs")
    assert "No file" in plain_file_problem(folder / "dangling.guide")
    assert "No file" in plain_file_problem(folder / "bad\0name")


needs_proc = pytest.mark.skipif(not (os.path.isfile("/proc/self/environ") and os.path.exists("/dev/zero")),
                                reason="this system has no /proc file system or no /dev/zero")


@needs_proc
def test_devices_and_the_kernels_files_are_never_listed_nor_chosen(tmp_path):
    """R1: /proc/kmsg is a "regular" file whose reading waits forever (and, as
    root, drains the kernel's log). Its folder is listed here without kmsg, and
    a device linked into a drawer is left out as a pipe is."""
    (tmp_path / "zero.guide").symlink_to("/dev/zero")
    (tmp_path / "environ.guide").symlink_to("/proc/self/environ")
    (tmp_path / "A.guide").write_text("@database x")
    assert [e.name for e in DrawerReader(tmp_path).read_all()] == ["A.guide"]
    assert "a device, not a plain file" in plain_file_problem(tmp_path / "zero.guide")
    assert "system" in plain_file_problem(tmp_path / "environ.guide")
    proc = DrawerReader(Path("/proc")).read_all()
    assert not [e for e in proc if e.kind is EntryKind.FILE], [e.name for e in proc if e.kind is EntryKind.FILE][:5]
    assert "system" in plain_file_problem(Path("/proc/kmsg"))  # never opened: only looked at


def test_a_name_that_is_not_text_is_escaped_in_the_message(tmp_path):
    assert plain_file_problem(tmp_path / "\x1b[2Jgone") == "No file called \\x1b[2Jgone here"
    assert plainfiles.shown("\x1b[2Jgone") in plain_file_problem(tmp_path / "\x1b[2Jgone")


def test_a_big_drawer_is_read_a_slice_at_a_time(tmp_path):
    for i in range(250):
        (tmp_path / f"f{i:03}").write_text("")
    reader = DrawerReader(tmp_path)
    first = reader.step(seconds=10, count=100)
    assert len(first) == 100 and not reader.done
    while not reader.done:
        reader.step(seconds=10, count=100)
    assert len(reader.entries) == 250
    assert [e.name for e in reader.entries] == sorted(e.name for e in reader.entries)


def test_a_drawer_over_the_cap_says_more_were_left(tmp_path):
    for i in range(30):
        (tmp_path / f"f{i:02}").write_text("")
    reader = DrawerReader(tmp_path, most=10)
    reader.read_all()
    assert len(reader.entries) == 10 and reader.more and reader.done


def test_a_slice_stops_when_its_time_is_up(tmp_path):
    for i in range(20):
        (tmp_path / f"f{i:02}").write_text("")
    ticks = iter(range(1000))
    reader = DrawerReader(tmp_path, clock=lambda: next(ticks))
    assert len(reader.step(seconds=3, count=100)) <= 4


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (PermissionError(13, "Permission denied"), "you may not read this drawer"),
        (FileNotFoundError(2, "No such file"), "no such drawer"),
        (NotADirectoryError(20, "Not a directory"), "is not a drawer"),
        (OSError(5, "Input/output error"), "cannot be read (Input/output error)"),
    ],
)
def test_an_unreadable_drawer_is_said_in_words(tmp_path, monkeypatch, error, words):
    def refuse(path):
        raise error

    monkeypatch.setattr(drawers.os, "scandir", refuse)
    reader = DrawerReader(tmp_path / "Locked")
    assert reader.read_all() == []
    assert reader.done and words in reader.problem and "Locked" in reader.problem


def test_volumes_on_linux_and_macos_are_root_home_and_the_callers_folders(tmp_path):
    found = volumes([tmp_path, Path("/")], platform="linux")
    assert [e.path for e in found] == [Path("/"), Path.home(), tmp_path]
    assert all(e.kind is EntryKind.VOLUME for e in found)
    assert [e.path for e in volumes(platform="darwin")] == [Path("/"), Path.home()]


def test_without_a_home_folder_the_volumes_are_root_and_the_callers(tmp_path, monkeypatch):
    def nowhere():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(drawers.Path, "home", staticmethod(nowhere))
    assert [e.path for e in volumes([tmp_path], platform="linux")] == [Path("/"), tmp_path]


def test_volumes_on_windows_are_the_drive_letters():
    found = volumes(platform="win32", drives=lambda: ["C:\\", "D:\\"])
    assert [(e.name, e.path) for e in found] == [("C:", Path("C:\\")), ("D:", Path("D:\\"))]


@pytest.mark.skipif(sys.platform != "win32", reason="drive letters exist only on Windows")
def test_windows_has_its_drives():
    assert drawers.windows_drives()


@pytest.mark.skipif(sys.platform == "win32", reason="off Windows only")
def test_there_are_no_drive_letters_off_windows():
    assert drawers.windows_drives() == []
