"""The one build step pyproject.toml cannot say: copy the images and the manual
into the package of a built copy.

In the repository assets.pyxres is at the top and the manual in
docs/AmigaGuide/ (amigasweeper/resources.py says why and lists them). A
wheel must carry them inside the package, in amigasweeper/bundled/, where
amigasweeper.resources looks first. The sdist carries them where the
repository has them, so a wheel built from it gets them the same way. An
editable install copies nothing: it runs the checkout, which has them.
Everything else is in pyproject.toml.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _resources():
    """amigasweeper/resources.py, loaded by its file name (nothing of the
    package is importable while it is being built)."""
    spec = importlib.util.spec_from_file_location("_amigasweeper_resources", ROOT / "amigasweeper" / "resources.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


RESOURCES = _resources()


class BuildWithResources(build_py):
    """build_py that also copies each shipped resource into the package."""

    def _copies(self) -> list[tuple[str, str]]:
        """(source, target) pairs; the sources relative to the project, as
        setuptools wants them."""
        target_dir = Path(self.build_lib, "amigasweeper")
        return [
            (resource.source.as_posix(), str(target_dir.joinpath(*resource.bundled.parts)))
            for resource in RESOURCES.SHIPPED
        ]

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for source, target in self._copies():
            if not (ROOT / source).is_file():
                raise SystemExit(f"setup.py: {source} is missing: a built copy would have no {Path(source).name}")
            self.mkpath(str(Path(target).parent))
            self.copy_file(str(ROOT / source), target)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        return outputs + [target for _, target in self._copies()]

    def get_source_files(self) -> list[str]:
        """What the sdist must hold: the resources where the repository has them."""
        return super().get_source_files() + [source for source, _ in self._copies()]


setup(cmdclass={"build_py": BuildWithResources})
