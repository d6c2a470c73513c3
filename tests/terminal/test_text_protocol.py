"""`amigasweeper --text` as a process: one line out for each line in,
whatever comes in (very long lines, bytes that are not text, control
characters, a flood, a name of a megabyte), and a clean end at quit, at the
end of the input, at Ctrl-C, SIGTERM and a reader that went away, with the
game being played kept as abandoned where --stats finds it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from amigasweeper.storage import BEST_TIMES_FILE

from .text_run import Board, TextPlayer, TextRun, clean_env, printable_line, text_command

pytestmark = pytest.mark.slow  # real processes
posix_signals = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")


def stats(data) -> list[dict]:
    shown = subprocess.run([sys.executable, "-m", "amigasweeper", "--stats", "--json", "--data-dir", str(data)],
                           capture_output=True, text=True, timeout=120, env=clean_env())
    assert shown.returncode == 0, shown.stderr
    return json.loads(shown.stdout)["games"]


def run_all(data, lines: bytes, *args: str) -> subprocess.CompletedProcess:
    """The whole input at once (a pipe's worth and more: communicate reads as it writes)."""
    return subprocess.run(text_command(*args, "--data-dir", str(data)), input=lines, capture_output=True,
                          timeout=300, env=clean_env(), cwd=data.parent)


def test_one_line_out_for_each_line_in_whatever_the_line(tmp_path):
    hostile = [
        b"go C5",
        b"x" * (1024 * 1024),  # a megabyte on one line
        b"\xff\xfe\x00\x01binary",
        b"go C5\x1b[2J\x1b]0;title\x07",
        b"uncover\x00",
        b"\x7f\x08\x08",
        b"go D4\r",  # a Windows line end
        "go C\u0665".encode(),  # an Arabic-Indic digit is not a row
        b"",
        b"status " * 100,
        b"\xe2\x80\xae go C5",  # a right-to-left override
        b"where",
    ]
    result = run_all(tmp_path / "data", b"\n".join(hostile) + b"\n", "--seed", "4")
    assert result.returncode == 0 and result.stderr == b""
    out = result.stdout.decode("utf-8").split("\n")
    assert out[-1] == ""  # every line ends with its newline
    answers, last = out[1:-2], out[-2]
    assert len(answers) == len(hostile)
    assert last == "Goodbye (the end of the input): your games are kept, and everything waiting is saved"
    assert all(printable_line(line) and len(line) < 1000 for line in answers)
    assert answers[0] == "C5, covered"
    assert answers[1].startswith("that line was longer than 1024 characters")
    assert answers[2].startswith("that line is not text")
    assert answers[3].startswith("that line has control characters in it")
    assert answers[4].startswith("that line has control characters in it")
    assert answers[5].startswith("that line has control characters in it")
    assert answers[6] == "D4, covered"
    assert answers[7].startswith("'C\u0665' is not a square")
    assert answers[8].startswith("type a command")
    assert answers[9] == "status takes nothing after it: type just status"
    assert answers[10].startswith('"" is not a command')  # shown without the override: it cannot turn the line
    assert answers[11] == "D4, covered"


def test_a_flood_of_lines_is_answered_in_order_without_holding_them_all(tmp_path):
    lines = [f"go {col}{row}" for _ in range(100) for col in "ABCDEFGH" for row in range(1, 9)]
    result = run_all(tmp_path / "data", ("\n".join(lines) + "\n").encode())
    answers = result.stdout.decode().splitlines()[1:-1]
    assert result.returncode == 0 and len(answers) == len(lines) == 6400
    assert answers[-1] == "H8, covered" and answers[9] == "B2, covered"


def test_the_end_of_the_input_ends_the_game_as_abandoned_and_kept(tmp_path):
    data = tmp_path / "data"
    result = run_all(data, b"go D4\nuncover", "--seed", "4")  # no newline after the last line
    assert result.returncode == 0 and result.stderr == b""
    printed = result.stdout.decode().splitlines()
    assert len(printed) == 4 and printed[-1] == ("Goodbye (the end of the input): the game you had begun is kept "
                                                  "as abandoned, and everything waiting is saved")
    (game,) = stats(data)
    assert game["result"] == "abandoned" and (data / game["replay"]).is_file()


@posix_signals
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_ctrl_c_and_sigterm_end_cleanly_with_the_game_kept(tmp_path, signum, status):
    data = tmp_path / "data"
    run = TextRun("--seed", "4", data=data)
    try:
        run.ask("uncover D4")
        run.signal(signum)
        code, errors = run.finish()
    finally:
        run.kill()
    assert code == status and errors == ""
    said = "Ctrl-C" if signum == signal.SIGINT else "a stop signal"
    assert run.printed[-1] == (f"Goodbye ({said}): the game you had begun is kept as abandoned, "
                               "and everything waiting is saved")
    assert [g["result"] for g in stats(data)] == ["abandoned"]


def test_a_reader_that_goes_away_ends_the_game_cleanly(tmp_path):
    data = tmp_path / "data"
    process = subprocess.Popen(text_command("--seed", "4", "--data-dir", str(data)), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=clean_env(), cwd=tmp_path)
    try:
        process.stdout.readline()
        process.stdin.write(b"uncover D4\n")
        process.stdin.flush()
        process.stdout.readline()
        process.stdout.close()  # the screen reader's end of the pipe is gone
        process.stdin.write(b"status\nstatus\n")
        process.stdin.flush()
        assert process.wait(timeout=60) == 0
        assert process.stderr.read() == b""
    finally:
        if process.poll() is None:
            process.kill()
    assert [g["result"] for g in stats(data)] == ["abandoned"]


def test_a_name_of_a_megabyte_is_cut_to_the_names_length(tmp_path):
    data = tmp_path / "data"
    run = TextRun("--no-guess", "--seed", "12", data=data)
    try:
        won = TextPlayer(run, Board.from_line(run.opening)).play()
        assert won.endswith("a new best time for Beginner, square, no-guess: 1 second. Type your name")
        kept = run.ask(b"\x1b[31m" + b"N" * (1024 * 1024))
        # A no-guess board's time has a row of its own, not 2.4's Beginner slot (issue 42).
        assert kept == "best time for Beginner, square, no-guess: 1 second, [31m" + "N" * 20
        assert run.ask("best").endswith("; Beginner, square, no-guess 1 second, [31m" + "N" * 20)
        run.end_input()
        assert run.finish()[0] == 0
    finally:
        run.kill()
    times = json.loads((data / BEST_TIMES_FILE).read_text())
    assert json.dumps(times).count("N" * 20) == 1


def test_the_end_of_the_input_while_a_name_is_asked_keeps_the_offered_name(tmp_path):
    data = tmp_path / "data"
    for level, answer in (("beginner", b"Ada"), ("intermediate", None)):
        run = TextRun("--no-guess", "--level", level, "--seed", "13", data=data)
        try:
            won = TextPlayer(run, Board.from_line(run.opening)).play()
            if answer is not None:
                assert won.endswith("Type your name")
                run.ask(answer)
            else:
                assert won.endswith("Type your name, or an empty line for Ada")
            run.end_input()
            assert run.finish()[0] == 0
        finally:
            run.kill()
    times = json.loads((data / BEST_TIMES_FILE).read_text())
    assert json.dumps(times).count('"Ada"') == 2, times


def test_text_mode_needs_and_loads_no_pyxel(tmp_path):
    """The layer contract, in a process: with pyxel impossible to import, a game is played to its end."""
    blocked = [sys.executable, "-c", "import sys; sys.modules['pyxel'] = None; "
               "from amigasweeper.__main__ import main; sys.exit(main(sys.argv[1:]))"]
    run = TextRun("--seed", "4", data=tmp_path / "data", python=blocked)
    try:
        answer = run.ask("uncover D4")
        assert answer.endswith(" squares opened") or answer.startswith("D4, ")
        assert run.ask("quit") == "the game is kept as abandoned; goodbye"
        assert run.finish() == (0, "")
    finally:
        run.kill()


def test_the_text_modes_options(tmp_path):
    def amigasweeper(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "amigasweeper", *args], capture_output=True, text=True,
                              timeout=120, env=clean_env(COLUMNS="80"), input="quit\n", cwd=tmp_path)

    shown = amigasweeper("--text", "--help")
    assert shown.returncode == 0
    for option in ("--seed", "--level", "--data-dir", "--no-guess", "--narrator", "--narration-log", "--practice"):
        assert option in shown.stdout
    for bad, said in ((["--look", "kickstart2"], "unrecognized arguments: --look kickstart2"),
                      (["--level", "hard"], "invalid choice: 'hard'"),
                      (["--seed", "x"], "invalid int value: 'x'"),
                      (["--data-dir", " "], "--data-dir needs a folder name"),
                      (["--narration-log", ""], "--narration-log needs a file name")):
        refused = amigasweeper("--text", *bad)
        assert refused.returncode == 2 and said in refused.stderr and refused.stdout == ""
    window = amigasweeper("--help")
    assert "--text" in window.stdout and "--no-guess" in window.stdout
