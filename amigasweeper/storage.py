"""Settings, best times and Duel results, kept as versioned JSON.

Pure Python: this module never imports pyxel. The UI passes in the folder it
got from ``pyxel.user_data_dir`` (see :func:`default_folder` and
:meth:`Storage.for_platform`).

Two documents are kept, each with a ``"version"`` field:

``settings.json``
    The player's choices (:class:`Settings`).
``besttimes.json``
    The best time of each level and the Duel results per opponent
    (:class:`BestTimes`).

Where they go is a *backend*: files in a folder on the desktop
(:class:`FileBackend`), ``window.localStorage`` in the browser
(:class:`LocalStorageBackend`, used when ``sys.platform == "emscripten"``, where
Pyxel's user data folder does not survive a reload), or memory only
(:class:`MemoryBackend`).

Nothing here loses data or stops the game:

* files are written atomically (temporary file, flush, fsync, rename), so a
  crash leaves the old file whole;
* a damaged or unreadable file is renamed aside (``besttimes.json.damaged-
  20261121-235959``, made unique, never overwritten or deleted), whatever could
  be trusted in it is kept, defaults fill the rest, and :meth:`Storage.load`
  returns a sentence for the player saying so;
* a folder that cannot be written leaves everything in memory: the save
  methods return a message (once) instead of raising.
"""

from __future__ import annotations

import datetime
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Protocol

FORMAT_VERSION = 1
SETTINGS_FILE = "settings.json"
BEST_TIMES_FILE = "besttimes.json"
VENDOR_NAME = "AmigaSweeper"
APP_NAME = "AmigaSweeper"
LOCAL_STORAGE_PREFIX = "amigasweeper/"
DATA_DIR_ENV = "AMIGASWEEPER_DATA_DIR"
MAX_FILE_BYTES = 1 << 20  # far more than we ever write; larger is damage

LEVELS = ("beginner", "intermediate", "expert", "custom")
COMPLETIONS = ("all_mines", "all_non_mines", "both", "either")
LOOKS = ("kickstart3", "kickstart2")
SCREEN_MODES = ("lowres", "hires")
SHAPES = ("square", "hex", "triangle")
DUEL_RESULTS = ("win", "loss", "draw")
COMPUTER_OPPONENTS = ("computer-easy", "computer-normal", "computer-hard")

MIN_SIDE, MAX_SIDE = 2, 32
MIN_MINES, MAX_MINES = 1, 1023
MAX_SECONDS = 999
MAX_NAME_LENGTH = 24
MAX_COUNT = 999_999_999
DEFAULT_NAME = "Anonymous"


# --------------------------------------------------------------------------
# Checking single values. Each check returns the (normalised) value or raises
# ValueError with a short reason meant for the player.


