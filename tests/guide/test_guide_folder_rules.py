"""The rules of guide/paths.py against hostile guides: links stay in the
folder of the guide the reader opened, only plain files are read, and no
more than the stated size; --check never opens anything outside."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from amigasweeper import plainfiles
from amigasweeper.guide import check_guide, parse_file
from amigasweeper.guide.lint import main as lint
from amigasweeper.guide.paths import GUIDE_LIMIT, GuideFolder, LeavesFolder, read_guide
from amigasweeper.plainfiles import NotPlainFile

MAIN = "@database {name}\n@node Main\n{body}\n@endnode\n"
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX files (pipes, /proc, links)")


def guide(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(MAIN.format(name=path.name, body=body), encoding="latin-1")
    return path


@pytest.fixture
def tree(tmp_path):
    """tmp/top/Main.guide with a subfolder, and a guide beside top (outside it)."""
    top = tmp_path / "top"
    guide(top / "Sub" / "Deep.guide", "deep")
    guide(tmp_path / "Beside.guide", "secret beside")
    return top


# -- where a path leads ------------------------------------------------------------


@pytest.mark.parametrize(
    "amiga,leads_to",
    [
        ("//////etc/passwd", "/etc/passwd"),
        ("/Beside.guide", "Beside.guide"),  # the parent folder's file
        ("../Beside.guide", "Beside.guide"),
        ("Sub//../Beside.guide", "Beside.guide"),
        ("HELP:../Beside.guide", "Beside.guide"),  # a volume whose rest climbs out
    ],
)
def test_paths_that_leave_the_folder_are_outside_with_their_real_host_path(tree, amiga, leads_to):
    if leads_to.startswith("/") and not Path(leads_to).exists():
        pytest.skip(f"no {leads_to} here")
    found = GuideFolder(tree).resolve(amiga, tree)
    wanted = Path(leads_to) if leads_to.startswith("/") else tree.parent / leads_to
    assert found.outside and found.path == plainfiles.real(wanted) and found.reason == ""
    assert found.shown == str(plainfiles.real(wanted))


def test_paths_inside_are_not_outside(tree):
    folder = GuideFolder(tree)
    assert not folder.resolve("Sub/DEEP.guide", tree).outside
    assert folder.resolve("/Main.guide", tree / "Sub").reason  # the parent, inside, but missing
    assert folder.resolve("HELP:Sub/Deep.guide", tree).path == tree / "Sub" / "Deep.guide"


@posix_only
def test_a_symlink_out_of_the_folder_is_outside_and_shows_where_it_leads(tree, tmp_path):
    (tree / "Link.guide").symlink_to(tmp_path / "Beside.guide")
    (tree / "Away").symlink_to(tmp_path, target_is_directory=True)
    for amiga in ("Link.guide", "Away/Beside.guide", "away/Beside.guide"):
        found = GuideFolder(tree).resolve(amiga, tree)
        assert found.outside and found.path == tmp_path / "Beside.guide" and not found.reason, amiga
    # Outside the folder names are taken as written: nothing there is listed to match case.
    assert "does not exist" in GuideFolder(tree).resolve("Away/beside.guide", tree).reason
    with pytest.raises(LeavesFolder):
        GuideFolder(tree).read(tree / "Link.guide")


@posix_only
def test_proc_files_are_refused_even_when_asked_for(tree):
    found = GuideFolder(tree).resolve("//////proc/self/environ", tree)
    assert found.outside and "system" in found.reason
    with pytest.raises(NotPlainFile, match="system"):
        read_guide("/proc/self/environ")


@posix_only
def test_nothing_outside_the_folder_is_listed_while_resolving(tree, tmp_path, monkeypatch):
    listed = []
    real_iterdir = Path.iterdir
    monkeypatch.setattr(Path, "iterdir", lambda self: listed.append(self) or real_iterdir(self))
    GuideFolder(tree).resolve("/BESIDE.GUIDE", tree)  # case differs: only a listing would find it
    assert all(plainfiles.real(p).is_relative_to(plainfiles.real(tree)) for p in listed)


# -- only plain files, never more than the limit ------------------------------------


@posix_only
def test_a_named_pipe_is_never_opened_and_nothing_waits(tree):
    os.mkfifo(tree / "Pipe.guide")
    main = guide(tree / "Main.guide", '@{"p" link Pipe.guide/Main}')
    started = time.monotonic()
    found = GuideFolder(tree).resolve("Pipe.guide", tree)
    assert found.path is None and "named pipe" in found.reason
    with pytest.raises(NotPlainFile, match="named pipe"):
        read_guide(tree / "Pipe.guide")
    assert "named pipe" in str(check_guide(main))
    assert "named pipe" in parse_file(tree / "Pipe.guide").problems[0].message
    assert time.monotonic() - started < 5


@posix_only
def test_a_device_is_never_read(tree):
    (tree / "Zero.guide").symlink_to("/dev/zero")
    with pytest.raises(NotPlainFile, match="device"):
        read_guide("/dev/zero")
    found = GuideFolder(tree).resolve("Zero.guide", tree)
    assert found.outside and "device" in found.reason


def test_a_folder_is_not_a_guide(tree):
    with pytest.raises(NotPlainFile, match="a folder"):
        read_guide(tree / "Sub")


def test_a_file_over_the_limit_is_refused_and_the_limit_is_stated(tree):
    big = tree / "Big.guide"
    with open(big, "wb") as handle:
        handle.truncate(GUIDE_LIMIT + 1)  # sparse: costs no disk
    with pytest.raises(NotPlainFile, match=f"larger than {GUIDE_LIMIT >> 20} MB"):
        read_guide(big)
    assert "larger than" in parse_file(big).problems[0].message
    assert plainfiles.read(tree / "Sub" / "Deep.guide", 100).startswith(b"@database")
    with pytest.raises(NotPlainFile, match="larger than"):
        plainfiles.read(tree / "Sub" / "Deep.guide", 10)


def test_no_more_is_read_than_the_file_held_when_opened(tree, monkeypatch):
    path = guide(tree / "Grows.guide", "x")
    size = path.stat().st_size
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: real_read(fd, n) + b"more" * 1000)  # a file that keeps growing
    assert len(plainfiles.read(path, GUIDE_LIMIT)) <= size


# -- --check never opens anything outside -------------------------------------------

HOSTILE_LINKS = [
    "//////etc/passwd/main",
    "//////proc/self/environ/main",
    "//////proc/kmsg/main",
    "/Beside.guide/Main",
    "../Beside.guide/Main",
]


def test_check_reports_each_link_that_leaves_the_folder_with_its_line(tree):
    body = "\n".join(f'@{{"x{n}" link "{target}"}}' for n, target in enumerate(HOSTILE_LINKS))
    main = guide(tree / "Main.guide", body)
    out = io.StringIO()
    assert lint(["--guide", str(main), "--check"], out) == 1
    lines = out.getvalue().splitlines()
    assert [line.split(":")[1] for line in lines] == [str(3 + n) for n in range(len(HOSTILE_LINKS))]
    assert all("leads out of the guide's folder, to /" in line for line in lines)


def test_a_macro_made_link_follows_the_same_rules(tree):
    main = tree / "Main.guide"
    main.write_text('@database M\n@macro out "@{" $1 " link //////etc/passwd/main}"\n@node Main\n@{out Go}\n@endnode\n')
    problems = check_guide(main)
    assert [p.line for p in problems] == [4] and "leads out of the guide's folder" in problems[0].message


@posix_only
def test_check_opens_no_file_outside_the_folder(tree, tmp_path):
    """Run under strace when it is there: no open() of anything but the guide
    and Python's own files; otherwise the reading function is watched."""
    main = guide(tree / "Main.guide", "\n".join(f'@{{"x" link "{t}"}}' for t in HOSTILE_LINKS))
    opened: list[str] = []
    real_open = os.open

    def watch(path, *args, **kwargs):
        opened.append(os.fsdecode(path))
        return real_open(path, *args, **kwargs)

    os_open = pytest.MonkeyPatch()
    os_open.setattr(os, "open", watch)
    try:
        lint(["--guide", str(main), "--check"], io.StringIO())
    finally:
        os_open.undo()
    assert opened and all(plainfiles.real(p).is_relative_to(plainfiles.real(tree)) for p in opened), opened


