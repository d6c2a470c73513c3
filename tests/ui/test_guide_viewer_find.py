"""The help viewer's Search menu: Find, Find Next, Go To Page; the status line."""

from __future__ import annotations

import pyxel

from amigasweeper.guide.synthetic import long_page_guide, many_nodes_guide
from amigasweeper.ui.helpviewer.finding import CompletingGadget
from amigasweeper.ui.helpviewer.pagedraw import LINE_H, LINK_PAD, PAGE_INSET_X, PAGE_INSET_Y
from amigasweeper.ui.intuition.palette import Pen
from amigasweeper.ui.intuition.requester import Requester

GUIDE = (
    "@database F.guide\n@node Main \"Main page\"\nThe first page.\nA zebra here.\n@endnode\n"
    "@node Second \"Second page\"\nNothing.\n@endnode\n"
    "@node Third \"Third page\"\nline one\nline two\nanother ZEBRA and a zebras\n@endnode\n"
)


def alone(make_app, tmp_path, text=GUIDE):
    path = tmp_path / "F.guide"
    path.write_text(text)
    app, pilot = make_app(guide=path)
    pilot.step()
    return app, app.viewer, pilot


def front_requester(app) -> Requester:
    return app.requesters[-1]


def find(app, viewer, pilot, text, *, case=False, whole=False):
    pilot.key(pyxel.KEY_F, amiga=True)
    requester = front_requester(app)
    assert requester.title == "Find"
    requester.gadgets[0].text = ""
    requester.gadgets[0].cursor = 0
    pilot.type(text)
    requester.cycles[0].index, requester.cycles[1].index = int(case), int(whole)
    pilot.key(pyxel.KEY_RETURN)
    settle(viewer, pilot)


def settle(viewer, pilot):
    """Frames until the search is over (it runs a few milliseconds a frame)."""
    for _ in range(2000):
        pilot.step()
        if not viewer.finder.busy:
            return
    raise AssertionError("the search never ended")


def found_at(viewer):
    found = viewer.finder.found
    return None if found is None else (found.node.name, found.node_line, found.occurrence)


def test_find_highlights_the_match_and_find_next_goes_on_through_the_guide(make_app, tmp_path):
    app, viewer, pilot = alone(make_app, tmp_path)
    find(app, viewer, pilot, "zebra")
    assert found_at(viewer) == ("Main", 1, 0) and not app.requesters
    # The match is drawn white on the fill pen.
    row = next(r for r in range(viewer.rows) if "zebra" in viewer.scroll.lines[viewer.navigation.place.top + r].text)
    column = viewer.scroll.lines[viewer.navigation.place.top + row].text.index("zebra") - viewer.navigation.place.left
    x = viewer.page.ax + PAGE_INSET_X + column * 8
    y = viewer.page.ay + PAGE_INSET_Y + row * LINE_H + LINK_PAD
    pixels = {pyxel.screen.pget(x + dx, y + dy) for dx in range(8) for dy in range(8)}
    assert pixels == {Pen.WHITE, Pen.BLUE}
    pilot.key(pyxel.KEY_N, amiga=True)
    settle(viewer, pilot)
    assert found_at(viewer) == ("Third", 2, 0) and viewer.navigation.place.node.name == "Third"
    assert viewer.scroll.lines[viewer.navigation.place.top + 0].node_line <= 2 < viewer.scroll.lines[viewer.navigation.place.top].node_line + viewer.rows
    pilot.key(pyxel.KEY_N)  # N alone too, for browsers that keep Alt-N
    settle(viewer, pilot)
    assert found_at(viewer) == ("Third", 2, 1)
    pilot.key(pyxel.KEY_N)
    settle(viewer, pilot)
    assert found_at(viewer) == ("Main", 1, 0)  # round to the start


