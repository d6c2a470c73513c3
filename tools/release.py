#!/usr/bin/env python3
"""The checks of a release that are not builds (.github/workflows/release.yml
runs them; so can a person):

    python3 tools/release.py check-tag [TAG]
    python3 tools/release.py glibc-floor DIR [--at-most X.Y]
    python3 tools/release.py checksums DIR

check-tag  the release's tag must be v and the version (v0.1.0 for 0.1.0).
           The version has one source, __version__ in amigasweeper/__init__.py
           (pyproject.toml reads it from there). TAG defaults to the tag the
           workflow runs for (GITHUB_REF_NAME, when GITHUB_REF_TYPE is tag),
           else the tag on the checked-out commit. CHANGELOG.md must be in
           Keep a Changelog's form with the version as its newest dated entry
           (notes may wait above it under [Unreleased]); with a tag, nothing
           may wait there: the release's notes are under its own version.
           Without a tag (a build by hand) only the changelog is checked.
           Anything wrong exits 1, saying what.
glibc-floor the newest GNU C library version any Linux program or library
           in DIR (the executable folder) asks for: the oldest glibc it runs
           on. With --at-most, a newer one exits 1 (the release promises
           Debian 11 and Ubuntu 20.04: glibc 2.31). Read from each ELF file's
           version needs, without binutils.
checksums  DIR/SHA256SUMS: the SHA-256 of every file in DIR, in the format
           `sha256sum --check SHA256SUMS` reads (on macOS `shasum -a 256 -c`;
           on Windows compare with `certutil -hashfile FILE SHA256`).
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import os
import re
import struct
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
CHECKSUMS = "SHA256SUMS"
CHANGELOG = "CHANGELOG.md"
UNRELEASED = "Unreleased"
# Keep a Changelog 1.1.0's kinds of change, in its order.
KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")
RELEASE_HEADING = re.compile(r"## \[(?P<title>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?")


def project_version(root: Path = ROOT) -> str:
    """__version__ of amigasweeper/__init__.py, read as setuptools reads it
    (without importing the package)."""
    text = (root / "amigasweeper" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r"^__version__ = [\"']([^\"']+)[\"']", text, re.MULTILINE)
    if match is None:
        raise SystemExit("release: amigasweeper/__init__.py has no __version__ = \"...\" line")
    return match.group(1)


def current_tag(environ=os.environ, root: Path = ROOT) -> str | None:
    """The tag being released: the workflow's, else the checked-out commit's."""
    if environ.get("GITHUB_REF_TYPE") == "tag" and environ.get("GITHUB_REF_NAME"):
        return environ["GITHUB_REF_NAME"]
    try:
        result = subprocess.run(["git", "describe", "--tags", "--exact-match"], cwd=root, capture_output=True,
                                text=True, timeout=60, check=False)
    except OSError:
        return None
    return result.stdout.strip() or None if result.returncode == 0 else None


class Release(NamedTuple):
    """One `## [...]` entry of the changelog: a version (or Unreleased) and its kinds of change.
    (Not a dataclass: this file is also loaded by its name, outside sys.modules.)"""

    title: str
    date: str | None
    line: int
    kinds: dict[str, int]  # kind -> how many changes are listed


def read_changelog(text: str) -> tuple[list[Release], list[str]]:
    """The entries of a changelog, newest first, and what is wrong with its form."""
    lines = text.splitlines()
    problems = [] if lines[:1] == ["# Changelog"] else ["line 1: the first line must be '# Changelog'"]
    releases: list[Release] = []
    kind = None
    for number, line in enumerate(lines, 1):
        if line.startswith("## "):
            match = RELEASE_HEADING.fullmatch(line)
            if match is None:
                problems.append(f"line {number}: {line!r} is neither '## [Unreleased]' nor '## [X.Y.Z] - YYYY-MM-DD'")
            else:
                releases.append(Release(match["title"], match["date"], number, {}))
            kind = None
        elif line.startswith("### "):
            kind = line[4:].strip()
            if not releases or kind not in KINDS or kind in releases[-1].kinds:
                problems.append(f"line {number}: {line!r}: a kind of change is one of {', '.join(KINDS)}, "
                                "once in each version")
            else:
                releases[-1].kinds[kind] = 0
        elif line.startswith("- ") and releases and kind in releases[-1].kinds:
            releases[-1].kinds[kind] += 1
        elif line.startswith("- ") and releases:
            problems.append(f"line {number}: a change listed outside Added, Changed, Fixed, ...")
    return releases, problems


def release_problems(releases: list[Release]) -> list[str]:
    """What is wrong with the entries themselves: titles, dates, order, empty kinds."""
    problems = []
    for index, release in enumerate(releases):
        where = f"line {release.line}: [{release.title}]"
        if release.title == UNRELEASED:
            if index or release.date:
                problems.append(f"{where} comes first and has no date")
        elif not re.fullmatch(r"\d+\.\d+\.\d+", release.title) or not release.date or not _is_date(release.date):
            problems.append(f"{where} needs a version X.Y.Z and a real date: '## [X.Y.Z] - YYYY-MM-DD'")
        problems += [f"{where} lists nothing under {kind}" for kind, count in release.kinds.items() if not count]
    dated = [r for r in releases if r.title != UNRELEASED and r.date and _is_date(r.date)
             and re.fullmatch(r"\d+\.\d+\.\d+", r.title)]
    for newer, older in zip(dated, dated[1:]):
        if _version_key(newer.title) <= _version_key(older.title) or newer.date < older.date:
            problems.append(f"line {older.line}: [{older.title}] must be older than [{newer.title}] above it")
    return problems


def changelog_problems(text: str, version: str, releasing: bool) -> list[str]:
    """Everything that stops this changelog from going out with `version`."""
    releases, problems = read_changelog(text)
    problems += release_problems(releases)
    versions = [r for r in releases if r.title != UNRELEASED]
    if not versions or versions[0].title != version:
        newest = f"[{versions[0].title}]" if versions else "no version"
        problems.append(f"its newest version is {newest}, but __version__ is {version}: "
                        f"add '## [{version}] - YYYY-MM-DD' above it")
    waiting = releases[0] if releases and releases[0].title == UNRELEASED else None
    if releasing and waiting is not None and sum(waiting.kinds.values()):
        problems.append(f"line {waiting.line}: notes wait under [Unreleased]: a release lists its changes under "
                        "its own version (raise __version__, and make [Unreleased] '## [X.Y.Z] - YYYY-MM-DD')")
    return problems


def _is_date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def tag_problem(tag: str | None, version: str) -> str | None:
    """Why the tag cannot release this version, or None."""
    if tag is None or tag == f"v{version}":
        return None
    return f"the tag {tag} does not name the version {version} (amigasweeper/__init__.py): tag it v{version}"


SHT_GNU_VERNEED = 0x6FFFFFFE  # the section listing the symbol versions a file needs from each library
ELF_MAGIC = b"\x7fELF"


def glibc_versions(data: bytes) -> set[tuple[int, ...]]:
    """The GLIBC_x.y versions an ELF file (64-bit, little-endian: x86_64,
    arm64) needs, from its .gnu.version_r section; empty for anything else."""
    if data[:4] != ELF_MAGIC or data[4] != 2 or data[5] != 1:
        return set()
    section_offset, = struct.unpack_from("<Q", data, 0x28)
    entry_size, count = struct.unpack_from("<HH", data, 0x3A)

    def section(index: int) -> tuple[int, int, int, int, int]:
        """(type, offset, size, link, info) of a section header."""
        _, kind, _, _, offset, size, link, info = struct.unpack_from("<IIQQQQII", data, section_offset + index * entry_size)
        return kind, offset, size, link, info

    found = set()
    for index in range(count):
        kind, offset, _, link, needs = section(index)
        if kind != SHT_GNU_VERNEED:
            continue
        strings = section(link)[1]
        at = offset
        for _ in range(needs):  # Verneed: version, count, file, aux, next
            _, aux_count, _, aux, following = struct.unpack_from("<HHIII", data, at)
            aux_at = at + aux
            for _ in range(aux_count):  # Vernaux: hash, flags, other, name, next
                _, _, _, name, aux_next = struct.unpack_from("<IHHII", data, aux_at)
                text = data[strings + name:data.index(b"\0", strings + name)].decode("ascii", "replace")
                match = re.fullmatch(r"GLIBC_(\d+(?:\.\d+)*)", text)
                if match:
                    found.add(tuple(int(part) for part in match.group(1).split(".")))
                aux_at += aux_next
            if not following:
                break
            at += following
    return found


def glibc_floor(folder: Path) -> tuple[tuple[int, ...], list[str]]:
    """The newest glibc version the files under folder need, and which files need it."""
    needs: dict[tuple[int, ...], list[str]] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as stream:
                if stream.read(4) != ELF_MAGIC:
                    continue
            for version in glibc_versions(path.read_bytes()):
                needs.setdefault(version, []).append(path.relative_to(folder).as_posix())
    if not needs:
        return (), []
    newest = max(needs)
    return newest, needs[newest]


def write_checksums(folder: Path) -> Path:
    """folder/SHA256SUMS over the files in folder (not its subfolders), by name."""
    lines = []
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.is_file() and path.name != CHECKSUMS:
            digest = hashlib.sha256()
            with path.open("rb") as stream:
                for block in iter(lambda: stream.read(1 << 20), b""):
                    digest.update(block)
            lines.append(f"{digest.hexdigest()}  {path.name}\n")
    if not lines:
        raise SystemExit(f"release: no files in {folder} to sum")
    target = folder / CHECKSUMS
    target.write_text("".join(lines), encoding="utf-8", newline="\n")
    return target


def report_glibc_floor(folder: Path, at_most: str | None) -> int:
    newest, files = glibc_floor(folder)
    if not newest:
        print(f"release: nothing under {folder} needs glibc")
        return 0
    shown = ".".join(map(str, newest))
    print(f"release: {folder} needs glibc {shown} or newer ({', '.join(files[:5])})")
    if at_most is not None and newest > tuple(int(part) for part in at_most.split(".")):
        print(f"release: newer than glibc {at_most}, which the release promises: build on an older system",
              file=sys.stderr)
        return 1
    return 0


def check_tag(tag: str | None, root: Path) -> int:
    """The tag against the version, and the changelog against both; 1 when anything is wrong."""
    version = project_version(root)
    problems = [problem] if (problem := tag_problem(tag, version)) else []
    try:
        text = (root / CHANGELOG).read_text(encoding="utf-8")
    except OSError as error:
        problems.append(f"cannot read {CHANGELOG}: {error.strerror or error}")
    else:
        problems += [f"{CHANGELOG}: {p}" for p in changelog_problems(text, version, releasing=tag is not None)]
    for problem in problems:
        print(f"release: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"release: version {version}" + (f", tag {tag}" if tag else ", no tag to check") + f", {CHANGELOG} in order")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/release.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check-tag", help="the tag must be v and the version")
    check.add_argument("tag", nargs="?", help="the tag (default: the workflow's, or the commit's)")
    floor = commands.add_parser("glibc-floor", help="the oldest glibc the Linux executable folder runs on")
    floor.add_argument("folder", type=Path)
    floor.add_argument("--at-most", help="fail when a file needs a newer glibc than this (2.31)")
    sums = commands.add_parser("checksums", help="write DIR/SHA256SUMS")
    sums.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "glibc-floor":
        return report_glibc_floor(args.folder, args.at_most)
    if args.command == "check-tag":
        return check_tag(args.tag or current_tag(), ROOT)
    target = write_checksums(args.folder)
    print(f"release: wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
