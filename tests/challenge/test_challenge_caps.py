"""The contest walls on time and resources (issue 33, T2-T4): CPU time charged, idle bots frozen, a pipe
jammer timed out, memory, processes and files capped; and the control groups behind them.

As in test_challenge_walls, every run is real and each hostile bot raises when its attack worked.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from walls_support import ALL_BOMBS, MARK_ALL, run_cli

from amigasweeper.challenge import ChallengeConfig, Outcome, run_tournament
from amigasweeper.challenge.limits import Caps

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the walls tested here are Linux's")


# ------------------------------------------------------------------- T2: CPU theft
BURNER = MARK_ALL + '''
import threading, time

LAST = []  # when this worker's last game ended (time.monotonic)
STAMPS = []  # when the spinning threads ran, a stamp every hundredth of a second
# Seconds at either end of the other player's game in which the threads may still, or already, run: the
# table freezes and thaws them as soon as it gets its processor, which on a loaded machine takes a while.
MARGIN = 1.0

def spin():
    while True:
        pass

def stamping():
    last = 0.0
    while True:
        now = time.monotonic()
        if now - last > 0.01:
            STAMPS.append(now)
            last = now

def between_games(board_size, number_of_bombs, board, make_move):
    """Spins four threads for good, and tells whether they ran while it was not playing."""
    now = time.monotonic()
    if not LAST:
        for _ in range(4):
            threading.Thread(target=stamping, daemon=True).start()
        ran = []
    else:
        ran = [stamp for stamp in STAMPS if LAST[0] + MARGIN < stamp < now - MARGIN]
    mark_all(board_size, number_of_bombs, board, make_move)
    LAST[:] = [time.monotonic()]
    if ran:
        raise LookupError(f"its threads ran {len(ran)} times while the other player played")

def spin_past_the_limit(board_size, number_of_bombs, board, make_move):
    """Thinks (burns CPU) for ten seconds without a move."""
    deadline = time.process_time() + 10
    while time.process_time() < deadline:
        pass

def sleeper(board_size, number_of_bombs, board, make_move):
    """Takes three seconds of wall time a game, and no CPU: the burner's chance to steal."""
    time.sleep(3)
    mark_all(board_size, number_of_bombs, board, make_move)

def unreaped_helper(board_size, number_of_bombs, board, make_move):
    """Issue 41: thinks in a helper it never reaps (a grandchild, orphaned at once), then waits for it."""
    done = f"/tmp/helper-{time.monotonic_ns()}"
    child = os.fork()
    if child == 0:
        if os.fork() == 0:  # the helper: two seconds of CPU, then its answer in a file
            deadline = time.process_time() + 2
            while time.process_time() < deadline:
                pass
            open(done, "w").close()
        os._exit(0)
    os.waitpid(child, 0)  # the helper's parent, not the helper: it now belongs to whoever adopts orphans
    waited = time.monotonic() + 50
    while not os.path.exists(done) and time.monotonic() < waited:
        time.sleep(0.05)
    mark_all(board_size, number_of_bombs, board, make_move)

def spinners(board_size, number_of_bombs, board, make_move):
    """T2's attack: twelve threads spinning for good, started in its first game."""
    if not LAST:
        LAST.append(0)
        for _ in range(12):
            threading.Thread(target=spin, daemon=True).start()
