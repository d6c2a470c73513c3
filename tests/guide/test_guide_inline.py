"""Inline commands: styles, pens, formatting, buttons, escapes, macros, encodings."""

from __future__ import annotations

import pytest

from amigasweeper.guide import PLAIN, ActionKind, DrawInfoPen, LayoutCommand, LayoutStep, Link, Span, Style, parse


def items(body: str, header: str = "") -> list:
    doc = parse(f"@database t\n{header}@node main\n{body}\n@endnode\n")
    assert len(doc.main.lines) == body.count("\n") + 1
    return [item for line in doc.main.lines for item in line.items]


def problems(body: str, header: str = "") -> list[str]:
    doc = parse(f"@database t\n{header}@node main\n{body}\n@endnode\n")
    return [problem.message for problem in doc.problems]


def spans(body: str, header: str = "") -> list[tuple[str, Style]]:
    return [(item.text, item.style) for item in items(body, header) if isinstance(item, Span)]


BOLD = Style(bold=True)


@pytest.mark.parametrize("on,off,attribute", [("b", "ub", "bold"), ("i", "ui", "italic"), ("u", "uu", "underline")])
def test_style_pairs(on, off, attribute):
    result = spans(f"a@{{{on}}}b@{{{off}}}c")
    assert result == [("a", PLAIN), ("b", Style(**{attribute: True})), ("c", PLAIN)]


def test_plain_clears_soft_styles_but_keeps_pens():
    result = spans("@{b}@{i}@{u}@{fg shine}x@{plain}y")
    assert result == [
        ("x", Style(True, True, True, DrawInfoPen.SHINE)),
        ("y", Style(fg=DrawInfoPen.SHINE)),
    ]


def test_style_lasts_across_lines_and_resets_per_node():
    doc = parse("@database t\n@node a\n@{b}one\ntwo\n@endnode\n@node b\nthree\n@endnode\n")
    a, b = doc.nodes
    assert a.lines[1].items == [Span("two", BOLD)]
    assert b.lines[0].items == [Span("three", PLAIN)]


@pytest.mark.parametrize("name,pen", [
    ("Text", DrawInfoPen.TEXT), ("Shine", DrawInfoPen.SHINE), ("Shadow", DrawInfoPen.SHADOW), ("Fill", DrawInfoPen.FILL),
    ("FillText", DrawInfoPen.FILLTEXT), ("Background", DrawInfoPen.BACKGROUND), ("Highlight", DrawInfoPen.HIGHLIGHT),
])
def test_fg_and_bg_take_drawinfo_pen_names(name, pen):
    assert spans(f"@{{fg {name}}}x") == [("x", Style(fg=pen))]
    assert spans(f"@{{BG {name.upper()}}}x") == [("x", Style(bg=pen))]


def test_apen_bpen_take_pen_numbers():
    assert spans("@{apen 3}@{bpen 7}x") == [("x", Style(fg=3, bg=7))]


@pytest.mark.parametrize("body", ["@{fg purple}x", "@{fg}x", "@{apen -1}x", "@{bpen lots}x", "@{apen 256}x"])
def test_bad_pens_are_reported_and_ignored(body):
    assert spans(body) == [("x", PLAIN)]
    assert len(problems(body)) == 1


@pytest.mark.parametrize("name,command", [
    ("line", LayoutCommand.LINE), ("par", LayoutCommand.PAR), ("tab", LayoutCommand.TAB), ("jleft", LayoutCommand.JLEFT),
    ("jcenter", LayoutCommand.JCENTER), ("jright", LayoutCommand.JRIGHT), ("pard", LayoutCommand.PARD),
    ("cleartabs", LayoutCommand.CLEARTABS), ("code", LayoutCommand.CODE), ("body", LayoutCommand.BODY),
])
def test_formatting_commands_become_layout_items(name, command):
    assert items(f"a@{{{name}}}b") == [Span("a"), LayoutStep(command), Span("b")]


