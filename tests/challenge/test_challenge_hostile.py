"""Hostile bots: each tries to cheat its way past the referee or hurt the other players, and gains nothing.

Each bot is a small module written as a bot author would write it. The
runs are real tournaments (tables, workers, the sandbox when this system
has one), so the boards are small and the games few.
"""

from __future__ import annotations

import contextlib
import gc
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from bot_sources import MARK_ALL
from walls_support import nobody_account

from amigasweeper.challenge import (
    ChallengeConfig,
    Outcome,
    PlayerLoadError,
    run_tournament,
    tournament,
)
from amigasweeper.challenge.limits import Caps
from amigasweeper.challenge.sandbox import Sandbox, choose
from amigasweeper.challenge.tournament import FAILURES_IN_A_ROW, NOT_PLAYED

ROOT = Path(__file__).resolve().parents[2]  # this checkout: the command run as another user must run its code

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="the hostile bots use POSIX signals")

ALL_BOMBS = ChallengeConfig(size=3, bombs=9, games=3, seed=5)  # marking every cell wins


LIAR = MARK_ALL + '''
import time
from amigasweeper.challenge import protocol, bot_session, bot_worker

def play(board_size, number_of_bombs, board, make_move):
    """Thinks for 50 ms a game and tells every clock it can reach that it took none."""
    protocol.done = lambda *args: protocol.MessageKind.DONE.value
    bot_worker.protocol = protocol
    time.perf_counter = time.monotonic = time.time = lambda: 0.0
    bot_session.time.perf_counter = lambda: 0.0
    deadline = time.process_time() + 0.05
    while time.process_time() < deadline:
        pass
    mark_all(board_size, number_of_bombs, board, make_move)
'''


def test_a_bot_that_lies_about_its_time_is_charged_what_the_referee_measured(write_bots):
    write_bots({"h_liar": LIAR})
    result = run_tournament(["h_liar:play"], ALL_BOMBS, jobs=1)
    records = result.reports[0].records
    assert [r.outcome for r in records] == [Outcome.WON] * 3
    assert all(r.ms >= 50.0 for r in records), [r.ms for r in records]


# ------------------------------------------------- failures cost one player
EXITS = MARK_ALL + '''
import os

def exit_every_game(board_size, number_of_bombs, board, make_move):
    os._exit(3)
'''


def _table_processes():
    return [p for p in multiprocessing.active_children() if p.name == "amigasweeper table"]


@pytest.mark.slow
def test_a_player_whose_worker_keeps_dying_is_stopped_alone(write_bots):
    write_bots({"h_exits": EXITS})
    config = ChallengeConfig(size=3, bombs=9, games=6, seed=5)
    result = run_tournament(["h_exits:exit_every_game", "h_exits:mark_all"], config, jobs=2)
    dying, honest = result.reports
    assert [r.outcome for r in honest.records] == [Outcome.WON] * 6  # every other player's games stand
    assert dying.games == 6 and dying.wins == 0
    played = [r for r in dying.records if r.error != NOT_PLAYED]
    assert len(played) >= FAILURES_IN_A_ROW
    assert all(r.error == "the bot's process ended (exit code 3)" for r in played)
    reason = result.stopped["h_exits:exit_every_game"]
    assert reason.startswith(f"stopped after {FAILURES_IN_A_ROW} failed games in a row")
    assert "h_exits:mark_all" not in result.stopped
    assert result.to_dict()["players"][1]["stopped"] == reason


def test_a_table_killed_from_outside_costs_no_game_and_is_replaced(write_bots):
    write_bots({"h_exits": EXITS})
    config = ChallengeConfig(size=3, bombs=9, games=8, seed=5)
    killed = []

    def kill_a_table(player, record):
        if not killed:
            table = _table_processes()[0]
            os.kill(table.pid, signal.SIGKILL)
            killed.append(table.pid)

    result = run_tournament(["h_exits:mark_all"], config, jobs=1, on_record=kill_a_table)
    records = result.reports[0].records
    assert [r.index for r in records] == list(range(8))  # every game has its record, none twice
    assert all(r.outcome.won and not r.error for r in records)  # the game it was playing was played again
    assert result.replayed <= 1 and not result.missing
    assert not result.interrupted and not result.stopped


