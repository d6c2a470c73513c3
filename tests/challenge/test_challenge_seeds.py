"""Issue 41 item 5 and issue 40 item 4: a run's seed is public (``--seed``), fresh, or secret (``--seed-file``
or the environment), the secret one read by the keeper alone and sent nowhere, and a guessable one refused
where the operator asks for a contest (``--sandbox required``)."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import pytest
from walls_support import AS_ROOT, MARK_ALL

from amigasweeper.challenge import ChallengeConfig, run_tournament
from amigasweeper.challenge.challenge_game import ChallengeError
from amigasweeper.challenge.cli import main
from amigasweeper.challenge.harness import PlayerLoadError
from amigasweeper.challenge.seeds import (
    DIGEST_ROUNDS,
    SEED_VARIABLE,
    SecretSeed,
    check_digest,
    digest_matches,
    guessable,
    seed_digest,
)

SMALL = ["--size", "5", "--bombs", "4", "--games", "2", "--jobs", "1"]
LONG_SEED = (1 << 127) | 0x5EED_0F_A_C0_47E57  # 128 bits: out of reach of trying
BOARDS = ChallengeConfig(size=6, bombs=5, games=4, seed=None)


def _seed_file(folder: Path, text: str, mode: int = 0o600) -> Path:
    path = folder / "seed"
    path.write_text(text)
    path.chmod(mode)
    return path


def _games(result) -> list[tuple]:
    return [(r.index, r.outcome, r.moves) for report in result.reports for r in report.records]


# ------------------------------------------------------------------ public and fresh
def test_a_chosen_seed_is_said_public_and_a_short_one_guessable(capsys):
    assert main([*SMALL, "--seed", "5", "--sandbox", "off"]) == 0
    out = capsys.readouterr().out
    assert "seed 5 (public: chosen on the command line, short enough for a bot to find by trying)" in out
    assert main([*SMALL, "--seed", str(LONG_SEED), "--sandbox", "off", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["seed"], data["seed_kind"]) == (LONG_SEED, "public")


def test_without_a_seed_a_fresh_one_is_shown_once_the_games_are_over(capsys):
    assert main([*SMALL, "--sandbox", "off", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed_kind"] == "fresh" and isinstance(data["seed"], int)


def test_the_help_says_a_chosen_seed_is_only_as_secret_as_it_is_long(capsys):
    assert main(["--help"]) == 0
    words = " ".join(capsys.readouterr().out.split())
    assert "A chosen seed is only as secret as it is long" in words
    assert "--seed-file PATH" in words and SEED_VARIABLE in words


@pytest.mark.parametrize("seed", ["5", "12345", str((1 << 63) - 1)])
def test_sandbox_required_refuses_a_guessable_seed(capsys, seed):
    assert guessable(int(seed))
    assert main([*SMALL, "--seed", seed, "--sandbox", "required"]) == 2
    err = capsys.readouterr().err
    assert f"--sandbox required asks for a contest, but --seed {seed} has" in err
    assert "a bot can try every seed that short" in err and "or leave --seed out" in err


def test_a_run_has_one_seed(tmp_path, capsys, monkeypatch):
    path = _seed_file(tmp_path, str(LONG_SEED))
    assert main([*SMALL, "--seed", "5", "--seed-file", str(path)]) == 2
    assert "a run has one seed: --seed and --seed-file were both given" in capsys.readouterr().err
    monkeypatch.setenv(SEED_VARIABLE, str(LONG_SEED))
    assert main([*SMALL, "--seed", "5"]) == 2
    assert f"--seed and {SEED_VARIABLE} were both given" in capsys.readouterr().err


# ------------------------------------------------------------------ secret
def test_a_secret_seed_file_plays_that_seeds_boards_and_is_never_shown(tmp_path, capsys, unsealed):
    path = _seed_file(tmp_path, f"  {LONG_SEED}\n")
    secret = run_tournament(["solver"], BOARDS, jobs=1, sandbox=unsealed, secret=SecretSeed(path=str(path)))
    public = run_tournament(["solver"], ChallengeConfig(size=6, bombs=5, games=4, seed=LONG_SEED), jobs=1,
                            sandbox=unsealed)
    assert _games(secret) == _games(public)
    assert secret.config.seed is None and public.config.seed == LONG_SEED
    assert main([*SMALL, "--seed-file", str(path), "--sandbox", "off"]) == 0
    out = capsys.readouterr().out
    assert "seed secret (read by the keeper alone; not shown)" in out and str(LONG_SEED) not in out


def test_the_secret_seed_variable_leaves_the_coordinators_environment(monkeypatch, unsealed):
    monkeypatch.setenv(SEED_VARIABLE, hex(LONG_SEED))
    secret = run_tournament(["solver"], BOARDS, jobs=1, sandbox=unsealed, secret=SecretSeed(variable=SEED_VARIABLE))
    assert SEED_VARIABLE not in os.environ  # nothing started after the keeper (tables, Ray) inherits it
    public = run_tournament(["solver"], ChallengeConfig(size=6, bombs=5, games=4, seed=LONG_SEED), jobs=1,
                            sandbox=unsealed)
    assert _games(secret) == _games(public) and secret.config.seed is None


class _Spy:
    """An executor that records what it would send to its tables (or a cluster), then stops the run."""

    name, walls, nodes = "spy", None, {}

    def __init__(self) -> None:
        self.seen: dict = {}

    def start(self, setup, keeper, jobs, tasks):
        self.seen = {"seed": setup.config.seed, "setup": repr(setup), "variable": SEED_VARIABLE in os.environ}
        raise PlayerLoadError("the spy has seen enough")

    def stop(self, tables, politely):
        pass


@pytest.mark.parametrize("where", ["file", "variable"])
def test_the_secret_seed_never_reaches_a_table_or_a_cluster(tmp_path, monkeypatch, unsealed, where):
    """What an executor gets is all a table or Ray's job table and runtime_env can ever hold."""
    if where == "file":
        secret = SecretSeed(path=str(_seed_file(tmp_path, str(LONG_SEED))))
    else:
        monkeypatch.setenv(SEED_VARIABLE, str(LONG_SEED))
        secret = SecretSeed(variable=SEED_VARIABLE)
    spy = _Spy()
    with pytest.raises(PlayerLoadError):
        run_tournament(["solver"], BOARDS, jobs=1, sandbox=unsealed, executor=spy, secret=secret)
    assert spy.seen["seed"] is None and not spy.seen["variable"]
    assert str(LONG_SEED) not in spy.seen["setup"] and str(tmp_path) not in spy.seen["setup"]