def test_indents_and_tab_stops_carry_values():
    result = items("@{lindent 4}@{pari -2}@{settabs 10 4 20}x")
    assert result[:3] == [
        LayoutStep(LayoutCommand.LINDENT, value=4),
        LayoutStep(LayoutCommand.PARI, value=-2),
        LayoutStep(LayoutCommand.SETTABS, stops=(4, 10, 20)),
    ]


@pytest.mark.parametrize("body", ["@{lindent}x", "@{lindent -3}x", "@{pari many}x", "@{settabs 4 x}x"])
def test_bad_indents_are_reported(body):
    assert problems(body)


def test_amigaguide_command_shows_the_name_in_bold():
    assert spans("@{amigaguide}") == [("AmigaGuide\u00ae", BOLD)]


def test_unknown_inline_command_is_reported_and_dropped():
    assert spans("a@{blink}b") == [("ab", PLAIN)]
    assert problems("a@{blink}b") == ["unknown command '@{blink}' ignored"]


# -- buttons -----------------------------------------------------------------


def the_link(body: str) -> Link:
    found = [item for item in items(body) if isinstance(item, Link)]
    assert len(found) == 1
    return found[0]


def test_link_to_node():
    link = the_link('See @{" Rules " link Rules} now')
    assert (link.label, link.kind, link.target, link.line) == (" Rules ", ActionKind.LINK, "Rules", 0)
    assert link.file is None and link.node == "Rules"
    assert link.source_line == 3


def test_link_with_line_number():
    link = the_link('@{"x" link Rules 12}')
    assert link.line == 12


def test_link_to_node_of_another_file():
    link = the_link('@{"Other" link "other.guide/Main"}')
    assert (link.file, link.node) == ("other.guide", "Main")
    link = the_link('@{"Deep" LINK Help:docs/other.guide/Intro 3}')
    assert (link.file, link.node, link.line) == ("Help:docs/other.guide", "Intro", 3)


def test_alink_navigates_like_link():
    link = the_link('@{"New window" alink Rules}')
    assert link.kind is ActionKind.ALINK and link.kind.navigates


@pytest.mark.parametrize("kind", ["system", "rx", "rxs"])
def test_program_actions_are_kept_not_run(kind):
    link = the_link(f'@{{"Run" {kind} "echo hello > ram:x"}}')
    assert link.kind is ActionKind(kind)
    assert link.kind.runs_program and not link.kind.navigates
    assert link.target == "echo hello > ram:x"


@pytest.mark.parametrize("kind", ["close", "quit", "beep"])
def test_other_actions(kind):
    link = the_link(f'@{{"Go" {kind}}}')
    assert link.kind is ActionKind(kind)
    assert not link.kind.runs_program and not link.kind.navigates


def test_label_may_hold_braces_and_escaped_quotes():
    link = the_link(r'@{"a } \"b\"" link X}')
    assert link.label == 'a } "b"'


def test_link_keeps_the_style_in_force():
    assert the_link('@{b}@{"x" link X}').style == BOLD


@pytest.mark.parametrize("body", ['@{"x" jump X}', '@{"x"}'])
def test_broken_buttons_show_their_label_as_text(body):
    assert spans(body) == [("x", PLAIN)]
    assert len(problems(body)) == 1


@pytest.mark.parametrize("body", ['@{"x" link}', '@{"x" link ""}', '@{"x" alink}'])
def test_a_link_to_no_node_is_still_a_button(body):
    # MultiView draws it as a button; the linter still reports it.
    link = the_link(body)
    assert link.label == "x" and link.target == ""
    assert len(problems(body)) == 1


def test_bad_line_number_is_reported_and_zero_used():
    body = '@{"x" link X here}'
    assert the_link(body).line == 0
    assert len(problems(body)) == 1


# -- escapes -----------------------------------------------------------------


def test_backslash_at_is_a_literal_at():
    assert spans(r"mail me \@{b} here") == [("mail me @{b} here", PLAIN)]


