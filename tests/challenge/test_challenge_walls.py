"""The contest-grade walls (issue 33, T1, T5-T10): each with the hostile bot that used to get through.
(Time, freezing and caps, T2-T4, are in test_challenge_caps.)

Every run is real (tables, workers, bubblewrap where it works), as root and
as an ordinary user (``nobody``, when the tests run as root): each hostile
bot raises when its attack worked, so a won game with no error is the wall
holding. What cannot hold on a system (unsealed runs) is checked to be said.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from doc_pages import CONTEST, flat
from walls_support import ALL_BOMBS, AS_ROOT, MARK_ALL, ROOT, all_won, run_cli

from amigasweeper.challenge import Outcome, run_tournament

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the walls tested here are Linux's")

# T1, T7: every way to share a lock or a watch, or to make a namespace, with a file every bot can open.
ATTACKS = MARK_ALL + '''
import ctypes, errno, fcntl, struct, subprocess, threading

LIBC = ctypes.CDLL(None, use_errno=True)
SHARED = sys.executable  # a file every bot can open: the collusion channel of T1
CLONE_NEWUSER, SIGCHLD = 0x10000000, 17
SYS_CLONE, SYS_CLONE3, SYS_FCNTL = 56, 435, 72  # x86-64's numbers

def attempt(name, call, worked):
    try:
        result = call()
    except OSError:
        return
    if result is None or result >= 0:
        worked.append(name)

def raw(number, *args):
    """A system call by number, every argument a full 64-bit word: its result, or minus its errno."""
    result = LIBC.syscall(ctypes.c_long(number), *(ctypes.c_ulong(a) for a in args))
    return result if result >= 0 else -ctypes.get_errno()

def locks(board_size, number_of_bombs, board, make_move):
    worked = []
    with open(SHARED, "rb") as shared:
        fd = shared.fileno()
        attempt("flock", lambda: fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB), worked)
        attempt("lockf", lambda: fcntl.lockf(fd, fcntl.LOCK_SH | fcntl.LOCK_NB), worked)
        attempt("OFD lock", lambda: fcntl.fcntl(fd, 37, struct.pack("hhqqi", fcntl.F_RDLCK, 0, 0, 0, 0)), worked)
        attempt("lock query", lambda: fcntl.fcntl(fd, fcntl.F_GETLK, struct.pack("hhqqi", fcntl.F_RDLCK, 0, 0, 0, 0)),
                worked)
        attempt("lease", lambda: fcntl.fcntl(fd, 1024, fcntl.F_RDLCK), worked)
        if sys.maxsize > 2**32 and os.uname().machine == "x86_64":  # the command with its upper half set
            lock = ctypes.create_string_buffer(struct.pack("hhqqi", fcntl.F_RDLCK, 0, 0, 0, 0))
            attempt("fcntl lock, high bits",
                    lambda: raw(SYS_FCNTL, fd, (1 << 32) | fcntl.F_SETLK, ctypes.addressof(lock)), worked)
    attempt("inotify", lambda: LIBC.inotify_init(), worked)
    attempt("fanotify", lambda: LIBC.fanotify_init(0, 0), worked)
    folder = os.open(os.path.dirname(SHARED), os.O_RDONLY)
    attempt("dnotify", lambda: fcntl.fcntl(folder, 1026, 1), worked)
    check(worked)
    mark_all(board_size, number_of_bombs, board, make_move)

def namespaces(board_size, number_of_bombs, board, make_move):
    worked = []
    attempt("unshare", lambda: LIBC.unshare(CLONE_NEWUSER), worked)
    if os.uname().machine == "x86_64":
        child = raw(SYS_CLONE, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0)
        if child == 0:
            os._exit(0)  # the child: it was made
        if child > 0:
            worked.append("clone into a user namespace")
            os.waitpid(child, 0)
        if raw(SYS_CLONE3, 0, 0) != -errno.ENOSYS:
            worked.append("clone3 (it should answer ENOSYS, so the C library falls back on clone)")
    attempt("mount", lambda: LIBC.mount(b"none", b"/tmp", b"tmpfs", 0, None), worked)
    if shutil_which("unshare") and subprocess.run(["unshare", "-U", "true"], capture_output=True).returncode == 0:
        worked.append("unshare -U")
    # What a bot may still do: threads, a subprocess, a fork (clone without namespaces).
    done = []
    thread = threading.Thread(target=done.append, args=(1,))
    thread.start(); thread.join()
    if not done or subprocess.run([sys.executable, "-c", "pass"]).returncode != 0:
        raise RuntimeError("the filter broke threads or subprocesses")
    check(worked)
    mark_all(board_size, number_of_bombs, board, make_move)

def probes(board_size, number_of_bombs, board, make_move):
    """Issue 41: the page-cache probes and per-user message queues two colluding bots would signal through."""
    worked = []
    length = 1 << 16
    with open(SHARED, "rb") as shared:
        fd = shared.fileno()
        LIBC.mmap.restype = ctypes.c_void_p
        LIBC.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
        address = LIBC.mmap(None, length, 1, 1, fd, 0)  # PROT_READ, MAP_SHARED
        pages = ctypes.create_string_buffer(length // mmap_page())
        attempt("mincore", lambda: LIBC.mincore(ctypes.c_void_p(address), ctypes.c_size_t(length), pages), worked)
        attempt("fadvise", lambda: os.posix_fadvise(fd, 0, length, os.POSIX_FADV_WILLNEED), worked)
        attempt("readahead", lambda: LIBC.readahead(fd, ctypes.c_long(0), ctypes.c_size_t(length)), worked)
        attempt("preadv2 RWF_NOWAIT", lambda: os.preadv(fd, [bytearray(4096)], 0, os.RWF_NOWAIT), worked)
        if os.preadv(fd, [bytearray(16)], 0) != 16:  # the same call without the flag: an honest read
            raise RuntimeError("the filter broke preadv2")
    attempt("mq_open", lambda: LIBC.mq_open(b"/amigasweeper-probe", os.O_CREAT | os.O_RDWR, 0o600, None), worked)
    attempt("msgget", lambda: LIBC.msgget(ctypes.c_int(0), ctypes.c_int(0o1600)), worked)  # IPC_PRIVATE, IPC_CREAT
    check(worked)
    mark_all(board_size, number_of_bombs, board, make_move)

def mmap_page():
    import mmap
    return mmap.PAGESIZE

def shutil_which(name):
    import shutil
    return shutil.which(name)

def other_abi(board_size, number_of_bombs, board, make_move):
    """A 32-bit system call (int 0x80) of unshare(CLONE_NEWUSER): the filter must end the process."""
    import mmap
    code = (b"\\x53" + b"\\xb8" + struct.pack("<I", 310) + b"\\xbb" + struct.pack("<I", CLONE_NEWUSER)
            + b"\\xcd\\x80\\x5b\\xc3")  # push rbx; mov eax, 310; mov ebx, flags; int 0x80; pop rbx; ret
    page = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
    page.write(code)
    call = ctypes.CFUNCTYPE(ctypes.c_int)(ctypes.addressof(ctypes.c_char.from_buffer(page)))
    result = call()
    raise LookupError(f"a 32-bit system call returned {result}")

def environment(board_size, number_of_bombs, board, make_move):
    """T5: the operator's environment must not reach a bot."""
    allowed = {"PATH", "LANG", "HOME", "TMPDIR", "PWD"}  # PWD: bubblewrap's, the folder it starts in
    try:
        with open("/proc/self/environ", "rb") as raw_environ:  # what the process started with
            seen = raw_environ.read()
    except OSError:
        seen = b""  # closed after the drop to nobody (the process is no longer dumpable)
    worked = [f"the variable {name}" for name in os.environ if name not in allowed]
    if b"xyzzy-operator-token" in seen:
        worked.append("the operator's token")
    check(worked)
    mark_all(board_size, number_of_bombs, board, make_move)
