"""The program as a process against hostile surroundings: scripts that are
pipes, devices or too big; displays that are stale, invisible or never
answer; a relative data folder; a guide named in another encoding; a
signal while something hangs. Nothing blocks, nothing crashes, and every
refusal is one line."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_processes_cli import clean_env, command, finish, run, wait_for

from amigasweeper.replay.files import MAX_REPLAY_BYTES
from amigasweeper.storage import DATA_DIR_ENV, SETTINGS_FILE
from amigasweeper.storage.folders import anchor_data_dir
from amigasweeper.ui import display
from amigasweeper.ui.drive.script import SCRIPT_LIMIT

posix = pytest.mark.skipif(os.name != "posix", reason="POSIX pipes, devices and signals")
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/SDL display handling")


def one_line_refusal(result: subprocess.CompletedProcess, *words: str) -> None:
    """Refused with the reason on one line (after argparse's usage, if it gave it)."""
    assert result.returncode in (1, 2), result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "Traceback" not in result.stderr, result.stderr
    assert all(word in lines[-1] for word in words), result.stderr


# -- --script -------------------------------------------------------------------------


@posix
def test_a_script_that_is_a_named_pipe_is_refused_at_once(tmp_path):
    pipe = tmp_path / "script.txt"
    os.mkfifo(pipe)
    one_line_refusal(run("--headless", "--script", str(pipe)), "named pipe", "not a plain file")


@posix
def test_dev_zero_as_a_script_is_refused_without_reading_it():
    one_line_refusal(run("--headless", "--script", "/dev/zero"), "/dev/zero is a device")


def test_a_script_over_the_limit_is_refused_and_the_limit_is_named(tmp_path):
    big = tmp_path / "big.txt"
    with open(big, "wb") as handle:
        handle.truncate(SCRIPT_LIMIT + 1)
    one_line_refusal(run("--headless", "--script", str(big)), "larger than 1 MB")


def test_a_script_that_is_not_utf8_says_so(tmp_path):
    script = tmp_path / "latin.txt"
    script.write_bytes(b"wait 1\n# caf\xe9\n")
    one_line_refusal(run("--headless", "--script", str(script)), "not UTF-8")


@posix
def test_a_script_swapped_for_a_pipe_after_the_check_still_never_blocks(tmp_path, app_pilot):
    from amigasweeper.ui.drive.script import run_script
    from amigasweeper.ui.drive.scriptwords import ScriptError

    app, _pilot = app_pilot
    pipe = tmp_path / "late.txt"
    os.mkfifo(pipe)
    with pytest.raises(ScriptError, match="named pipe"):
        run_script(app, pipe)


# -- --replay, --guide, and the replays opened in the program ---------------------------


@posix
def test_a_replay_that_is_a_named_pipe_is_refused_at_once(tmp_path):
    """R1: --replay read whatever it was given; a pipe (or /proc/kmsg) waited forever."""
    pipe = tmp_path / "game.evf"
    os.mkfifo(pipe)
    one_line_refusal(run("--replay", str(pipe)), "--replay", "named pipe")


def hostile_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Files no reader may open, each with the words that refuse it."""
    found = {"folder": (tmp_path, "a folder, not a plain file")}
    big = tmp_path / "big.evf"
    with open(big, "wb") as handle:
        handle.truncate(MAX_REPLAY_BYTES + 1)  # sparse: nothing is written, the size is what counts
    found["too big"] = (big, "larger than 16 MB")
    if os.name == "posix":
        os.mkfifo(tmp_path / "pipe.evf")
        found["named pipe"] = (tmp_path / "pipe.evf", "a named pipe, not a plain file")
    if Path("/dev/zero").exists():
        found["device"] = (Path("/dev/zero"), "a device, not a plain file")
    if Path("/proc/self/environ").is_file():  # the kernel's files: /proc/kmsg is one (never touched here)
        found["system file"] = (Path("/proc/self/environ"), "a file of the system")
    return found


@pytest.mark.parametrize("flag", ["--replay", "--guide"])
def test_replay_and_guide_take_only_plain_files_of_bounded_size(tmp_path, flag, capsys):
    from amigasweeper.ui.window_options import parse_args

    for kind, (path, words) in hostile_files(tmp_path).items():
        if flag == "--guide" and kind == "too big":
            continue  # a guide may be 64 MB: its own limit is tested with the guide rules
        with pytest.raises(SystemExit) as stopped:
            parse_args([flag, str(path)])
        error = capsys.readouterr().err.splitlines()[-1]
        assert stopped.value.code == 2 and f"{flag}: " in error and words in error, (kind, error)


def test_a_replay_the_program_is_handed_is_read_by_the_same_rules(tmp_path, app_pilot):
    """Dropped on the program or chosen in a requester: no hostile file is
    read, each is refused in words, and nothing waits."""
    from amigasweeper.replay import ReplayError, load_replay

    app, pilot = app_pilot
    for kind, (path, words) in hostile_files(tmp_path).items():
        with pytest.raises(ReplayError, match=words):
            load_replay(path)
        problem = app.replays.open_path(path)
        assert words in problem and app.replays.window is None, kind


# -- displays -------------------------------------------------------------------------


@linux
@pytest.mark.parametrize("env", [{"DISPLAY": ":99"}, {"SDL_VIDEODRIVER": "dummy"},
                                 {"DISPLAY": ":99", "SDL_VIDEODRIVER": "offscreen"}])
def test_a_display_that_shows_nothing_gives_one_line_and_exit_1(tmp_path, env):
    if env.get("DISPLAY") and Path("/tmp/.X11-unix/X99").exists():
        pytest.skip("a display :99 really is there")
    started = time.monotonic()
    result = run("--data-dir", str(tmp_path / "data"), env=clean_env(**env))
    assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "cannot open a window" in result.stderr and "Traceback" not in result.stderr
    assert time.monotonic() - started < 60  # it used to run invisibly until killed


@linux
def test_a_display_that_never_answers_is_given_up_on(monkeypatch):
    """An X server that accepts the connection and then says nothing (a
    host that vanished): SDL would wait inside C, deaf to signals."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        if port < 6000:
            pytest.skip("no free port maps to an X display number here")
        monkeypatch.setenv("DISPLAY", f"127.0.0.1:{port - 6000}")
        monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
        monkeypatch.setattr(display, "PROBE_SECONDS", 2.0)
        with pytest.raises(display.DisplayError, match="did not answer within 2 s"):
            display.check_display()


@pytest.fixture
def xvfb(tmp_path, child_processes):
    """A real (virtual) X display, when Xvfb is installed."""
    if not sys.platform.startswith("linux") or shutil.which("Xvfb") is None:
        pytest.skip("needs Xvfb")
    number = 90 + os.getpid() % 500
    server = child_processes.start(["Xvfb", f":{number}", "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket_file = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 20
    while not socket_file.exists() and server.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if not socket_file.exists():
        server.kill()
        pytest.skip("Xvfb did not start")
    yield f":{number}"
    server.terminate()
    server.wait(timeout=30)


@posix
def test_on_a_real_display_a_relative_data_dir_is_taken_from_the_starting_folder(tmp_path, xvfb, child_processes):
    """A damaged settings file in ./mydata: the program, once started, has set
    it aside there (and nowhere else) - so it read the folder it was told."""
    (tmp_path / "mydata").mkdir()
    (tmp_path / "mydata" / SETTINGS_FILE).write_text("{ not json")
    env = clean_env(DISPLAY=xvfb, **{DATA_DIR_ENV: "mydata"})
    process = child_processes.start(command(), cwd=tmp_path, env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    set_aside = lambda: any("damaged" in p.name for p in (tmp_path / "mydata").iterdir())  # noqa: E731
    wait_for(set_aside, "the damaged settings were set aside", process)
    process.send_signal(signal.SIGTERM)
    _out, err = finish(process)
    assert process.returncode == 143, err
    assert not (Path(display.__file__).parent / "mydata").exists()  # where Pyxel's folder change put it


def test_a_relative_data_dir_variable_is_anchored_where_the_program_started(tmp_path):
    environ = {DATA_DIR_ENV: "saved/here"}
    anchor_data_dir(tmp_path, environ)
    assert environ[DATA_DIR_ENV] == str(tmp_path / "saved" / "here")
    environ = {DATA_DIR_ENV: str(tmp_path / "abs")}
    anchor_data_dir(Path("/elsewhere"), environ)
    assert environ[DATA_DIR_ENV] == str(tmp_path / "abs")


# -- names in any encoding --------------------------------------------------------------


@posix
def test_a_guide_named_in_latin1_opens(tmp_path):
    name = os.fsdecode(b"Caf\xe9.guide")
    try:
        (tmp_path / name).write_text('@database C\n@node Main "Hello"\nhello\n@endnode\n')
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    (tmp_path / "look.txt").write_text("wait 2\nquit\n")
    result = run("--headless", "--script", "look.txt", "--guide", str(tmp_path / name), cwd=tmp_path)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


@posix
def test_a_guide_in_a_folder_named_in_latin1_opens(tmp_path):
    folder = tmp_path / os.fsdecode(b"d\xe9j\xe0")
    try:
        folder.mkdir()
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    (folder / "A.guide").write_text('@database A\n@node Main "Hello"\nhello\n@endnode\n')
    (folder / "look.txt").write_text("wait 2\nquit\n")
    result = run("--headless", "--script", "look.txt", "--guide", "A.guide", cwd=folder)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


# -- signals while something hangs -------------------------------------------------------

HANGS = """
import os
from amigasweeper.ui.stopping import StopRequests
StopRequests().install()
reading, writing = os.pipe()
print("hanging", flush=True)
os.read(reading, 1)  # nothing ever comes, as from a file system that hangs
"""


@posix
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_ends_the_program_even_while_it_hangs(signum, status, child_processes):
    process = child_processes.start([sys.executable, "-c", HANGS], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    text=True, env=clean_env())
    assert process.stdout.readline().strip() == "hanging"
    time.sleep(0.1)
    process.send_signal(signum)
    _out, err = finish(process, seconds=30)
    assert process.returncode == status and "stopped while busy" in err


@posix
def test_the_viewer_refuses_a_pipe_typed_into_open_without_waiting(tmp_path, app_pilot):
    app, pilot = app_pilot
    pipe = tmp_path / "pipe.guide"
    os.mkfifo(pipe)
    app.open_manual()
    assert "pipe.guide is a named pipe, not a plain file" == app.viewers.open_path(str(pipe))
    deep = tmp_path.joinpath(*["a-rather-long-folder-name"] * 6)
    deep.mkdir(parents=True)
    os.mkfifo(deep / "a-guide-with-a-very-long-name-indeed.guide")
    problem = app.viewers.open_path(str(deep / "a-guide-with-a-very-long-name-indeed.guide"))
    assert problem.endswith("is a named pipe, not a plain file") and len(problem) < 60, problem
    assert "a device, not a plain file" in app.viewers.open_path("/dev/zero")


@posix
def test_following_links_to_a_pipe_and_to_proc_kmsg_never_blocks_the_program(tmp_path):
    os.mkfifo(tmp_path / "Pipe.guide")
    (tmp_path / "Links.guide").write_text(
        "@database Links.guide\n@node Main\n"
        '@{" pipe " link Pipe.guide/Main} @{" kmsg " link "//////proc/kmsg/main"}\n@endnode\n'
    )
    # Tab to each link and follow it with Return; a warning, if any, is answered by Return (Cancel).
    (tmp_path / "follow.txt").write_text("key TAB\nkey RETURN\nkey TAB\nkey RETURN\nkey RETURN\nwait 2\nquit\n")
    result = run("--headless", "--script", "follow.txt", "--guide", "Links.guide", cwd=tmp_path)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


@linux
def test_sigterm_ends_the_program_while_it_waits_for_a_silent_display(tmp_path, child_processes):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        if port < 6000:
            pytest.skip("no free port maps to an X display number here")
        env = clean_env(DISPLAY=f"127.0.0.1:{port - 6000}")
        process = child_processes.start(command("--data-dir", str(tmp_path)), env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        server.settimeout(60)
        connection, _ = server.accept()  # the display test is now waiting for an answer
        with connection:
            process.send_signal(signal.SIGTERM)
            _out, err = finish(process, seconds=5)  # the display test alone would wait 10 s
            connection.settimeout(5)
            while connection.recv(4096):  # the X client's greeting, then the end: the child is gone too
                pass
    assert process.returncode == 143, err


def test_a_replays_damage_is_told_with_its_odd_bytes_escaped(tmp_path, make_app):
    """A damaged replay's name and words reach the requester escaped: a
    control character in them never draws one of the font's own symbols."""
    from amigasweeper.replay import ReplayError, load_replay

    path = tmp_path / "odd\x01\x08\x1b[2J.evf"
    path.write_bytes(b"\x04" + b"\xff" * 40)
    with pytest.raises(ReplayError) as refused:
        load_replay(path)
    assert str(refused.value).isprintable()
    app, _pilot = make_app(replay=path)
    told = " ".join(app.requesters[-1].lines)
    assert "odd\\x01\\x08\\x1b[2J.evf cannot be played" in told and "\x01" not in told
