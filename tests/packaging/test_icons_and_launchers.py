"""The program's icon (tools/icons.py: PNG, ICO and ICNS written by us from
the text art), the launchers each system's executable folder gets (two
Windows executables, a macOS .app, a Linux .desktop file), and the release's
own checks (tools/release.py: the tag against the version, SHA256SUMS).

The Windows and macOS builds cannot run here: their PyInstaller commands are
checked by running build_exe with PyInstaller replaced by a recorder, and the
release workflow builds and starts both for real."""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from packaging_helpers import ROOT, load_tool

icons = load_tool("tools/icons.py", "amigasweeper_icons_tool")
release = load_tool("tools/release.py", "amigasweeper_release_tool")


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGBA bytes) of a PNG as icons.png writes it
    (8-bit RGBA, every row unfiltered), checking each chunk's CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, {}
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 6) and b"IEND" in chunks
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = 1 + 4 * width
    rows = [raw[i * stride:(i + 1) * stride] for i in range(height)]
    assert all(row[0] == 0 for row in rows)
    return width, height, [row[1:] for row in rows]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return icons.build(tmp_path_factory.mktemp("icons"))


def test_the_png_is_the_art_scaled_up_by_whole_pixels(built):
    width, height, rows = read_png(built[".png"].read_bytes())
    assert (width, height) == (256, 256)
    art = icons.read_art()[32]
    for y in (0, 5, 12, 15, 31):
        for x in (0, 12, 15, 16, 31):
            colour = icons.COLOURS[art[y][x]]
            expected = bytes([colour >> 16, (colour >> 8) & 0xFF, colour & 0xFF, 0xFF])
            assert rows[y * 8 + 3][(x * 8 + 5) * 4:(x * 8 + 6) * 4] == expected, (x, y)


def test_the_ico_holds_a_png_for_each_windows_size(built):
    data = built[".ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(icons.ICO_SIZES))
    sizes = []
    for index in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * index:22 + 16 * index])
        side = width or 256
        assert width == height and planes == 1 and bits == 32
        assert read_png(data[offset:offset + length])[:2] == (side, side)
        sizes.append(side)
    assert sizes == list(icons.ICO_SIZES)


def test_the_icns_holds_a_png_for_each_mac_size(built):
    data = built[".icns"].read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    at, found = 8, {}
    while at < len(data):
        kind, length = struct.unpack(">4sI", data[at:at + 8])
        found[kind] = read_png(data[at + 8:at + length])[0]
        at += length
    assert found == {kind: size for size, kind in icons.ICNS_TYPES.items()}


def test_the_16_pixel_icon_is_drawn_not_shrunk():
    blocks = icons.read_art()
    assert icons.icon_at(blocks, 16) == icons.pixels(blocks[16])
    assert icons.icon_at(blocks, 48) == icons.pixels(blocks[16], 3)
    assert icons.icon_at(blocks, 64) == icons.pixels(blocks[32], 2)


@pytest.mark.parametrize(("art", "says"), [
    ("== 32\n" + "." * 32 + "\n", "has 1 rows"),
    ("....\n", "art before the first"),
    ("== 16\n" + ("." * 15 + "Z\n") * 16, "a row of 16 characters"),
    ("== 16\n" + ("." * 16 + "\n") * 16, r"sizes \[16\], not \[16, 32\]"),
])
def test_bad_art_is_refused_saying_where(tmp_path, art, says):
    path = tmp_path / "icon.txt"
    path.write_text(art, encoding="utf-8")
    with pytest.raises(icons.IconError, match=says):
        icons.read_art(path)


def test_the_desktop_entry_runs_the_program_with_its_icon():
    lines = icons.desktop_entry().splitlines()
    assert lines[0] == "[Desktop Entry]"
    entry = dict(line.split("=", 1) for line in lines[1:])
    assert entry["Type"] == "Application" and entry["Exec"] == "amigasweeper" and entry["Icon"] == "amigasweeper"
    assert entry["Terminal"] == "false" and entry["Categories"].endswith(";") and "Game" in entry["Categories"]


class RecordedBuild:
    """build_exe with PyInstaller replaced by a recorder that makes the files
    PyInstaller would make, as on `platform`."""

    def __init__(self, package_tool, monkeypatch, tmp_path, platform: str):
        self.commands: list[list[str]] = []
        self.tool = package_tool
        monkeypatch.setattr(sys, "platform", platform)
        monkeypatch.setattr(package_tool, "run", self.run)
        monkeypatch.setattr(package_tool, "gather_licences", lambda folder, toc: folder)
        real_find_spec = importlib.util.find_spec
        monkeypatch.setattr(importlib.util, "find_spec",
                            lambda name, *rest: object() if name == "PyInstaller" else real_find_spec(name, *rest))
        self.dist, self.build = tmp_path / "dist", tmp_path / "build"
        self.target = package_tool.build_exe(self.dist, self.build)

    def run(self, command, cwd):
        self.commands.append(command)
        value = lambda option: command[command.index(option) + 1]  # noqa: E731
        name, dist = value("--name"), Path(value("--distpath"))
        folder = dist / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / (name + (".exe" if sys.platform == "win32" else ""))).write_text("launcher")
        if sys.platform == "darwin" and "--windowed" in command:
            (dist / f"{name}.app" / "Contents" / "MacOS").mkdir(parents=True)
            (dist / f"{name}.app" / "Contents" / "MacOS" / name).write_text("app")


