"""The help viewer reads guides as MultiView does, at any size, and works alone."""

from __future__ import annotations

import pytest
import pyxel
from guide_files import write_tree

from amigasweeper.guide import ActionKind, Link
from amigasweeper.guide.synthetic import long_page_guide, many_nodes_guide, wide_lines_guide
from amigasweeper.ui.helpviewer.guidepens import text_pens
from amigasweeper.ui.helpviewer.pagedraw import LINE_H, LINK_PAD, PAGE_INSET_X, PAGE_INSET_Y
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.modes import Look, ScreenMode
from amigasweeper.ui.intuition.palette import Pen
from amigasweeper.ui.intuition.requester import Requester
from amigasweeper.ui.window_options import parse_args


@pytest.fixture
def tree(tmp_path):
    return write_tree(tmp_path)


def alone(make_app, path, **options):
    app, pilot = make_app(guide=path, **options)
    pilot.step()
    return app, app.viewer, pilot


def link_run(viewer, label):
    return next(run for _row, run in viewer.visible_links() if run.text.strip() == label)


def click_run(pilot, viewer, label):
    row, run = next((row, run) for row, run in viewer.visible_links() if run.text.strip() == label)
    x = viewer.page.ax + PAGE_INSET_X + (run.column - viewer.navigation.place.left) * 8 + 2
    y = viewer.page.ay + PAGE_INSET_Y + (row - viewer.navigation.place.top) * LINE_H + 3
    pilot.click(x, y)


# -- a reader of its own -------------------------------------------------------


def test_guide_alone_opens_the_viewer_on_its_own_and_closing_it_ends_the_program(make_app, tree):
    app, viewer, pilot = alone(make_app, tree["top"], node="Mine")
    assert viewer.navigation.place.node.name == "Mine" and viewer.title == "My page"
    assert app.mine_window not in app.screen.children
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.viewer is None and app.quit_requested


def test_guide_alone_with_a_missing_node_opens_main_and_says_so(make_app, tree):
    app, viewer, pilot = alone(make_app, tree["top"], node="Nowhere")
    assert viewer.navigation.place.node.name == "Main" and "Nowhere" in viewer.status


@pytest.mark.parametrize("mode,look", [(ScreenMode.HIRES, Look.KICKSTART2), (ScreenMode.LOWRES, Look.KICKSTART3)])
def test_guide_alone_in_either_screen_mode_and_look(make_app, tree, mode, look):
    app, viewer, pilot = alone(make_app, tree["wide"], screen=mode, look=look)
    assert (pyxel.width, pyxel.height) == mode.size
    assert viewer.x + viewer.w <= pyxel.width and viewer.columns > 10


def test_a_guide_can_still_be_dropped_on_the_lone_viewer(make_app, tree):
    app, viewer, pilot = alone(make_app, tree["top"])
    pilot.drop(str(tree["wide"]))
    assert app.viewer.title == "A wide table" and not app.quit_requested


def test_command_line_options(tree):
    options = parse_args(["--guide", str(tree["top"]), "--node", "Mine"])
    assert options.guide == tree["top"].absolute() and options.node == "Mine"
    with pytest.raises(SystemExit):
        parse_args(["--node", "Mine"])
    with pytest.raises(SystemExit):
        parse_args(["--guide", str(tree["top"].with_name("none.guide"))])


# -- as MultiView shows it -------------------------------------------------------