@pytest.mark.parametrize(("text", "mode", "message"), [
    ("12345", 0o600, "has 14 bits: a bot can try every seed that short"),
    (str(LONG_SEED), 0o644, "can be read by other users"),
    ("", 0o600, "is empty"),
    ("my secret phrase", 0o600, "is not a whole number"),
    ("9" * 5000, 0o600, "is longer than 4096 bytes"),
])
def test_a_seed_file_that_is_short_shared_or_not_a_number_is_refused(tmp_path, capsys, text, mode, message):
    path = _seed_file(tmp_path, text, mode)
    assert main([*SMALL, "--seed-file", str(path), "--sandbox", "off"]) == 2
    assert message in capsys.readouterr().err


def test_a_missing_seed_file_or_short_variable_is_refused(tmp_path, monkeypatch, unsealed):
    with pytest.raises(ChallengeError, match="cannot read the seed file"):
        run_tournament(["solver"], BOARDS, jobs=1, sandbox=unsealed, secret=SecretSeed(path=str(tmp_path / "none")))
    monkeypatch.setenv(SEED_VARIABLE, "42")
    with pytest.raises(ChallengeError, match=f"the secret seed in the variable {SEED_VARIABLE} has 6 bits"):
        run_tournament(["solver"], BOARDS, jobs=1, sandbox=unsealed, secret=SecretSeed(variable=SEED_VARIABLE))


