"""Laying out nodes into screen lines for a given width."""

from __future__ import annotations

from amigasweeper.guide import ActionKind, Style, layout_node, line_for, parse


def lay(body: str, columns: int = 20, mode: str = "") -> list[str]:
    header = f"@{mode}\n" if mode else ""
    doc = parse(f"@database t\n{header}@node main\n{body}\n@endnode\n")
    assert doc.problems == []
    return [line.text for line in layout_node(doc.main, columns)]


LONG = "the quick brown fox jumps over the lazy dog"


def test_no_wrap_mode_keeps_file_lines():
    assert lay(f"{LONG}\nshort\n\nend") == [LONG, "short", "", "end"]


def test_wordwrap_wraps_each_file_line_as_a_paragraph():
    assert lay(f"{LONG}\nshort", mode="wordwrap") == [
        "the quick brown fox",
        "jumps over the lazy",
        "dog",
        "short",
    ]


def test_smartwrap_joins_lines_until_a_blank_line():
    body = "the quick brown\nfox jumps over\nthe lazy dog\n\nnext paragraph"
    assert lay(body, mode="smartwrap") == [
        "the quick brown fox",
        "jumps over the lazy",
        "dog",
        "",
        "next paragraph",
    ]


def test_smartwrap_extra_blank_lines_stay():
    assert lay("a\n\n\nb", mode="smartwrap") == ["a", "", "", "b"]


def test_line_breaks_and_paragraphs_in_smartwrap():
    assert lay("one@{line}two@{par}three", mode="smartwrap") == ["one", "two", "", "three"]


def test_line_command_works_without_wrapping_too():
    assert lay("one@{line}two") == ["one", "two"]


def test_word_longer_than_the_line_is_cut():
    assert lay("x " + "a" * 25, columns=10, mode="wordwrap") == ["x", "aaaaaaaaaa", "aaaaaaaaaa", "aaaaa"]


def test_wrapped_spaces_are_dropped_but_leading_spaces_kept():
    assert lay("   indented words here", columns=12, mode="wordwrap") == ["   indented", "words here"]


def test_lindent_indents_every_line():
    assert lay("@{lindent 4}" + LONG, mode="wordwrap") == [
        "    the quick brown",
        "    fox jumps over",
        "    the lazy dog",
    ]


def test_negative_pari_makes_a_hanging_indent():
    body = "@{lindent 3}@{pari -3}1. the quick brown fox jumps\n2. over the lazy dog"
    assert lay(body, mode="wordwrap") == [
        "1. the quick brown",
        "   fox jumps",
        "2. over the lazy dog",
    ]


def test_pari_applies_to_first_lines_only():
    assert lay("@{pari 2}" + LONG, mode="wordwrap") == [
        "  the quick brown",
        "fox jumps over the",
        "lazy dog",
    ]


def test_pard_resets_paragraph_settings():
    body = "@{lindent 2}@{jright}a\n@{pard}b"
    assert lay(body, columns=6) == ["     a", "b"]


def test_justification():
    assert lay("@{jcenter}mid", columns=9) == ["   mid"]
    assert lay("@{jright}end", columns=9) == ["      end"]
    assert lay("@{jcenter}too long for it", columns=5) == ["too long for it"]


def test_justification_of_wrapped_lines():
    assert lay("@{jright}aaa bb", columns=4, mode="wordwrap") == [" aaa", "  bb"]


def test_tab_moves_to_the_next_stop():
    assert lay("a\tb@{tab}c") == ["a       b       c"]


def test_tab_size_command():
    doc = parse("@database t\n@tab 4\n@node m\na\tb\n@endnode\n")
    assert [line.text for line in layout_node(doc.main, 20)] == ["a   b"]


def test_settabs_and_cleartabs():
    assert lay("@{settabs 3 10}a\tb\tc\td") == ["a  b      c     d"]
    assert lay("@{settabs 3}@{cleartabs}a\tb") == ["a       b"]


def test_code_block_keeps_lines_inside_smartwrap():
    body = "wrapped text\nhere\n@{code}\n  as   is\nkept\n@{body}\nwrapped\nagain"
    assert lay(body, mode="smartwrap") == ["wrapped text here", "  as   is", "kept", "wrapped again"]


def test_command_only_lines_add_no_line():
    assert lay("@{b}\ntext\n@{ub}\nmore") == ["text", "more"]


def test_runs_carry_styles_and_columns():
    doc = parse("@database t\n@node m\nab @{b}cd@{ub} @{\" go \" link m}\n@endnode\n")
    line = layout_node(doc.main, 40)[0]
    assert [(run.text, run.column, run.style.bold) for run in line.runs] == [
        ("ab ", 0, False),
        ("cd", 3, True),
        (" ", 5, False),
        (" go ", 6, False),
    ]
    assert line.runs[-1].link.kind is ActionKind.LINK
    assert line.link_at(7).target == "m"
    assert line.link_at(2) is None


def test_button_labels_are_not_broken_at_their_spaces():
    doc = parse('@database t\n@wordwrap\n@node m\nword @{" a long label " link m}\n@endnode\n')
    lines = layout_node(doc.main, 16)
    assert [line.text for line in lines] == ["word", " a long label "]
    assert lines[1].runs[0].link is not None


def test_line_numbers_for_link_targets():
    doc = parse("@database t\n@wordwrap\n@node m\nfirst line is long\nsecond\nthird\n@endnode\n")
    lines = layout_node(doc.main, 8)
    assert [line.node_line for line in lines] == [0, 0, 0, 1, 2]
    assert [line.source_line for line in lines] == [4, 4, 4, 5, 6]
    assert line_for(lines, 2) == 4
    assert line_for(lines, 99) == 4
    assert line_for([], 3) == 0


def test_styles_of_joined_words_survive_wrapping():
    doc = parse("@database t\n@wordwrap\n@node m\naaaa bb@{b}cc@{ub}\n@endnode\n")
    lines = layout_node(doc.main, 6)
    assert [line.text for line in lines] == ["aaaa", "bbcc"]
    assert [(run.text, run.style) for run in lines[1].runs] == [("bb", Style()), ("cc", Style(bold=True))]


def test_degenerate_widths_do_not_hang():
    doc = parse("@database t\n@wordwrap\n@node m\n@{lindent 50}hello world\n@endnode\n")
    for columns in (0, 1, 2):
        lines = layout_node(doc.main, columns)
        assert "".join(line.text.strip() for line in lines) == "helloworld"


def test_empty_node_lays_out_to_nothing():
    doc = parse("@database t\n@node m\n@endnode\n")
    assert layout_node(doc.main, 40) == []
