"""What is saved: the player's settings, best times and Duel results.

Every record is always valid: building one with a bad value raises
ValueError. Reading one from a decoded document (``from_dict``) never raises
for a bad value: it keeps every valid part, uses the default for the rest and
lists what it replaced as *faults* (short sentences for the player).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from ..engine.levels import MAX_SIDE, MIN_SIDE
from .time_kinds import kind_key
from .validation import (
    COMPLETIONS,
    CURSORS,
    DEFAULT_NAME,
    DUEL_RESULTS,
    FLASHES,
    LEVELS,
    LOOKS,
    MAX_COUNT,
    MAX_MINES,
    MAX_SECONDS,
    MIN_MINES,
    PALETTES,
    RIPPLES,
    SCREEN_MODES,
    SHADINGS,
    SHAPES,
    TOUCH_MODES,
    WINDOW_SCALES,
    check_box,
    check_choice,
    check_flag,
    check_int,
    check_palette_pens,
    check_places,
    clamp_seconds,
    clean_name,
    label,
    level_key,
    max_mines,
    opponent_key,
    show,
)

FORMAT_VERSION = 1
KIND_SECTION = "kind_times"  # the best times of every kind of game but 2.4's square random boards
DUEL_COUNTS = ("wins", "losses", "draws")

SETTING_CHECKS: dict[str, Callable[[Any], Any]] = {
    "level": lambda v: check_choice(v, LEVELS),
    "custom_width": lambda v: check_int(v, MIN_SIDE, MAX_SIDE),
    "custom_height": lambda v: check_int(v, MIN_SIDE, MAX_SIDE),
    "custom_mines": lambda v: check_int(v, MIN_MINES, MAX_MINES),
    "marks": check_flag,
    "completion": lambda v: check_choice(v, COMPLETIONS),
    "look": lambda v: check_choice(v, LOOKS),
    "screen_mode": lambda v: check_choice(v, SCREEN_MODES),
    "shape": lambda v: check_choice(v, SHAPES),
    "no_guess": check_flag,
    "last_name": clean_name,
    "player_name": clean_name,
    "menus_seen": check_flag,
    "touch_play": lambda v: check_choice(v, TOUCH_MODES),
    "window_scale": lambda v: check_choice(v, WINDOW_SCALES),
    "backdrop": check_flag,
    "icon_places": check_places,
    "workbench_window": check_box,
    "narrator": check_flag,
    "flash": lambda v: check_choice(v, FLASHES),
    "ripple": lambda v: check_choice(v, RIPPLES),
    "palette": lambda v: check_choice(v, PALETTES),
    "palette_pens": check_palette_pens,
    "cursor": lambda v: check_choice(v, CURSORS),
    "shading": lambda v: check_choice(v, SHADINGS),
    "strong_demo": check_flag,
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
    last_name: str = ""  # the name last typed for a best time
    player_name: str = ""  # Settings > Player Name...: signs replays, offered for best times
    menus_seen: bool = False  # the player has opened a menu: no more newcomer's hint
    touch_play: str = "auto"  # touch play: "on", "off", or "auto" (on in a browser on a touch screen)
    window_scale: str = "auto"  # Settings > Window Scale: "1" to "4", or "auto" (the most that fit the display)
    backdrop: bool = True  # the Workbench window is the screen's backdrop (its Backdrop menu item)
    icon_places: tuple[tuple[str, int, int], ...] = ()  # (icon, x, y) of each icon Snapshot kept
    workbench_window: tuple[int, ...] = ()  # (x, y, width, height) of the Workbench window Snapshot kept
    narrator: bool = False  # Settings > Narrator: speak through the system's voice (--narrator: this run only)
    flash: str = "screen"  # Settings > Flash: "screen" (2.4's DisplayBeep), "border" or "none"
    ripple: str = "animated"  # Settings > Ripple: "animated" (ring by ring) or "instant"
    palette: str = "workbench31"  # Settings > Palette...: the preset (access/colour/presets.py)
    palette_pens: str = ""  # and the pens edited on top of it: "8:#00F,9:#274"
    cursor: str = "complement"  # Palette window: the board cursor, "complement" (3.1's focus frame) or "bold"
    shading: str = "colours"  # Palette window: the probability shading, "colours" or "steps" (in lightness)
    strong_demo: bool = False  # Hint > Strong Demo: the Demo's guesses look one further at close calls

    def __post_init__(self) -> None:
        for name, check in SETTING_CHECKS.items():
            try:
                object.__setattr__(self, name, check(getattr(self, name)))
            except ValueError as error:
                raise ValueError(f"{label(name)}: {error}") from None
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
        for name, check in SETTING_CHECKS.items():
            if name not in data:
                continue
            try:
                values[name] = check(data[name])
            except ValueError as error:
                faults.append(f"{label(name)}: {error}")
        merged = {f.name: values.get(f.name, f.default) for f in fields(cls)}
        limit = max_mines(merged["custom_width"], merged["custom_height"])
        if merged["custom_mines"] > limit:
            faults.append(f"custom mines: {merged['custom_mines']} is more than {limit}")
            merged["custom_mines"] = limit
        return cls(**merged), faults

    def with_values(self, values: Mapping[str, Any]) -> Settings:
        """A copy with these values; a Custom mine count too large for the new
        size is lowered to the most that fits (two copies may each have
        changed half of a Custom size)."""
        merged = {**asdict(self), **values}
        limit = max_mines(merged["custom_width"], merged["custom_height"])
        merged["custom_mines"] = min(merged["custom_mines"], limit)
        return Settings(**merged)


@dataclass(frozen=True)
class BestTime:
    """One level's best time: seconds (0..999) and who made it."""

    seconds: int = MAX_SECONDS
    name: str = DEFAULT_NAME

    def __post_init__(self) -> None:
        check_int(self.seconds, 0, MAX_SECONDS)
        object.__setattr__(self, "name", clean_name(self.name) or DEFAULT_NAME)

    @classmethod
    def from_dict(cls, data: Any, faults: list[str]) -> BestTime:
        """A best time from a decoded entry. Without usable seconds there is no
        record (ValueError); a bad name alone becomes the default name."""
        if not isinstance(data, dict):
            raise ValueError(f"{show(data)} is not an object")
        seconds = check_int(data.get("seconds", MAX_SECONDS), 0, MAX_SECONDS)
        try:
            name = clean_name(data.get("name", DEFAULT_NAME))
        except ValueError as error:
            faults.append(f"name: {error}")
            name = DEFAULT_NAME
        return cls(seconds, name)


