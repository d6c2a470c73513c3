"""Find in a guide: the page, then the pages after it, round to the start."""

from __future__ import annotations

import pytest

from amigasweeper.guide import parse, problems_page
from amigasweeper.guide.find import CHUNK, INDEX_STEP, Query, Search
from amigasweeper.guide.synthetic import long_page_guide, synthetic_guide

GUIDE = (
    "@database F.guide\n"
    "@node Main\n"
    "A mine is here. @{b}Mine@{ub}field.\n"
    "@title Main page\n"
    'nothing @{"button mine" link Two}\n'
    "@endnode\n"
    "@node Two\n"
    "minesweeper and a MINE\n"
    "@endnode\n"
    "@rem mine outside any node\n"
    "@node Three\n"
    "b@{b}old@{ub} text, \\@mine escaped\n"
    "@endnode\n"
)


def all_matches(doc, query, start=None):
    """Every match Find Next reaches from the top of MAIN until it comes round again."""
    found, seen = [], set()
    node, line, occurrence = start or (doc.main, 0, -1)
    while True:
        match = Search(doc, query, node, line, occurrence).run()
        if match is None:
            return found
        key = (match.node.name, match.node_line, match.occurrence)
        if key in seen:
            return found
        seen.add(key)
        found.append(key)
        node, line, occurrence = match.node, match.node_line, match.occurrence


def test_find_walks_the_page_then_the_pages_after_it_and_comes_round():
    doc = parse(GUIDE, lazy=True)
    assert all_matches(doc, Query("mine")) == [
        ("Main", 0, 0), ("Main", 0, 1), ("Main", 1, 0), ("Two", 0, 0), ("Two", 0, 1), ("Three", 0, 0)]


def test_case_and_whole_words():
    doc = parse(GUIDE, lazy=True)
    assert all_matches(doc, Query("MINE", case=True)) == [("Two", 0, 0)]
    assert all_matches(doc, Query("mine", whole_word=True)) == [  # "Minefield" as the page shows it
        ("Main", 0, 0), ("Main", 1, 0), ("Two", 0, 0), ("Three", 0, 0)]


def test_matches_are_what_the_reader_sees_not_the_files_commands():
    doc = parse(GUIDE, lazy=True)
    assert all_matches(doc, Query("bold")) == [("Three", 0, 0)]  # written b@{b}old
    assert all_matches(doc, Query("link")) == []  # only in a button's command
    assert all_matches(doc, Query("Main page")) == []  # a @title line is no text


def test_nothing_found_and_an_empty_query():
    doc = parse(GUIDE, lazy=True)
    assert Search(doc, Query("zebra"), doc.main).run() is None
    assert Search(doc, Query(""), doc.main).run() is None


def test_a_problems_page_is_searched_alone():
    doc = parse("@database p\n@node Main\n@{b\n@endnode\n")
    page = problems_page(doc)
    match = Search(doc, Query("closing"), page, 0).run()
    assert match is not None and match.node is page


def test_find_on_a_long_page_reads_only_the_line_it_lands_on():
    doc = parse(long_page_guide(180_000), lazy=True)
    match = Search(doc, Query("name179998", whole_word=True), doc.main).run()
    assert match.node_line == 179_998 and doc.main.lines.read_count < 10


@pytest.mark.slow
def test_a_just_opened_50mb_guide_finds_its_last_page_without_indexing_the_pages_before_it():
    text = synthetic_guide(50_000_000).replace("The end.", "The end. Zanzibar.")
    doc = parse(text, lazy=True)
    search = Search(doc, Query("zanzibar"), doc.main)
    steps = 0
    while True:
        indexed_before = len(doc.indexed)
        over = search.step()
        steps += 1
        # Each step searches or counts at most one chunk of the file and indexes a bounded piece.
        assert search.looked_at <= CHUNK
        assert len(doc.indexed) - indexed_before <= INDEX_STEP
        if over:
            break
    found = search.found
    assert found is not None and found.text == "Zanzibar" and found.node.name == "N60014"
    assert doc.indexing and len(doc.indexed) < 10  # the 60,000 pages before it were not indexed
    assert steps > 50  # spread over many steps: the viewer runs a few a frame
    assert Search(doc, Query("zanzibar"), found.node, found.node_line, found.occurrence).run() == found  # round again
    doc.index_all()
    # The index adopted the very page Find showed, with what reading it from the top gives.
    assert doc.indexed[-1] is found.node and doc.holds(found.node) and found.node.title == "Last"
    assert found.node.line == text[: text.index("@node N60014 ")].count("\n") + 1


FAR_GUIDE = (
    "@database Far.guide\n"
    "@wordwrap\n"
    "@macro shout \"@{b}$1@{ub}\"\n"
    "@node Main\n"
    "Nothing here.\n"
    "@endnode\n"
    + "".join(f"@node P{index}\nfiller {index}\n@endnode\n" for index in range(300))
    + "a needle outside any node\n"
    "@NODE Far \"The far page\"\n"
    "@next P3\n"
    "@smartwrap\n"
    "first line\n"
    "the n@{b}eed@{ub}le is here, and a second needle\n"
    "@node Unclosed\n"
    "another needle\n"
    "@endnode\n"
    "@endnode\n"
    "needle after the last node\n"
)


def test_matches_past_the_index_are_the_ones_a_complete_index_gives():
    lazy, eager = parse(FAR_GUIDE, lazy=True), parse(FAR_GUIDE)
    assert len(lazy.indexed) < 3  # just opened: indexed to MAIN only
    expected = all_matches(eager, Query("needle"))
    assert expected == [("Far", 1, 0), ("Far", 1, 1), ("Unclosed", 0, 0)]
    assert all_matches(lazy, Query("needle")) == expected
    assert lazy.indexing
    far = Search(lazy, Query("needle"), lazy.main).run().node
    # The page read ahead has its own settings and the file's, and its place in the file.
    twin = eager.node("Far")
    assert (far.title, far.next, far.wrap, far.line, far.end_line) == (
        twin.title, twin.next, twin.wrap, twin.line, twin.end_line)
    assert lazy.reads(far) and not lazy.holds(far)
    lazy.index_all()
    assert lazy.node("Far") is far and lazy.holds(far) and far.position == twin.position


def test_a_match_in_the_page_the_index_is_reading_is_found_in_that_page():
    text = ("@database Open.guide\n@node Main\nstart\n@endnode\n@node Long\n@title Long page\n"
            + "line\n" * 50 + "@rem a command the index has not read yet\nthe needle\n@endnode\n")
    doc = parse(text, lazy=True)
    doc.main
    doc.index_more(2)  # "@node Long" and its "@title": the page is begun, its end not yet read
    assert doc.indexing and doc.indexed[-1].name == "Long" and not doc.indexer.covers(text.index("the needle"))
    match = Search(doc, Query("needle"), doc.main).run()
    assert (match.node, match.node_line) == (doc.indexed[-1], 50) and doc.holds(match.node)