def test_a_table_that_stops_answering_is_given_up_and_replaced(write_bots, monkeypatch):
    write_bots({"h_exits": EXITS})
    monkeypatch.setattr(tournament, "LOAD_LIMIT", 0.5)
    monkeypatch.setattr(tournament, "STALL_GRACE", 10.0)  # room for a fresh table to start on a loaded machine
    config = ChallengeConfig(size=3, bombs=9, games=4, seed=5)
    stopped = []

    def stop_a_table(player, record):
        if not stopped:
            table = _table_processes()[0]
            os.kill(table.pid, signal.SIGSTOP)
            stopped.append(table.pid)

    result = run_tournament(["h_exits:mark_all"], config, jobs=1, time_limit=0.5, wall_limit=0.5,
                            on_record=stop_a_table)
    records = result.reports[0].records
    assert [r.index for r in records] == [0, 1, 2, 3]
    assert all(r.outcome.won and not r.error for r in records)  # its game was played again, on a fresh worker
    assert result.replayed == 1 and not result.missing
    with contextlib.suppress(ProcessLookupError):
        os.kill(stopped[0], signal.SIGCONT)  # the table was killed; this only tidies up if it was not


def _walls(mode: str, request) -> Sandbox:
    """The sandbox for ``mode``: "off" skips, saying why, where unsealed workers cannot start."""
    return request.getfixturevalue("unsealed") if mode == "off" else choose(mode)