def test_double_backslash_is_one_backslash():
    assert spans(r"a\\b") == [("a\\b", PLAIN)]
    assert spans(r"a\\@{b}c") == [("a\\", PLAIN), ("c", BOLD)]


def test_backslash_makes_any_next_character_literal():
    assert spans(r"\x\y") == [("xy", PLAIN)]


def test_trailing_backslash_stays():
    assert spans("end\\") == [("end\\", PLAIN)]


def test_lone_at_signs_are_text():
    assert spans("user@host and @ alone") == [("user@host and @ alone", PLAIN)]


# -- macros ------------------------------------------------------------------


def test_macro_with_arguments():
    header = '@macro pair "@{b}$1@{ub} and $2"\n'
    assert spans('@{pair first "second one"}', header) == [("first", BOLD), (" and second one", PLAIN)]


def test_macro_missing_arguments_are_empty():
    assert spans("@{m}x", '@macro m "[$1$2]"\n') == [("[]x", PLAIN)]


def test_macro_names_are_case_insensitive():
    assert spans("@{EM hi}", '@macro Em "@{i}$1@{ui}"\n') == [("hi", Style(italic=True))]


def test_macro_may_build_a_button():
    header = '@macro go "@{" $1 " link $2}"\n'
    link = [i for i in items("@{go Back Main}", header) if isinstance(i, Link)][0]
    assert (link.label, link.target) == (" Back ", "Main")


def test_macro_overrides_a_builtin_without_looping():
    header = '@macro b "@{b}@{u}"\n'
    assert spans("@{b}x", header) == [("x", Style(bold=True, underline=True))]
    assert problems("@{b}x", header) == []


def test_node_macro_beats_database_macro():
    doc = parse('@database t\n@macro m "db"\n@node a\n@macro m "node"\n@{m}\n@endnode\n@node b\n@{m}\n@endnode\n')
    assert doc.nodes[0].text() == "node"
    assert doc.nodes[1].text() == "db"


def test_mutually_recursive_macros_stop():
    header = '@macro a "x@{b2}"\n@macro b2 "y@{a}"\n'
    assert spans("@{a}", header) == [("xy", PLAIN)]


def test_macro_explosion_is_bounded():
    header = "".join(f'@macro m{i} "@{{m{i + 1}}}@{{m{i + 1}}}@{{m{i + 1}}}"\n' for i in range(30))
    header += '@macro m30 "boom"\n'
    found = problems("@{m0}", header)
    assert found
    assert len(parse(f"@database t\n{header}@node m\n@{{m0}}\n@endnode\n").main.text()) < 100_000


# -- line ends and characters ----------------------------------------------------


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_every_line_ending(newline):
    text = newline.join(["@database t", "@node main", "one", "", "two", "@endnode", ""])
    doc = parse(text.encode("latin-1"))
    assert doc.problems == []
    assert [line.text() for line in doc.main.lines] == ["one", "", "two"]


def test_mixed_line_endings():
    doc = parse(b"@database t\r\n@node main\rone\ntwo\r\n@endnode")
    assert [line.text() for line in doc.main.lines] == ["one", "two"]


def test_bytes_are_latin1():
    doc = parse("@database t\n@node main\nK\u00f6rndorfer \u00a9 \u00e6\u00f8\u00e5 \u00ff\n@endnode\n".encode("latin-1"))
    assert doc.main.text() == "K\u00f6rndorfer \u00a9 \u00e6\u00f8\u00e5 \u00ff"


def test_utf8_with_byte_order_mark_is_read_as_utf8():
    doc = parse("\ufeff@database t\n@node main\nK\u00f6ln\n@endnode\n".encode("utf-8"))
    assert doc.problems == []
    assert doc.main.text() == "K\u00f6ln"


def test_tabs_stay_in_text_and_controls_become_spaces():
    doc = parse(b"@database t\n@node main\na\tb\x00c\x0cd\n@endnode\n")
    assert doc.main.text() == "a\tb c d"
