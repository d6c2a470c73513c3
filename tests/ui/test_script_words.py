"""How a --script line splits into words: `#` begins a comment only where a
word would start, and quotes let a script type any character (`#?.guide`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from amigasweeper.ui.drive.script import ScriptRunner, run_script
from amigasweeper.ui.drive.scriptwords import ScriptError, split_line
from amigasweeper.ui.intuition.asl import FileRequester


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ('type "#?.guide"', ["type", "#?.guide"]),
        ("type '#?.guide'", ["type", "#?.guide"]),
        ("# a comment line", []),
        ("   \t# an indented comment", []),
        ("", []),
        ("   ", []),
        ("click left # uncover the square", ["click", "left"]),
        ("click left\t#after a tab", ["click", "left"]),
        ("screenshot shot#1.png", ["screenshot", "shot#1.png"]),
        ('type "say ""hi"""', ["type", 'say "hi"']),
        ("type 'it''s'", ["type", "it's"]),
        ("type it's", ["type", "it's"]),
        ("type 'say \"hi\"'", ["type", 'say "hi"']),
        ('type "a  #  b"   # a note', ["type", "a  #  b"]),
        ('type ""', ["type", ""]),
        ('type "  leading and trailing  "', ["type", "  leading and trailing  "]),
        (r'screenshot "C:\My Dir\shot.png"', ["screenshot", r"C:\My Dir\shot.png"]),
        (r'screenshot "C:\My Dir\"', ["screenshot", "C:\\My Dir\\"]),  # no backslash escapes: the quote closes
        ("type a\u3000b", ["type", "a", "b"]),  # any blank separates, as str.split did
        ('type "\x00\x07\u202e"', ["type", "\x00\x07\u202e"]),  # kept as written; the gadget judges them
        ("key#notacomment", ["key#notacomment"]),
    ],
)
def test_a_line_splits_as_a_script_writer_expects(line, words):
    assert split_line(line, 1) == words


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('type "#?.guide', 'line 4, column 6: the quote " opened here is never closed'),
        ("type 'it''s", "line 4, column 6: the quote ' opened here is never closed"),
        ('"', 'line 4, column 1: the quote " opened here is never closed'),
        ('type "ab"cd', 'line 4, column 10: a blank must follow the closing quote "'),
        ('type "ab"#c', 'line 4, column 10: a blank must follow the closing quote "'),
        ("type ''''x", "line 4, column 10: a blank must follow the closing quote '"),
    ],
)
def test_a_badly_quoted_line_names_the_line_and_the_column(line, says):
    with pytest.raises(ScriptError) as caught:
        split_line(line, 4)
    assert str(caught.value) == says


def test_a_huge_hostile_line_is_split_in_one_pass():
    """A line of a million quotes (the most a script may hold) ends at once, not in quadratic time."""
    assert split_line('"' + '""' * 500_000 + '"', 1) == ['"' * 500_000]
    with pytest.raises(ScriptError, match="never closed"):
        split_line('"' * 1_000_001, 1)


def quoted(word: str) -> str:
    """How a script writer writes any word: in double quotes, each quote doubled."""
    return '"' + word.replace('"', '""') + '"'


LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # what str.splitlines ends a line at
ANY_WORD = st.text(st.characters(blacklist_characters=LINE_BREAKS, blacklist_categories=("Cs",)))


@given(st.lists(ANY_WORD, min_size=1, max_size=6), st.sampled_from([" ", "\t", "   "]))
def test_any_words_quoted_come_back_as_written(words, blank):
    line = blank.join(quoted(word) for word in words) + blank + "# and a comment"
    assert split_line(line, 1) == words


def test_type_with_nothing_after_it_says_how_to_type_a_hash(app_pilot):
    app, _ = app_pilot
    with pytest.raises(ScriptError) as caught:
        ScriptRunner(app).run_line(3, "type #?.guide")
    assert str(caught.value) == 'line 3: usage: type TEXT (quote text that holds #: type "#?.guide")'


def test_a_comment_or_blank_line_does_nothing(app_pilot):
    app, _ = app_pilot
    runner = ScriptRunner(app)
    for line in ("", "# wait 5", "   # quit"):
        runner.run_line(1, line)
    assert not runner.finished and app.game.status.value == "ready"


def test_a_script_types_an_amigados_pattern_into_the_file_requester(make_app, tmp_path):
    """The real path: a script file with comments clicks the Pattern gadget of a
    file requester, clears it and types `#?.guide`; the list shows the guides."""
    (tmp_path / "AmigaSweeper.guide").write_text("@database a")
    (tmp_path / "notes.txt").write_text("notes")
    app, pilot = make_app()
    asl = FileRequester("Open Guide", app.screen_mode.size, on_choose=lambda path: "", on_cancel=lambda: None,
                        drawer=tmp_path, pattern="#?.txt", ask=app.open_requester)
    app.open_requester(asl)
    gadget = asl.pattern_gadget
    script = tmp_path / "pattern.txt"
    script.write_text(
        "# click the Pattern gadget, clear it, type a pattern that starts with #\n"
        f"move {gadget.ax + gadget.w - 4} {gadget.ay + gadget.h // 2}   # its right end\n"
        "click left\n"
        + "key BACKSPACE\n" * len("#?.txt")
        + 'type "#?.guide"   # quoted: a bare # would begin a comment\n',
        encoding="utf-8",
    )
    run_script(app, script)
    assert gadget.text == "#?.guide"
    for _ in range(5000):  # the drawer is read and judged under a time budget: frames until it is done
        if (asl.reader is None or asl.reader.done) and not asl.to_filter:
            break
        pilot.step()
    assert [entry.name for entry in asl.listing.entries] == ["AmigaSweeper.guide"]


def test_the_manual_and_the_usage_page_give_the_rule(tmp_path):
    root = Path(__file__).resolve().parents[2]
    usage = (root / "docs" / "USAGE.md").read_text(encoding="utf-8")
    manual = (root / "docs" / "AmigaGuide" / "AmigaSweeper.guide").read_text(encoding="utf-8")
    assert 'type "#?.guide"' in usage
    assert 'type "#?.guide"' in manual
