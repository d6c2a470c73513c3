"""Every command of `amigasweeper --text`, and bad ones, on TextGame itself
(the process's loop and pipes are tested in test_text_protocol.py): a fake
clock, a real data folder, a Narrator with a log and no voice. The answers
are checked against the board, which the tests may look at (the player
never can)."""

from __future__ import annotations

import json

import pytest

from amigasweeper.access.narrator import NarrationLog, Narrator
from amigasweeper.access.voices.base import estimated_seconds
from amigasweeper.access.words.boardreading import board_lines
from amigasweeper.access.words.reading import frontier_line
from amigasweeper.engine import Completion, GameStatus, LevelName, Shape, Tile
from amigasweeper.play import SeedSource, Session
from amigasweeper.play.choices import choices_from_settings
from amigasweeper.records import RecordStore
from amigasweeper.storage import SETTINGS_FILE, Settings, Storage
from amigasweeper.terminal.reader import LONGEST, InputLine
from amigasweeper.terminal.text_game import TextGame

from .text_run import parse_row_runs


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


class Chunks:
    """The narration log's writer, in memory."""

    problem = None

    def __init__(self) -> None:
        self.data = b""

    def append(self, data: bytes) -> None:
        self.data += data

    def close(self) -> None:
        pass


class Text:
    """A TextGame and what it was told."""

    def __init__(self, folder, *, seed: int = 5, settings: Settings | None = None, no_guess: bool = False,
                 level: LevelName | None = None, voice_for=None) -> None:
        self.clock = Clock()
        self.storage = Storage(folder)
        self.storage.load()
        if settings is not None:
            self.storage.change_settings(**{k: v for k, v in vars(settings).items()})
        choices = choices_from_settings(self.storage.settings, level, no_guess)
        self.session = Session(choices, self.clock, SeedSource(seed), wall=lambda: 1.7e9)
        self.chunks = Chunks()
        log = NarrationLog(self.chunks, wall=lambda: 1.7e9, clock=self.clock)
        voice = voice_for(self.clock) if voice_for is not None else None  # a voice on the game's clock
        self.game = TextGame(self.session, self.storage, Narrator(voice, log, clock=self.clock), self.clock)
        self.opening = self.game.opening([])

    def __call__(self, line: str) -> str:
        return self.game.answer(InputLine(line))

    def logged(self) -> list[str]:
        self.game.narrator.log.flush()
        return [line.split(" ", 1)[1] for line in self.chunks.data.decode().splitlines()]

    @property
    def board(self):
        return self.session.game

    def name(self, cell: int) -> str:
        from amigasweeper.access.words import square_name

        return square_name(self.board.topology, cell)

    def win(self) -> str:
        """Uncover every safe square, looking at the mines (tests only); the last answer."""
        answer = self("uncover D4")
        for cell in self.board.topology.cells():
            if self.board.status is GameStatus.PLAYING and not self.board.is_mine(cell) \
                    and not self.board.is_open(cell):
                answer = self(f"uncover {self.name(cell)}")
        return answer


@pytest.fixture
def text(tmp_path):
    return Text(tmp_path / "data")


def test_the_opening_line_says_the_board_and_where_the_player_is(text):
    assert text.opening == ("AmigaSweeper text mode. new game: Beginner, 8 by 8 squares, 10 mines; you are at A1. "
                            "Type help for the commands")
    assert Text(text.storage.backend.folder.parent / "other", no_guess=True).opening.startswith(
        "AmigaSweeper text mode. new game: Beginner, 8 by 8 squares, 10 mines, no-guess board;")


def test_go_and_where_name_the_square_in_any_case_and_spacing(text):
    assert text("go C5") == "C5, covered"
    assert text("GO d 6") == "D6, covered"
    assert text("  go   h8  ") == "H8, covered"
    assert text("where") == "H8, covered"
    assert text("go I1") == "there is no column I: the columns go from A to H"
    assert text("go A9") == "there is no row 9: the rows go from 1 to 8"
    assert text("go 5C").startswith("'5C' is not a square: name one by a column from A to H and a row from 1 to 8")
    assert text("go") == "go needs more: like go C5"
    assert text("where") == "H8, covered"  # a bad square moves nobody


