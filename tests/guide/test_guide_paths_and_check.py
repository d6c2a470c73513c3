"""Links into other files (Amiga paths from the guide's folder) and the linter."""

from __future__ import annotations

import io
import os

import pytest

from amigasweeper.__main__ import main as amigasweeper_main
from amigasweeper.guide import check_guide, parse_file, resolve_path, validate_links
from amigasweeper.guide.lint import main as lint
from amigasweeper.guide.paths import amiga_parts


@pytest.mark.parametrize(
    "amiga,volume,parts",
    [
        ("Other.guide", None, ["Other.guide"]),
        ("/Other.guide", None, [None, "Other.guide"]),
        ("//Docs/Other.guide", None, [None, None, "Docs", "Other.guide"]),
        ("Docs//Other.guide", None, ["Docs", None, "Other.guide"]),
        ("HELP:english/Other.guide", "HELP", ["english", "Other.guide"]),
    ],
)
def test_amiga_path_parts(amiga, volume, parts):
    assert amiga_parts(amiga) == (volume, parts)


@pytest.fixture
def tree(tmp_path):
    """top/Top.guide, top/Docs/Other.Guide, top/Docs/Sub/Deep.guide, and a file above top."""
    top = tmp_path / "top"
    (top / "Docs" / "Sub").mkdir(parents=True)
    (tmp_path / "Secret.guide").write_text("@database s\n@node Main\nsecret\n@endnode\n")
    (top / "Top.guide").write_text("@database Top.guide\n@node Main\ntop\n@endnode\n")
    (top / "Docs" / "Other.Guide").write_text("@database Other.guide\n@node Main\nother\n@endnode\n@node Two\n@endnode\n")
    (top / "Docs" / "Sub" / "Deep.guide").write_text("@database Deep.guide\n@node Main\ndeep\n@endnode\n")
    return top


def test_a_leading_slash_is_the_parent_folder_not_the_hosts_root(tree):
    found = resolve_path("/Top.guide", tree / "Docs", root=tree)
    assert found.path == tree / "Top.guide" and not found.outside


def test_names_are_found_whatever_their_case(tree):
    assert resolve_path("other.guide", tree / "Docs").path == tree / "Docs" / "Other.Guide"
    assert resolve_path("SUB/deep.GUIDE", tree / "Docs").path == tree / "Docs" / "Sub" / "Deep.guide"


def test_leaving_the_readers_folder_tree_is_flagged(tree):
    found = resolve_path("//Secret.guide", tree / "Docs", root=tree)
    assert found.path == tree.parent / "Secret.guide" and found.outside
    assert resolve_path("/Secret.guide", tree, root=tree).outside


@pytest.mark.parametrize("amiga", ["", "a\\b", "a\0b"])
def test_what_is_not_a_file_name_is_not_followed(tree, amiga):
    assert resolve_path(amiga, tree / "Docs").path is None


def test_dot_forms_are_the_hosts_and_stay_under_the_same_rule(tree):
    assert resolve_path("./Other.guide", tree / "Docs").path == tree / "Docs" / "Other.Guide"
    up = resolve_path("../Top.guide", tree / "Docs", root=tree)
    assert up.path == tree / "Top.guide" and not up.outside
    out = resolve_path("../../Secret.guide", tree / "Docs", root=tree)
    assert out.outside and out.path == tree.parent / "Secret.guide"


def test_a_volume_path_is_looked_for_beside_the_guide(tree):
    assert resolve_path("HELP:Docs/Other.guide", tree).path == tree / "Docs" / "Other.Guide"
    assert resolve_path("SYS:Help/Other.guide", tree / "Docs").path == tree / "Docs" / "Other.Guide"
    assert "volume" in resolve_path("SYS:Nowhere.guide", tree).reason


def test_validation_follows_links_into_other_files(tree):
    guide = tree / "Docs" / "Links.guide"
    guide.write_text(
        "@database Links.guide\n@node Main\n"
        '@{"ok" link Other.guide/Two} @{"up" link /Top.guide/Main} @{"deep" link Sub/Deep.guide/Main}\n'
        '@{"no node" link Other.guide/Three}\n@{"no file" link Gone.guide/Main}\n@endnode\n'
    )
    problems = validate_links(parse_file(guide))
    assert [problem.line for problem in problems] == [3, 4, 5]
    assert "button \"up\" in node 'Main' leads out of the guide's folder, to " in problems[0].message
    assert "has no node 'Three'" in problems[1].message and "Gone.guide is not found" in problems[2].message


BROKEN = (
    "@database Bad.guide\n"  # 1
    "@node Main\n"  # 2
    '@{"x" link Missing}\n'  # 3
    "@{b never closed\n"  # 4
    "@flashy\n"  # 5
    "@node Second\n"  # 6
    "text\n"  # 7
)


def test_the_linter_lists_each_problem_with_its_line_and_exits_1(tmp_path):
    path = tmp_path / "Bad.guide"
    path.write_text(BROKEN)
    out = io.StringIO()
    assert lint(["--guide", str(path), "--check"], out) == 1
    lines = out.getvalue().splitlines()
    assert [line.split(":")[1] for line in lines] == ["3", "4", "5", "6", "7"]
    text = out.getvalue()
    assert "missing node 'Missing'" in text and "without a closing '}'" in text
    assert "unknown command '@flashy'" in text and "no @endnode" in text


def test_the_linter_passes_a_clean_guide(tmp_path, capsys):
    path = tmp_path / "Good.guide"
    path.write_text("@database Good.guide\n@node Main\n@{\"me\" link Main}\n@endnode\n")
    assert amigasweeper_main(["--guide", str(path), "--check"]) == 0
    assert "no problems found" in capsys.readouterr().out
    assert check_guide(path) == []


def test_the_linter_refuses_a_missing_file(tmp_path, capsys):
    assert amigasweeper_main(["--guide", str(tmp_path / "none.guide"), "--check"]) == 2
    assert "none.guide does not exist" in capsys.readouterr().err


def test_the_linter_says_a_folder_is_a_folder(tmp_path, capsys):
    assert amigasweeper_main(["--guide", str(tmp_path), "--check"]) == 2
    assert "is a folder, not a plain file" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_the_linter_does_not_wait_on_a_pipe(tmp_path, capsys):
    pipe = tmp_path / "pipe.guide"
    os.mkfifo(pipe)
    assert amigasweeper_main(["--guide", str(pipe), "--check"]) == 2
    assert "is a named pipe, not a plain file" in capsys.readouterr().err
