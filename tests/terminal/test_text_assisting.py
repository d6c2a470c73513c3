"""The text mode's assistance, statistics, manual, Duel, paging and !! on
TextGame itself (a fake clock, a real data folder): each answer checked
against the board, which a test may look at and the player never can."""

from __future__ import annotations

import re

import pytest

from amigasweeper.access.words import square_name
from amigasweeper.play.assist.demo import DEMO_FRAMES
from amigasweeper.terminal.commands import CommandError
from amigasweeper.terminal.pager import PAGE, pages_of

from .test_text_commands import Text


@pytest.fixture
def text(tmp_path):
    return Text(tmp_path / "data", seed=5)


def cell_of(text: Text, name: str) -> int:
    from amigasweeper.access.words import parse_square

    return parse_square(name, text.board.topology)


def test_hint_names_a_square_the_board_proves_and_counts_the_game_as_helped(text):
    assert text("hint") == "hint: Any square is safe to start."
    assert text.session.played.helped  # asked for, whatever it said
    text("uncover D4")
    said = []
    for seed in range(1, 30):  # boards where a rule proves something after the first uncover
        other = Text(text.storage.backend.folder.parent / f"s{seed}", seed=seed)
        other("uncover D4")
        answer = other("hint")
        if " is safe, rule " in answer or " is a mine, rule " in answer:
            name = answer.split()[1]
            cell = cell_of(other, name)
            assert other.board.is_mine(cell) == (" is a mine, " in answer), answer
            assert not re.search(r"\d+,\d+", answer), answer  # squares by the board's names, never "4,1"
            said.append(answer)
    assert said, "no board of 29 had a hint after its first uncover"


def test_safe_known_mines_and_odds_are_the_boards_truth(tmp_path):
    for seed in range(1, 40):
        text = Text(tmp_path / f"s{seed}", seed=seed)
        text("uncover D4")
        safe, mines = text("safe"), text("known mines")
        if safe.startswith("safe squares, 0") and mines.startswith("known mines, 0"):
            continue
        for answer, is_mine in ((safe, False), (mines, True)):
            listed = answer.split(": ", 1)[1].split(", ")
            for name in listed if listed != ["none"] else []:
                assert text.board.is_mine(cell_of(text, name)) == is_mine, (answer, name)
        assert text("mines") == "10 mines left"  # mines stays the counter
        assert text("odds D4") == "D4 is uncovered"
        assert text("odds A1").startswith("A1: mine chance ")
        assert text("where").startswith("A1, ")  # odds moves you to the square
        text("mark H8")
        assert text("odds H8") == "H8 is marked"
        assert text("odds Z9").startswith("there is no column Z")
        return
    raise AssertionError("no board had a known square")


def test_assistance_is_refused_when_the_game_is_over_or_paused(text):
    text("uncover D4")
    text("pause")
    assert text("hint") == "hint: The game is paused: resume it first."
    assert text("demo").startswith("the game is paused: no Demo")
    text("resume")
    assert text.win().endswith("Type your name")
    text("Ada")
    assert text("hint") == "hint: The game is over."
    assert text("safe") == "The game is over."


def run_demo(text: Text, ticks: int = 3000) -> list[str]:
    lines = []
    for _ in range(ticks):
        said = text.game.tick()
        if said:
            lines.append(said)
        if text.board.status.over or not text.session.assist.demo.on:
            break
    return lines


def test_the_demo_moves_between_lines_until_the_game_ends(text):
    assert text("demo") == "Demo on: it plays a move at a time; type stop to end it"
    lines = run_demo(text)
    assert lines and all(line.startswith("Demo uncovers ") or line.startswith("Demo marks ") for line in lines)
    assert text.board.status.over and ("game won" in lines[-1] or "game lost" in lines[-1])
    assert text.session.played.helped


def test_stop_and_a_move_of_the_players_own_end_the_demo(text):
    text("demo")
    first = run_demo(text, ticks=DEMO_FRAMES * 3)
    assert first and text.session.assist.demo.on
    assert text("stop") == "Demo stopped"
    assert run_demo(text, ticks=DEMO_FRAMES * 5) == []  # no move after stop
    assert text("stop") == "the Demo is not playing"
    text("strong demo")
    assert text.session.assist.demo.strong
    covered = next(c for c in text.board.topology.cells() if not text.board.is_open(c) and not text.board.is_mine(c))
    assert text(f"uncover {square_name(text.board.topology, covered)}").startswith("Demo stopped; ")


