"""Pathological guides, generated here, cost only what is looked at.

Each test counts work (file lines read, layout steps, characters expanded),
never time: docs/BENCHMARKS.md has the timings (tools/bench_guide.py).
"""

from __future__ import annotations

import pytest

from amigasweeper.guide import PageLayout, inline, layout_node, parse, problems_page
from amigasweeper.guide.inline import MAX_PAGE_EXPANSION
from amigasweeper.guide.synthetic import (
    endless_paragraph_guide,
    long_page_guide,
    macro_bomb_guide,
    many_nodes_guide,
    synthetic_guide,
    wide_lines_guide,
)

SCREEN = 30  # more rows than any viewer window shows


def first_screen(doc, columns: int = 36) -> PageLayout:
    layout = PageLayout(doc.main, columns)
    layout.ensure(SCREEN)
    return layout


def test_a_180000_line_page_reads_a_screenful_to_show_its_first_screen():
    doc = parse(long_page_guide(180_000), lazy=True)
    layout = first_screen(doc)
    assert len(layout.lines) == SCREEN and not layout.done
    assert doc.main.lines.read_count <= SCREEN + 1
    assert layout.work <= 5 * SCREEN  # a few spans a line
    # ... and the rest is laid out as it is needed.
    assert layout.ensure(5_000) == 5_000 and doc.main.lines.read_count <= 5_001
    assert layout.line_for(9_000) == 9_000


def test_a_10_megabyte_paragraph_shows_its_first_screen_after_a_screenful_of_words():
    doc = parse(endless_paragraph_guide(10_000_000), lazy=True)
    layout = first_screen(doc)
    assert len(layout.lines) >= SCREEN
    assert all(line.width <= 36 for line in layout.lines)
    assert layout.work <= 20 * SCREEN  # words placed: a few per line, not two million


def test_a_10_megabyte_word_is_cut_a_screenful_at_a_time():
    doc = parse("@database x\n@wordwrap\n@node main\n" + "w" * 10_000_000 + "\n@endnode\n", lazy=True)
    layout = first_screen(doc)
    assert len(layout.lines) >= SCREEN and layout.work <= 3 * SCREEN


