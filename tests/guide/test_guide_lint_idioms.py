"""The linter never cries wolf: sound guides written in each real-guide idiom
pass `--check` untouched, and each real problem carries its own line."""

from __future__ import annotations

import io

import pytest

from amigasweeper.guide import check_guide, parse
from amigasweeper.guide.lint import main as lint

# Sound guides, each in an idiom real guides use; none has a problem.
SOUND = {
    "plain version line": "@database V.guide\n$VER: V.guide 1.2 (3.4.95)\n@node Main\nhi\n@endnode\n",
    "version line between nodes": "@database V.guide\n@node Main\nhi\n@endnode\n\n  $VER: V.guide 1.2\n@node Two\nx\n@endnode\n",
    "comments outside nodes": (
        "@database C.guide\n@rem written by hand\n@remark second\n@node Main\nhi\n@endnode\n"
        "@REM between nodes\n   @rem indented\n\t@remark tabbed\n@node B\nb\n@endnode\n@rem trailing\n"
    ),
    "quoted dimensions": '@database D.guide\n@width "80"\n@height "24"\n@tab "4"\n@font "topaz.font" "8"\n@node Main\nhi\n@endnode\n',
    "bare dimensions": "@database D.guide\n@width 80\n@height 24\n@node Main\nhi\n@endnode\n",
    "file-level references": (
        "@database R.guide\n@index Idx\n@toc Main\n@help Hlp\n@node Main\nhi\n@endnode\n"
        "@node Idx\nindex\n@endnode\n@node Hlp\nhelp\n@endnode\n"
    ),
    "titles quoted and bare": (
        '@database T.guide\n@node Main "The \\"main\\" page"\nhi\n@endnode\n@node Two Second page\n'
        '@title "Another title"\n@{"back" link Main}\n@endnode\n'
    ),
    "version command and copyright": "@database A.guide\n@$VER: A.guide 1.0 (1.1.94)\n@(c) 1994 Someone\n@author Someone\n@node Main\nx\n@endnode\n",
    "smartwrap with macros": '@database M.guide\n@smartwrap\n@macro em "@{i}$1@{ui}"\n@node Main\nSome @{em words}\nhere.\n\nNext.\n@endnode\n',
    # What Makeinfo writes before the first node: its header and the Info
    # preamble it copies (MultiView skips both), as in 301 guides of Aminet.
    "makeinfo header": (
        "@database faq.guide\n\n@Master faq.texi\n\n@Width 72\n\n\n"
        "This is the AmigaGuide\xae file faq.guide, produced by Makeinfo-1.55 from \nthe input file faq.texi.\n\n"
        "   Copyright (C) 1994 Someone.\n\n   Permission is granted to make and distribute verbatim copies.\n\n"
        '@Node Main "faq.guide"\nhi\n@endnode\n'
    ),
    "makeinfo header wrapped": (
        "@database x.guide\nThis is the AmigaGuide(R) file x.guide,\nproduced by Makeinfo-1.68 from x.texi.\n"
        "@node Main\nhi\n@endnode\n"
    ),
    # Comment lines by the conventions of scripts and sources, and rules.
    "comment lines outside nodes": (
        "@database K.guide\n##\n## Copyright (c) 1993 Someone\n#@FONT Topaz.font\n;@wordwrap\n; a comment\n"
        "/// \"Main Menu\"\n-----------------------------\n@node Main\nhi\n@endnode\n\n"
        "****** The Memory of Trees ******\n=====\n~~~\n**--\n<><><>\n/*************/\n@node Two\nx\n@endnode\n"
    ),
    "a hand-written header": "@database P.guide\n@Master Poker\n\nThis is the AmigaGuide\xae file\n\n@Node Main\nhi\n@endnode\n",
}


@pytest.mark.parametrize("name", sorted(SOUND))
def test_check_finds_nothing_in_a_sound_guide(tmp_path, name):
    path = tmp_path / "Sound.guide"
    path.write_text(SOUND[name], encoding="latin-1")
    out = io.StringIO()
    assert check_guide(path) == []
    assert lint(["--guide", str(path), "--check"], out) == 0, out.getvalue()


def test_a_plain_version_line_is_the_guides_version():
    assert parse(SOUND["plain version line"]).version == "V.guide 1.2 (3.4.95)"


def test_real_stray_text_after_comments_is_still_reported_at_its_line():
    doc = parse("@database t\n@rem fine\n  @rem fine\n$VER: t 1\nstray words\n@node a\n@endnode\n")
    assert [(p.line, p.message) for p in doc.problems] == [(5, "text outside any node is not shown")]


