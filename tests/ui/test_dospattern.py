"""AmigaDOS patterns for the file requester's Pattern gadget (pure Python)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from amigasweeper.ui.intuition.dospattern import PatternError, compile_pattern, matches


@pytest.mark.parametrize(
    ("pattern", "name", "expected"),
    [
        ("#?", "anything at all.guide", True),
        ("#?", "", True),
        ("", "empty pattern matches all", True),
        ("?", "a", True),
        ("?", "ab", False),
        ("?", "", False),
        ("#?.guide", "AmigaSweeper.guide", True),
        ("#?.guide", "AMIGASWEEPER.GUIDE", True),  # case is ignored, as on the Amiga
        ("#?.GUIDE", "notes.guide", True),
        ("#?.guide", "notes.guide.bak", False),
        ("#?.(guide|txt)", "readme.txt", True),
        ("#?.(guide|txt)", "readme.doc", False),
        ("(a|b)#?", "beta", True),
        ("(a|b)#?", "gamma", False),
        ("#a", "", True),
        ("#a", "aaaa", True),
        ("#a", "aab", False),
        ("#(ab)", "ababab", True),
        ("#(ab)", "aba", False),
        ("##a", "aaa", True),
        ("[a-c]x", "bx", True),
        ("[a-c]x", "Bx", True),
        ("[a-c]x", "dx", False),
        ("[~a-c]x", "dx", True),
        ("[~a-c]x", "ax", False),
        ("#[0-9].iff", "0042.iff", True),
        ("#[0-9].iff", "00a2.iff", False),
        ("~(#?.info)", "Disk.info", False),
        ("~(#?.info)", "Readme", True),
        ("~#?.bak", "x.bak", False),
        ("~#?.bak", "x.txt", True),
        ("~", "~", True),  # a lone ~ is the character itself
        ("#?~", "notes.txt~", True),  # ~ after the start is an ordinary character
        ("'?", "?", True),
        ("'?", "a", False),
        ("'#'(", "#(", True),
        ("*.guide", "x.guide", True),  # the wildstar, as #?
        ("a%b", "ab", True),
        ("notes(%|.bak)", "notes", True),
        ("notes(%|.bak)", "notes.bak", True),
        ("notes(%|.bak)", "notes.old", False),
        ("a.b", "axb", False),  # regular-expression characters mean themselves
        ("a+b", "a+b", True),
        ("a+b", "aab", False),
        ("$x^", "$x^", True),
        ("a\\b", "a\\b", True),
        ("{1}", "{1}", True),
    ],
)
def test_patterns_match_as_amigados_does(pattern, name, expected):
    assert matches(pattern, name) is expected


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        ("(ab", "never closed"),
        ("ab)", "closes no"),
        ("#", "followed by"),
        ("a(#)", "followed by"),
        ("[ab", "never closed"),
        ("[]", "holds no"),
        ("[z-a]", "backwards"),
        ("ab'", "quotes nothing"),
    ],
)
def test_a_bad_pattern_says_what_is_wrong(pattern, words):
    with pytest.raises(PatternError, match=words):
        compile_pattern(pattern)


@given(st.text(alphabet=st.characters(codec="latin-1", exclude_categories=("Cc",)), max_size=40))
def test_any_name_quoted_character_by_character_matches_itself(name):
    quoted = "".join("'" + ch for ch in name)
    assert matches(quoted, name)
    other_case = "".join(ch.swapcase() if len(ch.swapcase()) == 1 else ch for ch in name)
    assert matches(quoted, other_case)
    assert matches("#?", name)


@given(st.text(alphabet="ab.?#()|", max_size=12), st.text(alphabet="ab.", max_size=12))
def test_any_pattern_either_matches_or_is_refused_in_words(pattern, name):
    try:
        compiled = compile_pattern(pattern)
    except PatternError as error:
        assert str(error)
        return
    assert isinstance(compiled.matches(name), bool)
    if compiled.matches(name) and not pattern.startswith("~"):
        assert not compile_pattern("~" + pattern).matches(name)