def test_the_directions_move_and_stop_at_the_edges(text):
    assert text("right") == "B1, covered"
    assert text("down 3") == "B4, covered"
    assert text("left 5") == "A4, covered; A4 is at the left edge"
    assert text("left") == "A4 is at the left edge: you did not move"
    assert text("up 99") == "A1, covered; A1 is at the top edge"
    for bad in ("up 0", "up 100", "up x", "up -1", "up 2.5"):
        assert text(bad) == "up takes a number of squares from 1 to 99, like up 3"
    assert text("down 1 2") == "down takes at most 1 word after it: like down 3"
    assert text("help left") == "left 3: moves you as many squares left as you say; left alone, one"


def test_uncover_mark_and_clear_act_where_the_player_is_or_on_the_square_named(text):
    board = text.board
    assert text("go D4") == "D4, covered"
    opened = text("uncover")
    assert board.status is GameStatus.PLAYING and board.is_open(board.topology.index(3, 3))
    assert opened.endswith("squares opened") or opened.startswith("D4, ")
    assert text("where").startswith("D4, ")
    assert text("uncover D4") == "D4 is already uncovered"
    number = next(c for c in board.topology.cells() if board.is_open(c) and board.tile(c) > 0)
    covered = [n for n in board.topology.neighbours[number] if not board.is_open(n)]
    assert text(f"mark {text.name(number)}") == f"{text.name(number)} is uncovered: only covered squares take marks"
    mines = [n for n in covered if board.is_mine(n)]
    assert text(f"clear {text.name(number)}") == (
        f"{text.name(number)} shows {board.tile(number)} and has 0 marks around: nothing cleared")
    for mine in mines:
        assert text(f"m {text.name(mine)}").startswith(f"{text.name(mine)} marked, ")
    safe_covered = [n for n in covered if not board.is_mine(n)]
    answer = text(f"l {text.name(number)}")
    assert all(board.is_open(n) for n in safe_covered)
    if len(safe_covered) == 1 and board.tile(safe_covered[0]) > 0:
        assert answer == f"{text.name(safe_covered[0])}, {board.tile(safe_covered[0])}"
    else:
        assert answer.endswith(" squares opened") and int(answer.split()[0]) >= len(safe_covered)
    assert text("where") == f"{text.name(number)}, {board.tile(number)}"  # clear moved the player there
    assert text(f"uncover {text.name(mines[0])}") == f"{text.name(mines[0])} is marked: unmark it first"


def test_marks_cycle_and_marks_off_leaves_out_the_question(text):
    assert text("mark B2") == "B2 marked, 9 mines left"
    assert text("mark") == "B2 question, 10 mines left"
    assert text("g") == "B2 unmarked, 10 mines left"
    assert text("marks off") == "question marks off"
    assert text("marks off") == "question marks are already off"
    assert text("mark") == "B2 marked, 9 mines left"
    assert text("mark") == "B2 unmarked, 10 mines left"
    assert text("marks on") == "question marks on"
    assert text("marks maybe") == 'marks takes on or off, not "maybe": like marks off'
    assert text.storage.settings.marks
    text("marks off")
    assert json.loads((text.storage.backend.folder / SETTINGS_FILE).read_text())["marks"] is False


def test_read_row_column_and_around_are_the_squares_in_order(text):
    board = text.board
    text("uncover D4")
    text("mark A1")
    row = parse_row_runs(text("read row 1"), 8)
    assert row[0] == "marked"
    for col, word in enumerate(row[1:], start=1):
        tile = board.tile(col)
        assert word == ("blank" if tile == 0 else "covered" if tile == Tile.COVERED else str(tile))
    assert text("read row") == text("read row 1")  # mark A1 moved the player there
    assert text("read column A").startswith("column A: 1 marked, 2 ")
    text("go D4")
    assert text("read row") == text("read row 4")
    assert text("read col d") == text("read column")
    assert text("read around A1").startswith("around A1, marked: B1 ")
    assert text("read around").startswith("around D4, ")
    assert text("read row 0") == "'0' is not a row: the rows are numbered from 1 to 8, from the top"
    assert text("read column J") == "there is no column J: the columns go from A to H"
    assert text("read column 3").startswith("'3' is not a column")
    assert text("read") == ("read needs what to read: read row 5, read column C, read around, read frontier "
                            "or read board")
    assert text("read boards") == ('"boards" is not something to read: read row 5, read column C, read around, '
                                   'read frontier or read board')


