"""The one atomic whole-file write (amigasweeper/atomicfile.py) that the
storage, the replays folder and the viewer's Save As share: a replaced file
keeps its permissions (S2: Save As made a 0644 file 0600), and a new file
gets what the umask allows, as any program's new file does."""

from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from pathlib import Path

import pytest

from amigasweeper.atomicfile import write_atomically
from amigasweeper.guide import parse
from amigasweeper.guide.savetext import save_page
from amigasweeper.storage import FileBackend

posix = pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")


@contextmanager
def umask(mask: int):
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


PAGE = parse("@database P\n@node Main\nSome text\n@endnode\n").main


@posix
@pytest.mark.parametrize("before", [0o644, 0o640, 0o604, 0o755])
def test_save_as_over_a_file_keeps_its_permissions_whatever_the_umask(tmp_path, before):
    target = tmp_path / "page.txt"
    target.write_text("old")
    target.chmod(before)
    with umask(0o077):  # a umask that would have made it private had it counted
        save_page(PAGE, target)
    assert target.read_text() == "Some text\n" and mode(target) == before


@posix
@pytest.mark.parametrize("mask, expected", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664), (0o000, 0o666)])
def test_a_new_file_gets_the_umasks_permissions(tmp_path, mask, expected):
    with umask(mask):
        save_page(PAGE, tmp_path / "new.txt")
        FileBackend(tmp_path / "data").write("settings.json", b"{}")  # the storage's own files too
    assert mode(tmp_path / "new.txt") == expected
    assert mode(tmp_path / "data" / "settings.json") == expected


@posix
def test_the_storage_keeps_a_permission_its_owner_chose(tmp_path):
    backend = FileBackend(tmp_path)
    backend.write("besttimes.json", b"{}")
    (tmp_path / "besttimes.json").chmod(0o600)  # made private by hand: rewrites keep it so
    backend.write("besttimes.json", b'{"a": 1}')
    assert mode(tmp_path / "besttimes.json") == 0o600


@posix
def test_set_id_bits_are_never_carried_to_the_new_contents(tmp_path):
    target = tmp_path / "tool"
    target.write_text("old")
    target.chmod(0o4755)
    write_atomically(target, b"new")
    assert mode(target) == 0o755


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away")
def test_root_replacing_a_users_file_leaves_it_the_users(tmp_path):
    target = tmp_path / "page.txt"
    target.write_text("old")
    os.chown(target, 4321, 4321)
    save_page(PAGE, target)
    info = os.stat(target)
    assert (info.st_uid, info.st_gid) == (4321, 4321)


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "page.txt"
    target.write_text("old")

    def full_disk(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        write_atomically(target, b"new")
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["page.txt"]


def test_a_hidden_temporary_that_is_already_there_is_never_written_through(tmp_path, monkeypatch):
    """Temporary names are fresh each time, and an existing one is never
    opened (O_EXCL): a link planted where a temporary would go leads nowhere."""
    import secrets

    planted = tmp_path / "elsewhere.txt"
    planted.write_text("keep")
    names = iter(["aaaa", "aaaa", "bbbb"])
    monkeypatch.setattr(secrets, "token_hex", lambda _n: next(names))
    (tmp_path / ".page.txt.aaaa.tmp").symlink_to(planted)
    write_atomically(tmp_path / "page.txt", b"new")
    assert planted.read_text() == "keep" and (tmp_path / "page.txt").read_bytes() == b"new"
