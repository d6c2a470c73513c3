"""The tournament runner: bots in worker processes, every rule enforced, time limits, --jobs, Ctrl-C.

Bots here are written to files in a temporary folder and named by
module:function, as a bot author would; each run starts real processes, so
the boards are small and the games few.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bot_sources import MARK_ALL

from amigasweeper.challenge import (
    ChallengeConfig,
    Outcome,
    PlayerLoadError,
    run_challenge,
    run_tournament,
)
from amigasweeper.challenge.cli import Progress, main
from amigasweeper.challenge.harness import GameRecord, load_player

ROOT = Path(__file__).resolve().parents[2]

BOTS = MARK_ALL + '''
import os, time

def double_mark(board_size, number_of_bombs, board, make_move):
    """The old trick: clear a marked bomb in its board and mark it again."""
    for _ in range(number_of_bombs):
        make_move(0, 0, True)
        board[0] = -128

def sleep_past_the_limit(board_size, number_of_bombs, board, make_move):
    time.sleep(60)

def slow_once(board_size, number_of_bombs, board, make_move):
    """Sleeps through its first game only (a file remembers), then plays."""
    flag = SLOW_ONCE_FLAG  # written above this module by the test (a bot's environment is clean)
    if not os.path.exists(flag):
        open(flag, "w").close()
        time.sleep(60)
    mark_all(board_size, number_of_bombs, board, make_move)

def raise_error(board_size, number_of_bombs, board, make_move):
    make_move(0, 0, True)
    raise ValueError("first line\\nthe last line")

def move_after_the_end(board_size, number_of_bombs, board, make_move):
    mark_all(board_size, number_of_bombs, board, make_move)
    make_move(0, 0, True)

def off_the_board(board_size, number_of_bombs, board, make_move):
    make_move(board_size, 0, True)

def not_a_number(board_size, number_of_bombs, board, make_move):
    make_move("1", 0.5, True)

def huge_row(board_size, number_of_bombs, board, make_move):
    make_move(10**30, 0, True)

def exit_process(board_size, number_of_bombs, board, make_move):
    os._exit(7)

def chatty(board_size, number_of_bombs, board, make_move):
    print("a bot's debugging output")
    os.write(1, b"and some written straight to fd 1\\n")
    mark_all(board_size, number_of_bombs, board, make_move)

def give_up(board_size, number_of_bombs, board, make_move):
    return None

def escape_codes(board_size, number_of_bombs, board, make_move):
    raise ValueError("bad \\x1b[2J news")

def never_loads(board_size, number_of_bombs, board, make_move):
    return None
'''

CHEATER = '''
"""Looks everywhere a bot can reach for the layout or the seed, and raises if it finds either.