def test_a_lost_game_reads_its_mines(text):
    board = text.board
    text("uncover D4")
    mine = min(board.mine_cells())
    assert text(f"uncover {text.name(mine)}") == f"mine at {text.name(mine)}, game lost after 1 second"
    col, row = board.topology.coords(mine)
    assert parse_row_runs(text(f"read row {row + 1}"), 8)[col] == "mine"
    assert text("status") == "lost, 10 mines left, 1 second"
    assert text("uncover A1") == "the game is lost: start a new one"
    assert text("pause") == "the game is lost: its clock has stopped for good"


def test_status_time_and_mines_follow_the_clock_from_the_first_uncover(text):
    assert text("status") == "playing, 10 mines left, 0 seconds, the clock not started"
    assert text("time") == "0 seconds: the clock starts with the first square uncovered"
    text.clock.now += 30  # thinking before the first uncover costs nothing
    text("uncover D4")
    text.clock.now += 2.5
    assert text("time") == "3 seconds"
    text("mark A1")
    assert text("mines") == "9 mines left"
    assert text("status") == "playing, 9 mines left, 3 seconds"


def test_pause_stops_the_clock_and_hides_the_board(text):
    text("uncover D4")
    text.clock.now += 4
    assert text("pause") == "paused"
    text.clock.now += 100
    for hidden in ("read row 1", "go A1", "uncover A1", "where", "read around", "left"):
        assert text(hidden) == "the game is paused: type resume to see the board and play"
    assert text("status") == "playing, 10 mines left, 5 seconds, paused"
    assert text("pause") == "the game is already paused"
    assert text("resume") == "resumed"
    assert text("resume") == "the game is not paused"
    text.clock.now += 1
    assert text("time") == "6 seconds"


def test_new_and_the_choices_start_new_games_and_are_saved_as_the_window_saves_them(tmp_path):
    text = Text(tmp_path)
    text("uncover D4")
    assert text("new") == "new game: Beginner, 8 by 8 squares, 10 mines"
    assert text("level expert") == "new game: Expert, 32 by 16 squares, 99 mines"
    assert text("where") == "D4, covered"  # a new game keeps the player where they were
    text("go AF16")
    assert text("level beginner") == "new game: Beginner, 8 by 8 squares, 10 mines"
    assert text("where") == "H8, covered"  # kept on the board
    assert text("custom 10 12 20") == "new game: Custom, 10 by 12 squares, 20 mines"
    assert text("custom 10 12 200") == "Mines 1 to 119 (at most 119 mines on 10x12)"
    assert text("custom ten 12 20").startswith("Width must be a whole number")
    assert text("completion both") == "completion: Both; new game: Custom, 10 by 12 squares, 20 mines"
    assert text("shape hexagonal") == "new game: Custom, 10 by 12 hexagonal squares, 20 mines"
    assert text("read around B2") == "around B2, covered: B1 covered, C1 covered, A2 covered, C2 covered, " \
                                     "B3 covered, C3 covered"
    assert text("shape triangular") == "new game: Custom, 10 by 12 triangular squares, 20 mines"
    assert text("go B1") == "B1 down, covered"
    assert text("no-guess on") == "no-guess boards on; new game: Custom, 10 by 12 triangular squares, " \
                                  "20 mines, no-guess board"
    assert text("level hard") == 'level takes beginner, intermediate or expert, not "hard": like level expert'
    saved = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert (saved["level"], saved["custom_width"], saved["custom_height"], saved["custom_mines"]) == \
        ("custom", 10, 12, 20)
    assert (saved["completion"], saved["shape"], saved["no_guess"]) == ("both", "triangle", True)
    games = RecordStore(tmp_path).load().records
    assert [g.result for g in games] == ["abandoned"]  # the one played; the others were never begun