'''


@pytest.mark.parametrize("mode", ["sealed", "unsealed"])
def test_a_bot_burns_nothing_while_it_is_not_playing(write_bots, mode, request):
    walls = request.getfixturevalue(mode)
    write_bots({"h_burner": BURNER})
    config = ChallengeConfig(size=3, bombs=9, games=4, seed=5)
    result = run_tournament(["h_burner:between_games", "h_burner:sleeper"], config, jobs=1, sandbox=walls)
    burner, sleeper = result.reports
    assert [r.error for r in burner.records] == [""] * 4  # frozen while the sleeper played
    # What its threads burn during its own games is charged to it.
    assert sum(r.ms for r in burner.records[1:]) > 0
    assert sleeper.wins == 4 and max(r.ms for r in sleeper.records) < 100  # sleeping costs no CPU time


def test_a_bot_over_its_cpu_time_is_stopped_at_once_not_at_the_wall_limit(write_bots, sealed):
    write_bots({"h_burner": BURNER})
    started = time.monotonic()
    result = run_tournament(["h_burner:spin_past_the_limit"], ALL_BOMBS, jobs=1, time_limit=0.5, wall_limit=60,
                            sandbox=sealed)
    assert [(r.outcome, r.error, r.ms) for r in result.reports[0].records] == [
        (Outcome.TIMED_OUT, "stopped after the time limit of 0.5 s", 500.0)] * 2
    assert time.monotonic() - started < 40  # two games stopped at half a second of CPU, not at 60 s of wall


def test_sealed_a_helper_process_the_bot_never_reaps_is_charged_to_it(write_bots, sealed):
    write_bots({"h_burner": BURNER})
    result = run_tournament(["h_burner:unreaped_helper"], ALL_BOMBS, jobs=1, time_limit=0.5, wall_limit=60,
                            sandbox=sealed)
    assert [(r.outcome, r.error) for r in result.reports[0].records] == [
        (Outcome.TIMED_OUT, "stopped after the time limit of 0.5 s")] * 2


def test_as_an_ordinary_user_sealed_a_helper_the_bot_never_reaps_is_charged_to_it(write_bots, sealed):
    folder = write_bots({"h_burner": BURNER})
    done = run_cli(folder, "--sandbox", "required", "--time-limit", "0.5", "--wall-limit", "60",
                   "--memory-limit", "0",  # no memory cap to hold together: forks allowed without a group
                   "--player", "h_burner:unreaped_helper")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [p["outcome"] for p in data["players"][0]["problems"]] == ["timed out"] * 2, data["players"]
    assert data["walls"]["clock_kind"] in ("cgroup", "process tree")


def test_a_rivals_spinning_threads_cost_the_solver_nothing(write_bots, sealed):
    write_bots({"h_burner": BURNER})
    config = ChallengeConfig(size=12, bombs=22, games=6, seed=3)
    alone = run_tournament(["solver"], config, jobs=2, time_limit=0.4, sandbox=sealed)
    beside = run_tournament(["h_burner:spinners", "solver"], config, jobs=2, time_limit=0.4, sandbox=sealed)
    solver_alone, solver_beside = alone.reports[0], beside.reports[1]
    assert [r.outcome for r in solver_beside.records] == [r.outcome for r in solver_alone.records]
    assert solver_beside.count(Outcome.TIMED_OUT) == 0
    # CPU time, not wall time: the spinners, frozen or on the other processor, add nothing to its charge.
    assert solver_beside.total_ms < 2 * solver_alone.total_ms + 60, (solver_alone.total_ms, solver_beside.total_ms)
    assert beside.walls.clock_kind in ("cgroup", "process tree", "process")


# --------------------------------------------------------------- T3: a pipe jammer
JAMMER = MARK_ALL + '''
import gc, struct, time

def play(board_size, number_of_bombs, board, make_move):
    """Writes move after move straight into its pipe and never reads an answer."""
    channel = next(o for o in gc.get_objects() if type(o).__name__ == "Channel")
    move = struct.pack("<cqq?", b"M", 0, 0, True)
    frame = struct.pack("<H", len(move)) + move
    try:
        for _ in range(50000):
            os.write(channel._wfd, frame)
    except OSError:
        pass
    time.sleep(600)
'''


def test_a_bot_that_never_reads_its_answers_times_out_within_seconds(write_bots, sealed):
    write_bots({"h_jammer": JAMMER, "h_plain": MARK_ALL})
    started = time.monotonic()
    result = run_tournament(["h_jammer:play", "h_plain:mark_all"], ALL_BOMBS, jobs=1, sandbox=sealed)
    took = time.monotonic() - started
    jammer, honest = result.reports
    assert [r.outcome for r in jammer.records] == [Outcome.TIMED_OUT] * 2
    assert all(r.error.startswith("stopped: its pipe was full") for r in jammer.records)
    assert [r.ms for r in jammer.records] == [result.time_limit * 1000.0] * 2  # charged the limit
    assert honest.wins == 2
    assert took < 60, took  # the wall limit is 70 s: the jam ended each game at once


# ------------------------------------------------------------------- T4: caps
FORK_BOMB = MARK_ALL + '''
def play(board_size, number_of_bombs, board, make_move):
    """Forks until refused (at most 300, so a missing cap costs the machine little)."""
    children = []
    try:
        for _ in range(300):
            child = os.fork()
            if child == 0:
                import time
                time.sleep(30)
                os._exit(0)
            children.append(child)
    except OSError:
        pass
    finally:
        for child in children:
            os.kill(child, 9)
            os.waitpid(child, 0)
    raise LookupError(f"forked {len(children)}")
