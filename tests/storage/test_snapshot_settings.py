"""What the Workbench's Snapshot and Backdrop keep with the settings: icon
places and the Workbench window's box, validated when read back (a hostile
or damaged value is set aside with a message, the rest kept), and read
again from disk when Update asks."""

from __future__ import annotations

import json

import pytest

from amigasweeper.storage import SETTINGS_FILE, Settings, Storage
from amigasweeper.storage.validation import MAX_PLACE, MAX_PLACES


def test_snapshot_values_go_to_disk_and_come_back(tmp_path):
    store = Storage(tmp_path)
    store.load()
    assert store.change_settings(backdrop=False, icon_places=(("ram_disk", 40, 90),),
                                 workbench_window=(10, 20, 200, 150)) is None
    on_disk = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert on_disk["icon_places"] == [["ram_disk", 40, 90]] and on_disk["workbench_window"] == [10, 20, 200, 150]
    again = Storage(tmp_path).load()
    assert again.problems == []
    assert (again.settings.backdrop, again.settings.icon_places, again.settings.workbench_window) == (
        False, (("ram_disk", 40, 90),), (10, 20, 200, 150))


@pytest.mark.parametrize(
    "places",
    [
        "ram_disk",  # not a list
        [["ram_disk", 1]],  # not [name, x, y]
        [["../../etc/passwd", 1, 2]],  # not a name
        [["Ram_Disk", 1, 2]],  # names are lower case
        [["ram disk", 1, 2]],
        [["ramdisk\u0131", 1, 2]],  # not plain ASCII letters
        [["ram_disk", -1, 2]],
        [["ram_disk", 1, MAX_PLACE + 1]],
        [["ram_disk", 1.5, 2]],
        [["ram_disk", True, 2]],
        [["x" * 33, 1, 2]],
        [[f"icon_{'abcdefghijklmnopqrstuvwxyz'[i % 26]}{'abcdefghij'[i // 26]}", 1, 2] for i in range(MAX_PLACES + 1)],
    ],
)
def test_a_damaged_icon_place_is_set_aside_and_the_rest_kept(places):
    settings, faults = Settings.from_dict({"icon_places": places, "marks": False})
    assert settings.icon_places == () and settings.marks is False
    assert len(faults) == 1 and faults[0].startswith("icon places: ")


@pytest.mark.parametrize("box", [[1, 2, 3], [0, 0, 0, 10], [0, 0, 10, -1], ["0", 0, 10, 10], {"x": 1}, [0, 0, 10, 10**9]])
def test_a_damaged_window_box_is_set_aside(box):
    settings, faults = Settings.from_dict({"workbench_window": box})
    assert settings.workbench_window == () and len(faults) == 1


def test_a_file_with_a_damaged_snapshot_is_kept_aside_with_a_message(tmp_path):
    document = {"version": 1, "icon_places": [["minesweeper", 4, "far"]], "backdrop": False}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(document))
    loaded = Storage(tmp_path).load()
    assert loaded.settings.icon_places == () and loaded.settings.backdrop is False
    assert len(loaded.problems) == 1 and "bad values" in loaded.problems[0]


def test_places_are_kept_one_per_icon_in_order():
    settings, faults = Settings.from_dict({"icon_places": [["workbench", 9, 9], ["ram_disk", 1, 1], ["ram_disk", 5, 5]]})
    assert faults == [] and settings.icon_places == (("ram_disk", 5, 5), ("workbench", 9, 9))


def test_update_reads_another_copys_snapshot_even_after_a_save_of_ours(tmp_path):
    """A save of ours merges another copy's keys into the file, not into
    memory: Update reads the file again all the same, and our keys stay."""
    ours, theirs = Storage(tmp_path), Storage(tmp_path)
    ours.load()
    theirs.load()
    assert theirs.change_settings(icon_places=(("workbench", 100, 60),)) is None
    assert ours.change_settings(look="kickstart2") is None
    assert ours.settings.icon_places == ()  # not seen yet
    assert ours.refresh_settings()
    assert ours.settings.icon_places == (("workbench", 100, 60),) and ours.settings.look == "kickstart2"


def test_update_with_a_damaged_file_keeps_what_is_in_memory(tmp_path):
    store = Storage(tmp_path)
    store.load()
    assert store.change_settings(icon_places=(("workbench", 7, 7),)) is None
    (tmp_path / SETTINGS_FILE).write_bytes(b"\x00not json")
    assert not store.refresh_settings()
    assert store.settings.icon_places == (("workbench", 7, 7),)