def _show(value: Any) -> str:
    """A short, always printable rendering of a value for a message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) > 10**12:
        return "a huge number"
    if value is None:
        return "null"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    text = repr(value)
    return text if len(text) <= 20 else text[:17] + "..."


def _check_choice(value: Any, options: tuple[str, ...]) -> str:
    if type(value) is str and value in options:
        return value
    raise ValueError(f"{_show(value)} is not one of {', '.join(options)}")


def _check_int(value: Any, low: int, high: int) -> int:
    if type(value) is not int:
        raise ValueError(f"{_show(value)} is not a whole number")
    if not low <= value <= high:
        raise ValueError(f"{_show(value)} is not between {low} and {high}")
    return value


def _check_flag(value: Any) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{_show(value)} is not true or false")
    return value


def clean_name(value: Any) -> str:
    """A player's name made safe: printable characters only, trimmed, at most
    MAX_NAME_LENGTH characters. Raises ValueError if it is not text."""
    if not isinstance(value, str):
        raise ValueError(f"{_show(value)} is not a name")
    printable = "".join(ch for ch in value if ch.isprintable())
    return printable.strip()[:MAX_NAME_LENGTH].rstrip()


def max_mines(width: int, height: int) -> int:
    """The most mines a Custom board of this size takes (one square stays safe)."""
    return max(MIN_MINES, min(MAX_MINES, width * height - 1))


def check_custom(width: Any, height: Any, mines: Any) -> None:
    """Raise ValueError saying what is allowed if a Custom size is not.

    The UI may narrow this further to what fits its screen mode."""
    _check_int(width, MIN_SIDE, MAX_SIDE)
    _check_int(height, MIN_SIDE, MAX_SIDE)
    _check_int(mines, MIN_MINES, max_mines(width, height))


# --------------------------------------------------------------------------
# Settings


def _label(name: str) -> str:
    return name.replace("_", " ")


_SETTING_CHECKS: dict[str, Callable[[Any], Any]] = {
    "level": lambda v: _check_choice(v, LEVELS),
    "custom_width": lambda v: _check_int(v, MIN_SIDE, MAX_SIDE),
    "custom_height": lambda v: _check_int(v, MIN_SIDE, MAX_SIDE),
    "custom_mines": lambda v: _check_int(v, MIN_MINES, MAX_MINES),
    "marks": _check_flag,
    "completion": lambda v: _check_choice(v, COMPLETIONS),
    "look": lambda v: _check_choice(v, LOOKS),
    "screen_mode": lambda v: _check_choice(v, SCREEN_MODES),
    "shape": lambda v: _check_choice(v, SHAPES),
    "no_guess": _check_flag,
    "last_name": clean_name,
    "menus_seen": _check_flag,
}


@dataclass(frozen=True)
class Settings:
    """The player's choices. Immutable and always valid: build changed copies
    with ``dataclasses.replace`` (or :meth:`Storage.change_settings`); a bad
    value raises ValueError."""

    level: str = "beginner"
    custom_width: int = 8
    custom_height: int = 8
    custom_mines: int = 10
    marks: bool = True
    completion: str = "all_non_mines"
    look: str = "kickstart3"
    screen_mode: str = "lowres"
    shape: str = "square"
    no_guess: bool = False
    last_name: str = ""
    menus_seen: bool = False  # the player has opened a menu: no more newcomer's hint

    def __post_init__(self) -> None:
        for name, check in _SETTING_CHECKS.items():
            try:
                object.__setattr__(self, name, check(getattr(self, name)))
            except ValueError as error:
                raise ValueError(f"{_label(name)}: {error}") from None
        limit = max_mines(self.custom_width, self.custom_height)
        if self.custom_mines > limit:
            raise ValueError(f"custom mines: {self.custom_mines} is more than {limit}")

    @property
    def custom(self) -> tuple[int, int, int]:
        """(width, height, mines) of the Custom board."""
        return self.custom_width, self.custom_height, self.custom_mines

    def to_dict(self) -> dict[str, Any]:
        return {"version": FORMAT_VERSION, **asdict(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a decoded document, and the faults found in it.

        Unknown keys and the version field are ignored, a missing key takes its
        default silently, and a bad value takes its default with a fault."""
        values: dict[str, Any] = {}
        faults: list[str] = []
        for name, check in _SETTING_CHECKS.items():
            if name not in data:
                continue
            try:
                values[name] = check(data[name])
            except ValueError as error:
                faults.append(f"{_label(name)}: {error}")
        merged = {f.name: values.get(f.name, f.default) for f in fields(cls)}
        limit = max_mines(merged["custom_width"], merged["custom_height"])
        if merged["custom_mines"] > limit:
            faults.append(f"custom mines: {merged['custom_mines']} is more than {limit}")
            merged["custom_mines"] = limit
        return cls(**merged), faults


# --------------------------------------------------------------------------
# Best times and Duel results


@dataclass(frozen=True)
class BestTime:
    """One level's best time: seconds (0..999) and who made it."""

    seconds: int = MAX_SECONDS
    name: str = DEFAULT_NAME

    def __post_init__(self) -> None:
        _check_int(self.seconds, 0, MAX_SECONDS)
        object.__setattr__(self, "name", clean_name(self.name) or DEFAULT_NAME)

    @classmethod
    def from_dict(cls, data: Any) -> BestTime:
        if not isinstance(data, dict):
            raise ValueError(f"{_show(data)} is not an object")
        return cls(**{key: data[key] for key in ("seconds", "name") if key in data})