If it finds nothing it returns (the game counts as unfinished).
"""
import gc, multiprocessing, os, sys

SECRET = CHEAT_SEED  # written above this module by the test; "" for none

def has(obj, name):
    try:
        return hasattr(obj, name)
    except Exception:  # ctypes' library loaders raise OSError for a name they cannot load
        return False

def layout_like(obj, cells, bombs):
    if isinstance(obj, type):
        return ""  # the classes are public code; instances are what would hold a layout
    if type(obj).__name__ in ("ChallengeGame", "ChallengeConfig", "Table", "_TableHandle"):
        return type(obj).__name__
    if has(obj, "_bomb") or has(obj, "bomb_cells"):
        return "an object with the bombs"
    if isinstance(obj, list) and len(obj) == cells and all(type(v) is bool for v in obj) \\
            and sum(obj) == bombs:
        return "a list marking the bombs"
    if SECRET and isinstance(obj, str) and SECRET in obj and obj is not SECRET:
        return "the seed in " + repr(obj[:60])
    return ""

def search(obj, cells, bombs, seen, depth=0):
    if id(obj) in seen or depth > 6:
        return ""
    seen.add(id(obj))
    found = layout_like(obj, cells, bombs)
    if found:
        return found
    if isinstance(obj, dict):
        children = list(obj.keys()) + list(obj.values())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        children = list(obj)
    else:
        children = []
        for name in ("__self__", "__closure__", "__dict__", "__wrapped__", "cell_contents", "f_locals",
                     "_args", "_kwargs", "_target", "_config", "_popen"):
            try:
                children.append(getattr(obj, name))
            except Exception:
                pass
    for child in children:
        found = search(child, cells, bombs, seen, depth + 1)
        if found:
            return found
    return ""

def play(board_size, number_of_bombs, board, make_move):
    cells, seen = board_size * board_size, set()
    places = [("make_move", make_move), ("board", board), ("argv", sys.argv),
              ("environment", dict(os.environ)), ("this process", multiprocessing.current_process()),
              ("the parent process", multiprocessing.parent_process())]
    frame = sys._getframe()
    while frame is not None:
        places.append(("frame " + frame.f_code.co_name, frame.f_locals))
        places.append(("globals of " + frame.f_code.co_name, frame.f_globals))
        frame = frame.f_back
    for thread_frame in sys._current_frames().values():
        places.append(("another thread", thread_frame.f_locals))
    for name, module in list(sys.modules.items()):
        places.append(("module " + name, getattr(module, "__dict__", {})))
    places.append(("the garbage collector", gc.get_objects()))
    for where, obj in places:
        found = search(obj, cells, number_of_bombs, seen)
        if found:
            raise LookupError(f"found {found} via {where}")
'''

# A pickle that creates a file when unpickled: it must never be unpickled by the referee.
PIPE_WRITER = '''
import gc, os, pickle, struct

class Trap:
    def __reduce__(self):
        return (open, (TRAP_FILE, "w"))

def pipe_to_referee():
    """The descriptor this worker writes its moves to, found as any bot could."""
    return next(o for o in gc.get_objects() if type(o).__name__ == "Channel")._wfd

def play(board_size, number_of_bombs, board, make_move):
    trap = pickle.dumps(Trap())
    os.write(pipe_to_referee(), struct.pack("<H", len(trap)) + trap)  # a pickled message in place of a move
    make_move(0, 0, True)  # and see what comes back

def half_a_message(board_size, number_of_bombs, board, make_move):
    """Starts a message and never finishes it: the referee must not wait past the limit."""
    import time
    os.write(pipe_to_referee(), b"\\x40\\x00M")
    time.sleep(60)

def a_huge_message(board_size, number_of_bombs, board, make_move):
    os.write(pipe_to_referee(), b"\\xff\\xff" + b"M" * 65535)
'''


@pytest.fixture
def bots(write_bots, bot_folder):
    """The bot modules, importable by the workers (they get this sys.path)."""
    folder = bot_folder
    write_bots({"t_bots": f"SLOW_ONCE_FLAG = {str(folder / 'slow_once.flag')!r}\n" + BOTS,
                "t_cheater": cheater(""),
                "t_pipe_writer": f"TRAP_FILE = {str(folder / 'trap')!r}\n" + PIPE_WRITER})
    return folder


def cheater(seed: str) -> str:
    """The cheater's module, searching for ``seed`` as text too (when not "")."""
    return f"CHEAT_SEED = {seed!r}\n" + CHEATER


ALL_BOMBS = ChallengeConfig(size=3, bombs=9, games=2, seed=5)  # marking every cell wins


# ------------------------------------------------------------ rules and limits
def test_every_way_to_break_the_rules_costs_that_game_and_the_run_goes_on(bots):
    names = ["mark_all", "double_mark", "sleep_past_the_limit", "raise_error",
             "move_after_the_end", "off_the_board", "not_a_number", "huge_row", "exit_process", "give_up",
             "escape_codes"]
    result = run_tournament([f"t_bots:{n}" for n in names], ALL_BOMBS, jobs=2, time_limit=1.5, wall_limit=1.5)
    by_name = {report.player.split(":")[1]: report for report in result.reports}
    assert not result.interrupted
    assert all(report.games == 2 for report in result.reports)

    def outcomes(name):
        return [r.outcome for r in by_name[name].records]

    def errors(name):
        return [r.error for r in by_name[name].records]

    assert outcomes("mark_all") == [Outcome.WON] * 2
    assert outcomes("double_mark") == [Outcome.RULE_VIOLATION] * 2
    assert all(e.startswith("KnownCellError: (0, 0) is already known") for e in errors("double_mark"))
    assert [r.moves for r in by_name["double_mark"].records] == [1, 1]  # the second mark never counted
    assert outcomes("sleep_past_the_limit") == [Outcome.TIMED_OUT] * 2
    assert errors("sleep_past_the_limit") == ["stopped after the wall limit of 1.5 s"] * 2  # it used no CPU
    assert [r.ms for r in by_name["sleep_past_the_limit"].records] == [1500.0, 1500.0]
    assert outcomes("raise_error") == [Outcome.CRASHED] * 2
    assert errors("raise_error") == ["ValueError: the last line"] * 2
    assert outcomes("move_after_the_end") == [Outcome.RULE_VIOLATION] * 2
    assert all(e.startswith("GameOverError: the game is over (won)") for e in errors("move_after_the_end"))
    assert all(e.startswith("OffBoardError: (3, 0) is off the board") for e in errors("off_the_board"))
    assert all(e.startswith("OffBoardError: row and column must be whole numbers") for e in errors("not_a_number"))
    assert outcomes("huge_row") == [Outcome.RULE_VIOLATION] * 2
    assert outcomes("exit_process") == [Outcome.CRASHED] * 2
    assert errors("exit_process") == ["the bot's process ended (exit code 7)"] * 2
    assert outcomes("give_up") == [Outcome.UNFINISHED] * 2
    # What a bot sends back is shown, but cannot clear the screen or forge a line.
    assert errors("escape_codes") == ["ValueError: bad \\x1b[2J news"] * 2
    figures = {p["player"]: p for p in result.to_dict()["players"]}
    assert figures["t_bots:double_mark"]["rule_violations"] == 2
    assert figures["t_bots:sleep_past_the_limit"]["timeouts"] == 2
    assert figures["t_bots:raise_error"]["errors"] == 2
    # Only the honest player wins (its place by score also depends on the machine's load: 9 points a game).
    assert [name for name, report in by_name.items() if report.wins] == ["mark_all"]