@posix_only
def test_a_link_to_proc_kmsg_does_not_block_check(tree):
    main = guide(tree / "Main.guide", '@{"k" link "//////proc/kmsg/main"}')
    done = subprocess.run([sys.executable, "-m", "amigasweeper", "--guide", str(main), "--check"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "leads out of the guide's folder, to /proc/kmsg" in done.stdout


# -- names in any encoding ------------------------------------------------------------


@posix_only
def test_a_guide_whose_name_is_not_utf8_is_read_and_named_readably(tree, capsys):
    name = os.fsdecode(b"Caf\xe9.guide")
    path = tree / name
    try:
        path.write_bytes(b'@database Caf\xe9.guide\n@node Main\n@{"Me" link "Caf\xe9.guide/Main"} @{"gone" link Nowhere}\n@endnode\n')
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    document = parse_file(path)
    assert document.source_name == "Caf\\xe9.guide" and document.main is not None
    assert lint(["--guide", str(path), "--check"], sys.stdout) == 1
    out = capsys.readouterr().out
    assert "Caf\\xe9.guide:" in out and "Nowhere" in out and "Caf\xe9.guide/Main" not in out


def test_a_proc_folder_on_the_roots_own_device_is_an_ordinary_folder(tmp_path, monkeypatch):
    """The browser keeps every file on one in-memory device, /proc included:
    only a /proc or /sys on a device of its own is the kernel's, so the
    manual beside the page is still read."""
    document = tmp_path / "plain.guide"
    document.write_bytes(b"@database x\n")
    device = os.stat(document).st_dev
    real_stat = os.stat

    def one_device(path, *args, **kwargs):
        info = real_stat(path, *args, **kwargs)
        if os.fspath(path) in (os.sep, os.path.join(os.sep, "proc"), os.path.join(os.sep, "sys")):
            fields = list(info)
            fields[2] = device  # st_dev
            return os.stat_result(fields)
        return info

    monkeypatch.setattr(plainfiles.os, "stat", one_device)
    monkeypatch.setattr(plainfiles, "_DEVICES", None)
    assert plainfiles.read(document, 100) == b"@database x\n"