'''


def _forked(errors: list[str]) -> list[int]:
    return [int(e.rsplit(" ", 1)[1]) for e in errors]


@pytest.mark.parametrize("mode", ["sealed", "unsealed"])
def test_a_fork_bomb_is_capped(write_bots, mode, request):
    walls = replace(request.getfixturevalue(mode), caps=Caps(processes=12))
    write_bots({"h_forks": FORK_BOMB})
    result = run_tournament(["h_forks:play"], ALL_BOMBS, jobs=1, sandbox=walls)
    forked = _forked([r.error for r in result.reports[0].records])
    if "more than" in result.walls.processes:  # RLIMIT_NPROC shared by the user: what else runs counts too
        assert all(0 < n < 300 for n in forked), forked
    else:
        assert all(0 < n <= 12 for n in forked), (forked, result.walls.processes)


def test_as_an_ordinary_user_a_fork_bomb_is_capped(write_bots, sealed):
    folder = write_bots({"h_forks": FORK_BOMB})
    done = run_cli(folder, "--process-limit", "12", "--player", "h_forks:play")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    [player] = data["players"]
    forked = _forked([p["error"] for p in player["problems"]])
    if data["walls"]["processes"].startswith("one process for each bot"):  # no group to cap them together
        assert forked == [0, 0], player["problems"]
        assert "so new processes are refused" in data["walls"]["memory"]
    else:
        assert all(0 < n <= 12 for n in forked), player["problems"]


def test_as_an_ordinary_user_without_a_memory_group_forks_cannot_multiply_the_memory_cap(write_bots, sealed):
    """Issue 41: three children of 120 MB under a cap of 256 MB took 360 MB where no group held them."""
    folder = write_bots({"h_hogs": HOGS})
    done = run_cli(folder, "--memory-limit", "256", "--player", "h_hogs:children", "--player", "h_hogs:threads")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    errors = {p["player"]: [e["error"] for e in p["problems"]] for p in data["players"]}
    assert not any("3 of 3 held 120 MB" in e for e in errors["h_hogs:children"]), errors
    assert errors["h_hogs:threads"] == ["LookupError: threads ran"] * 2  # one process may still have threads
    if data["walls"]["cgroups"].get("memory"):
        return  # the group caps them together: forks are allowed
    assert all("PermissionError" in e for e in errors["h_hogs:children"]), errors


HOGS = MARK_ALL + '''
import subprocess

def children(board_size, number_of_bombs, board, make_move):
    """Three children of 120 MB each: 360 MB, over a cap of 256 MB for the tree, under it for each."""
    grab = "b = bytearray(120 << 20)\\nfor i in range(0, len(b), 4096): b[i] = 1\\nimport time; time.sleep(1)"
    running = [subprocess.Popen([sys.executable, "-c", grab]) for _ in range(3)]
    held = sum(1 for child in running if child.wait() == 0)
    raise LookupError(f"{held} of 3 held 120 MB")

def threads(board_size, number_of_bombs, board, make_move):
    import threading
    ran = []
    worker = threading.Thread(target=ran.append, args=(1,))
    worker.start()
    worker.join()
    raise LookupError("threads ran" if ran else "no thread ran")

def tmpfs(board_size, number_of_bombs, board, make_move):
    """Writes big files into /tmp, /dev/shm, the root and /dev, through tempfile too: how much went in."""
    import tempfile
    with tempfile.TemporaryFile() as scratch:  # HOME and TMPDIR are /tmp: it must take a bot's writes
        scratch.write(b"x")
    written = {}
    for folder, size in (("/tmp", 64 << 20), ("/dev/shm", 8 << 20), ("", 64 << 20), ("/dev", 64 << 20)):
        total = 0
        try:
            for n in range(12):
                with open(f"{folder}/f{n}", "wb") as out:
                    for _ in range(size >> 20):
                        out.write(b"x" * (1 << 20))
                        total += 1 << 20
        except OSError:
            pass
        written[folder] = total >> 20
        for n in range(12):  # room again for the next game's tempfile
            if os.path.exists(f"{folder}/f{n}"):
                os.remove(f"{folder}/f{n}")
    raise LookupError(" ".join(f"{k or '/'}={v}" for k, v in written.items()))
