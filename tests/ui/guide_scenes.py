"""Reference scenes of the help viewer reading guides as MultiView does
(used by test_reference_screens.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pyxel
from guide_files import write_tree

from amigasweeper.ui.helpviewer.pagedraw import LINE_H, PAGE_INSET_X, PAGE_INSET_Y


def _alone(make_app, key: str):
    with tempfile.TemporaryDirectory() as folder:
        files = write_tree(Path(folder))
        app, pilot = make_app(guide=files[key])
        pilot.step()
    return app, pilot


def scene_guide_wide_scrolled(make_app):
    """A page wider than the window, scrolled sideways with the cursor keys."""
    app, pilot = _alone(make_app, "wide")
    pilot.key(pyxel.KEY_RIGHT, shift=True)
    for _ in range(4):
        pilot.key(pyxel.KEY_RIGHT)
    return pilot


def scene_guide_cross_file(make_app):
    """Top.guide's link into Docs/Other.guide followed: the other guide's page."""
    with tempfile.TemporaryDirectory() as folder:
        files = write_tree(Path(folder))
        app, pilot = make_app(guide=files["top"])
        pilot.step()
        viewer = app.viewer
        row, run = next((row, run) for row, run in viewer.visible_links() if run.text.strip() == "the other guide")
        pilot.click(viewer.page.ax + PAGE_INSET_X + run.column * 8 + 2,
                    viewer.page.ay + PAGE_INSET_Y + row * LINE_H + 3)
    return pilot


GUIDE_SCENES = {
    "guide_wide_scrolled": scene_guide_wide_scrolled,
    "guide_cross_file": scene_guide_cross_file,
}
