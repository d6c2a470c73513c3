"""amigasweeper.resources: the one lookup of the images and the manual."""

from __future__ import annotations

from pathlib import Path

from amigasweeper import resources
from amigasweeper.resources import ASSETS, MANUAL

ROOT = Path(__file__).resolve().parents[1]


def fake_tree(tmp_path: Path, *, bundled: bool, checkout: bool) -> Path:
    package = tmp_path / "amigasweeper"
    package.mkdir()
    for resource in (ASSETS, MANUAL):
        if bundled:
            path = package.joinpath(*resource.bundled.parts)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("bundled", encoding="utf-8")
        if checkout:
            path = tmp_path.joinpath(*resource.source.parts)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("checkout", encoding="utf-8")
    return package


def test_the_repository_has_each_resource_once_where_the_design_says():
    assert resources.find(ASSETS) == ROOT / "assets.pyxres"
    assert resources.find(MANUAL) == ROOT / "docs" / "AmigaGuide" / "AmigaSweeper.guide"
    assert not (ROOT / "amigasweeper" / "bundled").exists()  # only built copies have it


def test_a_built_copy_is_looked_in_first(tmp_path):
    package = fake_tree(tmp_path, bundled=True, checkout=True)
    for resource in (ASSETS, MANUAL):
        found = resources.find(resource, package)
        assert found == package / "bundled" / resource.name and found.read_text() == "bundled"


def test_a_checkout_is_used_when_there_is_no_built_copy(tmp_path):
    package = fake_tree(tmp_path, bundled=False, checkout=True)
    assert resources.find(ASSETS, package) == tmp_path / "assets.pyxres"
    assert resources.find(MANUAL, package) == tmp_path / "docs" / "AmigaGuide" / "AmigaSweeper.guide"


def test_a_missing_resource_is_none_and_its_path_names_the_checkout_place(tmp_path):
    package = fake_tree(tmp_path, bundled=False, checkout=False)
    assert resources.find(MANUAL, package) is None
    assert resources.path_of(MANUAL, package) == tmp_path / "docs" / "AmigaGuide" / "AmigaSweeper.guide"


def test_a_folder_of_the_same_name_is_not_taken_for_the_file(tmp_path):
    package = fake_tree(tmp_path, bundled=False, checkout=True)
    (package / "bundled" / "assets.pyxres").mkdir(parents=True)
    assert resources.find(ASSETS, package) == tmp_path / "assets.pyxres"