def test_file_level_references_report_their_own_line(tmp_path):
    path = tmp_path / "Refs.guide"
    path.write_text("@database Refs.guide\n@author x\n@index Gone\n@rem\n@toc Away\n@help Lost\n@node Main\n@endnode\n")
    found = {(p.line, p.message.split()[0]) for p in check_guide(path)}
    assert found == {(3, "@index"), (5, "@toc"), (6, "@help")}


@pytest.mark.parametrize(
    "line",
    ['@node Main "Unclosed title', '@node "Main page', '@node Main\n@title "Open title'],
)
def test_an_unclosed_quote_in_a_title_is_reported(line):
    doc = parse(f"@database q\n{line}\ntext\n@endnode\n")
    assert any("never closes" in p.message for p in doc.problems)
    assert doc.main is not None and doc.main.text() == "text"


def test_quoted_width_is_read_as_its_number():
    doc = parse('@database w\n@width "80"\n@height "25"\n@node Main\n@endnode\n')
    assert (doc.width, doc.height, doc.problems) == (80, 25, [])


@pytest.mark.parametrize("button", ['@{"Go", link Two}', '@{"Go" , link Two 2}', '@{"Go",link Two}'])
def test_the_comma_link_form_is_a_button_and_named_non_standard(tmp_path, button):
    text = f"@database c\n@node Main\nsee {button}\n@endnode\n@node Two\na\nb\nc\n@endnode\n"
    doc = parse(text)
    links = list(doc.main.links())
    assert [(link.label, link.target) for link in links] == [("Go", "Two")]
    assert doc.resolve(links[0]) is doc.node("Two")
    path = tmp_path / "Comma.guide"
    path.write_text(text)
    problems = check_guide(path)
    assert len(problems) == 1 and problems[0].line == 3 and "not standard" in problems[0].message


@pytest.mark.parametrize("stray", ["stray words", "index \"Main\"", "@{b}bold outside@{ub}", "-- two dashes only",
                                   "**bold**", "(C) 1999 Someone", "@\xa9 \"someone\"", "4567"])
def test_lost_text_beside_quiet_lines_is_still_reported_at_its_line(stray):
    doc = parse(f"@database t\n## fine\n---------\n; fine\n{stray}\n@node a\n@endnode\n")
    assert [(p.line, p.message) for p in doc.problems] == [(5, "text outside any node is not shown")]


def test_a_million_comment_lines_cost_the_check_no_more_than_one():
    doc = parse("@database t\n" + "## comment\n" * 1_000_000 + "@node a\nhi\n@endnode\nlost\n")
    assert [(p.line, p.message) for p in doc.problems] == [(1_000_005, "text outside any node is not shown")]


def test_one_fault_repeated_is_printed_once_with_its_count(tmp_path):
    """One guide of Aminet has the same empty button 289 times; the linter
    printed 289 identical lines, and now prints one with the count."""
    path = tmp_path / "Many.guide"
    lines = "".join(f'@{{"        " link}} entry {i}\n' for i in range(289))
    path.write_text(f"@database Many.guide\n@node Main\n{lines}@{{\" x \" link Gone}}\n@endnode\n")
    out = io.StringIO()
    assert lint(["--guide", str(path), "--check"], out) == 1
    printed = out.getvalue().splitlines()
    assert len(printed) == 2, printed
    assert printed[0].endswith(':3: button "        " links to no node (289 times; the last on line 291)')
    assert ":292: " in printed[1] and "Gone" in printed[1]


def test_names_from_the_file_are_printed_escaped(tmp_path):
    """A node name holding Latin-1's CSI (0x9B) or a Unicode bidi override
    reaches the terminal escaped, never raw."""
    path = tmp_path / "Odd.guide"
    path.write_bytes(b"@database Odd.guide\n@node Main\n@{\" go \" link Gone\x9b2J}\n@endnode\n"
                     b"@node Dup\x9b31m\n@endnode\n@node Dup\x9b31m\n@endnode\n")
    out = io.StringIO()
    assert lint(["--guide", str(path), "--check"], out) == 1
    text = out.getvalue()
    assert "\x9b" not in text and "Gone\\x9b2J" in text and "Dup\\x9b31m" in text
    bidi = tmp_path / "Bidi.guide"
    bidi.write_bytes("\ufeff@database B\n@node Main\n@{\" go \" link Evil\u202etxt.exe}\n@endnode\n".encode())
    out = io.StringIO()
    assert lint(["--guide", str(bidi), "--check"], out) == 1
    assert "\u202e" not in out.getvalue() and "Evil\\u202etxt.exe" in out.getvalue()