def test_a_command_line_no_guess_is_played_and_never_saved(tmp_path):
    text = Text(tmp_path, no_guess=True, level=LevelName.INTERMEDIATE)
    assert text.session.choices.no_guess
    text("level expert")
    text("marks off")
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["no_guess"] is False
    assert text.session.choices.no_guess  # still on for this run
    text("no-guess on")  # typed: the player's own choice
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["no_guess"] is True


def test_help_lists_every_command_and_says_what_each_does(text):
    from amigasweeper.terminal.commands import SPECS, Verb

    first = text("help")
    pages = [first]
    while "(more: type next)" in pages[-1]:
        pages.append(text("next"))
    assert first.startswith("page 1 of ") and pages[-1].endswith("(end)") and len(pages) > 1
    assert all(len(page) <= 400 for page in pages)  # each page whole, under the Narrator's longest line
    # the pages' text without their markers: a page may end inside a command's words ("known" | "mines")
    listed = " ".join(page.split(": ", 1)[1].removesuffix(" (more: type next)") for page in pages)
    for verb in Verb:
        assert SPECS[verb].usage in listed
    assert listed.rstrip(" (end)").endswith("help clear")  # never cut: the help's last words are there
    assert text("next").startswith("nothing more to read")
    assert text("more").startswith("nothing more to read")
    assert text("HELP go") == ("go C5: moves you to a square: its column, a letter from the left, then its row, "
                               "a number from the top")
    assert text("help u").startswith("uncover: uncovers the square you are on")
    assert text("help read row").startswith("read row 5: ")
    assert text("help read").count("read ") >= 4 and len(text("help read")) < 400  # whole, not cut
    assert text("help next").startswith("next covered: ") and "next number: " in text("help next")
    assert text("help xyzzy") == '"xyzzy" is not a command: help alone lists them all'


@pytest.mark.parametrize(("line", "said"), [
    ("", "type a command, like go C5 or uncover; help lists them all"),
    ("   \t ", "type a command, like go C5 or uncover; help lists them all"),
    ("jump C5", '"jump" is not a command: help lists them all, go C5 moves you to a square'),
    ("uncovr", '"uncovr" is not a command: did you mean uncover? help lists them all, go C5 moves you to a square'),
    ("stattus", '"stattus" is not a command: did you mean status? help lists them all, go C5 moves you to a square'),
    ("status now", "status takes nothing after it: type just status"),
    ("x" * 500, '"' + "x" * 20 + '..." is not a command: help lists them all, go C5 moves you to a square'),
    ("go \u202eC5", "'\\u202eC5' is not a square: name one by a column from A to H and a row from 1 to 8, "
                    "like A1 or H8"),
])
def test_a_bad_line_gets_one_line_saying_what_was_wrong_and_what_would_work(text, line, said):
    assert text(line) == said
    assert text("where") == "A1, covered"  # and nothing changed


def test_lines_that_are_no_text_are_refused_before_they_are_read(text):
    assert text.game.answer(InputLine("go A1", too_long=True)).startswith(
        f"that line was longer than {LONGEST} characters")
    assert text("go \ufffd\ufffd").startswith("that line is not text")
    assert text("go C5\x1b[2J").startswith("that line has control characters in it")
    assert text("\x00").startswith("that line has control characters in it")
    assert text("go\tC5") == "C5, covered"  # a tab is a space


def test_a_best_time_asks_for_a_name_and_the_next_line_is_the_name(tmp_path):
    text = Text(tmp_path)
    won = text.win()
    assert won.endswith("game won in 1 second; a new best time for Beginner: 1 second. Type your name")
    assert text("go A1") == "best time for Beginner: 1 second, go A1"  # whatever the line says
    assert text.storage.best_times["beginner"].name == "go A1"
    text("new")
    text.clock.now += 0
    again = text.win()
    assert "best time" not in again  # 1 second does not beat 1 second
    assert [r.result for r in RecordStore(tmp_path).load().records] == ["won", "won"]


