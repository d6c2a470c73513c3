"""Guides read as MultiView reads them: pens, spaces, tabs, buttons, names with '/'."""

from __future__ import annotations

import pytest

from amigasweeper.guide import ActionKind, DrawInfoPen, Target, layout_node, parse


def page(body: str, header: str = "", name: str = "") -> list:
    doc = parse(f"@database t\n{header}@node main\n{body}\n@endnode\n", name)
    return doc


@pytest.mark.parametrize(
    "name,pen",
    [("back", DrawInfoPen.BACKGROUND), ("Background", DrawInfoPen.BACKGROUND), ("highlighttext", DrawInfoPen.HIGHLIGHT),
     ("FILLTEXT", DrawInfoPen.FILLTEXT), ("white", DrawInfoPen.SHINE), ("black", DrawInfoPen.TEXT), ("blue", DrawInfoPen.FILL)],
)
def test_every_pen_name_real_guides_use_is_accepted(name, pen):
    doc = page(f"@{{fg {name}}}x@{{fg text}}@{{bg {name}}}y")
    assert doc.problems == []
    spans = [item for item in doc.main.lines[0].items]
    assert spans[0].style.fg is pen and spans[1].style.bg is pen


def test_spaces_ending_a_line_are_kept():
    doc = page("@{u}rule        @{uu}\n@{bg fill}bar     @{bg back}")
    lines = layout_node(doc.main, 40)
    assert lines[0].text == "rule        " and lines[0].runs[-1].style.underline
    assert lines[1].width == 8 and lines[1].runs[0].style.bg is DrawInfoPen.FILL


def test_trailing_spaces_never_make_a_wrapped_line_wider_than_the_window():
    doc = page("word" + " " * 60, header="@wordwrap\n")
    lines = layout_node(doc.main, 20)
    assert [line.width for line in lines] == [20]


def test_leading_spaces_in_wrapped_text_break_like_multiview():
    doc = page(" " * 100 + "word after\n" + " " * 34 + "next", header="@wordwrap\n")
    lines = layout_node(doc.main, 36)
    assert all(line.width <= 36 for line in lines)
    assert [line.text.strip() for line in lines] == ["", "word after", "", "next"]


def test_leading_spaces_that_leave_room_stay_an_indent():
    doc = page("    indented text", header="@wordwrap\n")
    assert layout_node(doc.main, 36)[0].text == "    indented text"


def test_tab_takes_the_colour_in_force_where_it_is_written():
    doc = page("a@{bg fill}@{tab}b")
    runs = layout_node(doc.main, 40)[0].runs
    assert runs[0].text == "a" and runs[0].style.bg is DrawInfoPen.BACKGROUND
    assert runs[1].text.startswith("       ") and runs[1].style.bg is DrawInfoPen.FILL


def test_a_link_with_an_empty_target_is_drawn_as_a_button():
    doc = page('@{" Nowhere " link ""}')
    run = layout_node(doc.main, 40)[0].runs[0]
    assert run.link is not None and run.link.kind is ActionKind.LINK and run.text == " Nowhere "


def test_a_node_name_holding_a_slash_is_that_node():
    doc = parse('@database x\n@node main\n@{"a" link Help/About}\n@endnode\n@node Help/About\nhere\n@endnode\n')
    link = next(doc.main.links())
    assert doc.locate(link.target) == Target(None, "Help/About")
    assert doc.resolve(link) is doc.node("help/about")
    assert doc.locate("Other.guide/Main") == Target("Other.guide", "Main")
    assert doc.locate("x/Main") == Target(None, "Main")  # the guide's own @database name


def test_window_title_comes_from_the_node_or_its_title_command():
    doc = parse('@database x\n@node a "First page"\n@endnode\n@node b\n@title "Second"\n@endnode\n@node c\n@endnode\n')
    assert [node.title for node in doc.nodes] == ["First page", "Second", "c"]


def test_browsing_does_not_search_the_node_list():
    doc = parse("@database x\n" + "".join(f"@node n{i}\n@endnode\n" for i in range(1000)))
    assert [node.position for node in doc.nodes] == list(range(1000))
    assert doc.browse_next(doc.nodes[998]) is doc.nodes[999]
    assert doc.browse_prev(doc.nodes[0]) is None
    assert doc.holds(doc.nodes[500]) and not doc.holds(parse("@node z\n@endnode\n").nodes[0])
