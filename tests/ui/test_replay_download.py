"""Replay > Save As... in the browser: the replay goes to the page as a download.
Pyodide's js module is stood in for by a recorder of the calls the page gets."""

from __future__ import annotations

import sys
import types

import pyxel

from amigasweeper.replay.files import parse_replay
from amigasweeper.ui.replay import download as downloads


class Page:
    """What the page was asked to do."""

    def __init__(self, refuse: bool = False) -> None:
        self.blobs, self.clicked, self.refuse = [], [], refuse
        page = self

        class Blob:
            @staticmethod
            def new(parts, options):
                if page.refuse:
                    raise RuntimeError("blocked by the page's rules")
                page.blobs.append(bytes(parts[0]))
                return "blob"

        class Link:
            href = download = ""

            def click(self):
                page.clicked.append((self.download, self.href))

            def remove(self):
                pass

        self.js = types.SimpleNamespace(
            Blob=Blob,
            Object=types.SimpleNamespace(fromEntries=lambda entries: dict(entries)),
            URL=types.SimpleNamespace(createObjectURL=lambda blob: "blob:1", revokeObjectURL=lambda url: None),
            document=types.SimpleNamespace(createElement=lambda tag: Link(),
                                           body=types.SimpleNamespace(appendChild=lambda node: None)),
        )
        self.ffi = types.SimpleNamespace(to_js=lambda value: value)


def in_a_page(monkeypatch, page: Page) -> None:
    monkeypatch.setitem(sys.modules, "js", page.js)
    monkeypatch.setitem(sys.modules, "pyodide", types.SimpleNamespace(ffi=page.ffi))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", page.ffi)
    monkeypatch.setattr(downloads, "in_browser", lambda: True)


def replay_open(app, pilot):
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    app.session.new_game()
    pilot.key(pyxel.KEY_Z, amiga=True)
    assert app.replays.window is not None


def test_save_as_in_the_browser_downloads_the_replay(app_pilot, monkeypatch):
    app, pilot = app_pilot
    page = Page()
    in_a_page(monkeypatch, page)
    monkeypatch.setattr("amigasweeper.ui.replay.replaycontrol.in_browser", lambda: True)
    replay_open(app, pilot)
    pilot.key(pyxel.KEY_A, amiga=True)  # Replay > Save As...
    assert len(page.clicked) == 1 and page.clicked[0][1] == "blob:1"
    name = page.clicked[0][0]
    assert name.endswith(".evf") and "download" in " ".join(app.requesters[-1].lines)
    recording = parse_replay(page.blobs[0])
    assert recording.mines == app.replays.window.recording.mines


def test_a_refused_download_is_said(app_pilot, monkeypatch):
    app, pilot = app_pilot
    in_a_page(monkeypatch, Page(refuse=True))
    monkeypatch.setattr("amigasweeper.ui.replay.replaycontrol.in_browser", lambda: True)
    replay_open(app, pilot)
    pilot.key(pyxel.KEY_A, amiga=True)
    assert "did not take the download" in " ".join(app.requesters[-1].lines)


def test_outside_a_page_there_is_no_download(monkeypatch):
    monkeypatch.setitem(sys.modules, "js", None)  # no Pyodide: importing js fails
    assert downloads.download("x.evf", b"data") == downloads.NOT_HERE