@dataclass(frozen=True)
class DuelRecord:
    """Wins, losses and draws against one opponent."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    def __post_init__(self) -> None:
        for name in ("wins", "losses", "draws"):
            try:
                _check_int(getattr(self, name), 0, MAX_COUNT)
            except ValueError as error:
                raise ValueError(f"{name}: {error}") from None

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws

    def added(self, result: str) -> DuelRecord:
        """A copy counting one more game ("win", "loss" or "draw")."""
        attribute = {"win": "wins", "loss": "losses", "draw": "draws"}[
            _check_choice(result, DUEL_RESULTS)
        ]
        count = min(getattr(self, attribute) + 1, MAX_COUNT)
        return replace(self, **{attribute: count})

    @classmethod
    def from_dict(cls, data: Any) -> DuelRecord:
        if not isinstance(data, dict):
            raise ValueError(f"{_show(data)} is not an object")
        return cls(**{k: data[k] for k in ("wins", "losses", "draws") if k in data})


def _opponent_key(name: Any) -> str:
    key = clean_name(name)
    if not key:
        raise ValueError("an opponent needs a name")
    return key


def _default_times() -> dict[str, BestTime]:
    return {level: BestTime() for level in LEVELS}


@dataclass
class BestTimes:
    """The best time of every level and the Duel results per opponent."""

    times: dict[str, BestTime] = field(default_factory=_default_times)
    duels: dict[str, DuelRecord] = field(default_factory=dict)

    def __post_init__(self) -> None:
        given = dict(self.times)
        for level in given:
            _check_choice(level, LEVELS)
        self.times = {level: given.get(level, BestTime()) for level in LEVELS}
        self.duels = {_opponent_key(name): rec for name, rec in self.duels.items()}

    def __getitem__(self, level: str) -> BestTime:
        return self.times[_check_choice(level, LEVELS)]

    def is_record(self, level: str, seconds: int) -> bool:
        """Whether a win in this many seconds beats the level's best time."""
        return _clamp_seconds(seconds) < self[level].seconds

    def record(self, level: str, seconds: int, name: str) -> bool:
        """Keep a new best time if it is one; True if it was."""
        if not self.is_record(level, seconds):
            return False
        self.times[level] = BestTime(_clamp_seconds(seconds), name)
        return True

    def reset(self) -> None:
        """Forget every level's best time (the Duel results stay)."""
        self.times = _default_times()

    def forget_custom(self) -> bool:
        """Forget the Custom best time; True if there was one to forget."""
        had_one = self.times["custom"] != BestTime()
        self.times["custom"] = BestTime()
        return had_one

    def duel(self, opponent: str) -> DuelRecord:
        return self.duels.get(_opponent_key(opponent), DuelRecord())

    def record_duel(self, opponent: str, result: str) -> DuelRecord:
        """Count one Duel game ("win", "loss" or "draw", from the player's side)."""
        key = _opponent_key(opponent)
        self.duels[key] = self.duel(key).added(result)
        return self.duels[key]

    def reset_duels(self) -> None:
        self.duels = {}

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "best_times": {level: asdict(time) for level, time in self.times.items()},
            "duels": {name: asdict(record) for name, record in self.duels.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[BestTimes, list[str]]:
        """Best times from a decoded document, and the faults found in it."""
        faults: list[str] = []
        times = _read_entries(data, "best_times", BestTime.from_dict, faults, _level_key)
        duels = _read_entries(data, "duels", DuelRecord.from_dict, faults, _opponent_key)
        return cls(times, duels), faults


def _clamp_seconds(seconds: int) -> int:
    return min(max(int(seconds), 0), MAX_SECONDS)


def _level_key(name: Any) -> str:
    if name not in LEVELS:
        raise ValueError("is not a level")  # unknown keys are skipped by the caller
    return name


def _read_entries(
    data: Mapping[str, Any],
    section: str,
    parse: Callable[[Any], Any],
    faults: list[str],
    key_of: Callable[[Any], str],
) -> dict[str, Any]:
    """Parse one object-of-objects section; bad entries become faults."""
    entries = data.get(section, {})
    if not isinstance(entries, dict):
        faults.append(f"{_label(section)}: {_show(entries)} is not an object")
        return {}
    parsed: dict[str, Any] = {}
    for name, entry in entries.items():
        try:
            key = key_of(name)
        except ValueError:
            if section != "best_times":
                faults.append(f"{_label(section)}: {_show(name)} is not a name")
            continue
        try:
            value = parse(entry)
        except (ValueError, TypeError) as error:
            faults.append(f"{key}: {error}")
            continue
        if key in parsed:
            faults.append(f"{key}: appears twice")
            continue
        parsed[key] = value
    return parsed


# --------------------------------------------------------------------------
# Backends: where the bytes of a named document live.


class Backend(Protocol):
    """Storage for small named documents. Every method raises OSError on failure."""

    def read(self, name: str) -> bytes | None:
        """The document's bytes, or None if there is none."""

    def write(self, name: str, data: bytes) -> None:
        """Replace the document as a whole: afterwards it is the old or the new
        bytes, never a mixture."""

    def set_aside(self, name: str) -> str:
        """Move the document to a new, unused name (returned); never overwrite."""


def _aside_names(name: str, now: datetime.datetime) -> Iterator[str]:
    """Candidate names for a document set aside, first the plainest."""
    base = f"{name}.damaged-{now:%Y%m%d-%H%M%S}"
    yield base
    number = 2
    while True:
        yield f"{base}-{number}"
        number += 1


class MemoryBackend:
    """Keeps documents in a dict: nothing survives the program."""

    def __init__(self) -> None:
        self.documents: dict[str, bytes] = {}

    def read(self, name: str) -> bytes | None:
        return self.documents.get(name)

    def write(self, name: str, data: bytes) -> None:
        self.documents[name] = bytes(data)

    def set_aside(self, name: str) -> str:
        now = datetime.datetime.now()
        aside = next(c for c in _aside_names(name, now) if c not in self.documents)
        self.documents[aside] = self.documents.pop(name)
        return aside


class FileBackend:
    """Documents as files in one folder (created when first written)."""

    def __init__(
        self,
        folder: str | os.PathLike[str],
        now: Callable[[], datetime.datetime] = datetime.datetime.now,
    ) -> None:
        self.folder = Path(folder)
        self._now = now

    def __repr__(self) -> str:
        return f"FileBackend({str(self.folder)!r})"

    def read(self, name: str) -> bytes | None:
        try:
            with open(self.folder / name, "rb") as file:
                return file.read(MAX_FILE_BYTES + 1)
        except (FileNotFoundError, NotADirectoryError):
            return None

    def write(self, name: str, data: bytes) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            prefix=f".{name}.", suffix=".tmp", dir=self.folder
        )
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.folder / name)
        except BaseException:
            _remove_quietly(temporary)
            raise
        _sync_folder(self.folder)

    def set_aside(self, name: str) -> str:
        source = self.folder / name
        for candidate in _aside_names(name, self._now()):
            target = self.folder / candidate
            if not os.path.lexists(target):
                os.rename(source, target)
                _sync_folder(self.folder)
                return candidate
        raise AssertionError("unreachable")  # pragma: no cover


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (POSIX only; elsewhere it is best effort)."""
    if os.name != "posix":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


class LocalStorageBackend:
    """Documents as strings in the browser's ``window.localStorage``.

    ``storage`` is anything with getItem/setItem/removeItem; by default the
    real one through Pyodide's ``js`` module. JavaScript errors (storage full,
    storage forbidden) are turned into OSError."""

    def __init__(
        self,
        storage: Any = None,
        prefix: str = LOCAL_STORAGE_PREFIX,
        now: Callable[[], datetime.datetime] = datetime.datetime.now,
    ) -> None:
        self.storage = storage if storage is not None else _browser_local_storage()
        self.prefix = prefix
        self._now = now

    def _call(self, method: str, *args: str) -> Any:
        try:
            return getattr(self.storage, method)(*args)
        except Exception as error:  # Pyodide's JsException is not an OSError
            raise OSError(f"the browser's storage refused: {error}") from error

    def _get(self, name: str) -> str | None:
        value = self._call("getItem", self.prefix + name)
        return value if isinstance(value, str) else None  # null, undefined, jsnull

    def read(self, name: str) -> bytes | None:
        value = self._get(name)
        return None if value is None else value.encode("utf-8", "surrogatepass")

    def write(self, name: str, data: bytes) -> None:
        self._call("setItem", self.prefix + name, data.decode("utf-8"))

    def set_aside(self, name: str) -> str:
        value = self._get(name)
        if value is None:
            raise FileNotFoundError(f"{name} is not in the browser's storage")
        for candidate in _aside_names(name, self._now()):
            if self._get(candidate) is None:
                self._call("setItem", self.prefix + candidate, value)
                self._call("removeItem", self.prefix + name)
                return candidate
        raise AssertionError("unreachable")  # pragma: no cover


def _browser_local_storage() -> Any:
    try:
        import js  # type: ignore[import-not-found]  # Pyodide only

        storage = js.window.localStorage
    except Exception as error:  # no js module, no window, or access forbidden
        raise OSError(f"the browser's storage cannot be used: {error}") from error
    if storage is None:
        raise OSError("the browser's storage cannot be used")
    return storage


def default_folder(
    user_data_dir: str | os.PathLike[str] | Callable[[str, str], str] | None = None,
) -> Path | None:
    """The folder the desktop program keeps its files in, or None.

    Pass ``pyxel.user_data_dir`` (it is called with our vendor and app names)
    or the path it returned. The environment variable AMIGASWEEPER_DATA_DIR
    overrides it (handy for test runs). None in the browser, where
    localStorage is used instead, and when no folder can be had."""
    if sys.platform == "emscripten":
        return None
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    if callable(user_data_dir):
        try:
            user_data_dir = user_data_dir(VENDOR_NAME, APP_NAME)
        except Exception:
            return None
    return Path(user_data_dir) if user_data_dir else None


# --------------------------------------------------------------------------
# Decoding documents


class _Damaged(Exception):
    """A whole document cannot be used; the message says why."""


def _decode(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_FILE_BYTES:
        raise _Damaged("it is too large")
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise _Damaged("it is not text") from None
    except (ValueError, RecursionError):
        raise _Damaged("it is not valid JSON") from None
    if not isinstance(data, dict):
        raise _Damaged("it does not hold a JSON object")
    _check_version(data)
    return data


def _check_version(data: dict[str, Any]) -> None:
    if "version" not in data:
        raise _Damaged("it has no version")
    version = data["version"]
    if type(version) is not int or version != FORMAT_VERSION:
        raise _Damaged(f"its version is {_show(version)}, not {FORMAT_VERSION}")


def _encode(document: dict[str, Any]) -> bytes:
    return (json.dumps(document, indent=2, ensure_ascii=True) + "\n").encode("ascii")


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


# --------------------------------------------------------------------------
# The store


@dataclass
class Loaded:
    """What :meth:`Storage.load` found: the data, and sentences for the player
    (empty when all was well) to be shown once in a requester."""

    settings: Settings
    best_times: BestTimes
    problems: list[str]


@dataclass(frozen=True)
class _Kind:
    name: str  # file name / key
    what: str  # for messages: "settings", "best times"
    fresh: str  # for messages: what replaces a damaged document


_SETTINGS = _Kind(SETTINGS_FILE, "settings", "the default settings are used")
_BEST_TIMES = _Kind(BEST_TIMES_FILE, "best times", "fresh best times are used")
_FAULTS_SHOWN = 3


class Storage:
    """Settings and best times of one player, in memory and in a backend.

    ``Storage(folder)`` keeps files in ``folder`` on the desktop. With
    ``folder=None`` it uses localStorage in the browser and memory elsewhere.
    A ``backend`` given explicitly wins (tests pass fakes).

    Call :meth:`load` once at start and show its problems. Afterwards the
    ``settings`` and ``best_times`` attributes are the truth; the helper
    methods change them and save, returning a message for the player when
    saving failed (else None). Nothing here raises on I/O failure.
    """

    def __init__(
        self,
        folder: str | os.PathLike[str] | None = None,
        backend: Backend | None = None,
    ) -> None:
        self.settings = Settings()
        self.best_times = BestTimes()
        self._startup_problems: list[str] = []
        self.backend: Backend = backend if backend is not None else self._choose(folder)
        self._blocked: set[str] = set()  # not to be overwritten: unreadable, kept
        self._failing: set[str] = set()  # last save failed and was reported

    def _choose(self, folder: str | os.PathLike[str] | None) -> Backend:
        if sys.platform == "emscripten" and folder is None:
            try:
                return LocalStorageBackend()
            except OSError as error:
                reason = _reason(error)
                self._startup_problems.append(
                    f"{reason[:1].upper()}{reason[1:]}; settings and best times last only "
                    "until the page is closed."
                )
                return MemoryBackend()
        return MemoryBackend() if folder is None else FileBackend(folder)

    @classmethod
    def for_platform(
        cls, user_data_dir: str | os.PathLike[str] | Callable[[str, str], str] | None
    ) -> Storage:
        """The store the program uses: Pyxel's user data folder on the desktop
        (pass ``pyxel.user_data_dir``), localStorage in the browser."""
        folder = default_folder(user_data_dir)
        store = cls(folder)
        if folder is None and sys.platform != "emscripten":
            store._startup_problems.append(
                "No folder for saved data could be found; settings and best "
                "times last only until the game is closed."
            )
        return store

    @property
    def in_memory_only(self) -> bool:
        """True if something is not being saved (the player has been told)."""
        return isinstance(self.backend, MemoryBackend) or bool(
            self._blocked or self._failing
        )

    # -- loading ----------------------------------------------------------

    def load(self) -> Loaded:
        """Read both documents, repairing what is damaged. Never raises."""
        problems = list(self._startup_problems)
        self._startup_problems.clear()
        self._blocked.clear()
        self.settings = self._load(_SETTINGS, Settings.from_dict, Settings, problems)
        self.best_times = self._load(
            _BEST_TIMES, BestTimes.from_dict, BestTimes, problems
        )
        return Loaded(self.settings, self.best_times, problems)

    def _load(self, kind: _Kind, parse: Callable, default: Callable, problems: list[str]) -> Any:
        try:
            raw = self.backend.read(kind.name)
        except OSError as error:
            return self._repair(kind, f"could not be read ({_reason(error)})", default(), problems)
        if raw is None:
            return default()
        try:
            value, faults = parse(_decode(raw))
        except _Damaged as damage:
            return self._repair(kind, f"was damaged ({damage})", default(), problems)
        if faults:
            trouble = f"had bad values ({_summary(faults)})"
            return self._repair(kind, trouble, value, problems, partial=True)
        return value

    def _repair(
        self,
        kind: _Kind,
        trouble: str,
        value: Any,
        problems: list[str],
        partial: bool = False,
    ) -> Any:
        """Set the document aside, save ``value`` in its place, and say so."""
        try:
            aside = self.backend.set_aside(kind.name)
        except OSError as error:
            self._blocked.add(kind.name)
            problems.append(
                f"{kind.name} {trouble} and could not be set aside "
                f"({_reason(error)}); it is left untouched, and {kind.what} are "
                "kept only until the game is closed."
            )
            return value
        used = "the bad values were replaced by defaults" if partial else kind.fresh
        problems.append(f"{kind.name} {trouble}; it was kept as {aside} and {used}.")
        reason = self._write(kind, value.to_dict())
        if reason:
            problems.append(_not_saved([kind], [reason]))
        return value

    # -- saving -----------------------------------------------------------

    def save_settings(self) -> str | None:
        """Save the settings. Returns a message for the player if that failed
        (given once, until a save succeeds again), else None. Never raises on
        I/O failure: the data stay in memory and the game goes on."""
        return self._save(_SETTINGS)

    def save_best_times(self) -> str | None:
        """Save best times and Duel results; like :meth:`save_settings`."""
        return self._save(_BEST_TIMES)

    def _save(self, *kinds: _Kind) -> str | None:
        """Save documents; one message for all that failed for the first time."""
        failed: list[_Kind] = []
        reasons: list[str] = []
        for kind in kinds:
            reason = self._write(kind, self._document(kind))
            if reason:
                failed.append(kind)
                reasons.append(reason)
        return _not_saved(failed, reasons) if failed else None

    def _document(self, kind: _Kind) -> dict[str, Any]:
        data = self.settings if kind is _SETTINGS else self.best_times
        return data.to_dict()

    def _write(self, kind: _Kind, document: dict[str, Any]) -> str | None:
        """Write one document; the reason it failed if the player should hear it."""
        if kind.name in self._blocked:
            return None  # the player was told at load time
        try:
            self.backend.write(kind.name, _encode(document))
        except OSError as error:
            if kind.name in self._failing:
                return None
            self._failing.add(kind.name)
            return _reason(error)
        self._failing.discard(kind.name)
        return None

    # -- changing and saving ----------------------------------------------
    # Each returns a message for the player if saving failed, else None.

    def change_settings(self, **changes: Any) -> str | None:
        """Change settings and save them. Changing the Custom size forgets the
        Custom best time (saved too). A bad value raises ValueError or
        TypeError and changes nothing."""
        new = replace(self.settings, **changes)
        custom_changed = new.custom != self.settings.custom
        self.settings = new
        if custom_changed and self.best_times.forget_custom():
            return self._save(_SETTINGS, _BEST_TIMES)
        return self._save(_SETTINGS)

    def set_custom(self, width: int, height: int, mines: int) -> str | None:
        """Choose the Custom level with this size (ValueError saying what is
        allowed if it is not, see :func:`check_custom`). The Custom best time
        is forgotten if the size changed."""
        check_custom(width, height, mines)
        return self.change_settings(
            level="custom", custom_width=width, custom_height=height, custom_mines=mines
        )

    def record_time(self, level: str, seconds: int, name: str) -> str | None:
        """Keep a new best time (if it is one; see ``best_times.is_record``)
        and remember the name for the next name requester."""
        if not self.best_times.record(level, seconds, name):
            return None
        name = clean_name(name)
        if not name or name == self.settings.last_name:
            return self._save(_BEST_TIMES)
        self.settings = replace(self.settings, last_name=name)
        return self._save(_BEST_TIMES, _SETTINGS)

    def reset_best_times(self) -> str | None:
        """Forget every level's best time (Duel results stay)."""
        self.best_times.reset()
        return self._save(_BEST_TIMES)

    def record_duel(self, opponent: str, result: str) -> str | None:
        """Count a Duel game against ``opponent`` ("computer-easy", ..., or a
        human's name); result is "win", "loss" or "draw" for the player."""
        self.best_times.record_duel(opponent, result)
        return self._save(_BEST_TIMES)


def _summary(faults: list[str]) -> str:
    shown = "; ".join(faults[:_FAULTS_SHOWN])
    more = len(faults) - _FAULTS_SHOWN
    return f"{shown}; and {more} more" if more > 0 else shown


def _not_saved(kinds: list[_Kind], reasons: list[str]) -> str:
    what = " and the ".join(kind.what for kind in kinds)
    why = "; ".join(dict.fromkeys(reasons))
    return (
        f"The {what} could not be saved ({why}); the game goes on and keeps "
        "them until it is closed."
    )