'''

# T9: a bot reading another bot's files, written in the same folder.
READER = MARK_ALL + '''
def play(board_size, number_of_bombs, board, make_move):
    here = os.path.dirname(os.path.abspath(__file__))
    worked = []
    try:
        with open(os.path.join(here, "h_victim.py")) as victim:
            worked.append("read the other bot's file: " + victim.readline().strip())
    except OSError:
        pass
    try:
        if "h_victim.py" in os.listdir(here):
            worked.append("saw the other bot's file in its folder")
    except OSError:
        pass
    # The checkout the command runs from: only its package is shown, not its tests or its README.
    for other in (os.path.join(CHECKOUT, "README.md"), os.path.join(CHECKOUT, "tests", "challenge", "conftest.py")):
        try:
            with open(other) as seen:
                worked.append(f"read {other}: {seen.readline().strip()}")
        except OSError:
            pass
    check(worked)
    mark_all(board_size, number_of_bombs, board, make_move)
'''
VICTIM = '''SECRET_STRATEGY = "the victim's secret"
''' + MARK_ALL.replace("def mark_all", "def play")


ATTACK_PLAYERS = ["h_attacks:locks", "h_attacks:namespaces", "h_attacks:environment", "h_attacks:probes"]


@pytest.fixture
def attacks(write_bots) -> Path:
    return write_bots({"h_attacks": ATTACKS})


# --------------------------------------------------------- T1, T5, T7: filter
@pytest.mark.parametrize("mode", ["sealed", "unsealed"])
def test_no_lock_watch_or_namespace_for_a_bot_and_no_operator_variable(attacks, mode, request, monkeypatch):
    walls = request.getfixturevalue(mode)
    if not walls.filtered:
        pytest.skip(f"no seccomp filter here: {walls.why_unfiltered}")
    monkeypatch.setenv("AMIGASWEEPER_TOKEN", "xyzzy-operator-token")
    result = run_tournament(ATTACK_PLAYERS, ALL_BOMBS, jobs=1, sandbox=walls)
    all_won(result)
    assert result.walls.syscalls.startswith("filtered (seccomp")


def test_as_an_ordinary_user_sealed_no_lock_watch_namespace_or_operator_variable(attacks, sealed):
    done = run_cli(attacks, "--sandbox", "required", "--memory-limit", "0",  # forks allowed: the bot checks them
                   *[f"--player={p}" for p in ATTACK_PLAYERS],
                    env={"AMIGASWEEPER_TOKEN": "xyzzy-operator-token"})
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["sealed"] is True and data["walls"]["syscalls"].startswith("filtered")
    assert {p["player"]: p["problems"] for p in data["players"]} == {p: [] for p in ATTACK_PLAYERS}
    assert all(p["wins"] == 2 for p in data["players"])


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="the 32-bit ABI tried is x86's")
@pytest.mark.parametrize("mode", ["sealed", "unsealed"])
def test_a_32_bit_system_call_ends_the_bots_process(attacks, mode, request):
    walls = request.getfixturevalue(mode)
    if not walls.filtered:
        pytest.skip(f"no seccomp filter here: {walls.why_unfiltered}")
    result = run_tournament(["h_attacks:other_abi", "h_attacks:mark_all"], ALL_BOMBS, jobs=1, sandbox=walls)
    other, honest = result.reports
    assert [r.outcome for r in other.records] == [Outcome.CRASHED] * 2
    sigsys = -31 if mode == "unsealed" else 128 + 31  # bwrap exits with 128 + the signal that ended its child
    assert all(r.error == f"the bot's process ended (exit code {sigsys})" for r in other.records), \
        [r.error for r in other.records]
    assert honest.wins == 2


def test_without_libseccomp_the_run_goes_on_and_says_it_is_not_filtered(attacks, unsealed):
    plain = replace(unsealed, filtered=False, why_unfiltered="no libseccomp binding here")
    result = run_tournament(["h_attacks:mark_all"], ALL_BOMBS, jobs=1, sandbox=plain)
    assert result.reports[0].wins == 2
    assert result.walls.syscalls.startswith("NOT filtered (no libseccomp binding here)")


# -------------------------------------------------------------- T9: the others' files
def test_sealed_a_bot_cannot_read_another_bots_files_beside_it(write_bots, sealed):
    write_bots({"h_reader": f"CHECKOUT = {str(ROOT)!r}\n" + READER, "h_victim": VICTIM})
    result = run_tournament(["h_reader:play", "h_victim:play"], ALL_BOMBS, jobs=1, sandbox=sealed)
    all_won(result)


def test_unsealed_the_reader_does_read_them_as_the_readme_says(write_bots, unsealed):
    write_bots({"h_reader": f"CHECKOUT = {str(ROOT)!r}\n" + READER, "h_victim": VICTIM})
    result = run_tournament(["h_reader:play"], ALL_BOMBS, jobs=1, sandbox=unsealed)
    assert all("read the other bot's file" in r.error for r in result.reports[0].records)
    assert "a bot can read what its user may read" in unsealed.describe()


# ----------------------------------------------------- T6: a venv and a checkout under /tmp
def test_as_an_ordinary_user_a_venv_and_checkout_under_tmp_seal_as_anywhere(sealed):
    place = Path(tempfile.mkdtemp(prefix="amigasweeper-t6-"))
    try:
        place.chmod(0o755)
        checkout = place / "checkout"
        shutil.copytree(ROOT / "amigasweeper", checkout / "amigasweeper",
                        ignore=shutil.ignore_patterns("__pycache__"))
        (checkout / "my_bot.py").write_text(MARK_ALL.replace("def mark_all", "def play"))
        # Its dependencies (pyseccomp, which a sealed run needs) from the Python it is made from, as installed.
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(place / "venv")],
                       check=True)
        for folder in (place, *place.rglob("*")):
            folder.chmod(0o755 if folder.is_dir() else 0o644 if not os.access(folder, os.X_OK) else 0o755)
        done = run_cli(checkout, "--sandbox", "required", "--player", "my_bot:play",
                        python=str(place / "venv" / "bin" / "python"), env={"PYTHONPATH": ""})
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        assert data["sealed"] is True and data["players"][0]["wins"] == 2
    finally:
        shutil.rmtree(place, ignore_errors=True)


def test_when_a_worker_cannot_start_inside_a_working_bwrap_the_message_says_so(monkeypatch):
    from amigasweeper.challenge import sandbox, sealed_view

    if sandbox.trial_failure(None, None):
        pytest.skip(f"bwrap does not seal here at all: {sandbox.trial_failure(None, None)}")
    for cached in (sandbox.trial_failure, sandbox._run_in):
        cached.cache_clear()
    monkeypatch.setattr(sealed_view, "python_folders", lambda: ())  # a view that leaves Python out
    try:
        why = sandbox.trial_failure(None, None)
    finally:
        for cached in (sandbox.trial_failure, sandbox._run_in):
            cached.cache_clear()
    assert why.startswith("bwrap works, but a worker does not start inside it: "), why
    assert "does not work here" not in why


# ------------------------------------------------------- T8: a bot's output is text
SHOUTER = MARK_ALL + '''
def play(board_size, number_of_bombs, board, make_move):
    sys.stderr.write("\\x1b]0;owned title\\x07\\x1b[?1049h\\rforged line\\n")
    sys.stderr.write(("A" * 999 + "\\n") * 200)  # 200 KB
    sys.stderr.flush()
    mark_all(board_size, number_of_bombs, board, make_move)