# ------------------------------------------------------ reading other processes
SNOOP = MARK_ALL + '''
import os

MARKERS = (b"amigasweeper-challenge:", SEED.encode())  # the boards' seed string, and the seed itself

def ancestors():
    """This worker's parent, its parent, and so on: the table and the coordinator, unless sealed."""
    pid = os.getpid()
    while True:
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                pid = int(stat.read().rpartition(b")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            return
        if pid <= 0:
            return
        yield pid

def memory(pid, budget=64 << 20):
    """Every readable byte of the process's memory, as far as the budget goes."""
    with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", 0) as mem:
        for line in maps:
            span, perms = line.split()[:2]
            start, end = (int(x, 16) for x in span.split("-"))
            if "r" not in perms or end - start > budget:
                continue
            budget -= end - start
            try:
                mem.seek(start)
                yield mem.read(end - start)
            except (OSError, OverflowError, ValueError):
                continue

def finds(pid):
    """What of the run's secrets this process's files and memory show to this one."""
    found = []
    for name in ("cmdline", "environ"):
        try:
            with open(f"/proc/{pid}/{name}", "rb") as f:
                data = f.read()
        except OSError:
            continue
        found += [f"{m!r} in {name} of {pid}" for m in MARKERS if m in data]
    try:
        for chunk in memory(pid):
            found += [f"{m!r} in the memory of {pid}" for m in MARKERS if m in chunk]
    except OSError:
        pass
    return found

def play(board_size, number_of_bombs, board, make_move):
    found = [f for pid in ancestors() for f in finds(pid)]
    if found:
        raise LookupError("; ".join(sorted(set(found))))
    mark_all(board_size, number_of_bombs, board, make_move)
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads other processes through Linux's /proc")
def test_the_snoop_finds_the_seed_where_it_can_read(tmp_path):
    # Proof that the search works: a process of ours, holding the secrets, is open to it.
    snoop = {}
    exec(compile(SNOOP.replace("SEED.encode()", "b'4242424242'"), "snoop", "exec"), snoop)
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time; s = 'amigasweeper-challenge:' + "
                               "'4242424242'[::-1][::-1]; print(s, flush=True); time.sleep(60)"],
                              stdout=subprocess.PIPE)
    try:
        holder.stdout.readline()
        found = snoop["finds"](holder.pid)
    finally:
        holder.kill()
        holder.wait()
    assert any("in the memory of" in f and "amigasweeper-challenge:" in f for f in found), found
    assert any("4242424242" in f and "cmdline" in f for f in found), found


def _run_cli(folder: Path, *argv: str, as_nobody: bool = False) -> subprocess.CompletedProcess:
    """The command as a user runs it; ``as_nobody`` runs it as that user when the tests run as root."""
    account = nobody_account() if as_nobody and os.geteuid() == 0 else {}
    return subprocess.run([sys.executable, "-m", "amigasweeper.challenge.cli", "--size", "3", "--bombs", "9",
                           "--games", "2", "--jobs", "2", "--json", *argv],
                          capture_output=True, text=True, cwd=folder, timeout=180,
                          env={**os.environ, "PYTHONPATH": f"{folder}{os.pathsep}{ROOT}"}, **account)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads other processes through Linux's /proc")
def test_sealed_a_bot_finds_no_seed_in_the_coordinator_or_tables_even_given_on_the_command_line(
        write_bots, sealed):
    seed = "918273645546372819"
    folder = write_bots({"h_snoop": f"SEED = {seed!r}\n" + SNOOP})
    done = _run_cli(folder, "--seed", seed, "--player", "h_snoop:play", "--player", "solver")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["sealed"] is True
    snoop = next(p for p in data["players"] if p["player"] == "h_snoop:play")
    assert snoop["problems"] == [] and snoop["wins"] == 2


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads other processes through Linux's /proc")
def test_unsealed_a_bot_cannot_read_the_memory_of_the_coordinator_or_tables(write_bots, unsealed):
    # The seed is the fresh secret one; what the bot looks for is the boards' seed string in memory.
    # Run by one user (nobody, when the tests run as root), so only non-dumpable processes keep it out.
    folder = write_bots({"h_snoop": "SEED = 'no seed given'\n" + SNOOP})
    done = _run_cli(folder, "--sandbox", "off", "--player", "h_snoop:play", as_nobody=True)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["sealed"] is False and "NOT sealed" in data["sandbox"]
    [snoop] = data["players"]
    assert snoop["problems"] == [] and snoop["wins"] == 2


@pytest.mark.slow
def test_unsealed_given_seed_is_warned_about(write_bots, unsealed):
    folder = write_bots({"h_exits": EXITS})
    done = _run_cli(folder, "--sandbox", "off", "--seed", "77", "--player", "h_exits:mark_all")
    assert done.returncode == 0, done.stderr
    assert "warning: the run is not sealed, so a bot can read --seed" in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads command lines through Linux's /proc")
def test_no_child_process_carries_the_seed_on_its_command_line_or_in_its_environment(write_bots):
    write_bots({"h_exits": EXITS})
    seed = 987654321987654321
    seen = []

    from child_processes import descendants

    def look(player, record):
        for pid in descendants(os.getpid()):
            for name in ("cmdline", "environ"):
                with contextlib.suppress(OSError), open(f"/proc/{pid}/{name}", "rb") as f:
                    seen.append((pid, str(seed).encode() in f.read()))

    config = ChallengeConfig(size=3, bombs=9, games=2, seed=seed)
    run_tournament(["h_exits:mark_all"], config, jobs=1, on_record=look)
    assert len({pid for pid, _ in seen}) >= 2  # the table and the worker (and bwrap, when sealed) were read
    assert not any(found for _, found in seen)


# ----------------------------------------------------- touching the others
SIGNALLER = MARK_ALL + '''
import os, signal

def siblings():
    """Every other bot's worker this one can see."""
    mine = (os.getpid(), os.getppid())  # itself, and its table (unsealed) or its sandbox's first process
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in mine:
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                if b"amigasweeper.challenge.bot_worker" in f.read():
                    yield int(entry)
        except OSError:
            pass

def play(board_size, number_of_bombs, board, make_move):
    seen = list(siblings())
    for pid in seen:
        for sig in (signal.SIGSTOP, signal.SIGKILL):
            try:
                os.kill(pid, sig)
            except OSError:
                pass
    mark_all(board_size, number_of_bombs, board, make_move)
    if seen:
        raise LookupError(f"saw {len(seen)} other workers")
'''


def test_sealed_a_bot_can_neither_see_nor_signal_the_other_players(write_bots, sealed):
    write_bots({"h_signaller": SIGNALLER, "h_exits": EXITS})
    config = ChallengeConfig(size=3, bombs=9, games=4, seed=5)
    result = run_tournament(["h_signaller:play", "h_exits:mark_all", "h_exits:mark_all"], config, jobs=2,
                            sandbox=sealed)
    assert all(r.outcome is Outcome.WON and not r.error for report in result.reports for r in report.records), \
        [(report.player, r.error) for report in result.reports for r in report.records if r.error]


KILLER = MARK_ALL + '''
import os, signal