def test_lines_of_65000_characters_are_placed_whole_when_unwrapped():
    doc = parse(wide_lines_guide(20, 65_000), lazy=True)
    layout = PageLayout(doc.main, 36)
    lines = layout.finish()
    assert len(lines) == 20 and lines[0].width >= 65_000 and len(lines[0].runs) == 1
    # Each line is one step, weighted by its length (a 256th per character),
    # not one step per word as wrapped text is.
    assert layout.work <= 20 * (2 + 65_000 // 256)


def test_macros_that_multiply_stop_at_the_page_budget_with_a_note():
    text = macro_bomb_guide()
    assert len(text) < 100_000
    doc = parse(text, lazy=True)
    first_screen(doc)
    expanded = sum(len(item.text) for line in doc.main.lines for item in line.items if hasattr(item, "text"))
    assert expanded <= MAX_PAGE_EXPANSION + len(text)
    notes = [problem for problem in doc.problems if "budget" in problem.message]
    assert len(notes) == 1
    assert any("budget" in line.text() for line in problems_page(doc).lines)


def test_the_file_budget_bounds_all_pages_together(monkeypatch):
    # Smaller budgets than the real ones, so the test reads little.
    monkeypatch.setattr(inline, "MAX_PAGE_EXPANSION", 100_000)
    monkeypatch.setattr(inline, "MAX_FILE_EXPANSION", 300_000)
    doc = parse(macro_bomb_guide(pages=10, lines=1_000), lazy=True)
    total = 0
    for node in doc.nodes:
        total += sum(len(item.text) for line in node.lines for item in line.items if hasattr(item, "text"))
    assert total <= 300_000 + 100 * 10
    assert any("file's budget" in problem.message for problem in doc.problems)


def test_a_big_guide_opens_reading_only_its_first_screen():
    doc = parse(synthetic_guide(3_000_000), lazy=True)
    assert len(doc.nodes) > 2000
    first_screen(doc)
    read = [node for node in doc.nodes if node.lines.read_count]
    assert read == [doc.main]


def test_a_page_read_again_after_being_forgotten_is_the_same():
    doc = parse(synthetic_guide(20_000), lazy=True)
    node = doc.nodes[3]
    before = [line.text() for line in node.lines]
    problems = len(doc.problems)
    node.lines.forget()
    assert node.lines.read_count == 0
    assert [line.text() for line in node.lines] == before
    assert len(doc.problems) == problems  # reported once only


@pytest.mark.slow
def test_100000_nodes_index_and_browse():
    doc = parse(many_nodes_guide(100_000), lazy=True)
    assert len(doc.nodes) == 100_000
    last = doc.nodes[-1]
    assert doc.browse_prev(last) is doc.nodes[-2] and doc.browse_next(last) is None
    assert sum(node.lines.read_count for node in doc.nodes) == 0


def test_lazy_and_eager_reading_agree():
    text = synthetic_guide(60_000, seed=9)
    lazy, eager = parse(text, lazy=True), parse(text)
    for a, b in zip(lazy.nodes, eager.nodes):
        assert [line.text() for line in a.lines] == [line.text() for line in b.lines]
        assert [x.text for x in layout_node(a, 36)] == [x.text for x in layout_node(b, 36)]


# -- indexed only as far as used: 100,000 nodes cost nothing before the first frame --


@pytest.mark.slow
def test_a_lazy_guide_is_indexed_only_as_far_as_it_is_used():
    from amigasweeper.guide.synthetic import many_nodes_guide

    doc = parse(many_nodes_guide(100_000), lazy=True)
    assert doc.main.name == "N0" and doc.indexing and len(doc.indexed) < 10
    assert doc.node("Nowhere") is None and len(doc.indexed) < 10  # searched, not indexed
    far = doc.node("n50000")
    assert far is not None and far.name == "N50000" and list(far.lines)[0].text() == "next"
    assert len(doc.indexed) <= 50_002 and doc.indexing
    assert doc.browse_next(far).name == "N50001"
    while not doc.index_more(5_000):
        pass
    assert not doc.indexing and len(doc.indexed) == 100_000


def test_a_lazy_index_agrees_with_a_full_one():
    text = ('@database D\n@node A\na\n@endnode\n@wordwrap\n@node Main "M"\n@next A\n@{"x" link A}\n@endnode\n'
            '@node "Quoted name" T\n@endnode\n@node A\ndup\n@endnode\nstray\n')
    lazy, full = parse(text, lazy=True), parse(text)
    assert lazy.main.name == "Main" and len(lazy.indexed) == 2
    assert lazy.node("quoted name").title == "T"
    assert [n.name for n in lazy.nodes] == [n.name for n in full.nodes]
    assert [n.wrap for n in lazy.nodes] == [n.wrap for n in full.nodes]
    lazy.read_all()
    assert sorted(map(str, lazy.problems)) == sorted(map(str, full.problems))


def test_a_page_is_laid_out_from_any_line_without_reading_those_above():
    doc = parse(long_page_guide(180_000), lazy=True)
    lines = doc.main.lines
    assert lines.total() == 180_000 and lines.read_count == 0
    layout = PageLayout(doc.main, 35, start=179_990)
    assert [line.node_line for line in layout.finish()] == list(range(179_990, 180_000))
    assert layout.lines[0].text.startswith("Entry 179990") and lines.read_count == 0


def test_an_embed_line_is_a_line_of_the_page_wherever_it_is_counted():
    text = "@database E\n@node Main\none\n@embed a.txt\n@title T\ntwo\n@EMBED \"b c.txt\"\nthree\n@endnode\n"
    doc = parse(text, lazy=True)
    lines = doc.main.lines
    assert [line.text() for line in lines] == ["one", "[the text of a.txt]", "two", "[the text of b c.txt]", "three"]
    assert lines.total() == 5 and doc.main.embeds == ["a.txt", "b c.txt"]
    fresh = parse(text, lazy=True)
    fresh.embedder = lambda name: f"{name}\nsecond line"
    assert [line.text() for line in fresh.main.lines.starting_at(3)] == ["b c.txtsecond line", "three"]
    assert PageLayout(fresh.main, 40, start=3).finish()[1].text == "second line"


def lines_walked(node) -> list[int]:
    """Counts the file lines a page's line places are walked over."""
    reader = node.lines._reader
    walked = [0]
    reader.offset_of(0)  # the places exist from here on
    places = reader._places
    judge = places.is_command

    def counting(text, start, end):
        walked[0] += 1
        return judge(text, start, end)

    places.is_command = counting
    return walked


def test_the_end_of_a_long_page_is_found_walking_back_from_its_end():
    """E1: End on a page of 180,000 lines walked every line from the top
    (0.24-0.53 s in one frame); from the end, it walks a screenful."""
    doc = parse(long_page_guide(180_000), lazy=True)
    walked = lines_walked(doc.main)
    assert doc.main.lines.total() == 180_000
    layout = PageLayout(doc.main, 35, start=180_000 - SCREEN)
    assert layout.finish()[0].text.startswith(f"Entry {180_000 - SCREEN}") and walked[0] <= SCREEN
    above = PageLayout(doc.main, 35, start=180_000 - 3 * SCREEN)  # scrolling up from there
    assert above.ensure(1) and above.lines[0].text.startswith(f"Entry {180_000 - 3 * SCREEN}")
    assert walked[0] <= 3 * SCREEN


def test_lines_found_from_any_known_place_are_where_a_walk_from_the_top_finds_them():
    """Command lines between page lines (which show nothing) are skipped the
    same way whichever way the walk goes, and from whichever place."""
    body = "".join(f"line {i}\n" + ("@title T\n@next N\n" if i % 7 == 3 else "") for i in range(200))
    text = f"@database W\n@node Main\n@prev P\n{body}@endnode\n"
    start = text.index("@prev P\n")
    expected, number, index = {}, 3, 0  # file line 3 is @prev, the first of the page's text
    for line in text[start:text.index("@endnode")].splitlines(keepends=True):
        if not line.startswith("@"):
            expected[index] = (start, number)
            index += 1
        start, number = start + len(line), number + 1
    expected[200] = (start, number)  # past the last line: the page's end
    order = [260, 195, 240, 199, 3, 150, 4, 198, 0, 73, 74, 72, 200, 201, 120, 5, 230, 190]
    for counted_first in (True, False):  # the end's place known from the count, or not
        doc = parse(text, lazy=True)
        if counted_first:
            assert doc.main.lines.total() == 200
        reader = doc.main.lines._reader
        for index in order:
            assert reader.offset_of(index) == expected[min(index, 200)], (counted_first, index)
        assert [line.text() for line in doc.main.lines.starting_at(150)][:2] == ["line 150", "line 151"]


def test_a_long_file_with_no_node_is_ended_from_its_end_too():
    """A text file opened as a guide is one page that the file's end closes."""
    text = "".join(f"Entry {i}\n" for i in range(50_000))
    doc = parse(text, lazy=True)
    walked = lines_walked(doc.main)
    assert doc.main.lines.total() == 50_000
    layout = PageLayout(doc.main, 35, start=50_000 - SCREEN)
    assert layout.finish()[0].text == f"Entry {50_000 - SCREEN}" and walked[0] <= SCREEN
