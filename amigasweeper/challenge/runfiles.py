"""A long run's files: ``--jsonl`` (a line per game, only ever appended) and its manifest, for ``--resume``.

The games file is opened only if it is a plain file (a named pipe or a
device is refused before it is opened, and the open never waits), always
for appending: a file that already holds games is refused unless the run
is resumed, so nothing is ever overwritten. Beside it, ``FILE.manifest.json``
says which run the file belongs to: the options that decide the games
(board, players, limits, game range) and the seed: a public ``--seed``
itself, a fresh or secret one only as a salted, slow digest of it
(``seeds.seed_digest``: PBKDF2-SHA256), written once the run has ended (a
fresh seed is shown with the results then; the keeper alone holds it while
bots play, and alone reads a secret one: it gives the coordinator that
digest at the end, and on ``--resume`` with ``--seed-file`` or the variable
it checks the seed against the manifest's
before any game). ``--resume`` checks the command against the manifest, refuses
on any difference, and reads back the games already in the file: they are
counted, each with its luck audit (chained with the games still to play, so
the audit's bound holds over the whole run), and only the others are
played. A last line cut short (the run was killed mid-write) is cut off and
its game played again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import os
import tempfile
from typing import TextIO

from amigasweeper.solver.luck import LAMBDAS, GameLuck

from ..plainfiles import kind_problem, open_plain, shown
from .challenge_game import ChallengeError, Outcome
from .harness import GameRecord
from .seeds import SecretSeed, check_digest, digest_matches, seed_digest

MANIFEST_SUFFIX = ".manifest.json"
FORMAT = 2  # the manifest's layout, for whoever reads it later (1 kept a seed's plain SHA-256)


class RunFileError(ChallengeError):
    """The games file or its manifest cannot be used for this run: the sentence says why."""


def manifest_path(games_file: str) -> str:
    return games_file + MANIFEST_SUFFIX


def open_games_file(path: str, resume: bool) -> TextIO:
    """``path`` opened for appending (made if missing); a file that holds games already, or that is not a
    plain file, is refused."""
    with contextlib.suppress(FileNotFoundError):
        info = os.stat(path)
        kind = kind_problem(info)
        if kind is not None:
            raise RunFileError(f"--jsonl {shown(path)} is {kind}: the games go to a plain file")
        if info.st_size and not resume:
            raise RunFileError(f"--jsonl {shown(path)} already holds games: add --resume to play the rest of that "
                               "run into it, or name another file (a games file is never overwritten)")
    try:
        handle = open_plain(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    except OSError as error:
        raise RunFileError(f"cannot write {shown(path)}: {error.strerror or error}") from None
    return os.fdopen(handle, "a", encoding="utf-8")


def write_manifest(games_file: str, run: dict, seed: int | None, public: bool, digest: str = "") -> None:
    """The run's manifest, whole or not at all (a copy renamed over it): ``seed`` None while it is secret
    and not yet known; once known, a public seed is written as itself, a secret one as its digest
    (``digest``: the digest of a seed this process never saw, made by the keeper)."""
    digest = seed_digest(seed) if seed is not None else digest
    data = {"format": FORMAT, "run": run, "seed": seed if public else None, "seed_digest": digest or None}
    path = manifest_path(games_file)
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=".manifest-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=1, sort_keys=True)
            file.write("\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def resume(games_file: str, run: dict, seed: int | None, names: list[str],
           secret: SecretSeed | None = None) -> tuple[list[tuple[int, GameRecord]], str, SecretSeed | None]:
    """The games already in ``games_file``, as (player, record), once the manifest says they are this run's;
    a note to show ("" or what was cut off); and ``secret`` (a --seed-file or the variable, this process
    never reads it) with the digest the keeper must find it matches. Raises RunFileError with the difference otherwise."""
    manifest = _read_manifest(games_file)
    differences = [f"{key} is {run.get(key)!r} here, {manifest['run'].get(key)!r} there"
                   for key in sorted(set(run) | set(manifest["run"])) if run.get(key) != manifest["run"].get(key)]
    if differences:
        raise RunFileError(f"--resume: this command is not the run of {shown(games_file)}: " + "; ".join(differences))
    if secret is None:
        _check_seed(manifest, seed)
    else:
        secret = dataclasses.replace(secret, digest=_secret_digest(manifest, secret))
    note = _cut_torn_line(games_file)
    return _played(games_file, run, names), note, secret


def _read_manifest(games_file: str) -> dict:
    path = manifest_path(games_file)
    try:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
    except FileNotFoundError:
        raise RunFileError(f"--resume: {shown(path)} is missing: only a run started with --jsonl has one") from None
    except (OSError, ValueError) as error:
        raise RunFileError(f"--resume: cannot read {shown(path)}: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("run"), dict):
        raise RunFileError(f"--resume: {shown(path)} is not a run manifest this version reads")
    if data.get("seed_digest") is not None:
        try:
            check_digest(data["seed_digest"])
        except ValueError as error:
            raise RunFileError(f"--resume: {shown(path)} keeps a seed digest this version does not make "
                               f"({error})") from None
    return data


def _check_seed(manifest: dict, seed: int | None) -> None:
    if manifest.get("seed") is not None:
        if seed != manifest["seed"]:
            raise RunFileError(f"--resume: the run was played with --seed {manifest['seed']}: give the same")
        return
    if manifest.get("seed_digest") is None:
        raise RunFileError("--resume: the run's secret seed was never recorded (it ended before its results were "
                           "shown), so its boards cannot be made again")
    if seed is None:
        raise RunFileError("--resume: the run's seed was not public: give it with --seed (a fresh one: its results "
                           "show it), or --seed-file or the variable it was read from (a secret one)")
    if not digest_matches(seed, manifest["seed_digest"]):
        raise RunFileError(f"--resume: --seed {seed} is not the seed the run was played with")


def _secret_digest(manifest: dict, secret: SecretSeed) -> str:
    """The digest a resumed run's secret seed must match: the keeper checks it before any game."""
    if manifest.get("seed") is not None:
        raise RunFileError(f"--resume: the run was played with --seed {manifest['seed']}: give the same, not "
                           f"{secret.where}")
    if manifest.get("seed_digest") is None:
        raise RunFileError("--resume: the run's secret seed was never recorded (it ended before its results were "
                           "shown), so its boards cannot be made again")
    return manifest["seed_digest"]