def test_a_worker_stopped_at_the_time_limit_is_replaced_and_the_next_game_is_played(bots, unsealed):
    # The bot remembers its first game in a file: that needs a folder it can write, so no sandbox.
    bots.chmod(0o777)
    result = run_tournament(["t_bots:slow_once"], ALL_BOMBS, jobs=1, time_limit=0.5, wall_limit=1,
                            sandbox=unsealed)
    assert [r.outcome for r in result.reports[0].records] == [Outcome.TIMED_OUT, Outcome.WON]


def test_a_bot_that_does_not_load_stops_the_run_before_any_game(bots):
    with pytest.raises(PlayerLoadError, match="has no 'missing'"):
        run_tournament(["t_bots:mark_all", "t_bots:missing"], ALL_BOMBS, jobs=1)
    with pytest.raises(PlayerLoadError, match="module:function"):
        run_tournament(["no_colon"], ALL_BOMBS, jobs=1)


# ----------------------------------------------------------------- isolation
def test_the_cheater_finds_the_layout_when_it_shares_the_process(bots):
    # Proof that the search works: in-process, the referee is within reach.
    report = run_challenge(load_player("t_cheater:play"), ALL_BOMBS)
    assert all(r.outcome is Outcome.CRASHED and r.error.startswith("LookupError: found") for r in report.records)


def test_a_bot_in_its_worker_finds_neither_the_layout_nor_the_seed(bots):
    # The seed is 5: too short to search for as text.
    result = run_tournament(["t_cheater:play"], ChallengeConfig(size=6, bombs=5, games=3, seed=5), jobs=1)
    records = result.reports[0].records
    assert [r.error for r in records] == [""] * 3
    assert [r.outcome for r in records] == [Outcome.UNFINISHED] * 3


