"""Links that leave the guide's folder, in the viewer: a warning shows the
host path they resolve to, Return and Esc both cancel, and only a click
on Open opens; files that are not plain files are never opened at all."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import pyxel
from test_guide_viewer_multiview import alone, click_run, xy

from amigasweeper.ui.helpviewer.guideview import GuideViewer
from amigasweeper.ui.intuition.requester import Choice, Requester

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX files (/etc, /proc, links)")

HOSTILE = (
    "@database Hostile.guide\n"
    '@node Main "Hostile"\n'
    '@{" passwd " link "//////etc/passwd/main"}\n'
    '@{" environ " link "//////proc/self/environ/main"}\n'
    '@{" parent " link "/Beside.guide/Main"}\n'
    '@{" dotdot " link "../Beside.guide/Main"}\n'
    '@{" symlink " link "Link.guide/Main"}\n'
    "@endnode\n"
)


@pytest.fixture
def hostile(tmp_path):
    top = tmp_path / "top"
    top.mkdir()
    (tmp_path / "Beside.guide").write_text('@database Beside.guide\n@node Main "Beside"\nbeside\n@endnode\n')
    if hasattr(os, "symlink"):
        (top / "Link.guide").symlink_to(tmp_path / "Beside.guide")
    path = top / "Hostile.guide"
    path.write_text(HOSTILE)
    return path


@pytest.fixture
def opened_outside(monkeypatch):
    """Every guide the viewer opens from outside its folder."""
    seen: list[Path] = []
    original = GuideViewer.open_other

    def watch(self, path, node, line=0, *, inside=True):
        if not inside:
            seen.append(path)
        return original(self, path, node, line, inside=inside)

    monkeypatch.setattr(GuideViewer, "open_other", watch)
    return seen


def warning(app) -> Requester:
    requester = app.requesters[-1]
    assert requester.title == "Leave the Guide's Folder?" and not requester.closed
    return requester


@posix_only
@pytest.mark.parametrize("label,host", [("passwd", "/etc/passwd"), ("parent", "Beside.guide"),
                                        ("dotdot", "Beside.guide"), ("symlink", "Beside.guide")])
def test_the_warning_shows_the_resolved_host_path_and_return_and_esc_cancel(make_app, hostile, label, host,
                                                                             opened_outside):
    if host.startswith("/") and not Path(host).is_file():
        pytest.skip(f"no {host} here")
    wanted = host if host.startswith("/") else str(hostile.parent.parent / host)
    app, viewer, pilot = alone(make_app, hostile)
    for key in (pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER, pyxel.KEY_ESCAPE):
        click_run(pilot, viewer, label)
        requester = warning(app)
        assert wanted in "".join(requester.shown_lines())
        pilot.key(key)
        assert requester.closed and app.requesters == [] and viewer.status == "Not opened"
    assert opened_outside == [] and viewer.navigation.document.source_name == "Hostile.guide"


@posix_only
def test_only_a_click_on_open_opens_and_retrace_comes_back(make_app, hostile, opened_outside):
    app, viewer, pilot = alone(make_app, hostile)
    click_run(pilot, viewer, "parent")
    requester = warning(app)
    pilot.click(*xy(requester.buttons[0]))
    assert requester.buttons[0].label == "Open" and opened_outside == [hostile.parent.parent / "Beside.guide"]
    assert viewer.title == "Beside"
    pilot.key(pyxel.KEY_BACKSPACE)
    assert viewer.navigation.document.source_name == "Hostile.guide"


@posix_only
@pytest.mark.slow
def test_no_key_alone_chooses_open(make_app, hostile, opened_outside):
    """Every key Pyxel knows, alone, with Shift and with Right-Amiga, pressed
    while the warning is up: none opens the file."""
    app, viewer, pilot = alone(make_app, hostile)
    keys = sorted({getattr(pyxel, name) for name in dir(pyxel) if name.startswith("KEY_")} - {pyxel.KEY_NONE})
    tried = 0
    for code in keys:
        for qualifiers in ({}, {"shift": True}, {"amiga": True}):
            if app.viewer is not viewer:  # F1 or Help brought up the manual: start again
                app, viewer, pilot = alone(make_app, hostile)
            if not app.requesters:
                click_run(pilot, viewer, "passwd")
                warning(app)
            pilot.key(code, **qualifiers)
            tried += 1
    assert tried == 3 * len(keys) > 300 and opened_outside == []


@posix_only
def test_a_proc_file_is_never_offered_or_opened(make_app, hostile, opened_outside):
    app, viewer, pilot = alone(make_app, hostile)
    click_run(pilot, viewer, "environ")
    assert app.requesters == [] and "system" in viewer.status and opened_outside == []


@posix_only
def test_a_guide_opened_from_outside_that_is_not_a_plain_file_is_refused_after_open(make_app, hostile, tmp_path):
    app, viewer, pilot = alone(make_app, hostile)
    viewer.open_other(Path("/dev/zero"), "main", inside=False)  # as if swapped in after the warning
    assert "device" in viewer.status and viewer.navigation.document.source_name == "Hostile.guide"


def test_a_requester_refuses_a_mouse_only_button_for_return_or_esc():
    nothing = lambda: None  # noqa: E731
    with pytest.raises(ValueError):
        Requester("R", ["x"], [Choice("Go", nothing, mouse_only=True), Choice("Stop", nothing)], (320, 256))
    with pytest.raises(ValueError):
        Requester("R", ["x"], [Choice("Stop", nothing), Choice("Go", nothing, mouse_only=True)], (320, 256), default=0)
    fine = Requester("R", ["x"], [Choice("Go", nothing, mouse_only=True), Choice("Stop", nothing)], (320, 256), default=1)
    assert [b.mouse_only for b in fine.buttons] == [True, False]


def test_return_chooses_the_named_default_button(make_app):
    app, pilot = make_app()
    chosen = []
    requester = Requester("R", ["x"], [("A", lambda: chosen.append("A")), ("B", lambda: chosen.append("B")),
                                       ("C", lambda: chosen.append("C"))], app.screen_mode.size, default=1)
    app.open_requester(requester)
    pilot.key(pyxel.KEY_RETURN)
    pilot.key(pyxel.KEY_ESCAPE)
    assert chosen == ["B", "C"]


@posix_only
def test_the_warning_shows_a_path_named_in_latin1_readably(make_app, tmp_path):
    top = tmp_path / "top"
    top.mkdir()
    try:
        (tmp_path / os.fsdecode(b"Caf\xe9.guide")).write_text('@database C\n@node Main "Cafe"\nx\n@endnode\n')
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    guide = top / "Menu.guide"
    guide.write_bytes(b'@database Menu.guide\n@node Main "Menu"\n@{" cafe " link "/Caf\xe9.guide/Main"}\n@endnode\n')
    app, viewer, pilot = alone(make_app, guide)
    click_run(pilot, viewer, "cafe")
    text = "".join(warning(app).shown_lines())
    assert "Caf\\xe9.guide" in text and "\udce9" not in text
    pilot.click(*xy(warning(app).buttons[0]))
    assert viewer.title == "Cafe"


@posix_only
def test_a_link_to_a_pipe_says_so_in_the_status_line_whatever_the_folders_length(make_app, tmp_path):
    deep = tmp_path.joinpath(*["a-rather-long-folder-name"] * 6)
    deep.mkdir(parents=True)
    os.mkfifo(deep / "Pipe.guide")
    guide = deep / "Main.guide"
    guide.write_text('@database Main.guide\n@node Main "Main"\n@{" pipe " link Pipe.guide/Main}\n@endnode\n')
    app, viewer, pilot = alone(make_app, guide)
    click_run(pilot, viewer, "pipe")
    assert viewer.status.startswith("Not opened: Pipe.guide is a named pipe") and not app.requesters
