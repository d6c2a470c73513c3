"""The program's own manual, docs/AmigaGuide/AmigaSweeper.guide."""

from __future__ import annotations

from pathlib import Path

import pytest

from amigasweeper import __version__
from amigasweeper.guide import (
    ActionKind,
    ManualPage,
    Span,
    WrapMode,
    layout_node,
    load_manual,
    manual_path,
    validate_links,
)

MANUAL = Path(__file__).resolve().parents[2] / "docs" / "AmigaGuide" / "AmigaSweeper.guide"


@pytest.fixture(scope="module")
def manual():
    return load_manual()


def test_the_manual_is_found():
    assert manual_path() is not None and manual_path().is_file()


def test_manual_parses_without_problems(manual):
    assert manual.problems == []


def test_every_link_in_the_manual_resolves(manual):
    assert validate_links(manual) == []
    links = list(manual.links())
    assert len(links) > 80
    for node, link in links:
        assert link.kind is ActionKind.LINK, (node.name, link.label)
        assert link.file is None
        assert manual.resolve(link) is not None


def test_header(manual):
    assert manual.database == "AmigaSweeper.guide"
    assert manual.version.startswith(f"AmigaSweeper.guide {__version__} (")
    assert manual.author and manual.copyright
    assert manual.wrap is WrapMode.SMARTWRAP


def test_contents_and_index_nodes(manual):
    assert manual.main is manual.node("Main")
    assert manual.index_for(manual.main) is manual.node("Index")
    contents_links = {link.target.lower() for link in manual.main.links()}
    index_links = {link.target.lower() for link in manual.node("Index").links()}
    every_page = {node.name.lower() for node in manual.nodes} - {"main"}
    # Every page can be reached from the contents, directly or through the Menus page.
    menus = {link.target.lower() for link in manual.node("Menus").links()}
    assert every_page <= contents_links | menus
    assert len(index_links) >= 20


def test_index_is_alphabetical(manual):
    labels = [link.label.strip().lower() for link in manual.node("Index").links()]
    assert labels == sorted(labels)


def test_every_manual_page_name_exists(manual):
    for page in ManualPage:
        assert manual.node(page.value) is not None, page
    assert {page.value.lower() for page in ManualPage} == {node.name.lower() for node in manual.nodes}


def test_file_lines_are_short_and_plain_latin1():
    data = MANUAL.read_bytes()
    data.decode("ascii")  # nothing a Latin-1 Amiga could misread
    for number, line in enumerate(data.decode("ascii").splitlines(), 1):
        assert len(line) <= 76, number
        assert "\t" not in line, number


def test_every_page_fits_a_narrow_window(manual):
    # The help viewer on the 320-pixel screen shows 35 columns (a test of the
    # viewer checks that number): no line of the manual needs sideways scrolling.
    for node in manual.nodes:
        for line in layout_node(node, 35):
            assert line.width <= 35, (node.name, line.text)


def test_one_version_string_everywhere(manual):
    import re

    text = "\n".join(node.text() for node in manual.nodes)
    versions = set(re.findall(r"AmigaSweeper (\d+\.\d+(?:\.\d+)?)", text))
    assert versions == {__version__}
    assert __version__ in manual.version


def test_the_manual_states_what_the_issue_asked(manual):
    assert "cycle the mark, as the" in manual.node("Keyboard").text()
    assert "Show Safe and Mines" in manual.node("BestTimes").text()
    history = " ".join(manual.node("History").text().split())
    assert "10 September 1993" in history and "22 September 1993, twelve days later" in history
    assert "draw" not in manual.node("Duel").text().lower()
    bot = manual.node("BotAPI").text()
    assert "solver" in bot and "naive" in bot and "--games 100" in bot and "|" not in bot
    assert "unsure" in manual.node("Marks").text()


def test_menu_pages_name_every_hotkey(manual):
    expected = {
        "GameMenu": "NBIECMTD?PQ",
        "CompletionMenu": "1234",
        "SettingsMenu": "LRG",
        "HintMenu": "HSWY",
    }
    for name, keys in expected.items():
        text = manual.node(name).text()
        for key in keys:
            assert f"RA-{key}" in text, (name, key)


def test_facts_the_program_depends_on(manual):
    text = "\n".join(node.text() for node in manual.nodes)
    for fact in ("8 by 8 squares with 10", "16 by 16 squares with 40", "32 by 16 squares with 99",
                 "2 to 32", "999", "11 by 11", "15 mines", "UNKNOWN", "BOMB", "--safe-first",
                 "expect face sunglasses", "MIT", "Takashi Kitao", "John", "Matthews", "320x256",
                 "640x512", "odd", "r + c is even", "12 others", "6 others", "F1"):
        assert fact in text, fact


def test_bold_headings_are_used(manual):
    bold = [item for node in manual.nodes for line in node.lines for item in line.items
            if isinstance(item, Span) and item.style.bold]
    assert len(bold) > 50


def test_the_credits_page_carries_the_licence_of_the_licence_file():
    """The manual's copyright page and LICENSE agree: the page shows the
    whole MIT licence text, word for word, as the viewer lays it out."""
    from pathlib import Path

    from amigasweeper.guide import layout_node, load_manual

    licence = (Path(__file__).resolve().parents[2] / "LICENSE").read_text(encoding="utf-8")
    node = next(n for n in load_manual().nodes if n.name == "Credits")
    shown = " ".join("".join(run.text for run in line.runs) for line in layout_node(node, columns=38))
    words = " ".join(shown.split())
    assert licence.startswith("MIT License\n")
    assert " ".join(licence.split()[2:]) in words  # all but the title, which the page says in words
    assert "MIT licence" in words and "LICENSE" in words