def test_a_name_is_cleaned_and_cut_and_an_empty_line_keeps_the_offered_one(tmp_path):
    text = Text(tmp_path, settings=Settings(player_name="Ada"))
    assert text.win().endswith("Type your name, or an empty line for Ada")
    assert text("") == "best time for Beginner: 1 second, Ada"
    text("level intermediate")
    text.win()
    name = "]0;ownedBob" + "b" * 13  # the control characters gone, 24 characters kept
    assert text("\x1b]0;owned\x07Bob" + "b" * 2000) == f"best time for Intermediate: 1 second, {name}"


def test_every_answer_goes_to_the_narration_log_line_for_line(text):
    text("go D4")
    text("uncover")
    text("mark A1")
    text("read row 1")
    text("time")
    text("foo")
    opening, *logged = text.logged()
    assert opening == "result: " + text.opening
    kinds = [line.split(":", 1)[0] for line in logged]
    assert kinds[:3] == ["cursor", "result", "result"] and kinds[3:5] == ["asked", "asked"]
    assert kinds[5] == "result" and logged[5].endswith('"foo" is not a command: help lists them all, '
                                                      'go C5 moves you to a square')
    assert logged[3] == "asked: " + text("read row 1")


def test_quit_ends_and_says_what_became_of_the_game(tmp_path):
    text = Text(tmp_path)
    assert text("quit") == "goodbye" and text.game.quitting
    other = Text(tmp_path / "other")
    other("uncover D4")
    assert other("exit") == "the game is kept as abandoned; goodbye"
    assert other.game.leave(1.0) == []
    assert [r.result for r in RecordStore(tmp_path / "other").load().records] == ["abandoned"]


def test_completion_and_shape_words(text):
    assert text("completion all-mines").startswith("completion: All Mines Found; ")
    assert text.session.choices.completion is Completion.ALL_MINES
    assert text("shape SQUARE").startswith("new game")
    assert text.session.choices.shape is Shape.SQUARE
    assert text("completion most") == ('completion takes all-non-mines, all-mines, both or either, not "most": '
                                       "like completion both")


def test_a_row_and_a_column_are_read_as_runs_that_rebuild_the_board(text):
    board = text.board
    text("uncover D4")
    text("mark A1")
    for row in range(8):
        words = parse_row_runs(text(f"read row {row + 1}"), 8)
        for col, word in enumerate(words):
            tile = board.tile(board.topology.index(col, row))
            assert word == {0: "blank", Tile.COVERED: "covered", Tile.MARKED: "marked"}.get(tile, str(tile))
    fresh = Text(text.storage.backend.folder.parent / "fresh")
    assert fresh("read row 8") == "row 8: all covered"
    assert fresh("read column H") == "column H: all covered"


def test_next_covered_and_next_number_walk_in_reading_order_and_wrap(text):
    board = text.board
    text("uncover D4")
    text("go A1")
    cells = board.topology.width * board.topology.height
    covered = [c for c in range(cells) if board.tile(c) == Tile.COVERED]
    numbers = [c for c in range(cells) if 1 <= board.tile(c) <= 8]
    assert covered and numbers
    heard = [text("next covered") for _ in range(len(covered) + 1)]
    expected = [c for c in covered if c > 0] + [c for c in covered if c <= 0]
    assert heard[:len(covered)] == [f"{text.name(c)}, covered" for c in expected]
    assert heard[-1] == heard[0], "past the last covered square it starts again from the top"
    text("go A1")
    assert text("next number") == f"{text.name(numbers[0])}, {board.tile(numbers[0])}"
    assert text("where") == f"{text.name(numbers[0])}, {board.tile(numbers[0])}"  # the jump moved the player
    assert text("next").endswith("next covered or next number moves you")  # next alone pages: nothing to page here
    assert text("next mine") == '"mine" is not something to go to: next covered or next number'
    assert text("next covered now") == "next covered takes nothing after it: type just next covered"