@dataclass(frozen=True)
class DuelRecord:
    """Wins, losses and draws against one opponent."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    def __post_init__(self) -> None:
        for name in DUEL_COUNTS:
            try:
                check_int(getattr(self, name), 0, MAX_COUNT)
            except ValueError as error:
                raise ValueError(f"{name}: {error}") from None

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws

    def added(self, result: str) -> DuelRecord:
        """A copy counting one more game ("win", "loss" or "draw")."""
        attribute = {"win": "wins", "loss": "losses", "draw": "draws"}[
            check_choice(result, DUEL_RESULTS)
        ]
        count = min(getattr(self, attribute) + 1, MAX_COUNT)
        return replace(self, **{attribute: count})

    @classmethod
    def from_dict(cls, data: Any, faults: list[str]) -> DuelRecord:
        """A Duel record from a decoded entry; every valid count is kept, a bad
        one counts as 0 and is listed in ``faults``."""
        if not isinstance(data, dict):
            raise ValueError(f"{show(data)} is not an object")
        counts: dict[str, int] = {}
        for name in DUEL_COUNTS:
            if name not in data:
                continue
            try:
                counts[name] = check_int(data[name], 0, MAX_COUNT)
            except ValueError as error:
                faults.append(f"{name}: {error}")
        return cls(**counts)


def _default_times() -> dict[str, BestTime]:
    return {level: BestTime() for level in LEVELS}


@dataclass
class BestTimes:
    """The best time of every level (2.4's slots: square random boards),
    of every other kind of game (``kinds``, see time_kinds.py) and the Duel
    results per opponent. ``sorted_earlier`` is False for times read from a
    file of an earlier version, whose slots held any kind: they wait to be
    moved to their kinds' rows (:meth:`move_earlier`)."""

    times: dict[str, BestTime] = field(default_factory=_default_times)
    duels: dict[str, DuelRecord] = field(default_factory=dict)
    kinds: dict[str, BestTime] = field(default_factory=dict)
    sorted_earlier: bool = field(default=True, compare=False)  # of the file, not the times

    def __post_init__(self) -> None:
        given = dict(self.times)
        for level in given:
            check_choice(level, LEVELS)
        self.times = {level: given.get(level, BestTime()) for level in LEVELS}
        self.duels = {opponent_key(name): rec for name, rec in self.duels.items()}
        self.kinds = {kind_key(key): time for key, time in self.kinds.items()}

    def __getitem__(self, level: str) -> BestTime:
        return self.times[check_choice(level, LEVELS)]

    def copy(self) -> BestTimes:
        return BestTimes(dict(self.times), dict(self.duels), dict(self.kinds), self.sorted_earlier)

    # ------------------------------------------------------------ other kinds
    def kind(self, key: str) -> BestTime:
        return self.kinds.get(kind_key(key), BestTime())

    def is_kind_record(self, key: str, seconds: int) -> bool:
        return clamp_seconds(seconds) < self.kind(key).seconds

    def record_kind(self, key: str, seconds: int, name: str) -> bool:
        """Keep a new best time of a kind's row if it is one; True if it was."""
        if not self.is_kind_record(key, seconds):
            return False
        self.kinds[key] = BestTime(clamp_seconds(seconds), name)
        return True

    def move_earlier(self, level: str, held: BestTime, key: str | None) -> None:
        """An earlier version's time of a level, sorted: left in 2.4's slot
        (``key`` None: it matched a square random game), else moved to the
        kind's row (kept there if faster than what the row holds). Nothing
        happens when the slot no longer holds that time (another copy sorted
        it, or beat it, first)."""
        if key is None or self.times[check_choice(level, LEVELS)] != held:
            return
        self.times[level] = BestTime()
        self.record_kind(key, held.seconds, held.name)

    def earlier_times(self) -> dict[str, BestTime]:
        """The slots' times still to sort (none once sorted)."""
        if self.sorted_earlier:
            return {}
        return {level: time for level, time in self.times.items() if time != BestTime()}

    def is_record(self, level: str, seconds: int) -> bool:
        """Whether a win in this many seconds beats the level's best time."""
        return clamp_seconds(seconds) < self[level].seconds

    def record(self, level: str, seconds: int, name: str) -> bool:
        """Keep a new best time if it is one; True if it was."""
        if not self.is_record(level, seconds):
            return False
        self.times[level] = BestTime(clamp_seconds(seconds), name)
        return True

    def reset(self) -> None:
        """Forget every level's and kind's best time (the Duel results stay)."""
        self.times = _default_times()
        self.kinds = {}

    def forget_custom(self) -> bool:
        """Forget the Custom best times (2.4's slot and every Custom kind's,
        which belong to the old size too); True if there was one to forget."""
        had_one = self.times["custom"] != BestTime() or any(k.startswith("custom/") for k in self.kinds)
        self.times["custom"] = BestTime()
        self.kinds = {key: time for key, time in self.kinds.items() if not key.startswith("custom/")}
        return had_one

    def duel(self, opponent: str) -> DuelRecord:
        return self.duels.get(opponent_key(opponent), DuelRecord())

    def record_duel(self, opponent: str, result: str) -> DuelRecord:
        """Count one Duel game ("win", "loss" or "draw", from the player's side)."""
        key = opponent_key(opponent)
        self.duels[key] = self.duel(key).added(result)
        return self.duels[key]

    def reset_duels(self) -> None:
        self.duels = {}

    def to_dict(self) -> dict[str, Any]:
        document = {
            "version": FORMAT_VERSION,
            "best_times": {level: asdict(time) for level, time in self.times.items()},
            "duels": {name: asdict(record) for name, record in self.duels.items()},
        }
        if self.sorted_earlier:  # written once the slots hold square random boards only (time_kinds.py)
            document[KIND_SECTION] = {key: asdict(time) for key, time in sorted(self.kinds.items())}
        return document

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[BestTimes, list[str]]:
        """Best times from a decoded document, and the faults found in it."""
        faults: list[str] = []
        times = _read_entries(data, "best_times", BestTime.from_dict, faults, level_key)
        duels = _read_entries(data, "duels", DuelRecord.from_dict, faults, opponent_key)
        kinds = _read_entries(data, KIND_SECTION, BestTime.from_dict, faults, kind_key)
        return cls(times, duels, kinds, sorted_earlier=KIND_SECTION in data), faults


def _read_entries(
    data: Mapping[str, Any],
    section: str,
    parse: Callable[[Any, list[str]], Any],
    faults: list[str],
    key_of: Callable[[Any], str],
) -> dict[str, Any]:
    """Parse one object-of-objects section; bad entries become faults.

    Keys this version does not know in ``best_times`` (a level of a newer
    version) are skipped without a fault; they are kept on disk by the merge."""
    entries = data.get(section, {})
    if not isinstance(entries, dict):
        faults.append(f"{label(section)}: {show(entries)} is not an object")
        return {}
    parsed: dict[str, Any] = {}
    for name, entry in entries.items():
        try:
            key = key_of(name)
        except ValueError:
            if section not in ("best_times", KIND_SECTION):  # a newer version's levels or kinds
                faults.append(f"{label(section)}: {show(name)} is not a name")
            continue
        entry_faults: list[str] = []
        try:
            value = parse(entry, entry_faults)
        except (ValueError, TypeError) as error:
            faults.append(f"{key}: {error}")
            continue
        faults.extend(f"{key}: {fault}" for fault in entry_faults)
        if key in parsed:
            faults.append(f"{key}: appears twice")
            continue
        parsed[key] = value
    return parsed
