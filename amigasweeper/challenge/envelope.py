"""Game keys, and the sealed envelopes that carry them to a table on another machine.

Game ``i`` of a run is laid out from its key, an HMAC of the run's seed and
``i`` (``game_key``): a table that holds the key of a game can lay out that
game and no other, and nothing about the seed follows from it.

A table on one machine gets the whole setup from the keeper through a pipe
(see ``keeper``). A table on a cluster node is reached only through Ray,
which keeps task arguments and results in its own stores and logs, so the
keys travel there sealed: the table and the keeper agree on a secret by
Diffie-Hellman (RFC 3526's 2048-bit group 14), the table's half in its
first answer and the keeper's half in every envelope, both of which may be
seen by anyone; each game's key is then sent as an envelope that only that
table can open (a one-time pad from HMAC-SHA256 in counter mode, with a
tag that binds it to the game's number). The secret never leaves the two
processes (both non-dumpable). Ray, and whoever reads what it kept, sees
the two public halves and the envelopes, from which neither the secret nor
a key can be had. An attacker who can run code on the cluster could stand
in the middle; Ray gives such a one every node anyway (see the manual's
Bot API page), which is why every table must be sealed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

# RFC 3526, group 14: a 2048-bit safe prime P = 2Q + 1, with generator 2.
P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
Q = (P - 1) // 2
GENERATOR = 2
SECRET_BITS = 256  # twice the strength group 14 gives (about 110 bits): the group, not the exponent, limits it
KEY_BYTES = 32
TAG_BYTES = 16


class EnvelopeError(ValueError):
    """A public half outside the group, or an envelope that does not open (changed, or not for this table)."""


def game_key(seed: int, game: int) -> bytes:
    """The key game ``game`` of the run seeded ``seed`` is laid out from (see ``ChallengeConfig.new_game``)."""
    return hmac.new(str(seed).encode(), f"amigasweeper-challenge:{game}".encode(), hashlib.sha256).digest()


def check_public(value: int) -> int:
    """``value`` if it is a member of group 14's subgroup of order Q (the only halves worth agreeing on)."""
    if not (isinstance(value, int) and 1 < value < P - 1 and pow(value, Q, P) == 1):
        raise EnvelopeError("the other side's half of the key agreement is not in the group")
    return value


class Party:
    """One side of the agreement: a secret exponent and its public half."""

    def __init__(self) -> None:
        self._exponent = secrets.randbits(SECRET_BITS) | 1 << (SECRET_BITS - 1)
        # Squared, so the half lies in the subgroup of order Q as ``check_public`` asks.
        self.public = pow(GENERATOR, 2 * self._exponent, P)

    def shared(self, other: int) -> _Keys:
        secret = pow(check_public(other), 2 * self._exponent, P)
        low, high = sorted((self.public, other))
        salt = hashlib.sha256(_bytes(low) + _bytes(high)).digest()
        return _Keys(_hkdf(salt, _bytes(secret)))


class _Keys:
    """The agreed secret, split in a key for the pad and one for the tag."""

    def __init__(self, material: bytes) -> None:
        self._pad, self._tag = material[:32], material[32:]

    def _stream(self, game: int) -> bytes:
        return hmac.new(self._pad, b"pad" + game.to_bytes(8, "big"), hashlib.sha256).digest()

    def _mac(self, game: int, body: bytes) -> bytes:
        return hmac.new(self._tag, b"tag" + game.to_bytes(8, "big") + body, hashlib.sha256).digest()[:TAG_BYTES]

    def seal(self, game: int, key: bytes) -> bytes:
        body = bytes(a ^ b for a, b in zip(key, self._stream(game), strict=True))
        return body + self._mac(game, body)

    def open(self, game: int, envelope: bytes) -> bytes:
        body, tag = envelope[:KEY_BYTES], envelope[KEY_BYTES:]
        if len(envelope) != KEY_BYTES + TAG_BYTES or not hmac.compare_digest(tag, self._mac(game, body)):
            raise EnvelopeError(f"the key of game {game} does not open here")
        return bytes(a ^ b for a, b in zip(body, self._stream(game), strict=True))


class Sealer:
    """The keeper's side for one table: seals game keys that only that table can open."""

    def __init__(self, seed: int, table_public: int) -> None:
        party = Party()
        self.public = party.public
        self._keys = party.shared(table_public)
        self._seed = seed

    def seal(self, game: int) -> tuple[int, bytes]:
        """(the keeper's public half, the envelope of game ``game``'s key)."""
        return self.public, self._keys.seal(game, game_key(self._seed, game))


class Opener:
    """The table's side: its public half for the keeper, and the envelopes it opens."""

    def __init__(self) -> None:
        self._party = Party()
        self.public = self._party.public
        self._keys: dict[int, _Keys] = {}  # the keeper's public half -> the agreed keys

    def open(self, game: int, keeper_public: int, envelope: bytes) -> bytes:
        keys = self._keys.get(keeper_public)
        if keys is None:
            keys = self._keys[keeper_public] = self._party.shared(keeper_public)
        return keys.open(game, envelope)


def _bytes(number: int) -> bytes:
    return number.to_bytes((P.bit_length() + 7) // 8, "big")


def _hkdf(salt: bytes, material: bytes, length: int = 64) -> bytes:
    """RFC 5869's HKDF with SHA-256: the agreed number made into uniform key bytes."""
    key = hmac.new(salt, material, hashlib.sha256).digest()
    out, block, counter = b"", b"", 1
    while len(out) < length:
        block = hmac.new(key, block + b"amigasweeper table keys" + bytes([counter]), hashlib.sha256).digest()
        out += block
        counter += 1
    return out[:length]
