"""Bad input never stops the parser: it reads what it can and lists problems."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amigasweeper.guide import (
    Document,
    PageLayout,
    layout_node,
    parse,
    parse_file,
    problems_page,
    validate_links,
)
from amigasweeper.guide.model import Problem
from amigasweeper.guide.synthetic import synthetic_guide
from amigasweeper.guide.validate import counted

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(doc: Document) -> None:
    """What every parse result must satisfy, however bad the input."""
    assert isinstance(doc, Document)
    assert doc.main is not None
    assert not any("internal error" in problem.message for problem in doc.problems)
    for node in doc.nodes:
        assert doc.node(node.name) is not None
        for columns in (1, 13, 40):
            layout_node(node, columns)
    validate_links(doc)


def messages(doc: Document) -> list[str]:
    return [problem.message for problem in doc.problems]


# -- specific faults -------------------------------------------------------------


def test_missing_endnode_closes_the_node_at_the_next_one():
    doc = parse("@database t\n@node a\none\n@node b\ntwo\n@endnode\n")
    assert [node.name for node in doc.nodes] == ["a", "b"]
    assert doc.nodes[0].text() == "one"
    assert doc.problems[0].line == 4 and "no @endnode" in doc.problems[0].message


def test_missing_endnode_at_end_of_file():
    doc = parse("@database t\n@node a\none")
    assert doc.main.text() == "one"
    assert "no @endnode" in messages(doc)[0]


def test_endnode_without_node():
    doc = parse("@database t\n@endnode\n@node a\n@endnode\n")
    assert doc.problems[0].line == 2


def test_unknown_line_command_is_reported_with_its_line():
    doc = parse("@database t\n@node a\nkept\n@flashy on\n@endnode\n")
    assert doc.main.text() == "kept"
    assert [(p.line, p.message) for p in doc.problems] == [(4, "unknown command '@flashy' ignored")]


def test_node_commands_outside_a_node():
    doc = parse("@database t\n@title Lost\n@next x\n@prev y\n@keywords k\n@embed e\n@node a\n@endnode\n")
    assert [(p.line, p.message) for p in doc.problems] == [
        (line, f"'@{name}' outside a node ignored")
        for line, name in enumerate(("title", "next", "prev", "keywords", "embed"), start=2)
    ]
    node = doc.main  # none of them reached the node that follows
    assert (node.title, node.next, node.prev, node.keywords, node.embeds) == ("a", None, None, (), [])


def test_text_outside_nodes_is_reported_once():
    doc = parse("@database t\nstray\nmore stray\n@node a\n@endnode\nafter\n")
    assert messages(doc) == ["text outside any node is not shown"]


def test_unterminated_inline_command_is_shown_as_text():
    doc = parse("@database t\n@node a\nbefore @{b after\n@endnode\n")
    assert doc.main.text() == "before @{b after"
    assert doc.problems[0].line == 3


def test_empty_inline_command():
    doc = parse("@database t\n@node a\nx@{}y@{   }z\n@endnode\n")
    assert doc.main.text() == "xyz"
    assert len(doc.problems) == 1 and doc.problem_counts[doc.problems[0].message] == (2, 3)  # one fault, twice


def test_missing_database_line():
    doc = parse("@node a\nx\n@endnode\n")
    assert doc.main.text() == "x"
    assert messages(doc) == ["the file does not start with @database"]


def test_second_database_line():
    doc = parse("@database one\n@database two\n@node a\n@endnode\n")
    assert doc.database == "one" and len(doc.problems) == 1


def test_duplicate_node_names_keep_the_first():
    doc = parse("@database t\n@node a\nfirst\n@endnode\n@node A\nsecond\n@endnode\n")
    assert len(doc.nodes) == 2
    assert doc.node("a").text() == "first"
    assert len(doc.problems) == 1


def test_node_without_name():
    doc = parse("@database t\n@node\nx\n@endnode\n")
    assert doc.nodes[0].name == "UNNAMED2"
    assert len(doc.problems) == 1


def test_bad_numbers_in_line_commands():
    doc = parse("@database t\n@tab many\n@width -3\n@height\n@font topaz.font big\n@node a\n@endnode\n")
    assert len(doc.problems) == 4
    assert doc.tab_size == 8 and doc.width is None and doc.font is None


def test_plain_text_file_is_one_page():
    doc = parse(b"Just a readme.\nSecond line.\n")
    assert doc.main.name == "MAIN"
    assert doc.main.text() == "Just a readme.\nSecond line."


def test_empty_input():
    for empty in (b"", "", "\n\n"):
        doc = parse(empty)
        check(doc)
        assert doc.main.lines == [] or all(line.blank for line in doc.main.lines)


def test_not_text_at_all():
    doc = parse(12345)  # type: ignore[arg-type]
    check(doc)
    assert doc.problems


def test_unreadable_file(tmp_path):
    doc = parse_file(tmp_path / "missing.guide")
    assert doc.nodes == [] and doc.main is None
    assert "cannot read" in doc.problems[0].message


def test_problems_are_capped_on_garbage():
    doc = parse("@database t\n@node a\n" + "".join(f"@{{nope{i}}}\n" for i in range(5000)) + "@endnode\n")
    assert len(doc.problems) <= 501 and len(doc.problem_counts) <= 500
    assert doc.problems[-1].message.endswith("4500 further problems not listed")


def test_one_fault_repeated_is_listed_once_with_its_count():
    doc = parse("@database t\n@node a\n" + "@{nope}\n" * 5000 + "@endnode\n")
    assert len(doc.problems) == 1 and doc.problem_counts[doc.problems[0].message] == (5000, 5002)
    assert counted(doc.problems, doc.problem_counts) == [
        Problem(3, f"{doc.problems[0].message} (5,000 times; the last on line 5002)")]


# -- links ---------------------------------------------------------------------


def test_validate_links_reports_missing_nodes_only():
    doc = parse(
        "@database Self.guide\n@index Nowhere\n@node a\n@next Gone\n"
        '@{"ok" link b} @{"bad" link Missing 3} @{"far" link other.guide/X}\n'
        '@{"self" link Self.guide/b} @{"selfbad" link Self.guide/Z} @{"run" system Missing}\n'
        "@endnode\n@node b\n@endnode\n"
    )
    found = validate_links(doc)
    text = " | ".join(problem.message for problem in found)
    assert len(found) == 4, text
    assert "Missing" in text and "Self.guide/Z" in text and "Gone" in text and "Nowhere" in text
    assert {problem.line for problem in found} >= {5, 6}


def test_resolve_local_and_self_links():
    doc = parse('@database Self.guide\n@node a\n@{"x" link self.guide/B} @{"y" link B}\n@endnode\n@node b\n@endnode\n')
    links = list(doc.main.links())
    assert doc.resolve(links[0]) is doc.resolve(links[1]) is doc.node("b")


def test_problems_page_lists_reading_and_link_problems():
    doc = parse('@database Bad.guide\n@node a\n@{"x" link gone}\n@bogus\n@endnode\n', "Bad.guide")
    page = problems_page(doc)
    text = [line.text for line in layout_node(page, 80)]
    assert text[0] == "Problems in Bad.guide"
    assert any("@bogus" in line for line in text) and any("gone" in line for line in text)
    assert problems_page(parse("@database ok\n@node a\n@endnode\n")).text().endswith("None found.")


# -- hypothesis ------------------------------------------------------------------

GUIDE_BITS = [
    "@database x", "@node ", "@endnode", "@title ", "@next ", "@prev ", "@toc ", "@index ", "@help ",
    "@wordwrap", "@smartwrap", "@tab ", "@macro m ", "@rem ", "@font topaz.font 8", "@keywords ",
    "@{b}", "@{ub}", "@{i}", "@{u}", "@{plain}", "@{fg shine}", "@{bg fill}", "@{apen 3}",
    "@{jcenter}", "@{jright}", "@{lindent 4}", "@{pari -2}", "@{pard}", "@{par}", "@{line}",
    "@{tab}", "@{settabs 3 9}", "@{cleartabs}", "@{code}", "@{body}", "@{m a b}",
    '@{"label" link main}', '@{"x" link other/y 3}', '@{"r" system "c"}', '@{"q" quit}',
    "\\", "\\@", "@{", "}", '"', "$1", "\t", "\n", "\r", "\r\n", " ", "word", "main", "\x00", "\xff",
]


@SETTINGS
@given(st.text(max_size=2000))
@pytest.mark.slow
def test_never_raises_on_random_text(text):
    check(parse(text))


@SETTINGS
@given(st.binary(max_size=4000))
def test_never_raises_on_random_bytes(data):
    check(parse(data))


@SETTINGS
@given(st.lists(st.sampled_from(GUIDE_BITS), max_size=200))
def test_never_raises_on_guide_like_soup(bits):
    check(parse("".join(bits)))


REAL_LOOKING = synthetic_guide(6000, seed=3).encode("latin-1")


@SETTINGS
@given(st.lists(st.tuples(st.integers(0, len(REAL_LOOKING)), st.integers(0, 40), st.binary(max_size=12)), max_size=8))
@pytest.mark.slow
def test_never_raises_on_mutated_guides(edits):
    data = bytearray(REAL_LOOKING)
    for position, cut, insert in edits:
        data[position : position + cut] = insert
    check(parse(bytes(data)))


@SETTINGS
@given(st.integers(0, len(REAL_LOOKING)))
@pytest.mark.slow
def test_truncated_guide_keeps_what_came_before(length):
    doc = parse(REAL_LOOKING[:length])
    check(doc)
    whole = parse(REAL_LOOKING)
    for node in doc.nodes[:-1]:
        if node.name != "MAIN":
            assert whole.node(node.name).text() == node.text()


# -- size (timings are in docs/BENCHMARKS.md, from tools/bench_guide.py) ----------


def test_one_megabyte_guide_reads_whole_and_clean():
    data = synthetic_guide(1_000_000).encode("latin-1")
    doc = parse(data)
    assert doc.problems == [] and validate_links(doc) == []
    assert len(doc.nodes) > 500


def test_five_megabytes_of_garbage():
    doc = parse(random.Random(5).randbytes(5_000_000), lazy=True)
    check_first_page(doc)
    assert len(doc.problems) <= 501


def check_first_page(doc: Document) -> PageLayout:
    assert doc.main is not None
    layout = PageLayout(doc.main, 40)
    layout.ensure(30)
    return layout


@pytest.mark.slow
def test_pathological_lines_cost_a_screenful_to_show():
    cases = [
        b"@{" * 1_000_000,
        b'@{"' * 700_000 + b"}",
        b"\\" * 2_000_000,
        b"@node a\n" + b"w" * 2_000_000,
        b"@node a\n" + b"x@{b}@{ub}" * 200_000,
        b"@wordwrap\n@node a\n" + b"word " * 400_000,
    ]
    for data in cases:
        layout = check_first_page(parse(data, lazy=True))
        assert layout.work <= 2_000 + len(data) // 256, data[:20]  # long lines weigh their length


def test_problems_page_wraps_every_problem_to_a_narrow_window():
    doc = parse("@node Main\n" + '@{"a button with a long label" link SomewhereThatDoesNotExistAtAll}\n' * 3)
    lines = layout_node(problems_page(doc), 30)
    assert all(line.width <= 30 for line in lines)
    text = " ".join(line.text for line in lines)
    assert "SomewhereThatDoesNotExistAtAll" in text.replace(" ", "") or "SomewhereThatDoesNot" in text


@SETTINGS
@given(st.lists(st.sampled_from(GUIDE_BITS), max_size=200))
def test_lazy_reading_finds_what_eager_reading_finds(bits):
    text = "".join(bits)
    eager, lazy = parse(text), parse(text, lazy=True)
    assert [node.name for node in lazy.nodes] == [node.name for node in eager.nodes]
    assert [node.text() for node in lazy.nodes] == [node.text() for node in eager.nodes]
    lazy.read_all()
    assert sorted(map(str, lazy.problems)) == sorted(map(str, eager.problems))
