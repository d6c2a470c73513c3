"""A board shape and a completion mode are written once, in the engine.

Each test copies the package, adds one member to the engine's Shape or
Completion (one line, nothing else), and runs a script in a fresh
interpreter over the copy: every room that names shapes or modes (saved
settings, the records, their rows, the text mode, the Narrator, the menus)
takes the new one from the engine, and every room that cannot serve it (no
neighbour offsets, no drawing) refuses it by name.
Nothing takes it for another member: before, a new shape made triangle
neighbours, and a settings file naming it was refused as damaged.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRIANGLE = '    TRIANGLE = ("triangle", "t", "Triangular", "triangular", 12)\n'
EITHER = '    EITHER = ("either", "e", "Either", "either", 3, True, True)\n'


def package_with(tmp_path: Path, file: str, after: str, member: str) -> Path:
    """A copy of the package with ``member`` added after the line ``after`` of ``file``."""
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "amigasweeper", copy / "amigasweeper", ignore=shutil.ignore_patterns("__pycache__"))
    path = copy / "amigasweeper" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(after) == 1, f"{file} no longer holds {after!r}: update this test"
    path.write_text(text.replace(after, after + member), encoding="utf-8")
    return copy


def run(copy: Path, script: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


NEW_SHAPE = """
    import pytest
    from pathlib import Path
    from amigasweeper.engine import Shape, make_topology
    from amigasweeper.engine.topology import Topology, UnknownShape

    octagon = Shape("octagon")
    assert (octagon.code, octagon.title, octagon.word, octagon.order) == ("o", "Octagonal", "octagonal", 3)

    # The engine: no board of it without its neighbour offsets (never a triangle's).
    with pytest.raises(UnknownShape, match="octagonal board has no neighbour offsets"):
        make_topology(octagon, 4, 4)

    # Saved settings: a file naming it is read back, not refused as damaged.
    from amigasweeper.storage import Storage
    store = Storage(Path("settings"))
    store.load()
    assert store.change_settings(shape="octagon") is None
    loaded = Storage(Path("settings")).load()
    assert loaded.settings.shape == "octagon" and loaded.problems == []

    # The records: its letter in a kept game's line, its word and place in the rows.
    from amigasweeper.records.kept_game import KeptGame
    from amigasweeper.records.rows import RowKey
    fields = dict(date_ms=1, level="custom", width=8, height=8, mines=10, shape="octagon", no_guess=False,
                  completion="all_non_mines", marks=True, result="won", time_ms=10_000, bbbv=20,
                  bbbv_solved=20, openings=3, islands=4, zini=15, left=25, right=5, chord=2, left_eff=20,
                  right_eff=4, chord_eff=2, replay_suffix="", keep=False)
    kept = KeptGame(**fields)
    line = kept.to_line()
    assert line.split()[5] == "o" and KeptGame.from_line(line) == kept
    row = RowKey.from_list(["octagon", 8, 8, 10, "all_non_mines", False])
    assert "octagonal" in row.title
    squares = RowKey.from_list(["square", 8, 8, 10, "all_non_mines", False])
    assert sorted([row, squares], key=RowKey.sort_key) == [squares, row]  # after the others, as listed

    # The text mode: the word is a command's, and names the shape.
    from amigasweeper.terminal.commands import SHAPES, SPECS, Verb, parse
    assert parse("shape octagonal").args == ("octagonal",) and SHAPES["octagonal"] is octagon
    assert "square, hexagonal, triangular or octagonal" in SPECS[Verb.SHAPE].says

    # The Narrator says it.
    from types import SimpleNamespace
    from amigasweeper.access.words.game_lines import new_game_line
    game = SimpleNamespace(topology=Topology(octagon, 8, 8, ()), mines=10)
    assert new_game_line(game, "Custom", False).startswith("new game: Custom, 8 by 8 octagonal squares")

    # The menus: an item under its title, with no key until the window gives one;
    # the window cannot draw it, so the item is ghosted and a board of it is refused by name.
    from amigasweeper.ui.game.menudefs import MENUS, hotkeys
    from amigasweeper.ui.game.geometry import field_size, supports
    items = [item for menu in MENUS for item in menu.every_item() if item.command is octagon]
    assert [(item.label, item.key, item.group) for item in items] == [("Octagonal", None, "shape")]
    hotkeys()
    assert not supports(octagon)
    with pytest.raises(ValueError, match="octagonal board has no drawing"):
        field_size(octagon, 8, 8)

    # The bots' contest refuses it when the run is set up, not at its first board.
    from amigasweeper.challenge.harness import ChallengeConfig
    from amigasweeper.challenge.challenge_game import ChallengeError
    with pytest.raises(ChallengeError, match="octagonal board has no neighbour offsets"):
        ChallengeConfig(shape="octagon")
    print("every room")