def test_jumps_say_none_when_there_is_nowhere_to_go(tmp_path):
    fresh = Text(tmp_path / "fresh")
    assert fresh("next number") == "none: no number is uncovered yet"
    assert fresh("where") == "A1, covered", "a jump to nowhere leaves the player where they were"
    fresh.win()
    fresh("")  # the best time's name
    assert fresh("next covered") == "none: no square is left covered"  # a won game shows its mines marked


def test_the_frontier_lists_the_numbers_touching_covered_squares(text):
    assert text("read frontier") == "frontier: none, no uncovered number touches a covered square"
    board = text.board
    text("uncover D4")
    answer = text("read frontier")
    topology = board.topology
    frontier = [c for c in range(64) if 1 <= board.tile(c) <= 8
                and any(board.tile(n) == Tile.COVERED for n in topology.neighbours[c])]
    assert answer == frontier_line(board)  # what the line holds: tests/access/test_reading.py
    assert answer.startswith(f"frontier, {len(frontier)} number{'s' * (len(frontier) > 1)}: ")
    assert text("read frontier 9") == "'9' is not a row: the rows are numbered from 1 to 8, from the top"
    last = max(topology.coords(c)[1] for c in frontier)
    assert text(f"read frontier {last + 1}") == frontier_line(board, last)
    assert text(f"read frontier {last + 1}").split(": ", 1)[1] == answer.split(": ", 1)[1].split("; ")[-1]
    if last + 2 <= 8:
        assert text(f"read frontier {last + 2}") == (f"frontier: none from row {last + 2} down, no uncovered number "
                                                     "touches a covered square")
    assert text("help read frontier").startswith("read frontier: ") and text("help next").startswith("next covered: ")


def test_read_board_reads_the_whole_board_from_a_row_down(text):
    assert text("read board") == "board, all covered"
    board = text.board
    text("uncover D4")
    answer = text("read board")
    assert [answer] == board_lines(board)  # what the line holds: tests/access/test_board_reading.py
    assert answer.startswith("board, rest ")
    assert [text("read board 3")] == board_lines(board, 2)
    assert text("read board 3").startswith("board from row 3, ")
    assert text("read board 9") == "'9' is not a row: the rows are numbered from 1 to 8, from the top"
    assert text("read board 1 2").startswith("read board")  # too many words: what it takes
    assert text("help read board").startswith("read board: ")


class SlowVoice:
    """Says each line for 1.5 times the Narrator's estimate, by the test's clock;
    cut off by stop(). Keeps when each line began."""

    name = "slow"
    problem = None
    cuts = True

    def __init__(self, clock) -> None:
        self.clock = clock
        self.heard: list[tuple[float, str]] = []
        self.until = 0.0

    def speak(self, text: str) -> None:
        self.heard.append((self.clock(), text))
        self.until = self.clock() + 1.5 * estimated_seconds(text)

    def stop(self) -> None:
        self.until = self.clock()

    def speaking(self) -> bool:
        return self.clock() < self.until

    def close(self) -> None:
        pass


def test_fifteen_quick_moves_in_the_text_mode_say_only_where_they_stop(tmp_path):
    """--text --narrator: 15 moves 0.3 s apart (the loop ticking between), then the player waits."""
    text = Text(tmp_path / "data", voice_for=SlowVoice)
    voice = text.game.narrator.voice
    for _ in range(400):  # the opening line is said first: what a move did is never cut off
        text.game.tick()
        text.clock.now += 0.05
    assert [said for _, said in voice.heard] == [text.opening]
    for _ in range(15):
        answer = text("right")
        last = text.clock.now
        for _ in range(12):  # the loop's turns between lines (at least every 50 ms)
            text.game.tick()
            text.clock.now += 0.025
    assert answer == "H1 is at the right edge: you did not move"
    for _ in range(100):
        text.game.tick()
        text.clock.now += 0.05
    squares = [(at, said) for at, said in voice.heard if said.startswith(("B1", "C1", "D1", "E1", "F1", "G1", "H1"))]
    assert len(squares) <= 4, squares
    assert squares[-1][1].startswith("H1") and squares[-1][0] - last <= 3.0
