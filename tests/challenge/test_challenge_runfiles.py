"""A long run's files and endings: --jsonl appended or refused, plain files only, the manifest and --resume,
--first-game ranges, SIGTERM heard as Ctrl-C, and standard output that holds the results alone."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from amigasweeper.challenge import cli, runfiles
from amigasweeper.challenge.executors import LocalTables
from amigasweeper.challenge.seeds import SEED_VARIABLE, digest_matches

ROOT = Path(__file__).resolve().parents[2]
SMALL = ["--size", "4", "--bombs", "2", "--games", "4", "--jobs", "1", "--player", "solver", "--player", "naive"]


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _games(path: Path) -> list[tuple]:
    return sorted((g["player"], g["game"], g["outcome"], g["moves"]) for g in _lines(path))


def _figures(out: str) -> list[tuple]:
    return sorted((p["player"], p["games"], p["wins"]) for p in json.loads(out)["players"])


# ------------------------------------------------------------- --jsonl
def test_a_games_file_that_holds_games_is_refused_and_left_as_it_was(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    log.write_text('{"player": "someone", "game": 0}\n')
    assert cli.main([*SMALL, "--seed", "1", "--jsonl", str(log)]) == 2
    err = capsys.readouterr().err
    assert "already holds games: add --resume" in err and "never overwritten" in err
    assert log.read_text() == '{"player": "someone", "game": 0}\n'


def test_an_empty_games_file_is_written_and_gets_a_manifest(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    log.touch()
    assert cli.main([*SMALL, "--seed", "1", "--jsonl", str(log)]) == 0
    assert len(_lines(log)) == 8
    manifest = json.loads(Path(runfiles.manifest_path(str(log))).read_text())
    assert manifest["seed"] == 1 and manifest["run"]["players"] == ["solver", "naive"]
    assert manifest["run"]["first_game"] == 0 and manifest["run"]["games"] == 4


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting_for_a_reader(tmp_path, capsys):
    pipe = tmp_path / "pipe.jsonl"
    os.mkfifo(pipe)
    started = time.monotonic()
    assert cli.main([*SMALL, "--seed", "1", "--jsonl", str(pipe)]) == 2
    assert time.monotonic() - started < 60  # (a blocked open would never return at all)
    assert "is a named pipe, not a plain file" in capsys.readouterr().err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="/dev/full is Linux's")
def test_a_device_is_refused(capsys):
    assert cli.main([*SMALL, "--seed", "1", "--jsonl", "/dev/full"]) == 2
    assert "is a device, not a plain file" in capsys.readouterr().err


def test_a_games_file_that_stops_taking_lines_is_said_and_the_table_still_shown(tmp_path):
    """A file size limit (as a full disk would): writes fail with EFBIG after a few lines."""
    log = tmp_path / "run.jsonl"

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (700, 700))  # the manifest fits, not 8 games

    result = subprocess.run([sys.executable, "-m", "amigasweeper.challenge.cli", *SMALL, "--seed", "1",
                             "--jsonl", str(log)], capture_output=True, text=True, timeout=300, cwd=ROOT,
                            preexec_fn=small_files)
    assert result.returncode == cli.UNWRITTEN, result.stderr
    assert "solver" in result.stdout and "rank" in result.stdout
    assert f"cannot write {log}: File too large" in result.stderr and "Traceback" not in result.stderr


# ------------------------------------------------------------- --resume
def test_a_resumed_run_plays_only_what_is_missing_and_counts_each_game_once(tmp_path, capsys):
    whole = tmp_path / "whole.jsonl"
    assert cli.main([*SMALL, "--seed", "7", "--json", "--jsonl", str(whole)]) == 0
    expected = _figures(capsys.readouterr().out)
    cut = tmp_path / "cut.jsonl"
    assert cli.main([*SMALL, "--seed", "7", "--jsonl", str(cut)]) == 0
    capsys.readouterr()
    lines = cut.read_text().splitlines(keepends=True)
    cut.write_text("".join(lines[:3]) + lines[3][:10])  # three games kept, the fourth torn mid-line
    assert cli.main([*SMALL, "--seed", "7", "--json", "--jsonl", str(cut), "--resume"]) == 0
    out, err = capsys.readouterr()
    assert "was cut short" in err and "its game is played again" in err
    assert _figures(out) == expected
    assert _games(cut) == _games(whole)  # each game once: three kept, five played
    assert cut.read_text().splitlines()[:3] == [line.rstrip("\n") for line in lines[:3]]


def _audits(out: str) -> dict[str, dict]:
    return {p["player"]: p["audit"] for p in json.loads(out)["players"]}


def test_a_resumed_run_chains_the_kept_games_luck_audit_with_the_rest(tmp_path, capsys):
    """The audit's bound is over a player's whole run: the games read back keep their factors, so a run
    cut and resumed gives every player the audit an unbroken run gives, to the last bit."""
    argv = ["--size", "5", "--bombs", "5", "--games", "6", "--jobs", "1", "--seed", "11",
            "--player", "naive", "--player", "solver"]
    whole = tmp_path / "whole.jsonl"
    assert cli.main([*argv, "--json", "--jsonl", str(whole)]) == 0
    expected = _audits(capsys.readouterr().out)
    assert all(audit["moves_audited"] for audit in expected.values())  # there was luck to keep
    cut = tmp_path / "cut.jsonl"
    assert cli.main([*argv, "--jsonl", str(cut)]) == 0
    capsys.readouterr()
    lines = cut.read_text().splitlines(keepends=True)
    kept = [line for line in lines if json.loads(line)["game"] < 3]
    assert any("audit" in json.loads(line) for line in kept)
    cut.write_text("".join(kept))
    assert cli.main([*argv, "--json", "--jsonl", str(cut), "--resume"]) == 0
    assert _audits(capsys.readouterr().out) == expected


@pytest.mark.parametrize("audit", [
    {"log10_by_lambda": [0.1], "moves_audited": 1, "moves_skipped": 0},  # other bets
    {"log10_by_lambda": ["NaN", 0, 0, 0, 0], "moves_audited": 1, "moves_skipped": 0},
    {"log10_by_lambda": [0, 0, 0, 0, 0], "moves_audited": -3, "moves_skipped": 0},
    {"log10_by_lambda": "0.5", "moves_audited": 1, "moves_skipped": 0},
    "lucky",
])
def test_a_kept_game_whose_audit_is_not_one_is_refused_by_its_line(tmp_path, capsys, audit):
    log = tmp_path / "run.jsonl"
    assert cli.main([*SMALL, "--seed", "7", "--jsonl", str(log)]) == 0
    capsys.readouterr()
    lines = log.read_text().splitlines()
    changed = {**json.loads(lines[1]), "audit": audit}
    log.write_text("\n".join([lines[0], json.dumps(changed), *lines[2:]]) + "\n")
    before = log.read_text()
    assert cli.main([*SMALL, "--seed", "7", "--jsonl", str(log), "--resume"]) == 2
    assert f"line 2 of {log} is not a game of this run" in capsys.readouterr().err
    assert log.read_text() == before


def test_resuming_with_other_options_is_refused_naming_them(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    assert cli.main([*SMALL, "--seed", "7", "--jsonl", str(log)]) == 0
    before = log.read_text()
    argv = ["--size", "5", "--bombs", "2", "--games", "4", "--jobs", "1", "--player", "solver"]
    assert cli.main([*argv, "--seed", "7", "--jsonl", str(log), "--resume"]) == 2
    err = capsys.readouterr().err
    assert "players is ['solver'] here, ['solver', 'naive'] there" in err and "size is 5 here, 4 there" in err
    assert cli.main([*SMALL, "--seed", "8", "--jsonl", str(log), "--resume"]) == 2
    assert "played with --seed 7: give the same" in capsys.readouterr().err
    assert log.read_text() == before


def test_a_secret_seeds_run_resumes_only_with_its_seed(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    assert cli.main([*SMALL, "--json", "--jsonl", str(log)]) == 0
    seed = json.loads(capsys.readouterr().out)["seed"]
    manifest = Path(runfiles.manifest_path(str(log))).read_text()
    assert str(seed) not in manifest and digest_matches(seed, json.loads(manifest)["seed_digest"])
    assert cli.main([*SMALL, "--jsonl", str(log), "--resume"]) == 2
    assert "the run's seed was not public: give it with --seed" in capsys.readouterr().err
    assert cli.main([*SMALL, "--seed", str(seed + 1), "--jsonl", str(log), "--resume"]) == 2
    assert "is not the seed the run was played with" in capsys.readouterr().err
    assert cli.main([*SMALL, "--seed", str(seed), "--jsonl", str(log), "--resume"]) == 0
    assert len(_lines(log)) == 8  # all were there: nothing played twice


@pytest.mark.parametrize("digest", ["0" * 64, "pbkdf2-sha256$9999999999$" + "00" * 16 + "$" + "00" * 32, 7])
def test_a_manifest_whose_seed_digest_is_not_ours_is_refused_before_any_game(tmp_path, capsys, digest):
    """An old plain SHA-256, a digest asking for hours of rounds, a number: named, nothing played."""
    log = tmp_path / "run.jsonl"
    assert cli.main([*SMALL, "--jsonl", str(log)]) == 0
    capsys.readouterr()
    path = Path(runfiles.manifest_path(str(log)))
    path.write_text(json.dumps({**json.loads(path.read_text()), "seed_digest": digest}))
    before = log.read_text()
    assert cli.main([*SMALL, "--seed", "3", "--jsonl", str(log), "--resume"]) == 2
    assert "keeps a seed digest this version does not make" in capsys.readouterr().err
    assert log.read_text() == before


LONG_SEED = (1 << 127) | 0x5EED_0F_A_C0_47E57  # 128 bits: long enough for a secret seed


def _seed_file(path: Path, seed: int) -> Path:
    path.write_text(f"{seed}\n")
    path.chmod(0o600)
    return path


def test_a_secret_seeds_run_resumes_with_its_seed_file_or_variable_checked_by_the_keeper(tmp_path, capsys,
                                                                                        monkeypatch):
    """The seed is read by the keeper alone, on resuming too: the manifest keeps its digest (learned from the
    keeper at the end), and a wrong seed is refused before any game, whichever way it is given."""
    seed_file = _seed_file(tmp_path / "seed", LONG_SEED)
    public = tmp_path / "public.jsonl"
    assert cli.main([*SMALL, "--seed", str(LONG_SEED), "--jsonl", str(public)]) == 0
    capsys.readouterr()
    log = tmp_path / "run.jsonl"
    assert cli.main([*SMALL, "--seed-file", str(seed_file), "--json", "--jsonl", str(log)]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] is None  # never shown
    manifest = json.loads(Path(runfiles.manifest_path(str(log))).read_text())
    assert manifest["seed"] is None and digest_matches(LONG_SEED, manifest["seed_digest"])
    assert str(LONG_SEED) not in json.dumps(manifest)
    lines = log.read_text().splitlines(keepends=True)
    log.write_text("".join(lines[:5]))  # three games to play again
    wrong = _seed_file(tmp_path / "wrong", LONG_SEED + 1)
    assert cli.main([*SMALL, "--seed-file", str(wrong), "--jsonl", str(log), "--resume"]) == 2
    assert "the secret seed in the file" in capsys.readouterr().err
    assert len(_lines(log)) == 5  # refused before any game
    monkeypatch.setenv(SEED_VARIABLE, str(LONG_SEED + 1))
    assert cli.main([*SMALL, "--jsonl", str(log), "--resume"]) == 2
    assert f"the variable {SEED_VARIABLE} is not the seed the run was played with" in capsys.readouterr().err
    assert cli.main([*SMALL, "--seed", str(LONG_SEED), "--jsonl", str(log), "--resume"]) == 2  # a secret run
    capsys.readouterr()
    monkeypatch.setenv(SEED_VARIABLE, str(LONG_SEED))
    assert cli.main([*SMALL, "--json", "--jsonl", str(log), "--resume"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] is None
    assert _games(log) == _games(public)  # the same boards as the seed's, each game once
    assert cli.main([*SMALL, "--seed-file", str(wrong), "--jsonl", str(log), "--resume"]) == 2  # nothing left,
    assert "is not the seed the run was played with" in capsys.readouterr().err  # still checked
    monkeypatch.setenv(SEED_VARIABLE, str(LONG_SEED))
    assert cli.main([*SMALL, "--jsonl", str(public), "--resume"]) == 2  # a public run wants its --seed
    assert f"--seed {LONG_SEED}: give the same, not the variable" in capsys.readouterr().err


def test_resume_needs_a_games_file_and_its_manifest(tmp_path, capsys):
    assert cli.main([*SMALL, "--resume"]) == 2
    assert "--resume goes on with the run of a --jsonl file" in capsys.readouterr().err
    log = tmp_path / "run.jsonl"
    log.write_text("")
    assert cli.main([*SMALL, "--seed", "1", "--jsonl", str(log), "--resume"]) == 2
    assert "manifest.json is missing" in capsys.readouterr().err


def test_first_game_plays_that_range_of_the_series(tmp_path, capsys):
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    argv = ["--size", "4", "--bombs", "2", "--jobs", "1", "--player", "solver", "--seed", "5"]
    assert cli.main([*argv, "--games", "6", "--jsonl", str(whole)]) == 0
    assert cli.main([*argv, "--games", "2", "--first-game", "4", "--json", "--jsonl", str(part)]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["first_game"] == 4
    assert _games(part) == [g for g in _games(whole) if g[1] >= 4]
    assert cli.main([*argv, "--first-game", "-1"]) == 2


# ------------------------------------------------------------- endings
def test_what_writes_to_standard_output_during_a_run_goes_to_standard_error(monkeypatch, capfd):
    class Chatty(LocalTables):
        def start(self, *args):
            os.write(1, b"(raylet) a node died\n")  # as Ray's own messages do, below Python
            print("a library's print")
            return super().start(*args)

    monkeypatch.setattr(cli, "LocalTables", Chatty)
    assert cli.main(["--size", "4", "--bombs", "2", "--games", "2", "--seed", "1", "--jobs", "1", "--json"]) == 0
    out, err = capfd.readouterr()
    assert json.loads(out)["players"][0]["games"] == 2  # the whole of standard output is the JSON
    assert "(raylet) a node died" in err and "a library's print" in err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM to a process is POSIX")
@pytest.mark.slow
def test_sigterm_prints_the_games_played_and_exits_143(tmp_path, child_processes):
    log = tmp_path / "games.jsonl"
    process = child_processes.start(
        [sys.executable, "-m", "amigasweeper.challenge.cli", "--size", "10", "--games", "100000",
         "--jobs", "1", "--player", "solver", "--jsonl", str(log)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not log.exists() or log.read_text().count("\n") < 3):
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == cli.TERMINATED, err
    assert "Traceback" not in err
    played = int(out.split("interrupted after ")[1].split()[0])
    assert played >= 3 and played == len(log.read_text().splitlines())
    manifest = json.loads(Path(runfiles.manifest_path(str(log))).read_text())
    assert manifest["seed_digest"]  # the seed was learned at the end: the run can be resumed