'''


def test_what_a_bot_prints_is_shown_escaped_and_bounded(write_bots):
    folder = write_bots({"h_shouter": SHOUTER})
    done = run_cli(folder, "--player", "h_shouter:play", as_nobody=False)
    assert done.returncode == 0, done.stderr
    err = done.stderr
    assert "\x1b" not in err and "\x07" not in err and "\r" not in err
    assert "h_shouter:play: \\x1b]0;owned title\\x07\\x1b[?1049h\\x0dforged line" in err
    assert "h_shouter:play: ... more output not shown (past 64 KiB)" in err
    assert len(err) < 100_000


def test_bot_output_lines_are_cut_and_a_silent_pipe_shows_nothing():
    import io

    from amigasweeper.challenge.botoutput import LONGEST_LINE, BotOutput

    sink = io.StringIO()
    output = BotOutput("bot:play", sink)
    os.write(output.write_fd, b"x" * (LONGEST_LINE + 50) + b"\nlast words without an end")
    output.start()
    output.close(5)
    lines = sink.getvalue().splitlines()
    assert lines == [f"bot:play: {'x' * LONGEST_LINE} ...", "bot:play: last words without an end"]


# ------------------------------------------------------- T10: unsealed, the command itself
KILLER = MARK_ALL + '''
import signal