def test_cursor_keys_and_the_horizontal_scroller_reach_text_past_the_right_edge(make_app, tree):
    app, viewer, pilot = alone(make_app, tree["wide"])
    assert viewer.scroll.widest > viewer.columns and viewer.navigation.place.left == 0
    first = viewer.scroll.lines[0].text
    pilot.key(pyxel.KEY_RIGHT)
    assert viewer.navigation.place.left == 1
    pilot.key(pyxel.KEY_RIGHT, shift=True)
    assert viewer.navigation.place.left == 1 + viewer.columns
    pilot.key(pyxel.KEY_LEFT)
    assert viewer.navigation.place.left == viewer.columns
    scroller = viewer.hscroller
    knob_left, size = scroller.knob()
    assert knob_left > 0 and size < scroller.w
    pilot.click(scroller.ax + scroller.w - 3, scroller.ay + 3)  # the track right of the knob: a page
    assert viewer.navigation.place.left == min(2 * viewer.columns, viewer.scroll.widest - viewer.columns)
    pilot.key(pyxel.KEY_END)
    for _ in range(viewer.scroll.widest // viewer.columns + 1):
        pilot.key(pyxel.KEY_RIGHT, shift=True)
    assert viewer.navigation.place.left == viewer.scroll.widest - viewer.columns
    pilot.key(pyxel.KEY_HOME)
    assert viewer.navigation.place.left == 0 and not any(run.text == " Far " for _row, run in viewer.visible_links())
    while not any(run.text == " Far " for _row, run in viewer.visible_links()):
        pilot.key(pyxel.KEY_RIGHT, shift=True)
    click_run(pilot, viewer, "Far")  # a button past the first screen's edge works
    assert viewer.navigation.place.node.name == "Main" and viewer.navigation.history
    assert first.startswith("Column")


def test_sideways_scroll_draws_the_text_at_that_column(make_app, tree):
    app, viewer, pilot = alone(make_app, tree["wide"])
    pilot.move(300, 236)

    def ink_in_cell(column: int, row: int = 0) -> bool:
        x0 = viewer.page.ax + PAGE_INSET_X + column * 8
        y0 = viewer.page.ay + PAGE_INSET_Y + row * LINE_H + LINK_PAD
        return any(pyxel.screen.pget(x0 + dx, y0 + dy) == Pen.BLACK for dx in range(8) for dy in range(8))

    text = viewer.scroll.lines[0].text
    blank = next(i for i in range(viewer.columns, len(text)) if text[i] == " " and text[i - 1] != " ")
    shift = blank - 3
    assert text[shift + 3] == " "
    pilot.step()
    assert ink_in_cell(3) == (text[3] != " ")
    for _ in range(shift):
        pilot.key(pyxel.KEY_RIGHT)
    pilot.step()
    assert not ink_in_cell(3)  # the space that is now at screen column 3
    assert ink_in_cell(2) == (text[shift + 2] != " ")


def test_a_cross_file_link_opens_the_other_guide_and_retrace_comes_back_to_the_right_file(make_app, tree):
    app, viewer, pilot = alone(make_app, tree["top"])
    click_run(pilot, viewer, "the other guide")
    assert viewer.navigation.document.source_name == "Other.guide" and viewer.navigation.place.node.name == "Two"
    assert viewer.title == "Other, page two"
    click_run(pilot, viewer, "Three")  # a link inside the other guide
    assert viewer.navigation.place.node.name == "Three"
    pilot.click(*xy(next(b for b in viewer.buttons if b.label == "Browse <")))
    assert viewer.navigation.place.node.name == "Two"
    for _ in range(3):
        pilot.key(pyxel.KEY_BACKSPACE)
    assert viewer.navigation.document.source_name == "Top.guide" and viewer.navigation.place.node.name == "Main"
    click_run(pilot, viewer, "a page of mine")  # the first guide's links work again
    assert viewer.navigation.place.node.name == "Mine" and viewer.navigation.document.source_name == "Top.guide"
    pilot.click(*xy(next(b for b in viewer.buttons if b.label == "Browse >")))
    assert viewer.navigation.place.node.name == "Help/About"


def xy(widget):
    return widget.ax + 3, widget.ay + 3


def test_index_naming_a_page_of_another_guide_goes_there(make_app, tree):
    app, viewer, pilot = alone(make_app, tree["top"])
    index = next(b for b in viewer.buttons if b.label == "Index")
    assert index.can_act()
    pilot.click(*xy(index))
    assert viewer.navigation.document.source_name == "Other.guide" and viewer.navigation.place.node.name == "Three"
    pilot.key(pyxel.KEY_BACKSPACE)
    assert viewer.navigation.document.source_name == "Top.guide" and viewer.navigation.place.node.name == "Main"


def test_a_leading_slash_is_the_parent_folder_inside_the_readers_tree(make_app, tree):
    app, viewer, pilot = alone(make_app, tree["top"])
    click_run(pilot, viewer, "the other guide")
    click_run(pilot, viewer, "Up")  # /Top.guide/Mine from Docs/: the parent folder, inside the tree
    assert viewer.navigation.document.source_name == "Top.guide" and viewer.navigation.place.node.name == "Mine"
    assert not app.requesters


def test_a_link_out_of_the_readers_folder_tree_asks_first_and_esc_says_no(make_app, tree):
    app, viewer, pilot = alone(make_app, tree["inner"])
    click_run(pilot, viewer, "Outside")
    requester = app.requesters[-1]
    assert isinstance(requester, Requester) and viewer.navigation.place.node.title == "Inner"
    pilot.key(pyxel.KEY_ESCAPE)
    assert requester.closed and viewer.navigation.document.source_name == "Inner.guide" and app.viewer is viewer
    click_run(pilot, viewer, "Outside")
    pilot.key(pyxel.KEY_RETURN)  # Return is Cancel too
    assert app.requesters == [] and viewer.navigation.document.source_name == "Inner.guide"
    click_run(pilot, viewer, "Outside")
    requester = app.requesters[-1]
    pilot.click(*xy(next(b for b in requester.buttons if b.label == "Open")))
    assert viewer.navigation.document.source_name == "Top.guide" and viewer.title == "Top of the tree"


def test_a_node_name_with_a_slash_is_that_node_in_the_viewer_too(make_app, tree):
    app, viewer, pilot = alone(make_app, tree["top"])
    click_run(pilot, viewer, "help/about")
    assert viewer.navigation.place.node.name == "Help/About" and viewer.navigation.document.source_name == "Top.guide"


def test_a_button_with_no_target_is_drawn_and_says_it_leads_nowhere(make_app, tmp_path):
    path = tmp_path / "Empty.guide"
    path.write_text('@database Empty.guide\n@node Main\n@{" Nowhere " link ""}\n@endnode\n')
    app, viewer, pilot = alone(make_app, path)
    click_run(pilot, viewer, "Nowhere")
    assert viewer.navigation.place.node.name == "Main" and "nowhere" in viewer.status


def test_raw_pen_numbers_map_onto_the_kickstart2_look():
    assert text_pens(5, 0, Look.KICKSTART2) == (Pen.BLACK, Pen.GREY)  # 5 is 1 on two bitplanes
    assert text_pens(6, 2, Look.KICKSTART2) == (Pen.BLACK, Pen.WHITE)  # 6 -> 2 on 2: made readable
    assert text_pens(3, 1, Look.KICKSTART2) == (Pen.BLUE, Pen.BLACK)
    assert text_pens(4, 0, Look.KICKSTART3) == (Pen.RED, Pen.GREY)
    for fg in range(16):
        for bg in range(16):
            ink, paper = text_pens(fg, bg, Look.KICKSTART2)
            assert ink != paper and ink in (0, 1, 2, 3) and paper in (0, 1, 2, 3)


# -- at any size: a frame costs what is on screen ---------------------------------------


def test_a_frame_of_lines_65000_characters_long_draws_a_screenful(make_app, tmp_path):
    path = tmp_path / "Wide.guide"
    path.write_text(wide_lines_guide(20, 65_000))
    app, viewer, pilot = alone(make_app, path)
    screenful = (viewer.columns + 1) * viewer.rows
    assert 0 < viewer.drawn_chars <= screenful
    viewer.scroll_sideways_to(40_000)
    pilot.step()
    assert 0 < viewer.drawn_chars <= screenful and viewer.navigation.place.left == 40_000


def test_a_180000_line_page_shows_at_once_and_fills_in_frame_by_frame(make_app, tmp_path):
    path = tmp_path / "Long.guide"
    path.write_text(long_page_guide(180_000))
    app, viewer, pilot = alone(make_app, path)
    lines = viewer.navigation.place.node.lines
    read_first = lines.read_count
    assert viewer.rows <= read_first < 2_000
    pilot.step(5)
    assert read_first < lines.read_count < 10_000  # a little more each frame, never all at once
    pilot.key(pyxel.KEY_END)
    # End lands at once: the page is laid out from near its end, not from the top.
    assert not viewer.scroll.following_end and lines.read_count < 10_000
    shown = [viewer.scroll.lines[row].text for row in range(viewer.navigation.place.top, viewer.navigation.place.top + viewer.rows)]
    assert shown[-1].startswith("Entry 179999") and shown[0].startswith(f"Entry {180_000 - viewer.rows:6d}")
    pilot.key(pyxel.KEY_UP)
    assert viewer.scroll.lines[viewer.navigation.place.top].text.startswith(f"Entry {180_000 - viewer.rows - 1:6d}")
    for _ in range(3):
        pilot.key(pyxel.KEY_PAGEUP)  # past the first line laid out from near the end
    assert viewer.scroll.lines[viewer.navigation.place.top].text.startswith(f"Entry {180_000 - 4 * viewer.rows - 1:6d}")
    pilot.key(pyxel.KEY_HOME)
    assert viewer.navigation.place.top == 0 and viewer.scroll.lines[0].text.startswith("Entry      0")


def test_a_link_to_line_170000_of_a_long_page_lands_at_once_and_retraces(make_app, tmp_path):
    path = tmp_path / "Jump.guide"
    path.write_text(long_page_guide(180_000).replace("@database Long.guide\n",
                    '@database Long.guide\n@node Start\n@{"far" link Main 170000}\n@endnode\n'))
    app, viewer, pilot = alone(make_app, path)
    viewer.show(viewer.navigation.document.node("Start"), remember=False)
    viewer.follow(link_run(viewer, "far").link)
    assert viewer.navigation.place.node.name == "Main"
    assert viewer.scroll.lines[viewer.navigation.place.top].text.startswith("Entry 170000")
    assert viewer.navigation.place.node.lines.read_count < 10_000
    pilot.key(pyxel.KEY_DOWN)
    viewer.follow(Link("again", ActionKind.LINK, "Start"))
    viewer.retrace()  # back where the reader was, on the page laid out from near line 170,000
    assert viewer.scroll.lines[viewer.navigation.place.top].text.startswith("Entry 170001")
    viewer.retrace()
    assert viewer.navigation.place.node.name == "Start"


@pytest.mark.slow
def test_a_frame_never_walks_the_list_of_100000_nodes(make_app, tmp_path):
    path = tmp_path / "Many.guide"
    path.write_text(many_nodes_guide(100_000))
    app, viewer, pilot = alone(make_app, path)
    document = viewer.navigation.document
    viewer.show(document.nodes[-2])

    class Watched(list):
        walks = 0

        def __iter__(self):
            Watched.walks += 1
            return super().__iter__()

    document.indexed = Watched(document.indexed)
    pilot.step(3)
    pilot.click(*xy(next(b for b in viewer.buttons if b.label == "Browse >")))
    assert viewer.navigation.place.node is document.indexed[-1]
    assert Watched.walks == 0


# -- the viewer's menus: its problems on a page of their own -----------------------------


def choose_viewer_item(app, pilot, label):
    """Right button over the viewer, to the Navigate (or Project) menu's item, let go."""
    viewer = app.viewer
    strip = viewer.menu_strip
    for index, menu in enumerate(strip.menus):
        for box in strip.panels[index][3]:
            if box.item.label == label:
                x, _, _, _ = strip.panel_rect(index)
                pilot.move(viewer.page.ax + 20, viewer.page.ay + 20)
                pilot.press(Button.RIGHT)
                assert app.menus is strip and strip.is_open
                pilot.move(strip.title_x[index] + 2, 4)
                pilot.move(x + 20, box.y + 4)
                pilot.release(Button.RIGHT)
                return
    raise KeyError(label)


def test_a_guide_with_problems_opens_at_main_and_its_menu_reaches_the_problems_page(make_app, tmp_path):
    path = tmp_path / "Broken.guide"
    path.write_bytes(b'@database Broken.guide\n@node Main "Broken"\n@{"x" link Nowhere}\n@{b never closed\n'
                     b"@bogus\n@endnode\n@node Two\n")
    app, viewer, pilot = alone(make_app, path)
    assert viewer.navigation.place.node.name == "Main"
    choose_viewer_item(app, pilot, "Problems")
    assert viewer.navigation.place.node.title == "Problems in Broken.guide" and viewer.title == viewer.navigation.place.node.title
    text = " ".join(line.text for line in viewer.scroll.layout.finish())
    for expected in ("line 3", "Nowhere", "line 4", "line 5", "@bogus", "no @endnode"):
        assert expected in text
    assert app.open_menus_strip is None and not app.menus.is_open  # the menus are put away
    choose_viewer_item(app, pilot, "Retrace")
    assert viewer.navigation.place.node.name == "Main"
    choose_viewer_item(app, pilot, "Close")
    assert app.viewer is None


def test_the_manuals_viewer_has_the_menus_too_and_help_on_them_opens_the_viewer_page(make_app):
    app, pilot = make_app()
    pilot.key(pyxel.KEY_F1)
    viewer = app.viewer
    choose_viewer_item(app, pilot, "Contents")
    assert viewer.navigation.place.node.name == "Main" and not app.quit_requested
    pilot.move(viewer.page.ax + 20, viewer.page.ay + 20)
    pilot.press(Button.RIGHT)
    pilot.move(viewer.menu_strip.title_x[1] + 2, 4)
    pilot.key(pyxel.KEY_F1)
    pilot.release(Button.RIGHT)
    assert app.viewer.navigation.place.node.name == "Viewer"
    assert app.open_menus_strip is None  # the menus are put away


def test_no_line_of_the_manual_is_wider_than_the_lowres_viewer(make_app):
    app, pilot = make_app()
    pilot.key(pyxel.KEY_F1)
    viewer = app.viewer
    for node in viewer.navigation.document.nodes:
        viewer.show(node)
        viewer.scroll.layout.finish()
        assert viewer.scroll.widest <= viewer.columns, node.name


def test_the_amiganos_comma_button_is_a_button_that_follows(make_app, tmp_path):
    path = tmp_path / "Comma.guide"
    path.write_text('@database Comma.guide\n@node Main "Start"\nSee @{"the end", link End}.\n@endnode\n'
                    '@node End "The end"\nDone.\n@endnode\n')
    app, viewer, pilot = alone(make_app, path)
    click_run(pilot, viewer, "the end")
    assert viewer.title == "The end"


def test_jumps_back_and_forth_on_a_long_page_each_land_on_their_line(make_app, tmp_path):
    path = tmp_path / "Long.guide"
    path.write_text(long_page_guide(180_000))
    app, viewer, pilot = alone(make_app, path)
    for line in (170_000, 20, 120_000, 175_000, 119_990, 5_000):
        viewer.go_to_node_line(line)
        shown = [viewer.scroll.lines[viewer.navigation.place.top + row].text for row in range(viewer.rows)]
        assert any(text.startswith(f"Entry {line:6d}") for text in shown), (line, shown[0])
    assert viewer.navigation.place.node.lines.read_count < 20_000


def test_the_scroller_of_a_long_page_measures_the_whole_page_and_lands_at_once(make_app, tmp_path):
    path = tmp_path / "Long.guide"
    path.write_text(long_page_guide(180_000))
    app, viewer, pilot = alone(make_app, path)
    scroller = viewer.scroller
    start, size = scroller.knob()
    assert start == 0 and size == 6  # a screenful of 180,000 lines: the smallest knob
    track = scroller.h - 4
    pilot.drag((scroller.ax + 5, scroller.ay + 4), (scroller.ax + 5, scroller.ay + 2 + track // 2 + 2))
    middle = viewer.top_node_line()
    assert 85_000 < middle < 95_000 and viewer.navigation.place.node.lines.read_count < 10_000
    start, _size = scroller.knob()
    assert abs(start - (track - 6) // 2) <= 4  # the knob stays where it was let go