def test_windows_gets_a_console_exe_and_a_windowed_twin_with_the_icon(package_tool, monkeypatch, tmp_path):
    made = RecordedBuild(package_tool, monkeypatch, tmp_path, "win32")
    console, windowed = made.commands
    assert "--windowed" not in console and console[console.index("--name") + 1] == "amigasweeper"
    assert "--windowed" in windowed and windowed[windowed.index("--name") + 1] == "amigasweeperw"
    for command in made.commands:
        assert command[command.index("--icon") + 1].endswith("amigasweeper.ico")
    folder = made.target.parent
    assert made.target.name == "amigasweeper.exe" and (folder / "amigasweeperw.exe").is_file()


def test_macos_gets_a_console_program_and_an_app_with_the_icon(package_tool, monkeypatch, tmp_path):
    made = RecordedBuild(package_tool, monkeypatch, tmp_path, "darwin")
    console, windowed = made.commands
    assert "--windowed" not in console and "--windowed" in windowed
    assert all(c[c.index("--icon") + 1].endswith("amigasweeper.icns") for c in made.commands)
    assert (made.target.parent / "AmigaSweeper.app" / "Contents" / "MacOS" / "AmigaSweeper").is_file()


def test_linux_gets_one_console_program_its_icon_and_desktop_entry(package_tool, monkeypatch, tmp_path):
    made = RecordedBuild(package_tool, monkeypatch, tmp_path, "linux")
    (command,) = made.commands
    assert "--windowed" not in command and "--icon" not in command and "--strip" in command
    folder = made.target.parent
    assert read_png((folder / "amigasweeper.png").read_bytes())[:2] == (256, 256)
    assert (folder / "amigasweeper.desktop").read_text(encoding="utf-8") == icons.desktop_entry()


# ------------------------------------------------------------- tools/release.py
def test_the_version_has_one_source():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '\nversion = "' not in pyproject and 'dynamic = ["version"]' in pyproject
    assert 'version = { attr = "amigasweeper.__version__" }' in pyproject
    import amigasweeper

    assert release.project_version() == amigasweeper.__version__


@pytest.mark.parametrize(("tag", "problem"), [(None, False), ("v{v}", False), ("v9.9.9", True), ("{v}", True),
                                              ("v{v}-rc1", True)])
def test_a_tag_that_disagrees_with_the_version_fails(tag, problem):
    version = release.project_version()
    found = release.tag_problem(tag.format(v=version) if tag else None, version)
    assert (found is not None) == problem
    if tag is not None and problem:
        result = subprocess.run([sys.executable, str(ROOT / "tools" / "release.py"), "check-tag", tag.format(v=version)],
                                capture_output=True, text=True, timeout=60, check=False)
        assert result.returncode == 1 and f"tag it v{version}" in result.stderr


def test_the_workflows_tag_is_the_one_checked(tmp_path):
    assert release.current_tag({"GITHUB_REF_TYPE": "tag", "GITHUB_REF_NAME": "v1.2.3"}) == "v1.2.3"
    assert release.current_tag({"GITHUB_REF_TYPE": "branch", "GITHUB_REF_NAME": "main"}, root=tmp_path) is None


def test_checksums_are_what_sha256sum_checks(tmp_path):
    (tmp_path / "a.whl").write_bytes(b"wheel")
    big = bytes(3_000_000)  # more than one read of the file
    (tmp_path / "b c.tar.gz").write_bytes(big)
    (tmp_path / "folder").mkdir()
    target = release.write_checksums(tmp_path)
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines == [f"{hashlib.sha256(b'wheel').hexdigest()}  a.whl", f"{hashlib.sha256(big).hexdigest()}  b c.tar.gz"]
    if shutil.which("sha256sum"):
        subprocess.run(["sha256sum", "--check", "--quiet", target.name], cwd=tmp_path, check=True)


def objdump_glibc(path: Path) -> set[tuple[int, ...]]:
    """The GLIBC_ versions binutils' objdump lists in a file's version references."""
    text = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True, check=True).stdout
    references = text[text.index("Version References:"):] if "Version References:" in text else ""
    import re

    return {tuple(int(p) for p in v.split(".")) for v in re.findall(r"\bGLIBC_(\d+(?:\.\d+)*)\b", references)}


ELF_SAMPLES = [Path(sys.executable).resolve(), Path("/bin/ls"), Path("/bin/sh")]


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("objdump") is None,
                    reason="reads Linux programs, compared with binutils' objdump")
def test_the_glibc_floor_reads_what_objdump_reads(tmp_path):
    samples = [path for path in ELF_SAMPLES if path.is_file()]
    for path in samples:
        assert release.glibc_versions(path.read_bytes()) == objdump_glibc(path), path
    folder = tmp_path / "folder"
    (folder / "_internal").mkdir(parents=True)
    for number, path in enumerate(samples):
        shutil.copy(path, folder / "_internal" / f"program{number}")
    (folder / "README.txt").write_text("not a program")
    newest, files = release.glibc_floor(folder)
    assert newest == max(v for path in samples for v in objdump_glibc(path))
    assert files and all(name.startswith("_internal/program") for name in files)
    tool = [sys.executable, str(ROOT / "tools" / "release.py"), "glibc-floor", str(folder), "--at-most"]
    shown = ".".join(map(str, newest))
    assert subprocess.run([*tool, shown], capture_output=True, check=False).returncode == 0
    older = f"{newest[0]}.{newest[1] - 1}"
    result = subprocess.run([*tool, older], capture_output=True, text=True, check=False)
    assert result.returncode == 1 and f"newer than glibc {older}" in result.stderr


def test_the_glibc_floor_passes_over_what_is_not_a_64_bit_elf_file():
    assert release.glibc_versions(b"MZ\x90\x00 a Windows program") == set()
    assert release.glibc_versions(b"\x7fELF\x01\x01" + bytes(60)) == set()  # 32-bit: not built here
