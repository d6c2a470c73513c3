"""A screen's digest against its stored reference in tests/ui/reference:
NAME.sha256 is checked, NAME.png beside it is for people to look at. With
UPDATE_REFERENCE_SCREENS=1 both are written instead (after a deliberate
change of the look: regenerate, then look at the PNGs)."""

from __future__ import annotations

import os
from pathlib import Path

import pyxel

REFERENCE = Path(__file__).parent / "reference"
UPDATE = os.environ.get("UPDATE_REFERENCE_SCREENS") == "1"


def check_reference(name: str, digest: str, tmp_path: Path) -> None:
    expected_file = REFERENCE / f"{name}.sha256"
    if UPDATE:
        REFERENCE.mkdir(exist_ok=True)
        pyxel.screenshot(str(REFERENCE / f"{name}.png"), 2)
        expected_file.write_text(digest + "\n")
        return
    seen = tmp_path / f"{name}.png"
    pyxel.screenshot(str(seen), 2)
    assert expected_file.exists(), f"no reference for {name}: run with UPDATE_REFERENCE_SCREENS=1"
    assert digest == expected_file.read_text().strip(), (
        f"{name} no longer matches tests/ui/reference/{name}.png; the new screen is {seen}. "
        "If the change is intended, regenerate with UPDATE_REFERENCE_SCREENS=1 and look at the PNGs."
    )