def test_find_with_case_and_whole_words_and_a_miss(make_app, tmp_path):
    app, viewer, pilot = alone(make_app, tmp_path)
    find(app, viewer, pilot, "ZEBRA", case=True)
    assert found_at(viewer) == ("Third", 2, 0)
    viewer.show(viewer.navigation.document.main)
    find(app, viewer, pilot, "zebra", whole=True)
    pilot.key(pyxel.KEY_N)
    settle(viewer, pilot)
    assert found_at(viewer) == ("Third", 2, 0)  # ZEBRA; "zebras" is no whole word
    find(app, viewer, pilot, "okapi")
    assert viewer.status.startswith("Not found") and found_at(viewer) is None
    # The status line takes a line of its own: it covers no text.
    assert viewer.rows * LINE_H + LINE_H <= viewer.page.h


def test_slash_opens_find_and_escape_leaves_it(make_app, tmp_path):
    app, viewer, pilot = alone(make_app, tmp_path)
    pilot.key(pyxel.KEY_SLASH)
    assert front_requester(app).title == "Find"
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.step()
    assert not app.requesters and not viewer.closed


def test_find_on_a_long_page_lands_at_once(make_app, tmp_path):
    app, viewer, pilot = alone(make_app, tmp_path, long_page_guide(180_000))
    find(app, viewer, pilot, "name179990", whole=True)
    assert found_at(viewer) == ("Main", 179_990, 0)
    shown = [viewer.scroll.lines[viewer.navigation.place.top + row].text for row in range(viewer.rows)]
    assert any(text.startswith("Entry 179990") for text in shown)
    assert viewer.navigation.place.node.lines.read_count < 10_000


def test_go_to_page_completes_the_name_with_tab(make_app, tmp_path):
    app, viewer, pilot = alone(make_app, tmp_path)
    pilot.key(pyxel.KEY_G, amiga=True)
    requester = front_requester(app)
    gadget = requester.gadgets[0]
    assert isinstance(gadget, CompletingGadget)
    pilot.type("th")
    pilot.key(pyxel.KEY_TAB)
    assert gadget.text == "Third"
    pilot.key(pyxel.KEY_RETURN)
    pilot.step()
    assert viewer.navigation.place.node.name == "Third" and not app.requesters
    pilot.key(pyxel.KEY_G, amiga=True)
    requester = front_requester(app)
    pilot.type("s")
    pilot.key(pyxel.KEY_TAB)
    assert requester.gadgets[0].text == "Second"
    requester.gadgets[0].text = "Nowhere"
    pilot.key(pyxel.KEY_RETURN)
    assert "No page called Nowhere" in requester.message
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.step()
    assert viewer.navigation.place.node.name == "Third"
    pilot.key(pyxel.KEY_G)  # G alone too, for browsers
    assert app.requesters[-1].title == "Go To Page"


def test_tab_completion_names_the_choices(make_app, tmp_path):
    app, viewer, pilot = alone(make_app, tmp_path)
    said = []
    gadget = CompletingGadget("Page:", 20, 80, lambda: ["Main", "Mainly", "Other"], said.append)
    gadget.text = "ma"
    gadget.complete()
    assert gadget.text == "Main" and said[-1].startswith("2 pages: Main, Mainly")


def test_find_in_a_just_opened_big_guide_shows_a_page_the_index_has_not_reached(make_app, tmp_path):
    text = many_nodes_guide(20_000).replace("@node N19990\n", "@node N19990\nA zebra far down.\n", 1)
    app, viewer, pilot = alone(make_app, tmp_path, text)
    find(app, viewer, pilot, "zebra")
    page = viewer.navigation.place.node
    assert found_at(viewer) == ("N19990", 0, 0) and viewer.navigation.document.indexing
    assert viewer.scroll.lines[viewer.navigation.place.top].text == "A zebra far down."
    assert viewer.next_target() is None  # its neighbours are known once the index gets there
    for _ in range(5000):
        pilot.step()
        if not viewer.navigation.document.indexing:
            break
    # The index adopted the page shown: browsing and Find Next go on from it.
    assert viewer.navigation.place.node is page and viewer.navigation.document.holds(page)
    assert viewer.next_target().node.name == "N19991"
    pilot.key(pyxel.KEY_N)
    settle(viewer, pilot)
    assert found_at(viewer) == ("N19990", 0, 0)  # the only one, found again round the guide