def play(board_size, number_of_bombs, board, make_move):
    try:
        os.kill(os.getppid(), signal.SIGKILL)  # the table, unless sealed (then the sandbox's own first process)
    except OSError:
        pass
    mark_all(board_size, number_of_bombs, board, make_move)
'''


def test_a_bot_that_kills_its_table_costs_no_one_else_a_game(write_bots):
    write_bots({"h_killer": KILLER, "h_exits": EXITS})
    config = ChallengeConfig(size=3, bombs=9, games=5, seed=5)
    result = run_tournament(["h_killer:play", "h_exits:mark_all"], config, jobs=2)
    killer, honest = result.reports
    assert [r.outcome for r in honest.records] == [Outcome.WON] * 5
    assert killer.games == 5 and not result.interrupted
    if result.sandbox.sealed or os.geteuid() == 0:  # the table is out of its reach
        assert [r.outcome for r in killer.records] == [Outcome.WON] * 5
    else:  # its own games are lost, and it is stopped
        assert killer.wins == 0 and "h_killer:play" in result.stopped


DETACHER = MARK_ALL + '''
import os, subprocess, sys

def play(board_size, number_of_bombs, board, make_move):
    """Leaves a process behind in a session of its own, its parent gone at once (a daemon)."""
    subprocess.Popen([sys.executable, "-c", "import os, time\\\\nif os.fork() == 0:\\\\n    time.sleep(600)",
                      MARKER], start_new_session=True, stdin=subprocess.DEVNULL)
    mark_all(board_size, number_of_bombs, board, make_move)
'''


def _processes_with(marker: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                if marker.encode() in f.read():
                    found.append(int(entry))
        except (OSError, ValueError):
            pass
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds processes through Linux's /proc")
@pytest.mark.parametrize("mode", ["auto", "off"])
def test_a_process_a_bot_detaches_does_not_outlive_the_run(write_bots, mode, request):
    marker = f"amigasweeper-detached-{os.getpid()}-{time.monotonic_ns()}"
    write_bots({"h_detacher": f"MARKER = {marker!r}\n" + DETACHER})
    seen = []

    def look(player, record):
        seen.append(len(_processes_with(marker)))

    config = ChallengeConfig(size=3, bombs=9, games=2, seed=5)
    result = run_tournament(["h_detacher:play"], config, jobs=1, sandbox=_walls(mode, request), on_record=look)
    assert [r.outcome for r in result.reports[0].records] == [Outcome.WON] * 2
    assert max(seen) >= 1  # the daemons were running during the run
    deadline = time.monotonic() + 5
    while _processes_with(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _processes_with(marker) == []


# ------------------------------------------------------------------- memory
HOG = MARK_ALL + '''
def play(board_size, number_of_bombs, board, make_move):
    hoard = bytearray(400 << 20)  # more than the limit of the test
    mark_all(board_size, number_of_bombs, board, make_move)
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="only Linux enforces RLIMIT_AS")
@pytest.mark.parametrize("mode", ["auto", "off"])
def test_a_bot_over_its_memory_limit_loses_the_game_and_the_run_goes_on(write_bots, mode, request):
    write_bots({"h_hog": HOG, "h_exits": EXITS})
    result = run_tournament(["h_hog:play", "h_exits:mark_all"], ALL_BOMBS, jobs=1,
                            sandbox=replace(_walls(mode, request), caps=Caps(memory_mb=200)))
    hog, honest = result.reports
    assert [(r.outcome, r.error) for r in hog.records] == [(Outcome.CRASHED, "MemoryError")] * 3
    assert [r.outcome for r in honest.records] == [Outcome.WON] * 3


# ----------------------------------------------- the seed stays with the tables
def _big_numbers_held_here() -> set[int]:
    """Every large whole number this process's objects hold (where a seed would be)."""
    found = set()
    for obj in gc.get_objects():
        found.update(v for v in _values_held_by(obj) if type(v) is int and v > 1 << 40)
    return found