def _cut_torn_line(games_file: str) -> str:
    """Cut a last line without its newline (a write the run did not finish): its game is played again."""
    with open(open_plain(games_file, os.O_RDWR), "r+b") as file:
        size = file.seek(0, os.SEEK_END)
        if size == 0:
            return ""
        file.seek(size - 1)
        if file.read(1) == b"\n":
            return ""
        keep = 0
        position = size
        while position > 0 and not keep:
            step = min(1 << 16, position)
            position -= step
            file.seek(position)
            chunk = file.read(step)
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                keep = position + newline + 1
        file.truncate(keep)
    return f"the last line of {shown(games_file)} was cut short ({size - keep} bytes): its game is played again"


def _played(games_file: str, run: dict, names: list[str]) -> list[tuple[int, GameRecord]]:
    first, count = run["first_game"], run["games"]
    players = {name: place for place, name in enumerate(names)}
    played, seen = [], set()
    with open(open_plain(games_file), encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            try:
                data = json.loads(line)
                player, game = players[data["player"]], int(data["game"])
                record = GameRecord(game, Outcome(data["outcome"]), int(data["moves"]), float(data["ms"]),
                                    str(data["error"]), node=str(data.get("node", "")), luck=_luck(data))
            except (ValueError, KeyError, TypeError):
                raise RunFileError(f"--resume: line {number} of {shown(games_file)} is not a game of this run") from None
            if not first <= game < first + count:
                raise RunFileError(f"--resume: line {number} of {shown(games_file)} is game {game}, outside the "
                                   f"run's games {first} to {first + count - 1}")
            if (player, game) not in seen:  # counted once, whatever the file holds
                seen.add((player, game))
                played.append((player, record))
    return played


def _luck(line: dict) -> GameLuck | None:
    """A kept game's own luck audit, so a resumed run chains it with the games still to play (its
    bound then holds over the whole run, not over each part); None for a game that was not audited.
    ValueError when the line's audit is not one this version's bets made."""
    audit = line.get("audit")
    if audit is None:
        return None
    log10 = tuple(float(value) for value in audit["log10_by_lambda"])
    audited, skipped = int(audit["moves_audited"]), int(audit["moves_skipped"])
    if len(log10) != len(LAMBDAS) or not all(math.isfinite(value) for value in log10) or min(audited, skipped) < 0:
        raise ValueError("an audit of other bets, or no number")
    return GameLuck(log10, audited, skipped)