def play(board_size, number_of_bombs, board, make_move):
    """Kills the command itself, where it can see it."""
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                if b"amigasweeper.challenge.cli" in f.read():
                    os.kill(int(entry), signal.SIGKILL)
        except (OSError, ValueError):
            pass
    mark_all(board_size, number_of_bombs, board, make_move)
'''


def test_unsealed_as_the_same_user_a_bot_can_kill_the_command_as_the_docs_say(write_bots, unsealed):
    folder = write_bots({"h_command_killer": KILLER})
    done = run_cli(folder, "--sandbox", "off", "--player", "h_command_killer:play")
    assert done.returncode == -9 and done.stdout == ""
    readme = flat(CONTEST)
    assert "stop or kill the command itself" in readme
    from amigasweeper.challenge.sandbox import Sandbox

    assert "stop or kill this command itself" in Sandbox(False, "--sandbox off").describe()  # as the same user
    assert "this command" not in Sandbox(False, "--sandbox off", "nobody", 65534, 65534).describe()  # root's


def test_sealed_the_same_bot_cannot_reach_the_command(write_bots, sealed):
    folder = write_bots({"h_command_killer": KILLER})
    done = run_cli(folder, "--sandbox", "required", "--player", "h_command_killer:play")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][0]["wins"] == 2


# ------------------------------------------- issue 41: the kernel's per-user counters, as root
SIGNALS = MARK_ALL + '''
import ctypes, resource, signal

