"""The manual documents the program as it is: every menu item, hotkey and key."""

from __future__ import annotations

import pytest

from amigasweeper.guide import load_manual
from amigasweeper.ui.game.menudefs import MENUS

MENU_PAGES = {"Game": "GameMenu", "Completion": "CompletionMenu", "Settings": "SettingsMenu",
              "Hint": "HintMenu", "Help": "HelpMenu"}
GAME_KEYS = ["M", "G", "U", "1", "L", "A", "2", "P", "F1"]


@pytest.fixture(scope="module")
def manual():
    return load_manual()


@pytest.mark.parametrize("menu", MENUS, ids=lambda m: m.title)
def test_every_menu_item_and_hotkey_is_on_its_menu_page(manual, menu):
    page = manual.node(MENU_PAGES[menu.title])
    assert page is not None, f"no manual page for the {menu.title} menu"
    text = " ".join(page.text().split())
    for item in menu.items:
        assert item.label in text, f"{item.label!r} is not described on {page.name}"
        if item.key:
            assert f"RA-{item.key}" in text, f"the hotkey of {item.label!r} is not on {page.name}"


def test_every_game_key_is_on_the_keyboard_page(manual):
    text = manual.node("Keyboard").text()
    for key in GAME_KEYS:
        assert key in text, key
