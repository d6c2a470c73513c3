"""What the file requester lists: regular files and drawers only, read a slice
at a time, the volumes of each system, and the plain-file check (pure Python)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from amigasweeper.ui.intuition import drawers
from amigasweeper.ui.intuition.drawers import DrawerReader, Kind, NotPlainFile, open_plain, plain_file_problem, volumes

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this system has no named pipes (os.mkfifo)")


def make_folder(tmp_path: Path) -> Path:
    (tmp_path / "Docs").mkdir()
    (tmp_path / "b.txt").write_text("bee")
    (tmp_path / "A.guide").write_text("@database x")
    (tmp_path / ".hidden").write_text("x")
    return tmp_path


def test_drawers_come_first_then_files_case_ignored(tmp_path):
    entries = DrawerReader(make_folder(tmp_path)).read_all()
    assert [(e.name, e.kind) for e in entries] == [("Docs", Kind.DRAWER), ("A.guide", Kind.FILE), ("b.txt", Kind.FILE)]
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
    assert "is not a plain file" in plain_file_problem(folder / "pipe.guide")
    assert "is not a plain file" in plain_file_problem(folder / "link-to-pipe.guide")
    assert plain_file_problem(folder / "link.guide") == ""
    assert "is a drawer" in plain_file_problem(folder / "Docs")
    assert "No file" in plain_file_problem(folder / "dangling.guide")
    assert "No file" in plain_file_problem(folder / "bad\0name")


@needs_fifo
def test_open_plain_refuses_a_pipe_without_waiting_for_a_writer(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(NotPlainFile):
        open_plain(tmp_path / "pipe")  # a plain open() would block here forever
    (tmp_path / "file").write_bytes(b"data")
    with open_plain(tmp_path / "file") as handle:
        assert handle.read() == b"data"


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
    assert all(e.kind is Kind.VOLUME for e in found)
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