'''


def test_the_memory_cap_holds_for_the_bots_processes_together(write_bots, sealed):
    write_bots({"h_hogs": HOGS})
    walls = replace(sealed, caps=Caps(memory_mb=256))
    result = run_tournament(["h_hogs:children"], ALL_BOMBS, jobs=1, sandbox=walls)
    errors = [r.error for r in result.reports[0].records]
    if "together" not in result.walls.memory or "NOT" in result.walls.memory:
        assert "NOT for the bot's processes together" in result.walls.memory  # said, where it cannot hold
        return
    assert all(e != "LookupError: 3 of 3 held 120 MB" for e in errors), errors


def test_files_and_the_private_tmp_and_shm_are_capped(write_bots, sealed):
    write_bots({"h_hogs": HOGS})
    walls = replace(sealed, caps=Caps(file_mb=24))
    result = run_tournament(["h_hogs:tmpfs"], ALL_BOMBS, jobs=1, sandbox=walls)
    for record in result.reports[0].records:
        sizes = dict(part.split("=") for part in record.error.removeprefix("LookupError: ").split())
        assert all(int(megabytes) <= 24 for megabytes in sizes.values()), record.error
        assert int(sizes["/tmp"]) >= 20 and int(sizes["/dev/shm"]) >= 20, record.error  # its own, even as root
        assert sizes["/"] == sizes["/dev"] == "0", record.error  # read-only: no unbounded tmpfs to fill
    assert "a private /tmp and /dev/shm of 24 MB each" in result.walls.files


def test_as_an_ordinary_user_sealed_only_the_bounded_tmp_and_shm_take_writes(write_bots, sealed):
    """Issue 41: as an ordinary user, one bot wrote 2 GiB into the sandbox's own root (an unbounded tmpfs)."""
    folder = write_bots({"h_hogs": HOGS})
    done = run_cli(folder, "--sandbox", "required", "--file-limit", "24", "--player", "h_hogs:tmpfs")
    assert done.returncode == 0, done.stderr
    [player] = json.loads(done.stdout)["players"]
    for problem in player["problems"]:
        sizes = dict(part.split("=") for part in problem["error"].removeprefix("LookupError: ").split())
        assert sizes["/"] == sizes["/dev"] == "0" and 20 <= int(sizes["/tmp"]) <= 24, problem["error"]



# ------------------------------------------------------------ control groups themselves
def _spinner() -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


@pytest.mark.parametrize("version", ["cgroup v2", "cgroup v1"])
def test_a_group_counts_cpu_freezes_and_is_removed_with_its_processes(version):
    from amigasweeper.challenge.cgroups import Feature, Version, WorkerGroup, probe

    plan = probe((Version(version),))
    if Feature.CPU_TIME not in plan.places or Feature.FREEZER not in plan.places:
        pytest.skip(f"no {version} CPU accounting and freezer this user may write here")
    group = WorkerGroup(plan, "test")
    spinner = _spinner()
    try:
        assert group.join([spinner.pid]) and group.members() == [spinner.pid]
        start = group.cpu_seconds()
        deadline = time.monotonic() + 30
        while group.cpu_seconds() - start < 0.2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert group.cpu_seconds() - start >= 0.2  # it counts a process that spins
        assert group.freeze(True)
        time.sleep(0.3)  # let the freezing finish
        frozen_at = group.cpu_seconds()
        time.sleep(0.5)
        assert group.cpu_seconds() - frozen_at < 0.02  # frozen: nothing more
        assert group.freeze(False)
    finally:
        group.remove()
        spinner.wait(10)
    assert spinner.returncode == -9
    assert not any(folder.exists() for folder in group.folders.values())


def test_a_run_leaves_no_control_group_behind(write_bots):
    from amigasweeper.challenge.cgroups import PREFIX, owner_of, probe

    plan = probe()
    if not plan.places:
        pytest.skip(plan.why_not)
    write_bots({"h_plain": MARK_ALL, "h_exits": MARK_ALL + "\ndef exit_now(*args):\n    os._exit(3)\n"})
    run_tournament(["h_plain:mark_all", "h_exits:exit_now"], ALL_BOMBS, jobs=2)
    parents = {place.parent for place in plan.places.values()}
    left = [entry for parent in parents for entry in parent.iterdir() if entry.name.startswith(PREFIX)]
    owners = {entry: owner_of(entry.name) for entry in left}
    assert [entry for entry, owner in owners.items() if not Path(f"/proc/{owner}").exists()] == []  # none orphaned


def test_a_trial_group_left_by_a_process_killed_while_trying_is_swept(tmp_path, monkeypatch):
    """A table killed during its trial of a parent left 'amigasweeper-bot-probe-PID', which no sweep removed."""
    from amigasweeper.challenge import cgroups

    monkeypatch.setattr(cgroups, "PROC", tmp_path / "proc")
    (tmp_path / "proc" / "77").mkdir(parents=True)  # a live process
    for name in ("probe-99", "probe-77", "99-0-1", "77-0-1", "probe-x"):
        (tmp_path / f"{cgroups.PREFIX}{name}").mkdir()
    cgroups.sweep(cgroups.Plan({cgroups.Feature.CPU_TIME: cgroups.GroupPlace(cgroups.Version.V2, tmp_path)}))
    left = sorted(entry.name[len(cgroups.PREFIX):] for entry in tmp_path.iterdir() if entry.name != "proc")
    assert left == ["77-0-1", "probe-77", "probe-x"]


# ------------------------------------------------- issue 41: loading and idling are bounded and counted
def _importing(seconds: float) -> str:
    """A bot that thinks for ``seconds`` of CPU while it is imported (laying out boards, say)."""
    return MARK_ALL + f'''
