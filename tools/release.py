#!/usr/bin/env python3
"""The two checks of a release that are not builds (.github/workflows/release.yml
runs both; so can a person):

    python3 tools/release.py check-tag [TAG]
    python3 tools/release.py checksums DIR

check-tag  the release's tag must be v and the version (v0.1.0 for 0.1.0).
           The version has one source, __version__ in amigasweeper/__init__.py
           (pyproject.toml reads it from there). TAG defaults to the tag the
           workflow runs for (GITHUB_REF_NAME, when GITHUB_REF_TYPE is tag),
           else the tag on the checked-out commit; with none, there is nothing
           to check (a build by hand). A tag that disagrees exits 1.
checksums  DIR/SHA256SUMS: the SHA-256 of every file in DIR, in the format
           `sha256sum --check SHA256SUMS` reads (on macOS `shasum -a 256 -c`;
           on Windows compare with `certutil -hashfile FILE SHA256`).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKSUMS = "SHA256SUMS"


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


def tag_problem(tag: str | None, version: str) -> str | None:
    """Why the tag cannot release this version, or None."""
    if tag is None or tag == f"v{version}":
        return None
    return f"the tag {tag} does not name the version {version} (amigasweeper/__init__.py): tag it v{version}"


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/release.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check-tag", help="the tag must be v and the version")
    check.add_argument("tag", nargs="?", help="the tag (default: the workflow's, or the commit's)")
    sums = commands.add_parser("checksums", help="write DIR/SHA256SUMS")
    sums.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "check-tag":
        version = project_version()
        tag = args.tag or current_tag()
        problem = tag_problem(tag, version)
        if problem:
            print(f"release: {problem}", file=sys.stderr)
            return 1
        print(f"release: version {version}" + (f", tag {tag}" if tag else ", no tag to check"))
        return 0
    target = write_checksums(args.folder)
    print(f"release: wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