def test_the_command_line_seed_does_not_reach_a_worker(bots, write_bots):
    # Run as a user would; the cheater searches its process for the seed as text too.
    seed = "918273645"
    write_bots({"t_cheater": cheater(seed)})
    env = {**os.environ, "PYTHONPATH": str(bots)}
    result = subprocess.run(
        [sys.executable, "-m", "amigasweeper.challenge.cli", "--size", "5", "--bombs", "4", "--games", "2",
         "--seed", seed, "--jobs", "1", "--json", "--player", "t_cheater:play"],
        capture_output=True, text=True, cwd=bots, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    [player] = json.loads(result.stdout)["players"]
    assert player["problems"] == [] and player["outcomes"] == {"unfinished": 2}


def test_bytes_a_bot_forges_in_its_pipe_are_never_unpickled(bots):
    result = run_tournament(["t_pipe_writer:play", "t_bots:mark_all"], ALL_BOMBS, jobs=1)
    forger, honest = result.reports
    assert [r.outcome for r in forger.records] == [Outcome.CRASHED] * 2
    assert all("unknown kind" in r.error for r in forger.records)
    assert not (bots / "trap").exists()
    assert honest.wins == 2


@pytest.mark.skipif(sys.platform == "win32", reason="the frames are the POSIX channel's")
def test_half_a_message_or_a_huge_one_costs_the_game_not_the_run(bots):
    result = run_tournament(["t_pipe_writer:half_a_message", "t_pipe_writer:a_huge_message", "t_bots:mark_all"],
                            ALL_BOMBS, jobs=1, time_limit=0.5, wall_limit=0.5)
    half, huge, honest = result.reports
    assert [r.outcome for r in half.records] == [Outcome.TIMED_OUT] * 2
    assert [r.outcome for r in huge.records] == [Outcome.CRASHED] * 2
    assert all("65535 bytes" in r.error or "ended" in r.error for r in huge.records)
    assert honest.wins == 2


def test_a_bots_prints_do_not_spoil_the_json(bots, capfd):
    assert main(["--size", "3", "--bombs", "9", "--games", "2", "--jobs", "1", "--json",
                 "--player", "t_bots:chatty"]) == 0
    out, err = capfd.readouterr()
    assert json.loads(out)["players"][0]["wins"] == 2
    assert "a bot's debugging output" in err and "straight to fd 1" in err


# ------------------------------------------------------- jobs and players
def _games(jsonl: Path) -> list[tuple]:
    lines = [json.loads(line) for line in jsonl.read_text().splitlines()]
    return sorted((g["player"], g["game"], g["outcome"], g["moves"], g["error"]) for g in lines)


def _without_times(data: dict) -> dict:
    for player in data["players"]:
        for key in ("total_ms", "total_wall_ms", "mean_ms", "score", "rank", "score_ci95", "same_as_next"):
            player.pop(key)
    data["players"].sort(key=lambda p: p["player"])
    return data


def test_the_same_seed_gives_the_same_results_whatever_the_jobs(tmp_path, capsys):
    runs = {}
    for jobs in (1, 2):
        log = tmp_path / f"games{jobs}.jsonl"
        assert main(["--size", "8", "--bombs", "10", "--games", "6", "--seed", "11", "--jobs", str(jobs),
                     "--player", "solver", "--player", "naive", "--json", "--jsonl", str(log)]) == 0
        runs[jobs] = (_without_times(json.loads(capsys.readouterr().out)), _games(log))
    assert runs[1] == runs[2]
    data, games = runs[1]
    assert len(games) == 12 and {g[0] for g in games} == {"solver", "naive"}
    assert [p["games"] for p in data["players"]] == [6, 6]


def test_several_players_meet_the_same_boards_and_are_ranked(capsys):
    assert main(["--size", "8", "--bombs", "10", "--games", "4", "--jobs", "2", "--seed", "2",
                 "--player", "naive", "--player", "solver", "--player", "solver"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(n for n, line in enumerate(lines) if line.startswith("rank"))
    rows = [line.replace("solver #2", "solver#2").split() for line in lines[header + 1:header + 4]]
    assert sorted(row[1] for row in rows) == ["naive", "solver", "solver#2"]
    wins = {row[1]: int(row[3]) for row in rows}
    assert wins["solver"] == wins["solver#2"]  # the same player on the same boards
    # Ranked by score, which the referee's clock (and so the machine's load) shares in deciding.
    scores = [float(row[8]) for row in rows]  # after the four words of the win rate
    assert scores == sorted(scores, reverse=True)


def test_jsonl_has_a_line_per_game_as_it_ends(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    assert main(["--size", "4", "--bombs", "2", "--games", "3", "--jobs", "1", "--jsonl", str(log)]) == 0
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(g["game"] for g in games) == [0, 1, 2]
    assert set(games[0]) == {"player", "game", "outcome", "won", "moves", "ms", "wall_ms", "error", "audit"}


@pytest.mark.parametrize("argv, message", [
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--time-limit", "0"], "--time-limit must be a positive"),
    (["--time-limit", "nan"], "--time-limit must be a positive"),
    (["--jsonl", "/nonexistent-folder/x.jsonl"], "cannot write"),
])
def test_bad_run_options_exit_2(capsys, argv, message):
    assert main(["--games", "1", *argv]) == 2
    assert message in capsys.readouterr().err


def test_help_states_the_defaults(capsys):
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "default: 60, far more than a fair bot needs" in out
    assert "default: the number of cores" in out


# ------------------------------------------------------- progress and Ctrl-C
class TTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_on_a_terminal_after_two_seconds_then_clears():
    now = [0.0]
    stream = TTY()
    progress = Progress(stream, total=10, clock=lambda: now[0])
    won = GameRecord(0, Outcome.WON, 3, 1.0)
    progress.add(won)
    assert stream.getvalue() == ""  # a quick run shows nothing
    now[0] = 3.0
    progress.add(won)
    assert stream.getvalue() == "\r2/10 games, 2 won, about 0:12 left"
    progress.clear()
    assert stream.getvalue().endswith("\r")
    quiet = io.StringIO()  # not a terminal: never
    progress = Progress(quiet, total=10, clock=lambda: now[0] + 10)
    progress.add(won)
    assert quiet.getvalue() == ""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a process is POSIX")
@pytest.mark.slow
def test_ctrl_c_prints_the_games_played_and_exits_130(bots, child_processes):
    log = bots / "games.jsonl"
    process = child_processes.start(  # never left running: it would play 100,000 games
        [sys.executable, "-m", "amigasweeper.challenge.cli", "--size", "10", "--games", "100000",
         "--jobs", "2", "--player", "solver", "--jsonl", str(log)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not log.exists() or log.read_text().count("\n") < 3):
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    assert "interrupted after" in out and "of 100000 games" in out
    played = int(out.split("interrupted after ")[1].split()[0])
    assert played >= 3
    row = next(line for line in out.splitlines() if " solver " in line).split()
    assert int(row[2]) == played  # the table counts exactly the games played