import time
_deadline = time.process_time() + {seconds}
while time.process_time() < _deadline:
    pass
play = mark_all
'''


SLEEPY = MARK_ALL + '''
import time

def a_second(board_size, number_of_bombs, board, make_move):
    time.sleep(1)
    mark_all(board_size, number_of_bombs, board, make_move)

def for_good(board_size, number_of_bombs, board, make_move):
    time.sleep(600)
'''


def test_a_bot_whose_import_runs_out_of_time_costs_only_itself(write_bots, sealed):
    write_bots({"h_heavy_import": _importing(30), "h_plain": MARK_ALL})
    config = ChallengeConfig(size=3, bombs=9, games=4, seed=5)
    result = run_tournament(["h_heavy_import:play", "h_plain:mark_all"], config, jobs=1, time_limit=1,
                            wall_limit=60, sandbox=sealed)
    heavy, plain = result.reports
    assert plain.wins == 4  # the run went on without it
    assert heavy.wins == 0 and [r.outcome for r in heavy.records] == [Outcome.CRASHED] * 4
    assert heavy.records[0].error == ("its bot did not load: loading the bot took more than 1 s of CPU (its time "
                                      "limit for a game)")
    assert "stopped after 3 failed games in a row" in result.stopped["h_heavy_import:play"]


def test_what_a_bot_computes_while_imported_is_charged_to_its_first_game(write_bots, sealed):
    write_bots({"h_some_import": _importing(0.6)})
    result = run_tournament(["h_some_import:play"], ALL_BOMBS, jobs=1, time_limit=5, sandbox=sealed)
    first, second = result.reports[0].records
    assert first.outcome is second.outcome is Outcome.WON
    assert first.ms >= 550 and second.ms < 300, (first.ms, second.ms)


def test_idle_wall_time_is_counted_and_bounded_near_the_time_limit(write_bots, sealed):
    write_bots({"h_sleepy": SLEEPY})
    one = ChallengeConfig(size=3, bombs=9, games=1, seed=5)
    result = run_tournament(["h_sleepy:a_second", "h_sleepy:for_good"], one, jobs=1, time_limit=0.5, sandbox=sealed)
    sleeper, forever = result.reports
    assert sleeper.records[0].outcome is Outcome.WON and sleeper.records[0].ms < 300
    assert sleeper.records[0].wall_ms >= 1000  # charged no CPU, but its waiting is counted
    assert result.wall_limit == 10.5  # the default: the time limit and ten seconds
    assert forever.records[0].error == "stopped after the wall limit of 10.5 s"
    assert sleeper.figures()["total_wall_ms"] >= 1000
