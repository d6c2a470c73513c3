"""The amigasweeper-challenge command: table, JSON, clear errors."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from amigasweeper.challenge.cli import main

SMALL = ["--size", "8", "--bombs", "10", "--games", "5", "--seed", "3", "--jobs", "1"]


def test_the_table_names_every_figure(capsys):
    assert main(SMALL) == 0
    out = capsys.readouterr().out
    for label in ("rank", "player", "games", "wins", "win rate (95% CI)", "score", "ms/game", "rule violations",
                  "time-outs", "errors", "first move", "time limit 60 s of CPU a game, wall limit 70 s"):
        assert label in out
    # What held: one line each, as the first table found its machine.
    for label in ("sandbox", "syscalls", "clock", "idle bots", "processors", "memory", "processes", "files"):
        assert any(line.startswith(f"{label} ") for line in out.splitlines()), label
    assert "triangle 8x8, 10 bombs, seed 3" in out
    assert "may hit a bomb" in out
    row = next(line for line in out.splitlines() if "solver" in line).split()
    assert row[:3] == ["1", "solver", "5"]


def test_the_table_says_when_the_first_move_is_safe(capsys):
    assert main([*SMALL, "--safe-first", "--shape", "hex", "--player", "naive"]) == 0
    out = capsys.readouterr().out
    assert "safe (bombs laid after it)" in out and "hex 8x8" in out and "naive" in out


def test_json_is_one_object_with_consistent_figures(capsys):
    assert main([*SMALL, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    data = json.loads(out)
    assert data["games"] == 5 and data["shape"] == "triangle" and data["safe_first"] is False
    assert data["interrupted"] is False and data["time_limit"] == 60
    [player] = data["players"]
    assert player["rank"] == 1 and player["player"] == "solver" and player["games"] == 5
    assert player["points"] == player["wins"] * 64
    assert player["score"] == pytest.approx(player["points"] - player["total_ms"])
    assert player["mean_ms"] == pytest.approx(player["total_ms"] / 5)
    low, high = player["win_rate_ci95"]
    assert low <= player["win_rate"] <= high
    assert sum(player["outcomes"].values()) == 5
    assert player["rule_violations"] == player["timeouts"] == player["errors"] == 0


def test_the_default_bomb_count_is_fifteen_percent(capsys):
    assert main(["--size", "10", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bombs"] == 15


@pytest.mark.parametrize("argv, message", [
    (["--player", "no.such.module:play"], "cannot import"),
    (["--player", "just_a_name"], "module:function"),
    (["--size", "4", "--bombs", "17"], "do not fit"),
    (["--size", "4", "--bombs", "16", "--safe-first"], "do not fit"),
    (["--size", "0"], "size"),
    (["--games", "0"], "at least one game"),
    (["--shape", "octagon"], "invalid choice"),
    (["--size", "big"], "invalid int"),
])
def test_bad_arguments_exit_2_with_a_message(capsys, argv, message):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_help_exits_0(capsys):
    assert main(["--help"]) == 0
    assert "--safe-first" in capsys.readouterr().out


def test_player_crashes_are_listed(write_bots, capsys):
    write_bots({"crashing_bot_for_cli": "def play(board_size, number_of_bombs, board, make_move):\n"
                                        "    raise KeyError('oops')\n"})
    assert main([*SMALL, "--games", "7", "--player", "crashing_bot_for_cli:play"]) == 0
    out = capsys.readouterr().out
    assert "crashing_bot_for_cli:play: game 0 crashed: KeyError: 'oops'" in out
    assert "game 5 crashed" not in out and "and 2 more (see --json or --jsonl)" in out


@pytest.mark.slow
def test_the_installed_console_script_runs_a_bot_from_the_current_directory(write_bots):
    # The script of the environment running the tests, not another one earlier on PATH
    # (a venv not activated, or an old install in the system's Python).
    beside = Path(sys.executable).parent
    script = shutil.which("amigasweeper-challenge", path=str(beside)) or shutil.which("amigasweeper-challenge")
    if script is None:
        pytest.skip("amigasweeper-challenge is not installed (pip install -e .)")
    folder = write_bots({"my_marking_bot": "def play(board_size, number_of_bombs, board, make_move):\n"
                                           "    for cell in range(board_size * board_size):\n"
                                           "        make_move(cell // board_size, cell % board_size, True)\n"})
    result = subprocess.run([script, "--size", "3", "--bombs", "9", "--games", "2", "--json",
                             "--player", "my_marking_bot:play"],
                            capture_output=True, text=True, cwd=folder, timeout=60)
    assert result.returncode == 0, result.stderr
    (player,) = json.loads(result.stdout)["players"]
    assert player["wins"] == 2 and player["player"] == "my_marking_bot:play"


def _without_bwrap(*argv: str, board: tuple[str, ...] = tuple(SMALL)) -> subprocess.CompletedProcess:
    """The command on a system where bwrap is not to be found (an empty PATH)."""
    return subprocess.run([sys.executable, "-m", "amigasweeper.challenge.cli", *board, *argv],
                          capture_output=True, text=True, timeout=120, env={**os.environ, "PATH": ""})


def test_sandbox_required_refuses_to_run_unsealed_in_one_line():
    unseeded = tuple(SMALL[:SMALL.index("--seed")] + SMALL[SMALL.index("--seed") + 2:])  # a contest's: no short seed
    done = _without_bwrap("--sandbox", "required", board=unseeded)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("amigasweeper-challenge: error: --sandbox required, but ")
    why = "bwrap (Debian's bubblewrap) is not installed" if sys.platform.startswith("linux") else "Linux sandbox"
    assert why in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.slow
def test_an_unsealed_run_says_so_in_the_table_and_the_json(unsealed):
    done = _without_bwrap()
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("sandbox"))
    assert "NOT sealed" in line and "a bot can read what its user may read" in line
    assert "warning: the run is not sealed, so a bot can read --seed" in done.stderr
    data = json.loads(_without_bwrap("--json").stdout)
    assert data["sealed"] is False and data["sandbox"].startswith("NOT sealed")


@pytest.mark.parametrize("option, message", [
    ("--memory-limit", "--memory-limit must be a number of megabytes"),
    ("--file-limit", "--file-limit must be a number of megabytes"),
    ("--process-limit", "--process-limit must be a number of processes"),
    ("--wall-limit", "--wall-limit must be a positive number of seconds"),
])
def test_a_negative_cap_or_limit_is_refused(capsys, option, message):
    assert main([*SMALL, option, "-1"]) == 2
    assert message in capsys.readouterr().err


def test_the_json_says_what_held(capsys):
    assert main([*SMALL, "--games", "1", "--json", "--wall-limit", "30"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["wall_limit"] == 30
    walls = data["walls"]
    assert set(walls) == {"syscalls", "clock", "freezing", "processors", "memory", "processes", "files",
                          "clock_kind", "cgroups"}
    assert walls["clock_kind"] in ("cgroup", "process tree", "process", "wall")


def test_a_stopped_player_is_named_with_the_reason_below_the_table(write_bots, capsys):
    write_bots({"dying_bot_for_cli": "import os\ndef play(board_size, number_of_bombs, board, make_move):\n"
                                     "    os._exit(3)\n"})
    assert main([*SMALL, "--games", "6", "--player", "dying_bot_for_cli:play", "--player", "solver"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("dying_bot_for_cli:play: stopped"))
    assert "stopped after 3 failed games in a row, the last: the bot's process ended (exit code 3)" in line
    assert "games not yet played count as lost" in line
    solver = next(line for line in out.splitlines() if " solver " in line).split()
    assert solver[2] == "6"  # every game of the other player was played
