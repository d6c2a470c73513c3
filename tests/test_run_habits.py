"""The test run's habits: a child process a test starts never outlives it
(tests/child_processes.py), SIGTERM stops a run as Ctrl-C does, a process
pool in a test starts its workers fresh, never by fork, and ms-toollib is
never asked for a file that would abort the run."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from child_processes import ChildProcesses, descendants, dies_with_parent_available

TESTS = Path(__file__).resolve().parent

posix = pytest.mark.skipif(os.name != "posix", reason="process groups and signals as POSIX has them")
linux = pytest.mark.skipif(not dies_with_parent_available(), reason="PR_SET_PDEATHSIG and /proc are Linux's")

# A child that starts a grandchild in a session of its own (out of the child's
# group, as a bot's double fork would be), both deaf to SIGTERM, and prints
# both process ids.
STUBBORN = textwrap.dedent("""
    import os, signal, subprocess, sys, time
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    grandchild = subprocess.Popen([sys.executable, "-c",
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('ready', flush=True); time.sleep(600)"],
        start_new_session=True, stdout=subprocess.PIPE, text=True)
    grandchild.stdout.readline()
    print(os.getpid(), grandchild.pid, flush=True)
    time.sleep(600)
""")


def alive(pid: int) -> bool:
    """Running (a zombie, ended but not yet collected by its parent, is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def gone_soon(pid: int, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@linux
def test_the_child_keeps_its_process_id_behind_the_launcher(request):
    children = ChildProcesses()
    request.addfinalizer(children.stop_all)  # should the test fail half-way
    process = children.start([sys.executable, "-c", "import os; print(os.getpid())"], stdout=subprocess.PIPE, text=True)
    out, _ = process.communicate(timeout=60)
    assert int(out) == process.pid and process.returncode == 0
    assert children.stop_all() == []  # it had ended: nothing to stop


@linux
def test_the_child_takes_ctrl_c_even_when_the_run_ignores_it(child_processes):
    """Started in the background, a run ignores SIGINT; its children must not inherit that."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        child = child_processes.start([sys.executable, "-c", "import signal; print(signal.getsignal(signal.SIGINT))"],
                                      stdout=subprocess.PIPE, text=True)
    finally:
        signal.signal(signal.SIGINT, previous)
    out, _ = child.communicate(timeout=60)
    assert out.strip() == "<built-in function default_int_handler>"


@linux
def test_the_end_of_a_test_stops_the_child_and_what_left_its_group(request):
    children = ChildProcesses(grace=0.5)
    request.addfinalizer(children.stop_all)
    process = children.start([sys.executable, "-c", STUBBORN], stdout=subprocess.PIPE, text=True)
    child, grandchild = (int(pid) for pid in process.stdout.readline().split())
    assert child == process.pid and descendants(child) == [grandchild]
    assert os.getpgid(grandchild) != os.getpgid(child)  # out of reach of the group's signal
    assert children.stop_all() == [child]
    assert process.returncode == -signal.SIGKILL
    assert gone_soon(grandchild)


@linux
def test_a_killed_test_process_takes_its_children_with_it(child_processes):
    """SIGKILL to the test process runs no teardown: the kernel sends the child SIGTERM."""
    runner = textwrap.dedent(f"""
        import subprocess, sys, time
        sys.path.insert(0, {str(TESTS)!r})
        from child_processes import ChildProcesses
        child = ChildProcesses().start([sys.executable, "-c", "import time; time.sleep(600)"])
        print(child.pid, flush=True)
        time.sleep(600)
    """)
    test_process = child_processes.start([sys.executable, "-c", runner], stdout=subprocess.PIPE, text=True)
    child = int(test_process.stdout.readline())
    assert alive(child)
    test_process.kill()
    test_process.wait(timeout=60)
    assert gone_soon(child)


@posix
def test_sigterm_to_a_run_tears_its_fixtures_down_and_stops_their_children(tmp_path, child_processes):
    """The child ignores SIGTERM, so only the teardown's SIGKILL ends it (not the kernel's
    SIGTERM when its parent ends): it is gone only if the fixture was torn down."""
    (tmp_path / "test_waits.py").write_text(textwrap.dedent("""
        import sys, time
        from pathlib import Path

        DEAF = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)"

        def test_waits(child_processes):
            child = child_processes.start([sys.executable, "-c", DEAF])
            Path("child.pid").write_text(str(child.pid))
            time.sleep(600)
    """))
    # tests/conftest.py is loaded as a plugin (tmp_path has no conftest of its own)
    env = {**os.environ, "PYTHONPATH": str(TESTS)}
    run = child_processes.start([sys.executable, "-m", "pytest", "-q", "-p", "conftest", "-p", "no:cacheprovider",
                                 "test_waits.py"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
    pid_file = tmp_path / "child.pid"
    deadline = time.monotonic() + 120
    while not pid_file.exists() or not pid_file.read_text():
        assert run.poll() is None and time.monotonic() < deadline, run.communicate()[0]
        time.sleep(0.05)
    child = int(pid_file.read_text())
    run.send_signal(signal.SIGTERM)
    out, _ = run.communicate(timeout=120)
    assert run.returncode == pytest.ExitCode.INTERRUPTED, out
    assert "KeyboardInterrupt" in out
    if sys.platform.startswith("linux"):  # elsewhere there is no /proc to look in
        assert gone_soon(child)


SEEN_BY_WORKERS = "as the module was imported"


def what_a_worker_sees() -> str:
    return SEEN_BY_WORKERS


def test_a_process_pool_in_a_test_starts_its_workers_fresh(monkeypatch):
    """A forked worker would inherit the change made here; a spawned one imports the module anew."""
    assert multiprocessing.get_start_method() == "spawn"
    monkeypatch.setattr(sys.modules[__name__], "SEEN_BY_WORKERS", "changed in the test process")
    with multiprocessing.Pool(1) as pool:
        assert pool.apply(what_a_worker_sees) == "as the module was imported"


def test_ms_toollib_is_never_asked_for_the_file_of_a_game_not_over(toollib_evf):
    """It would abort the whole run (a Rust panic) and leave crash.log behind."""
    ms = pytest.importorskip("ms_toollib", reason="ms-toollib is not installed (pip install -e '.[test]')")
    video = ms.BaseVideo(ms.laymine(8, 8, 10, 0, 0), 16)
    with pytest.raises(AssertionError, match="only a game that is over"):
        toollib_evf(video)