def test_long_answers_page_with_next_and_every_page_fits_a_line():
    text = "word " * 500 + "x" * (PAGE + 50)
    pages = pages_of(text)
    assert all(len(page) <= PAGE for page in pages)
    assert " ".join(pages).replace(" ", "") == text.replace(" ", "")  # nothing lost, a long word cut
    assert pages_of("") == [""] and pages_of("one") == ["one"]


def test_a_page_ends_after_a_clause_so_a_listed_command_is_never_split():
    listed = ", ".join(["go C5", "uncover", "mark", "known mines", "strong demo", "read board 3"] * 30)
    pages = pages_of(listed, size=100)
    assert all(len(page) <= 100 for page in pages) and " ".join(pages) == listed
    assert all(page.endswith(",") for page in pages[:-1])  # cut after an item, never inside "known mines"
    assert pages_of("a b c d e f g h", size=5) == ["a b c", "d e f", "g h"]  # no comma: between any words


def test_stats_reads_labelled_rows_by_level_and_board(text):
    assert text("stats") == "no games recorded yet"
    text.win()
    text("Ada")  # the best time's name
    text("new")
    text("uncover D4")
    text("new")  # abandoned
    said = text("stats")
    assert said.startswith("Beginner, random: played 1, won 1, win percent 100, current streak 1, best streak 1, ")
    assert said.endswith("abandoned 1")
    assert text("stats BEGINNER") == said
    assert text("stats expert") == "no games of Expert recorded yet"
    assert text("stats 8x8/10") == said
    assert text("stats 30x16/99") == "no games of 30x16/99 recorded yet"
    assert text("stats 8x8").startswith('stats takes a level (beginner, intermediate or expert) or a board')
    assert text("stats a b").startswith("stats takes at most 1 word")


def test_the_manual_pages_numbers_its_links_follows_one_and_goes_back(text):
    first = text("manual")
    assert first.startswith("page 1 of ") and "manual page Main: AmigaSweeper manual" in first
    pages = [first]
    while "(more: type next)" in pages[-1]:
        pages.append(text("next"))
    whole = " ".join(pages)
    assert "About (link 1)" in whole and "Keyboard (link 5)" in whole
    keyboard = text("5")
    assert "manual page Keyboard: Keyboard" in keyboard
    assert "manual page Main" in text("back")
    assert text("back") == "there is no page to go back to: manual opens the contents"
    assert "manual page Duel: Duel" in text("manual duel")
    options = text("manual command line")
    assert "manual page Options: Command line" in options
    links = int(re.search(r"\((\d+) links;", options).group(1))
    assert text("999") == f"this page has links 1 to {links}, not 999"
    assert text("0") == f"this page has links 1 to {links}, not 0"
    assert text("manual xyzzy").startswith('page 1 of 2: no manual page "xyzzy": the pages are Main, About')


def test_a_number_before_any_manual_page_says_what_it_is_for(text):
    assert text("3") == "a number follows a link of the manual page being read: type manual first"


def test_a_hot_seat_duel_says_whose_turn_it_is_each_time_and_leave_ends_it(text):
    text("uncover D4")
    assert text("duel") .startswith("duel computer starts a Duel against the computer")
    started = text("duel players")
    assert "Duel hot-seat: 11 by 11 squares, 15 mines, the centre F6 open" in started
    assert "Player 1 to move" in started
    assert text.board.paused  # the game waits while the Duel is on
    assert text("uncover F6") == "square F6 is already uncovered"
    answer = text("guess A1")
    assert answer.startswith("Player 1 guessed ") and answer.endswith("Player 2 to move, " + answer.split(", ")[-1])
    assert "Player 2 to move" in text("score")
    assert "Player 1 to move" in text("uncover K11")
    assert text("jump").startswith('"jump" is not a Duel command')
    assert text("read row 6").startswith("row 6: ") and "blank" in text("read row 6")
    assert text("leave") == "resumed; Duel left (an unfinished Duel is not counted); back to your game"
    assert not text.board.paused
    assert text("duel players extra") == "duel players takes nothing after it"
    assert text("duel robots").startswith('duel takes computer or players, not "robots"')


