"""The help viewer's navigation state without a window (guide/navigation.py):
where the buttons lead, the history Retrace walks back across files, links
into other guides found by the folder's rules, and @embed text."""

from __future__ import annotations

from amigasweeper.guide import parse, parse_file
from amigasweeper.guide.navigation import Navigation, Place

GUIDE = """@database Main.guide
@index IDX
@node MAIN "Main"
@toc CONTENTS
See @{"Two" link TWO} and @{"Other" link Other.guide/PAGE}.
@endnode
@node TWO "Two"
@next MAIN
Second.
@endnode
@node CONTENTS "Contents"
The contents.
@endnode
@node IDX "Index"
The index.
@endnode
"""

OTHER = """@database Other.guide
@node MAIN "Other main"
Other.
@endnode
@node PAGE "Other page"
@embed notes.txt
@endnode
"""


def navigation_in(tmp_path) -> Navigation:
    (tmp_path / "Main.guide").write_text(GUIDE, encoding="latin-1")
    (tmp_path / "Other.guide").write_text(OTHER, encoding="latin-1")
    (tmp_path / "notes.txt").write_text("A note.\n", encoding="latin-1")
    return Navigation(parse_file(tmp_path / "Main.guide"))


def test_it_starts_on_main_and_the_buttons_lead_where_the_guide_says(tmp_path):
    navigation = navigation_in(tmp_path)
    assert navigation.node.name == "MAIN"
    assert navigation.contents_target().node.name == "CONTENTS"  # the page's @toc
    assert navigation.index_target().node.name == "IDX"  # the guide's @index
    assert navigation.help_target() is None
    assert navigation.prev_target() is None and navigation.next_target().node.name == "TWO"


def test_retrace_walks_back_across_files(tmp_path):
    navigation = navigation_in(tmp_path)
    main = navigation.node
    found = navigation.resolve("Other.guide")
    assert found is not None and not found.reason and not found.outside
    other = navigation.guide(found.path)
    navigation.go(other.node("PAGE"), other, remember=Place(navigation.document, main, top=3))
    assert navigation.document is other and navigation.node.name == "PAGE"
    assert navigation.guide(found.path) is other  # read once
    back = navigation.back()
    assert (back.document.database, back.node, back.top) == ("Main.guide", main, 3)
    assert navigation.back() is None


def test_a_page_of_the_viewers_own_has_no_browse(tmp_path):
    navigation = navigation_in(tmp_path)
    navigation.go(navigation.problems())
    assert navigation.prev_target() is None and navigation.next_target() is None


def test_embed_reads_by_the_folders_rules_and_says_why_not(tmp_path):
    navigation = navigation_in(tmp_path)
    other = navigation.guide(navigation.resolve("Other.guide").path)
    assert navigation.embed_text(other, "notes.txt") == "A note."
    assert navigation.embed_text(other, "missing.txt") == "[missing.txt is not embedded: missing.txt is not found]"


def test_a_guide_read_from_memory_has_no_folder_to_follow_links_into():
    navigation = Navigation(parse(GUIDE, "Main.guide"))
    assert navigation.resolve("Other.guide") is None
    assert navigation.reader(inside=True) is None
    assert "this guide has no folder" in navigation.embed_text(navigation.document, "notes.txt")
