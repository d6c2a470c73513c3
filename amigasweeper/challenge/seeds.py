"""Where a run's seed comes from, and how secret it is.

A seed lays out every board of a run by a public method (see
``envelope.game_key``), so whoever knows it knows every board. Three kinds:

- public: ``--seed N``, chosen by the operator, shown with the results and
  on the command line. Anyone can repeat the run; a short one can also be
  found by a bot that tries every seed that short while it is imported, so
  a chosen seed is only as secret as it is long.
- fresh: none given; the keeper makes one nobody can guess and it is shown
  once the games are over, so the run can be repeated.
- secret: read by the keeper alone (see ``keeper``) from a file
  (``--seed-file``) or the environment (``SEED_VARIABLE``), never shown,
  never in a command line, and never sent to a table or a cluster: a
  contest that must hold its boards back for a later round.

A secret seed must be long enough that trying every seed that long is out
of reach (``SECRET_BITS``); so must a public one in a run that asks to be
sealed (``--sandbox required``).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from enum import Enum

from .challenge_game import ChallengeError

SEED_VARIABLE = "AMIGASWEEPER_SEED"
SECRET_BITS = 64  # the fewest bits of a seed a bot may not find by trying them all
OTHERS_READ = 0o044  # the group's and everyone's read bits
LONGEST_SEED_FILE = 4096  # bytes: a seed is a number, not a document
MAKE_ONE = 'python3 -c "import secrets; print(2**127 + secrets.randbits(127))"'
DIGEST_SCHEME = "pbkdf2-sha256"
# A try at a seed costs this many rounds of HMAC-SHA256 (about 0.1 s in Python): trying every seed of
# SECRET_BITS from a manifest is then out of reach even for hardware that tries plain SHA-256 by the billion.
DIGEST_ROUNDS = 200_000
MOST_ROUNDS = 10 * DIGEST_ROUNDS  # a manifest asking more is not one this version made (it would hang)
SALT_BYTES = 16  # a salt of its own for each digest: no table made in advance serves


class SeedKind(str, Enum):
    PUBLIC = "public"  # --seed N: shown, repeatable, guessable when short
    FRESH = "fresh"  # made by the keeper, shown after the games
    SECRET = "secret"  # from a file or the environment, never shown


class SeedError(ChallengeError):
    """The secret seed could not be read, or is short enough to be found by trying."""


def guessable(seed: int) -> bool:
    """Whether a bot could find ``seed`` by trying every seed as short (see ``SECRET_BITS``)."""
    return abs(seed).bit_length() < SECRET_BITS


def too_short(seed: int, what: str) -> str:
    """The refusal of a seed shorter than ``SECRET_BITS`` ("" when it is long enough)."""
    if not guessable(seed):
        return ""
    return (f"{what} has {abs(seed).bit_length()} bits: a bot can try every seed that short while it is "
            f"imported and find the boards; give a seed of at least {SECRET_BITS} bits (make one with {MAKE_ONE})")


def seed_digest(seed: int, salt: bytes | None = None, rounds: int = DIGEST_ROUNDS) -> str:
    """What a run's manifest keeps of a seed it must not show (see ``runfiles``):
    "pbkdf2-sha256$ROUNDS$SALT$KEY", PBKDF2 with SHA-256 over a fresh salt unless one is given."""
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    key = hashlib.pbkdf2_hmac("sha256", str(seed).encode(), salt, rounds)
    return f"{DIGEST_SCHEME}${rounds}${salt.hex()}${key.hex()}"


def check_digest(digest: object) -> str:
    """``digest`` when it is one ``seed_digest`` makes; ValueError otherwise."""
    if not isinstance(digest, str):
        raise ValueError("a seed's digest is text")
    scheme, rounds, salt, key = digest.split("$")  # ValueError when there are not four parts
    if scheme != DIGEST_SCHEME or not rounds.isdecimal() or not 1 <= int(rounds) <= MOST_ROUNDS:
        raise ValueError(f"not a {DIGEST_SCHEME} digest of at most {MOST_ROUNDS} rounds")
    if len(bytes.fromhex(salt)) != SALT_BYTES or len(bytes.fromhex(key)) != hashlib.sha256().digest_size:
        raise ValueError("a salt or key of the wrong length")
    return digest


def digest_matches(seed: int, digest: str) -> bool:
    """Whether ``seed`` is the seed ``digest`` (checked by ``check_digest``) was made of."""
    _, rounds, salt, _ = check_digest(digest).split("$")
    return hmac.compare_digest(seed_digest(seed, bytes.fromhex(salt), int(rounds)), digest)


@dataclass(frozen=True)
class SecretSeed:
    """Where the keeper reads a secret seed: a file's path, or the name of a variable of its environment;
    ``digest``: the digest the seed must match (a resumed run's, from its manifest; "" for a new run)."""

    path: str = ""
    variable: str = ""
    digest: str = ""

    @property
    def where(self) -> str:
        return f"the file {self.path}" if self.path else f"the variable {self.variable}"

    def read(self) -> int:
        """The seed (in the keeper only); SeedError saying what is wrong with it."""
        text = self._text().strip()
        if not text:
            raise SeedError(f"the secret seed in {self.where} is empty")
        try:
            seed = int(text) if text.isdigit() else int(text, 0)  # leading zeros are fine in decimal
        except ValueError:
            raise SeedError(f"the secret seed in {self.where} is not a whole number (decimal, or 0x... in "
                            "hexadecimal)") from None
        failure = too_short(seed, f"the secret seed in {self.where}")
        if failure:
            raise SeedError(failure)
        if self.digest and not digest_matches(seed, self.digest):
            raise SeedError(f"--resume: the secret seed in {self.where} is not the seed the run was played with")
        return seed

    def _text(self) -> str:
        if not self.path:
            return os.environ.pop(self.variable, "")  # out of this process's environment once read
        try:
            with open(self.path, "rb") as source:
                if os.name == "posix" and os.fstat(source.fileno()).st_mode & OTHERS_READ:
                    raise SeedError(f"the seed file {self.path} can be read by other users (a bot runs as "
                                    f"another user): make it yours alone (chmod 600 {self.path})")
                data = source.read(LONGEST_SEED_FILE + 1)
        except OSError as error:
            raise SeedError(f"cannot read the seed file {self.path}: {error.strerror or error}") from None
        if len(data) > LONGEST_SEED_FILE:
            raise SeedError(f"the seed file {self.path} is longer than {LONGEST_SEED_FILE} bytes: a seed is "
                            "one number")
        return data.decode("utf-8", "replace")


def forget_variable() -> None:
    """Take the secret seed's variable out of this process's environment (the coordinator, once the keeper
    has its own copy), so nothing started from here later (tables, a local Ray cluster) inherits it."""
    os.environ.pop(SEED_VARIABLE, None)
