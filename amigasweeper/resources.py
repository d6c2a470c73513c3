"""Where the files the program ships with are: its images and its manual.

In the repository each file lives once, where the design card lays it out:
assets.pyxres at the top (the file `pyxel edit assets.pyxres` opens and
tools/build_assets.py writes) and the manual in docs/AmigaGuide/. Neither is
inside the package, and there are no links to them (a Windows checkout has
none). A built copy carries both inside the package instead, in
amigasweeper/bundled/: setup.py's build step puts them there for the wheel
(and so for an install from the sdist), tools/package.py for the .pyxapp,
the web page and the executable.

So there are exactly two places to look, in this order:

1. amigasweeper/bundled/NAME   a built copy (wheel, .pyxapp, executable)
2. REPOSITORY/SOURCE           a checkout, run in place or installed editable

This module is pure standard library: setup.py and tools/package.py load it
by its file name to know what to copy where, and the core may import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath

PACKAGE_DIR = Path(__file__).resolve().parent
BUNDLE_FOLDER = "bundled"  # inside the package, in every built copy


@dataclass(frozen=True)
class Resource:
    """A file the program needs at run time."""

    name: str  # its name inside amigasweeper/bundled/
    source: PurePosixPath  # where it lives in the repository

    @property
    def bundled(self) -> PurePosixPath:
        """Its path inside the package of a built copy."""
        return PurePosixPath(BUNDLE_FOLDER, self.name)


ASSETS = Resource("assets.pyxres", PurePosixPath("assets.pyxres"))
MANUAL = Resource("AmigaSweeper.guide", PurePosixPath("docs/AmigaGuide/AmigaSweeper.guide"))
SHIPPED = (ASSETS, MANUAL)


def candidates(resource: Resource, package_dir: Path = PACKAGE_DIR) -> tuple[Path, Path]:
    """The places a resource may be, in the order they are tried."""
    return (package_dir.joinpath(*resource.bundled.parts), package_dir.parent.joinpath(*resource.source.parts))


def find(resource: Resource, package_dir: Path = PACKAGE_DIR) -> Path | None:
    """The resource's file, or None when it is in neither place."""
    for candidate in candidates(resource, package_dir):
        if candidate.is_file():
            return candidate
    return None


def path_of(resource: Resource, package_dir: Path = PACKAGE_DIR) -> Path:
    """The resource's file; when it is missing, the place a checkout keeps it,
    so that the error which follows names a path a person can check."""
    found = find(resource, package_dir)
    return found if found is not None else candidates(resource, package_dir)[-1]
