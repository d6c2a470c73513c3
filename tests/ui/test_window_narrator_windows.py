"""Nothing happens silently in the window (issue 39 item 3): through the real
program and a fake voice, the first line says how to begin; Narrator off is
said before it goes silent and on again says where the player is; a chosen
menu item is confirmed; the cursor says "edge" at the edge and its square
after a new game; windows say they opened, closed or became active with what
they show; an automatic pause says why; a Hint and Show Safe and Mines are
said by square and rule."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.access.narrator import NarrationLog
from amigasweeper.engine import GameStatus
from amigasweeper.engine.topology import Shape
from amigasweeper.ui.game.menudefs import Command
from amigasweeper.ui.narrator import windownarration as narrator_window
from tests.ui.test_window_narrator import FakeVoice, Lines, heard


@pytest.fixture
def voice(monkeypatch):
    fake = FakeVoice()
    monkeypatch.setattr(narrator_window, "system_voice", lambda: fake)
    return fake


@pytest.fixture
def narrated(make_app, voice, tmp_path):
    app, pilot = make_app(narrator=True, data_dir=tmp_path)
    log = Lines()
    app.narration.narrator.log = NarrationLog(log, interval=0)
    return app, pilot, log, voice


def menu_item(app, command):
    for menu in app.mine_window.menus.menus:
        for item in menu.items:
            for choice in item.walk():
                if choice.command is command:
                    return choice
    raise LookupError(command)


def choose(app, pilot, command):
    app.commands.select(menu_item(app, command))
    pilot.step()


def texts(lines):
    return [text for _, text in lines]


def test_the_first_line_says_the_board_and_how_to_begin(make_app, voice):
    app, pilot = make_app(narrator=True)
    pilot.step(2)
    assert voice.said[0] == ("MineSweeper, Beginner, 8 by 8 squares, 10 mines. Press the cursor keys to move, "
                             "Space to uncover, Return to mark, F10 for menus, Help for the manual")
    assert not any(said.startswith("new game") for said in voice.said)


def test_narrator_off_is_said_before_silence_and_on_again_says_where_you_are(narrated):
    app, pilot, log, voice = narrated
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_SPACE)  # A1 uncovered: a game on its way
    pilot.finish_ripple()
    heard(app, pilot, log)
    choose(app, pilot, Command.NARRATOR)
    assert heard(app, pilot, log) == [("result", "Narrator off")]
    assert voice.said[-1] == "Narrator off" and voice.closed
    assert app.narration.narrator.voice is None
    said = len(voice.said)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.step(2)
    assert len(voice.said) == said  # silent now (the log alone still takes the lines)
    heard(app, pilot, log)
    choose(app, pilot, Command.NARRATOR)
    (line,) = heard(app, pilot, log)
    assert line[0] == "result" and line[1].startswith("Narrator on. Beginner, 8 by 8 squares, 10 mines; ")
    assert line[1].endswith(f"; B1, {'covered' if not app.game.is_open(1) else line[1].rsplit(', ', 1)[-1]}")
    assert "new game" not in line[1]


def test_a_chosen_menu_item_is_confirmed(narrated):
    app, pilot, log, voice = narrated
    heard(app, pilot, log)
    choose(app, pilot, Command.FLASH_BORDER)
    assert heard(app, pilot, log) == [("result", "Flash: Border, chosen")]
    choose(app, pilot, Command.TOUCH)
    assert heard(app, pilot, log) == [("result", f"Touch Controls, {'on' if app.touch_play.on else 'off'}")]


def test_the_cursor_says_edge_and_its_square_after_a_new_game(narrated):
    app, pilot, log, voice = narrated
    pilot.key(pyxel.KEY_LEFT)  # shows the cursor on A1
    heard(app, pilot, log)
    pilot.key(pyxel.KEY_LEFT)
    assert heard(app, pilot, log) == [("cursor", "edge, A1, covered")]
    pilot.key(pyxel.KEY_UP)
    assert heard(app, pilot, log) == [("cursor", "edge, A1, covered")]
    pilot.key(pyxel.KEY_RIGHT)
    assert heard(app, pilot, log) == [("cursor", "B1, covered")]
    choose(app, pilot, Command.NEW)
    lines = heard(app, pilot, log)
    assert ("result", "new game: Beginner, 8 by 8 squares, 10 mines") in lines
    assert lines[-1] == ("cursor", "B1, covered")


def test_the_statistics_window_says_what_it_shows_and_why_the_game_waits(narrated):
    app, pilot, log, voice = narrated
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    assert app.game.status is GameStatus.PLAYING
    heard(app, pilot, log)
    choose(app, pilot, Command.STATISTICS)
    lines = heard(app, pilot, log)
    opened = [text for kind, text in lines if text.startswith("Statistics window")]
    assert opened == [opened[0]] and (opened[0] == "Statistics window. No games played yet"
                                      or ": played " in opened[0]), lines
    assert ("result", "Paused while the Statistics window is open; close it to play on") in lines
    app.stats.window.close()
    lines = heard(app, pilot, log)
    assert ("requester", "Statistics window closed") in lines
    active = [text for text in texts(lines) if text.startswith("MineSweeper window, active. ")]
    assert active and active[0].endswith("; A1, " + active[0].rsplit(", ", 1)[-1])
    assert "Playing on" in texts(lines)


def test_a_key_refused_while_a_window_holds_the_game_says_which(narrated):
    app, pilot, log, voice = narrated
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    choose(app, pilot, Command.STATISTICS)
    app.wm.activate(app.mine_window)  # the window behind, clicked: the Statistics window still holds it
    lines = heard(app, pilot, log)
    active = [text for text in texts(lines) if text.startswith("MineSweeper window, active. ")]
    assert active and "Paused while the Statistics window is open; close it to play on" in active[0]
    pilot.key(pyxel.KEY_SPACE)  # the board is hidden while it waits: the key says why nothing happens
    assert heard(app, pilot, log) == [("result", "Paused while the Statistics window is open; close it to play on")]
    pilot.key(pyxel.KEY_RIGHT)
    assert heard(app, pilot, log) == [("result", "Paused while the Statistics window is open; close it to play on")]


def test_statistics_of_a_played_game_are_read(narrated):
    app, pilot, log, voice = narrated
    game = app.game
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    mine = next(c for c in sorted(game.mine_cells()))
    app.mine_window.cursor.cell = mine
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    assert game.status is GameStatus.LOST
    pilot.step(5)
    heard(app, pilot, log)
    choose(app, pilot, Command.STATISTICS)
    opened = [text for text in texts(heard(app, pilot, log)) if text.startswith("Statistics window")]
    assert opened == ["Statistics window. Beginner, square; All Non Mines Found, random boards: "
                      "played 1, won 0, 0 percent, streak 0, best streak 0, no best time"], opened


def test_a_hint_is_said_by_square_and_rule(narrated):
    app, pilot, log, voice = narrated
    pilot.key(pyxel.KEY_RIGHT)
    heard(app, pilot, log)
    choose(app, pilot, Command.HINT)
    assert ("asked", "Hint: Any square is safe to start.") in heard(app, pilot, log)
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    heard(app, pilot, log)
    choose(app, pilot, Command.HINT)
    answer = app.session.assist.answer
    for _ in range(200):
        if answer is not None:
            break
        pilot.step()
        answer = app.session.assist.answer
    lines = [line for line in heard(app, pilot, log) if line[1].startswith("Hint:")]
    assert len(lines) == 1 and lines[0][0] == "asked"
    if answer.square is not None:
        from amigasweeper.access.words import square_label

        name = square_label(app.game.topology, answer.square)
        verdict = "safe" if answer.verdict.value == "safe" else "a mine"
        assert lines[0][1].startswith(f"Hint: {name} is {verdict}, by rule {answer.rule}, ")
    else:
        assert lines[0][1] == f"Hint: {answer.why}"


def test_show_safe_and_mines_is_said_as_counts_and_squares(narrated):
    app, pilot, log, voice = narrated
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    heard(app, pilot, log)
    choose(app, pilot, Command.SHOW_SAFE)
    for _ in range(200):
        if app.session.assist.known is not None:
            break
        pilot.step()
    known = app.session.assist.known
    lines = [text for text in texts(heard(app, pilot, log)) if text.startswith("Show Safe and Mines:")]
    mines = len(known.mines)
    counts = f"Show Safe and Mines: {len(known.safe)} safe, {mines} mine{'' if mines == 1 else 's'}"
    assert lines and lines[0].startswith(counts), lines
    from amigasweeper.access.words import square_label

    for cell in sorted(known.mines)[:12]:
        assert square_label(app.game.topology, cell) in lines[0]


def test_the_help_viewer_says_its_page_its_links_and_reads_the_page(narrated):
    app, pilot, log, voice = narrated
    heard(app, pilot, log)
    choose(app, pilot, Command.MANUAL)
    viewer = app.viewers.window
    pilot.step(3)
    lines = heard(app, pilot, log)
    assert ("requester", f"help viewer. page {viewer.title}") in lines, lines
    viewer.show(viewer.navigation.document.main)  # the Contents button's page: a page of links
    pilot.step(3)
    assert heard(app, pilot, log) == [("requester", f"page {viewer.title}")]
    pilot.key(pyxel.KEY_TAB)
    links = viewer.visible_links()
    first = links[0][1].link.label
    assert heard(app, pilot, log) == [("menu", f"link {' '.join(first.split())}, 1 of {len(links)}")]
    pilot.key(pyxel.KEY_TAB)
    assert heard(app, pilot, log) == [("menu", f"link {' '.join(links[1][1].link.label.split())}, 2 of {len(links)}")]
    pilot.key(pyxel.KEY_R)
    (line,) = heard(app, pilot, log)
    assert line[0] == "asked" and line[1] == viewer.shown_text() and " ".join(first.split()) in line[1]
    before = viewer.title
    pilot.key(pyxel.KEY_RETURN)  # follows the second link
    pilot.step(3)
    lines = heard(app, pilot, log)
    assert viewer.title != before and ("requester", f"page {viewer.title}") in lines, lines
    pilot.key(pyxel.KEY_ESCAPE)
    assert ("requester", "help viewer closed") in heard(app, pilot, log)


@pytest.mark.parametrize("shape", list(Shape))
def test_the_duel_has_a_cursor_and_says_whose_turn_after_each_move(narrated, shape):
    from amigasweeper.access.words import cursor_line
    from tests.ui.test_duel_window import start_duel

    app, pilot, log, voice = narrated
    choose(app, pilot, shape)
    window = start_duel(app, pilot)
    pilot.step(2)
    lines = heard(app, pilot, log)
    assert any(text.startswith("Duel window. ") and text.endswith(" to move") for text in texts(lines)), lines
    assert window.duel.topology.shape is app.game.topology.shape
    pilot.key(pyxel.KEY_RIGHT)  # shows the cursor on A1
    assert heard(app, pilot, log) == [("cursor", cursor_line(window.look, 0))]
    pilot.key(pyxel.KEY_LEFT)
    assert heard(app, pilot, log) == [("cursor", "edge, " + cursor_line(window.look, 0))]
    pilot.key(pyxel.KEY_DOWN)
    below = window.duel.topology.index(0, 1)
    assert window.cursor.cell == below
    assert heard(app, pilot, log) == [("cursor", cursor_line(window.look, below))]
    safe = next(c for c in window.duel.topology.cells() if not window.duel.is_mine(c))
    window.cursor.cell = safe
    pilot.key(pyxel.KEY_SPACE)  # the human's move, by the cursor
    assert window.duel.turn == window.players.computer
    lines = texts(heard(app, pilot, log))
    assert any(text.endswith("; Computer is thinking...") or text.endswith("Computer to move") for text in lines)
    pilot.key(pyxel.KEY_SPACE)  # not the human's turn: said why
    assert ("result", "it is Computer's turn") in heard(app, pilot, log)
    for _ in range(100):
        if window.waiting_for_human() or window.duel.over:
            break
        pilot.step()
    lines = texts(heard(app, pilot, log))
    if not window.duel.over:
        assert lines[-1].endswith(f"; {window.players.names[window.duel.turn]} to move"), lines
    pilot.key(pyxel.KEY_S)
    (line,) = heard(app, pilot, log)
    assert line[0] == "asked" and line[1].startswith(f"{window.players.names[0]} {window.duel.scores[0]}, ")
    window.close()


def test_the_palette_says_its_pen_values_and_preset_and_names_its_sliders(narrated):
    from amigasweeper.ui.intuition.keyfocus import gadgets_of

    app, pilot, log, voice = narrated
    heard(app, pilot, log)
    choose(app, pilot, Command.PALETTE)
    window = app.wm.active
    assert window.title == "Palette"
    opened = [text for text in texts(heard(app, pilot, log)) if text.startswith("Palette window")]
    red, green, blue = (window.gun_value(g) for g in range(3))
    assert opened == [f"Palette window. Background, pen 0: red {red}, green {green}, blue {blue}; "
                      f"+ and - change red; preset {window.preset_gadget.value}"], opened
    pilot.key(pyxel.KEY_RIGHT)  # the next pen
    assert heard(app, pilot, log)[-1][1].startswith(f"{window.spoken().split(',')[0]}, pen {window.pen}: ")
    gadgets = gadgets_of(window)
    arrows = [arrow for less, _slider, more in window.arrows for arrow in (less, more)]
    said = []
    for _ in range(len(gadgets)):
        pilot.key(pyxel.KEY_TAB)
        said += heard(app, pilot, log)
        if app.keyboard.ring.focused is arrows[-1]:
            break
    count = len(gadgets)
    for arrow, name in zip(arrows, ["less red", "more red", "less green", "more green", "less blue", "more blue"]):
        assert ("menu", f"{name} button, {gadgets.index(arrow) + 1} of {count}") in said, said
    assert not any(text.startswith("< button") or text.startswith("> button") for _, text in said)
    value = window.gun_value(0)
    window.step_gun(0, -1 if value else 1)  # the arrow's action
    pilot.step()
    changed = heard(app, pilot, log)
    assert changed and changed[-1][1] == window.spoken() and f"red {window.gun_value(0)}," in changed[-1][1]
    pilot.key(pyxel.KEY_ESCAPE)


def test_the_workbench_and_an_information_window_say_what_they_show(narrated):
    from amigasweeper.ui.intuition.atlas import Icon

    app, pilot, log, voice = narrated
    heard(app, pilot, log)
    close = app.mine_window.close_gadget
    pilot.click(close.ax + 3, close.ay + 3)  # MineSweeper closed: the Workbench is active
    lines = texts(heard(app, pilot, log))
    labels = ", ".join(" ".join(icon.label.split()) for icon in app.workbench.icons)
    assert "MineSweeper window closed" in lines
    assert f"Workbench window, active. icons: {labels}" in lines, lines
    icon = app.workbench.icon(Icon.MINESWEEPER)
    pilot.click(icon.ax + 16, icon.ay + 8)
    pilot.step(40)
    heard(app, pilot, log)
    pilot.key(pyxel.KEY_I, amiga=True)
    window = app.wm.active
    (opened,) = [text for text in texts(heard(app, pilot, log)) if text.startswith("Information window")]
    blocks = dict(window.facts.rows)["Blocks"]
    assert opened.startswith(f"Information window. MineSweeper. Blocks: {blocks}; Bytes: "), opened
    pilot.key(pyxel.KEY_ESCAPE)
    assert "Information window closed" in texts(heard(app, pilot, log))


def test_what_happened_while_the_narrator_was_off_is_not_said_when_it_comes_back(narrated):
    app, pilot, log, voice = narrated
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    choose(app, pilot, Command.NARRATOR)
    app.narration.narrator.log = None  # the log too: nothing listens now
    choose(app, pilot, Command.STATISTICS)
    pilot.step(2)
    app.narration.narrator.log = NarrationLog(log, interval=0)
    heard(app, pilot, log)
    choose(app, pilot, Command.NARRATOR)
    lines = heard(app, pilot, log)
    assert len(lines) == 1 and lines[0][1].startswith("Narrator on. "), lines
    app.stats.window.close()
    lines = texts(heard(app, pilot, log))
    assert "Statistics window closed" in lines and "Playing on" in lines


def test_another_window_active_says_why_the_game_waits(narrated):
    app, pilot, log, voice = narrated
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    assert app.game.status is GameStatus.PLAYING
    heard(app, pilot, log)
    choose(app, pilot, Command.PALETTE)
    lines = texts(heard(app, pilot, log))
    assert "Paused while the Palette window is active; F9 goes back to MineSweeper" in lines, lines
    app.wm.activate(app.mine_window)
    lines = texts(heard(app, pilot, log))
    assert "Playing on" in lines and any(text.startswith("MineSweeper window, active. ") for text in lines)
    app.wm.activate(app.palette.window)
    lines = texts(heard(app, pilot, log))
    assert "Paused while the Palette window is active; F9 goes back to MineSweeper" in lines, lines
    pilot.key(pyxel.KEY_ESCAPE)