SIGNAL = signal.SIGRTMIN + 1
LIBC = ctypes.CDLL(None, use_errno=True)

def sender(board_size, number_of_bombs, board, make_move):
    """Queues more blocked real-time signals on itself with kill() than its user may have pending."""
    signal.pthread_sigmask(signal.SIG_BLOCK, [SIGNAL])
    pending = resource.getrlimit(resource.RLIMIT_SIGPENDING)[0]
    for _ in range(min(pending, 1 << 20) + 1):
        os.kill(os.getpid(), SIGNAL)  # kill() goes past the limit, and counts against the user all the same
    raise LookupError(f"uid {os.getuid()}")

def receiver(board_size, number_of_bombs, board, make_move):
    """Reads the sender's bit: whether its user can still queue one signal."""
    signal.pthread_sigmask(signal.SIG_BLOCK, [SIGNAL])
    value = ctypes.c_void_p(0)
    if LIBC.sigqueue(os.getpid(), SIGNAL, value) != 0:
        raise LookupError(f"uid {os.getuid()}: its user's signal queue was full")
    raise LookupError(f"uid {os.getuid()}")
'''


@pytest.mark.skipif(not AS_ROOT, reason="only root has user ids to give each bot: an ordinary user has one")
@pytest.mark.parametrize("mode", ["sealed", "unsealed"])
def test_as_root_each_worker_has_a_user_id_of_its_own_so_signal_queues_carry_nothing(write_bots, mode, request):
    from amigasweeper.challenge.sandbox import WORKER_UIDS_FROM

    write_bots({"h_signals": SIGNALS})
    result = run_tournament(["h_signals:sender", "h_signals:receiver"], ALL_BOMBS, jobs=1,
                            sandbox=request.getfixturevalue(mode))
    errors = [record.error for report in result.reports for record in report.records]
    assert all(error.startswith("LookupError: uid ") for error in errors), errors
    assert not any("full" in error for error in errors), errors
    uids = {int(error.split()[2].rstrip(":")) for error in errors}
    assert len(uids) == 2 and min(uids) >= WORKER_UIDS_FROM, errors


def test_worker_user_ids_differ_within_a_table_and_between_tables():
    from amigasweeper.challenge.sandbox import Sandbox, worker_uid

    root = Sandbox(True, "", "nobody", 65534, 65534)
    ids = {root.for_worker(table, serial).uid for table in (1, 2, 4194303) for serial in range(64)}
    assert len(ids) == 3 * 64 and max(ids) < 2**32 - 1
    assert worker_uid(7, 0) == worker_uid(7, 64)  # reused in turn: the 64th worker before is long gone
    assert Sandbox(True).for_worker(7, 3) == Sandbox(True)  # an ordinary user has one id


# ------------------------------------------------------ T1: never the same board at once
@pytest.mark.parametrize("prefetch, batch", [(2, 1), (8, 4)])  # one machine's tables; a cluster's, in batches
def test_no_two_players_ever_play_the_same_board_at_the_same_time(prefetch, batch):
    import random
    from collections import deque

    from amigasweeper.challenge.table import Setup, Task
    from amigasweeper.challenge.taskqueue import TaskQueue
    from amigasweeper.challenge.tournament import _TournamentRun

    class Handle:
        def __init__(self):
            self.sent = deque()
            self.prefetch, self.batch = prefetch, batch

        def flush(self):
            pass

        def send(self, task):
            self.sent.append(task)

    players, games = 3, 40
    run = _TournamentRun(Setup(ALL_BOMBS, 1.0, ["a:a"] * players, None), 3, ["a"] * 3)  # only its dealing is used
    run.tables = [Handle(), Handle(), Handle()]
    tasks = TaskQueue(range(games), players, lambda player, game: False)  # made as the tables take them
    done, rng = [], random.Random(1)
    for table in run.tables:
        run._feed(table, tasks)
    while any(t.sent for t in run.tables):
        boards = [{task.game for task in t.sent} for t in run.tables]
        assert all(not (a & b) for i, a in enumerate(boards) for b in boards[i + 1:]), boards
        table = rng.choice([t for t in run.tables if t.sent])
        done.append(table.sent.popleft())
        run._off_table(done[-1])  # as the run does when a record comes back
        for idle in [table, *run.tables]:
            run._feed(idle, tasks)
    assert sorted(done, key=lambda t: (t.game, t.player)) == [Task(p, g) for g in range(games) for p in range(players)]


def test_a_table_on_a_machine_without_libseccomp_says_so_rather_than_claiming_a_filter(monkeypatch):
    from amigasweeper.challenge import syscalls, table
    from amigasweeper.challenge.sandbox import Sandbox

    monkeypatch.setattr(syscalls, "unavailable", lambda: "no libseccomp binding here")
    local = table.on_this_machine(Sandbox(True, filtered=True))
    assert not local.filtered
    assert local.describe_filter().startswith("NOT filtered (on this table's machine, no libseccomp binding here)")
    assert table.on_this_machine(Sandbox(True)) == Sandbox(True)  # nothing promised, nothing changed


# ------------------------------------------- issue 40: the tests' own command, wherever the checkout lies
@pytest.mark.skipif(not AS_ROOT, reason="only root's tests run the command as nobody")
def test_a_command_nobody_cannot_reach_is_a_skip_that_says_why(tmp_path, monkeypatch):
    import walls_support

    closed = tmp_path / "closed"  # pytest's own folders, and root's home, are closed to other users
    closed.mkdir(mode=0o700)
    python = closed / "python"
    python.symlink_to(sys.executable)
    monkeypatch.setattr(sys, "executable", str(python))
    with pytest.raises(pytest.skip.Exception) as skipped:
        walls_support.nobody_account()
    message = str(skipped.value)
    assert f"the user nobody cannot run this checkout's command with {python} (Permission denied)" in message
    assert "a folder other users cannot enter" in message


@pytest.mark.skipif(not AS_ROOT, reason="only root's bots run as another user")
def test_run_by_root_a_python_the_bots_user_cannot_reach_is_refused_in_a_sentence(tmp_path, monkeypatch):
    from amigasweeper.challenge import sandbox
    from amigasweeper.challenge.challenge_game import ChallengeError

    closed = tmp_path / "closed"
    closed.mkdir(mode=0o700)
    (closed / "python").symlink_to(sys.executable)
    monkeypatch.setattr(sys, "executable", str(closed / "python"))
    sandbox._run_in.cache_clear()
    try:
        with pytest.raises(ChallengeError) as refused:
            sandbox.choose("off")
    finally:
        sandbox._run_in.cache_clear()
    message = str(refused.value)
    assert f"the bots would run as the user nobody, who cannot run this Python ({closed / 'python'}" in message
    assert "Permission denied" in message and "put Python where every user can read it" in message


def test_the_contest_page_says_what_cannot_be_sealed_and_what_the_audit_catches():
    readme = flat(CONTEST)
    assert "timing and CPU load only" not in readme  # false: the page cache carries far more
    assert "**What cannot be sealed.**" in readme and "page cache" in readme
    assert ("a luck audit flags a player whose moves are right more often than chance allows, with a "
            "false-alarm bound") in readme
    assert "a bot that cheats once (one guess made knowing) is not caught" in readme
    assert "An ordinary user has one user id" in readme


def test_sandbox_required_refuses_to_call_a_run_sealed_without_the_filter(monkeypatch):
    from amigasweeper.challenge import sandbox, syscalls

    monkeypatch.setattr(syscalls, "unavailable", lambda: "no libseccomp binding here")
    with pytest.raises(sandbox.SandboxUnavailable) as refused:
        sandbox.choose("required")
    assert str(refused.value) == ("--sandbox required, but the system-call filter cannot be built here: "
                                  "no libseccomp binding here")
