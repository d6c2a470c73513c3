"""Line commands: database settings, nodes and node settings."""

from __future__ import annotations

import pytest

from amigasweeper.guide import Font, WrapMode, parse


def guide(*lines: str) -> str:
    return "\n".join(lines) + "\n"


FULL_HEADER = guide(
    "@database Test.guide",
    "@$VER: Test.guide 1.2 (01.02.2026)",
    "@(c) 2026 Somebody",
    "@author A. Writer",
    "@master Test.texinfo",
    "@font topaz.font 8",
    "@width 72",
    "@height 30",
    "@wordwrap",
    "@tab 4",
    "@index IDX",
    "@help HLP",
    "@toc Main",
    "@onopen \"open.rexx\"",
    "@onclose \"close.rexx\"",
    "@rem a comment",
    "@remark another comment",
    "@dnode Old",
    "@proportional",
)


def test_database_commands_fill_the_document():
    doc = parse(FULL_HEADER + guide("@node Main", "text", "@endnode"))
    assert doc.problems == []
    assert doc.database == "Test.guide"
    assert doc.version == "Test.guide 1.2 (01.02.2026)"
    assert doc.copyright == "2026 Somebody"
    assert doc.author == "A. Writer"
    assert doc.master == "Test.texinfo"
    assert doc.font == Font("topaz.font", 8)
    assert (doc.width, doc.height) == (72, 30)
    assert doc.wrap is WrapMode.WORDWRAP
    assert doc.tab_size == 4
    assert (doc.index, doc.help, doc.toc) == ("IDX", "HLP", "Main")
    assert (doc.onopen, doc.onclose) == ("open.rexx", "close.rexx")
    assert doc.proportional


def test_node_inherits_database_defaults():
    doc = parse(FULL_HEADER + guide("@node Main", "text", "@endnode"))
    node = doc.main
    assert node.wrap is WrapMode.WORDWRAP
    assert node.tab_size == 4
    assert node.font == Font("topaz.font", 8)
    assert node.proportional


def test_node_commands_set_the_node_only():
    doc = parse(
        guide(
            "@database t",
            "@node One \"First page\"",
            "@title Better title",
            "@next Two",
            "@prev Zero",
            "@toc Contents",
            "@index Idx",
            "@help Hlp",
            "@keywords mines \"best times\" flags",
            "@font helvetica.font 13",
            "@smartwrap",
            "@tab 3",
            "@onopen node.rexx",
            "@onclose \"bye.rexx\"",
            "@proportional",
            "@embed extra.txt",
            "@macro local \"L$1\"",
            "body",
            "@endnode",
            "@node Two",
            "@endnode",
        )
    )
    assert doc.problems == []
    one, two = doc.nodes
    assert one.title == "Better title"
    assert (one.next, one.prev, one.toc, one.index, one.help) == ("Two", "Zero", "Contents", "Idx", "Hlp")
    assert one.keywords == ("mines", "best times", "flags")
    assert one.font == Font("helvetica.font", 13)
    assert one.wrap is WrapMode.SMARTWRAP and one.tab_size == 3 and one.proportional
    assert (one.onopen, one.onclose) == ("node.rexx", "bye.rexx")
    assert one.embeds == ["extra.txt"]
    assert "local" in one.macros and "local" not in doc.macros
    assert two.wrap is WrapMode.NONE and two.tab_size == 8 and two.font is None
    assert two.title == "Two"


def test_commands_are_case_insensitive():
    doc = parse(guide("@DATABASE t", "@SmartWrap", "@NODE Main \"T\"", "@TITLE Up", "x", "@EndNode"))
    assert doc.problems == []
    assert doc.wrap is WrapMode.SMARTWRAP
    assert doc.main.title == "Up"


@pytest.mark.parametrize("line,name,title", [
    ("@node Main", "Main", "Main"),
    ("@node Main \"The main page\"", "Main", "The main page"),
    ("@node \"Two words\" \"Title here\"", "Two words", "Title here"),
    ("@node Plain unquoted title", "Plain", "unquoted title"),
])
def test_node_line_forms(line, name, title):
    doc = parse(guide("@database t", line, "x", "@endnode"))
    assert doc.nodes[0].name == name
    assert doc.nodes[0].title == title


def test_node_lookup_ignores_case():
    doc = parse(guide("@database t", "@node Rules", "x", "@endnode"))
    assert doc.node("RULES") is doc.node("rules") is doc.nodes[0]
    assert doc.node("missing") is None


def test_main_is_the_node_called_main_else_the_first():
    with_main = parse(guide("@database t", "@node a", "@endnode", "@node MAIN", "@endnode"))
    assert with_main.main.name == "MAIN"
    without = parse(guide("@database t", "@node first", "@endnode", "@node second", "@endnode"))
    assert without.main.name == "first"


def test_browsing_follows_file_order_unless_next_prev_say_otherwise():
    doc = parse(
        guide(
            "@database t",
            "@node a", "@endnode",
            "@node b", "@next d", "@endnode",
            "@node c", "@prev a", "@endnode",
            "@node d", "@endnode",
        )
    )
    a, b, c, d = doc.nodes
    assert doc.browse_next(a) is b and doc.browse_prev(a) is None
    assert doc.browse_next(b) is d
    assert doc.browse_prev(c) is a
    assert doc.browse_next(d) is None and doc.browse_prev(d) is c


def test_viewer_buttons_use_node_then_database_settings():
    doc = parse(
        guide(
            "@database t", "@index IDX", "@help HLP",
            "@node main", "@endnode",
            "@node other", "@toc TOC2", "@index IDX2", "@endnode",
            "@node TOC2", "@endnode", "@node IDX", "@endnode", "@node IDX2", "@endnode", "@node HLP", "@endnode",
        )
    )
    main, other = doc.node("main"), doc.node("other")
    assert doc.contents_for(main) is main
    assert doc.contents_for(other) is doc.node("TOC2")
    assert doc.index_for(main) is doc.node("IDX")
    assert doc.index_for(other) is doc.node("IDX2")
    assert doc.help_for(other) is doc.node("HLP")


def test_no_index_means_no_index_button():
    doc = parse(guide("@database t", "@node main", "@endnode"))
    assert doc.index_for(doc.main) is None and doc.help_for(doc.main) is None


def test_remarks_and_obsolete_dnode_leave_no_trace():
    doc = parse(guide("@database t", "@node main", "@rem hidden", "@remark hidden too", "shown", "@endnode", "@dnode x"))
    assert doc.problems == []
    assert doc.main.text() == "shown"


def test_macro_definition_keeps_its_body():
    doc = parse(guide("@database t", '@macro bold "@{b}$1@{ub}"', "@macro Bare @{i}$1", "@node m", "@endnode"))
    assert doc.macros["bold"].body == "@{b}$1@{ub}"
    assert doc.macros["bare"].body == "@{i}$1"


def test_scripts_are_kept_not_run():
    doc = parse(guide("@database t", "@onopen \"rm -rf everything\"", "@node m", "@onopen x.rexx", "@endnode"))
    assert doc.onopen == "rm -rf everything"
    assert doc.main.onopen == "x.rexx"


def test_version_without_colon_is_accepted():
    doc = parse(guide("@database t", "@$VER AmigaSweeper.guide 0.1", "@node m", "@endnode"))
    assert doc.version == "AmigaSweeper.guide 0.1"


def test_node_records_its_lines():
    doc = parse(guide("@database t", "", "@node m", "one", "two", "@endnode"))
    node = doc.main
    assert node.line == 3 and node.end_line == 6
    assert [line.number for line in node.lines] == [4, 5]