# ------------------------------------------------------------------ a bot after the seed
SEED_HUNTER = MARK_ALL + '''
SEED_FILE = {path!r}
SEED = {seed!r}

def play(board_size, number_of_bombs, board, make_move):
    """Looks for the secret seed everywhere a process might: the file, its environment, every process's."""
    worked = []
    try:
        with open(SEED_FILE) as seed_file:
            worked.append("read the seed file: " + seed_file.read().strip())
    except OSError:
        pass
    if any(SEED in value for value in os.environ.values()):
        worked.append("found it in its environment")
    for entry in os.listdir("/proc"):
        for part in ("environ", "cmdline"):
            try:
                with open(f"/proc/{{entry}}/{{part}}", "rb") as seen:
                    if SEED.encode() in seen.read():
                        worked.append(f"found it in /proc/{{entry}}/{{part}}")
            except OSError:
                pass
    check(worked)
    mark_all(board_size, number_of_bombs, board, make_move)
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
@pytest.mark.parametrize("mode", ["sealed", "unsealed"])
def test_a_bot_finds_the_secret_seed_nowhere(write_bots, tmp_path, monkeypatch, mode, request):
    if mode == "unsealed" and not AS_ROOT:
        pytest.skip("unsealed, a bot runs as the operator's user and can read what it can (the README says so)")
    walls = request.getfixturevalue(mode)
    folder = write_bots({})
    path = _seed_file(folder, str(LONG_SEED))  # beside the bot, closed to other users
    write_bots({"h_seed_hunter": SEED_HUNTER.format(path=str(path), seed=str(LONG_SEED))})
    config = ChallengeConfig(size=3, bombs=9, games=2, seed=None)
    from_file = run_tournament(["h_seed_hunter:play"], config, jobs=1, sandbox=walls, secret=SecretSeed(path=str(path)))
    monkeypatch.setenv(SEED_VARIABLE, str(LONG_SEED))
    from_variable = run_tournament(["h_seed_hunter:play"], config, jobs=1, sandbox=walls,
                                   secret=SecretSeed(variable=SEED_VARIABLE))
    for result in (from_file, from_variable):
        assert [r.error for r in result.reports[0].records] == ["", ""]
        assert result.reports[0].wins == 2


# ------------------------------------------------------------------ the manifest's digest
def test_a_seeds_digest_is_salted_slow_and_matches_that_seed_only():
    """A manifest keeps no plain hash of a secret seed: each digest has a salt of its own (two digests of one
    seed differ, so no table made in advance serves) and DIGEST_ROUNDS of PBKDF2, and matches its seed only."""
    first, second = seed_digest(LONG_SEED), seed_digest(LONG_SEED)
    assert first != second and first.startswith(f"pbkdf2-sha256${DIGEST_ROUNDS}$")
    assert digest_matches(LONG_SEED, first) and digest_matches(LONG_SEED, second)
    assert not digest_matches(LONG_SEED + 1, first) and not digest_matches(-LONG_SEED, first)
    assert hashlib.sha256(str(LONG_SEED).encode()).hexdigest() not in first


@pytest.mark.parametrize("digest", [
    5, None, "", "pbkdf2-sha256$1$00", "md5$1$" + "00" * 16 + "$" + "00" * 32,
    "pbkdf2-sha256$99999999999$" + "00" * 16 + "$" + "00" * 32,  # would take hours to check
    "pbkdf2-sha256$0$" + "00" * 16 + "$" + "00" * 32, "pbkdf2-sha256$10$zz$" + "00" * 32,
    "pbkdf2-sha256$10$" + "00" * 16 + "$" + "00" * 31, "pbkdf2-sha256$-5$" + "00" * 16 + "$" + "00" * 32,
])
def test_a_digest_this_version_does_not_make_is_refused(digest):
    with pytest.raises(ValueError):
        check_digest(digest)

