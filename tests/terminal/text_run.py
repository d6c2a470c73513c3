"""`amigasweeper --text` as a real process, and a player that reads nothing
but what it prints.

TextRun starts the program from this worktree with a clean environment,
sends it lines and takes its answers a line at a time (a thread reads its
output, so a test never hangs on a program that says nothing: it fails
after a timeout instead), and checks every line it prints is one clean
line of printable text.

TextPlayer wins no-guess games from the text alone: it learns the board's
size and mines from the opening line, reads every row with `read row N`,
rebuilds its squares from the runs, parses the words into what a player knows (a PlayerView) and asks the
project's solver which squares are proved safe or mines, exactly as a
blind player with a good head for logic would from the same lines. It
never looks at the game's mines.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

import amigasweeper
from amigasweeper.access.words import square_name
from amigasweeper.engine import Shape, make_topology
from amigasweeper.engine.names import column_number
from amigasweeper.engine.view import COVERED, MARKED, PlayerView
from amigasweeper.solver import all_certain

REPO = Path(amigasweeper.__file__).resolve().parents[1]
ANSWER_WAIT = 60.0  # seconds an answer may take on a loaded machine before the test fails
WORDS = {"covered": COVERED, "question": COVERED, "marked": MARKED, "blank": 0}
BOARD = re.compile(r"(\d+) by (\d+) squares, (\d+) mines?")


def clean_env(**extra: str) -> dict[str, str]:
    """Nothing from the caller that changes what runs: no data folder, no display, no arguments."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("AMIGASWEEPER_") and k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["PYTHONPATH"] = str(REPO)
    env.update(extra)
    return env


def text_command(*args: str, python: list[str] | None = None) -> list[str]:
    return [*(python or [sys.executable, "-m", "amigasweeper"]), "--text", *args]


def printable_line(text: str) -> bool:
    return all(ch.isprintable() for ch in text)


class TextRun:
    def __init__(self, *args: str, data: Path, env: dict[str, str] | None = None,
                 python: list[str] | None = None) -> None:
        self.process = subprocess.Popen(
            text_command(*args, "--data-dir", str(data), python=python), stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env or clean_env(), cwd=data.parent,
            start_new_session=os.name == "posix")
        self.printed: list[str] = []
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.opening = self.next_line()

    def _read(self) -> None:
        for raw in self.process.stdout:
            self._lines.put(raw.decode("utf-8"))
        self._lines.put(None)

    def next_line(self, wait: float = ANSWER_WAIT) -> str | None:
        """The next line printed (None once the output has ended)."""
        try:
            raw = self._lines.get(timeout=wait)
        except queue.Empty:
            self.kill()
            raise AssertionError(f"no answer within {wait} s; printed so far: {self.printed[-5:]}") from None
        if raw is None:
            return None
        assert raw.endswith("\n"), f"a line without its end: {raw!r}"
        line = raw[:-1]
        assert printable_line(line), f"an answer with unprintable characters: {line!r}"
        self.printed.append(line)
        return line

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def ask(self, line: str | bytes) -> str:
        """Send one line; its one answer."""
        self.send((line.encode("utf-8") if isinstance(line, str) else line) + b"\n")
        answer = self.next_line()
        assert answer is not None, f"the program ended instead of answering {line!r}"
        return answer

    def end_input(self) -> None:
        self.process.stdin.close()

    def signal(self, signum: int) -> None:
        self.process.send_signal(signum)

    def finish(self, wait: float = ANSWER_WAIT) -> tuple[int, str]:
        """The exit status and what went to stderr; lines printed after are kept in ``printed``."""
        try:
            self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"still running {wait} s after it was told to end") from None
        while self.next_line(wait) is not None:
            pass
        return self.process.returncode, self.process.stderr.read().decode("utf-8", "replace")

    def kill(self) -> None:
        if self.process.poll() is None:
            if os.name == "posix":
                os.killpg(self.process.pid, signal.SIGKILL)
            else:
                self.process.kill()
        self.process.wait()


@dataclass
class Board:
    """What the opening line says of the board."""

    width: int
    height: int
    mines: int

    @classmethod
    def from_line(cls, line: str) -> Board:
        found = BOARD.search(line)
        assert found, f"no board in {line!r}"
        return cls(*map(int, found.groups()))


def parse_word(word: str) -> int:
    if word in WORDS:
        return WORDS[word]
    assert word.isdecimal(), f"{word!r} is not a square's word"
    return int(word)


def parse_row_runs(answer: str, width: int) -> list[str]:
    """The words of a row from `read row`'s runs, as a listener rebuilds them:
    'row 3: A to C covered, D 1 2, F blank' -> covered, covered, covered, 1, 2, blank."""
    head, _, runs = answer.partition(": ")
    assert head.startswith("row "), answer
    if runs.startswith("all "):
        return [runs.removeprefix("all ")] * width
    words: list[str] = []
    for run in runs.split(", "):
        parts = run.split(" ")
        first = column_number(parts[0])
        assert first == len(words), f"{run!r} does not start where the last run ended, in {answer!r}"
        if len(parts) == 4 and parts[1] == "to":
            words += [parts[3]] * (column_number(parts[2]) - first + 1)
        else:
            assert len(parts) == 2 or all(p.isdecimal() for p in parts[1:]), run
            words += parts[1:]
    assert len(words) == width, answer
    return words


@dataclass
class TextPlayer:
    """Plays a square board to a win from `read row` answers and the solver.
    ``marking``: mark every mine proved and clear around numbers whose
    mines are all marked, as well as uncovering; else uncover only."""

    run: TextRun
    board: Board
    marking: bool = False
    answers: list[str] = field(default_factory=list)

    @property
    def topology(self):
        return make_topology(Shape.SQUARE, self.board.width, self.board.height)

    def read_board(self) -> list[int]:
        cells = []
        for row in range(1, self.board.height + 1):
            words = parse_row_runs(self.run.ask(f"read row {row}"), self.board.width)
            cells += [parse_word(word) for word in words]
        return cells

    def act(self, command: str, cell: int) -> str:
        answer = self.run.ask(f"{command} {square_name(self.topology, cell)}")
        self.answers.append(answer)
        assert "game lost" not in answer, f"{command} on a square the solver proved: {answer}"
        return answer

    def play(self, steps: int = 2000) -> str:
        """Play on to the win; the answer that won."""
        topology = self.topology
        answer = self.act("uncover", topology.index(topology.width // 2, topology.height // 2))
        for _ in range(steps):
            if "game won" in answer:
                return answer
            answer = self._step(self.read_board())
        raise AssertionError("no win after many steps")

    def _step(self, cells: list[int]) -> str:
        certain = all_certain(PlayerView(self.topology, self.board.mines, tuple(cells)))
        assert certain.safe or certain.mines, "the solver found nothing certain: the board needs a guess"
        if self.marking:
            unmarked = sorted(m for m in certain.mines if cells[m] != MARKED)
            if unmarked:
                return self.act("mark", unmarked[0])
            number = self._clearable(cells)
            if number is not None:
                return self.act("clear", number)
        return self.act("uncover", min(certain.safe))

    def _clearable(self, cells: list[int]) -> int | None:
        """A number whose mines around are all marked and that has a covered square around it."""
        neighbours = self.topology.neighbours
        for cell, value in enumerate(cells):
            if value > 0 and any(cells[n] == COVERED for n in neighbours[cell]) \
                    and sum(cells[n] == MARKED for n in neighbours[cell]) == value:
                return cell
        return None