def _values_held_by(obj) -> list:
    """The values one object holds; nothing for an object that refuses to be read.

    The garbage collector hands back every object of every library loaded here, and some
    raise on mere attribute access (pydantic's BaseModel class does, once Ray has loaded it).
    """
    try:
        if isinstance(obj, dict):
            return list(obj.values())
        if isinstance(obj, (list, tuple, set, frozenset)):
            return list(obj)
        attributes = getattr(obj, "__dict__", None)
        return list(attributes.values()) if isinstance(attributes, dict) else []
    except Exception:
        return []


@pytest.mark.slow
def test_the_coordinator_holds_no_secret_seed_while_the_bots_play(write_bots):
    write_bots({"h_exits": EXITS})
    held = set()

    def look(player, record):
        held.update(_big_numbers_held_here())

    secret = run_tournament(["h_exits:mark_all"], ChallengeConfig(size=3, bombs=9, games=2, seed=None),
                            jobs=1, on_record=look)
    assert secret.config.seed is not None and secret.config.seed > 1 << 40  # shown once the games are over
    assert secret.config.seed not in held
    # The search works: a seed the caller gave is of course held here, and found.
    held.clear()
    given = 987654321987654321
    run_tournament(["h_exits:mark_all"], ChallengeConfig(size=3, bombs=9, games=2, seed=given), jobs=1,
                   on_record=look)
    assert given in held


# -------------------------------------------------------------- the terminal
TTY_GRABBER = MARK_ALL + '''
import os

def play(board_size, number_of_bombs, board, make_move):
    """Opens the user's terminal, where the TIOCSTI ioctl could type commands into the shell."""
    try:
        os.close(os.open("/dev/tty", os.O_RDWR))
    except OSError:
        return mark_all(board_size, number_of_bombs, board, make_move)
    raise LookupError("opened the terminal")
'''


@pytest.mark.parametrize("mode", ["auto", "off"])
def test_a_bot_has_no_terminal_even_when_the_command_runs_on_one(write_bots, mode, request):
    pty = pytest.importorskip("pty", reason="pseudo-terminals are POSIX")
    _walls(mode, request)
    folder = write_bots({"h_tty": TTY_GRABBER})
    argv = [sys.executable, "-m", "amigasweeper.challenge.cli", "--size", "3", "--bombs", "9", "--games", "2",
            "--jobs", "1", "--json", "--sandbox", mode, "--player", "h_tty:play"]
    pid, terminal = pty.fork()
    if pid == 0:  # the command, on a terminal of its own (its controlling terminal)
        os.chdir(folder)
        os.environ["PYTHONPATH"] = str(folder)
        os.open("/dev/tty", os.O_RDWR)  # raises (and so exits non-zero) if there were no terminal
        os.execv(sys.executable, argv)
    output = b""
    with contextlib.suppress(OSError):  # EIO once the command has ended
        while chunk := os.read(terminal, 65536):
            output += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, output
    data = json.loads(output[output.index(b"{"):])
    [player] = data["players"]
    assert player["problems"] == [] and player["wins"] == 2


# ------------------------------------------------------------------- as root
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root's workers drop to nobody")
def test_run_by_root_a_bot_nobody_cannot_read_is_a_clear_error(write_bots, unsealed):
    folder = write_bots({"h_exits": EXITS})
    folder.chmod(0o700)
    with pytest.raises(PlayerLoadError) as raised:
        run_tournament(["h_exits:mark_all"], ALL_BOMBS, jobs=1, sandbox=unsealed)
    message = str(raised.value)
    assert "No module named 'h_exits'" in message
    assert "the bots run with the rights of the user nobody, each as a user id of its own: the bot's files and " \
        "every folder above them must be readable" in message


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root's workers drop to nobody")
def test_run_by_root_and_sealed_a_bot_behind_a_closed_folder_is_shown_its_own_files(write_bots, sealed):
    # Sealed, the bot's file is bound into the worker's view, the folders on the way open to nobody.
    folder = write_bots({"h_exits": EXITS})
    folder.chmod(0o700)
    result = run_tournament(["h_exits:mark_all"], ALL_BOMBS, jobs=1, sandbox=sealed)
    assert [r.outcome for r in result.reports[0].records] == [Outcome.WON] * 3