"""


def test_a_shape_added_to_the_engine_alone_is_taken_or_refused_by_name_everywhere(tmp_path):
    copy = package_with(tmp_path, "engine/topology.py", TRIANGLE,
                        '    OCTAGON = ("octagon", "o", "Octagonal", "octagonal", 8)\n')
    result = run(copy, NEW_SHAPE, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "every room"


NEW_MODE = """
    import pytest
    from amigasweeper.engine import Completion
    from amigasweeper.storage.validation import COMPLETIONS
    from amigasweeper.records.kept_game import COMPLETION_CODES
    from amigasweeper.records.rows import COMPLETION_NAMES, COMPLETION_ORDER
    from amigasweeper.terminal.commands import COMPLETIONS as WORDS, SPECS, Verb
    from amigasweeper.ui.game.menudefs import MENUS, hotkeys

    first = Completion("first_line")
    assert "first_line" in COMPLETIONS and COMPLETION_CODES["first_line"] == "f"
    assert COMPLETION_NAMES["first_line"] == "First Line" and COMPLETION_ORDER["first_line"] == 4
    assert WORDS["first-line"] is first and SPECS[Verb.COMPLETION].says.endswith("both, either or first-line")
    completion_menu = next(menu for menu in MENUS if menu.title == "Completion")
    assert [item.label for item in completion_menu.items][-1] == "First Line"
    hotkeys()
    # Its rule is in its line too: won by uncovering every safe square, not by marks alone.
    assert first.satisfied(False, True) and not first.satisfied(True, False)
    from amigasweeper.records.kept_game import MARKS_MODES
    assert "first_line" not in MARKS_MODES and "all_mines" in MARKS_MODES
    print("every room")
"""


def test_a_completion_mode_added_to_the_engine_alone_is_taken_or_refused_by_name_everywhere(tmp_path):
    copy = package_with(tmp_path, "engine/rules.py", EITHER,
                        '    FIRST_LINE = ("first_line", "f", "First Line", "first-line", 4, False, True)\n')
    result = run(copy, NEW_MODE, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "every room"


def test_a_shape_whose_letter_is_taken_stops_the_engine_loading(tmp_path):
    copy = package_with(tmp_path, "engine/topology.py", TRIANGLE,
                        '    STAR = ("star", "s", "Star", "star", 8)\n')
    result = run(copy, "import amigasweeper.engine\n", tmp_path)
    assert result.returncode != 0
    assert "Shape.STAR and SQUARE share the code 's'" in result.stderr


def test_the_recipe_for_a_shape_names_every_room_that_reads_one():
    """docs/ARCHITECTURE.md's "A board shape" names each module the test above
    goes through, and each of them exists."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    recipe = next(line for line in text.splitlines() if line.startswith("- **A board shape**"))
    rooms = ["engine/topology.py", "ui/game/geometry.py", "ui/game/menudefs.py", "storage/validation.py",
             "records/kept_game.py", "records/rows.py", "terminal/commands.py", "access/words/game_lines.py",
             "challenge/harness.py"]
    assert [room for room in rooms if f"`{room}`" not in recipe] == []
    assert all((ROOT / "amigasweeper" / room).is_file() for room in rooms)