def test_a_duel_against_the_computer_to_its_end_is_counted(text):
    text("duel computer easy")
    topology = text.game.dueling.duel.topology
    answer = ""
    for cell in topology.cells():
        if text.game.dueling.duel.over:
            break
        answer = text(f"uncover {square_name(topology, cell)}")
        assert "to move" in answer or "Duel over" in answer or "already" in answer, answer
    assert "Duel over: " in answer and ("wins" in answer or "Draw" in answer)
    assert text("uncover A1").startswith("the Duel is over")
    assert text("leave") == "resumed; Duel left; back to your game"
    for _ in range(5):
        text.game.tick()
    counted = text.storage.best_times.duels["computer-easy"]
    assert counted.wins + counted.losses + counted.draws == 1


def test_the_duel_is_reached_only_while_one_is_on(text):
    with pytest.raises(CommandError, match="no Duel is on: duel computer starts"):
        text.game.dueling.duel  # noqa: B018 - the property is what is tested
    text("duel players")
    assert text.game.dueling.duel.topology.width == 11
    text("leave")
    with pytest.raises(CommandError, match="no Duel is on"):
        text.game.dueling.standing()


def test_bang_bang_says_the_last_command_again(text):
    assert text("!!") == "type a command, like go C5 or uncover; help lists them all"
    text("go C5")
    assert text("right") == "D5, covered"
    assert text("!!") == "E5, covered"
    assert text("!!") == "F5, covered"


def test_practice_games_are_untimed_and_kept_apart(tmp_path):
    text = Text(tmp_path / "data", seed=5)
    text.game.practice = True
    best_before = text("best")
    assert text("time") == "a practice game: untimed"
    assert text("status") == "playing, 10 mines left, untimed practice"
    won = text.win()
    assert "game won" in won and "Type your name" not in won  # no best time from practice
    text("new")
    text("uncover D4")
    text("new")
    assert text("stats") == ("Beginner, random: played 0, won 0, current streak 0, best streak 0, abandoned 0, "
                             "practice games 2")
    assert text("best") == best_before  # the Best Times are as they were


def test_the_manuals_text_mode_page_names_every_command():
    from amigasweeper.guide.manual import load_manual
    from amigasweeper.terminal.commands import Verb
    from amigasweeper.terminal.manualpages import page_words

    words, _ = page_words(load_manual().node("Accessibility"))
    section = words[words.index("Playing in a terminal"):]
    for verb in Verb:
        if verb is not Verb.FOLLOW:  # a link's number: the manual says "type a number to follow one"
            assert verb.value in section, verb
    assert "type a number to follow one" in section and "--practice" in section


def test_the_new_commands_help_and_near_misses(text):
    assert text("known") == '"known" is not a command: did you mean known mines? help lists them all, go C5 moves ' \
                            'you to a square'
    assert text("strong") .startswith('"strong" is not a command: did you mean strong demo?')
    assert text("help known mines").startswith("known mines: lists every square proved a mine")
    assert text("help 3") == "3 (a link's number): on a manual page, a link's number follows that link"
    assert text("odds C5 D6") == "'C5 D6' is not a square: name one by a column from A to H and a row from 1 to 8, " \
                                 "like A1 or H8"


def test_a_manual_page_is_read_with_its_breaks_as_sentences_and_its_links_numbered(tmp_path):
    from amigasweeper.guide.parser import parse
    from amigasweeper.terminal.manualpages import page_words

    guide = parse("""@database t.guide
@node Main "Main"
A paragraph that wraps
over two lines

@{code}
M or G   cycle the mark, as the
         right button does
P        pause
@{body}
See @{" Rules " link Rules} and @{" Run " system "echo"}@{line}
then this@{par}Done: @{" Other " link other.guide/Main}
@endnode
@node Rules "Rules"
Rules.
@endnode
""")
    words, targets = page_words(guide.node("Main"))
    assert words == ("A paragraph that wraps over two lines. M or G cycle the mark, as the right button does. "
                     "P pause. See Rules (link 1) and Run. then this. Done: Other (link 2).")
    assert targets == ["Rules", "other.guide/Main"]  # a SYSTEM button is shown, never numbered

    text = Text(tmp_path / "data")
    text.game.manual._document = guide
    assert text("manual").startswith("manual page Main: Main (2 links;")
    assert text("2") == 'link 2 leads outside the manual ("other.guide/Main"), which the text mode cannot show'
    assert text("1") == "manual page Rules: Rules (0 links; type a link's number to follow it, back to go back). Rules."
    assert text("1") == "this page has no links: back goes back"
    assert text("back").startswith("manual page Main")
