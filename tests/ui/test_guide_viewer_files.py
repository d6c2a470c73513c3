"""The help viewer's Open and Save As, through the ASL file requester."""

from __future__ import annotations

import pyxel

from amigasweeper.guide import parse
from amigasweeper.guide.savetext import page_text
from amigasweeper.ui.intuition.asl import FileRequester, RequestMode

GUIDE = (
    "@database S.guide\n@node Main \"Main page\"\nCaf\xe9 @{b}bold@{ub} text\n"
    "@{\" Other \" link Other}\n@endnode\n@node Other\nother page\n@endnode\n"
)


def alone(make_app, tmp_path):
    path = tmp_path / "S.guide"
    path.write_bytes(GUIDE.encode("latin-1"))
    app, pilot = make_app(guide=path)
    pilot.step()
    return app, app.viewer, pilot


def test_the_page_as_latin1_text():
    doc = parse(GUIDE.encode("latin-1"))
    assert page_text(doc.main) == "Caf\xe9 bold text\n Other \n".encode("latin-1")


def test_save_as_writes_the_page_and_asks_before_replacing(make_app, tmp_path):
    app, viewer, pilot = alone(make_app, tmp_path)
    pilot.key(pyxel.KEY_A, amiga=True)
    asl = app.requesters[-1]
    assert isinstance(asl, FileRequester) and asl.mode is RequestMode.SAVE
    assert asl.file_gadget.text == "Main.txt"
    pilot.key(pyxel.KEY_RETURN)
    pilot.step()
    target = tmp_path / "Main.txt"
    assert target.read_bytes() == "Caf\xe9 bold text\n Other \n".encode("latin-1")
    assert not app.requesters and viewer.status.startswith("Saved Main.txt")
    # Again: the file exists, so the requester asks first; Cancel keeps it.
    target.write_text("keep me")
    pilot.key(pyxel.KEY_A, amiga=True)
    pilot.key(pyxel.KEY_RETURN)
    pilot.step()
    question = app.requesters[-1]
    assert not isinstance(question, FileRequester)
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.step()
    assert target.read_text() == "keep me"
    assert not any(name.name.endswith(".tmp") for name in tmp_path.iterdir())


def test_save_as_into_a_folder_gone_says_so_and_keeps_the_requester(make_app, tmp_path):
    app, viewer, pilot = alone(make_app, tmp_path)
    pilot.key(pyxel.KEY_A, amiga=True)
    asl = app.requesters[-1]
    message = app.viewers.save_chosen(tmp_path / "gone" / "Main.txt")
    assert message.startswith("Not saved") and asl in app.requesters


def test_open_uses_the_file_requester_and_refuses_a_folder(make_app, tmp_path):
    app, viewer, pilot = alone(make_app, tmp_path)
    other = tmp_path / "Two.guide"
    other.write_text("@database Two\n@node Main \"Second guide\"\nhello\n@endnode\n")
    pilot.key(pyxel.KEY_O, amiga=True)
    asl = app.requesters[-1]
    assert isinstance(asl, FileRequester) and asl.mode is RequestMode.OPEN
    assert app.viewers.open_chosen(tmp_path) is not None  # a folder: said in words
    assert app.viewers.open_chosen(other) is None
    pilot.step()
    assert app.viewer.title == "Second guide"


def test_open_and_save_as_name_the_guides_folder_alike(make_app, tmp_path):
    """Workbench 3.1 names a folder one way: Save As does not call the guide's
    folder Root:... when Open calls it by its own volume name."""
    app, viewer, pilot = alone(make_app, tmp_path)
    drawers = []
    for key in (pyxel.KEY_O, pyxel.KEY_A):
        pilot.key(key, amiga=True)
        asl = app.requesters[-1]
        assert isinstance(asl, FileRequester)
        drawers.append(asl.drawer_gadget.text)
        pilot.key(pyxel.KEY_ESCAPE)
        pilot.step()
    assert drawers[0] == drawers[1] == f"{tmp_path.name}:"
