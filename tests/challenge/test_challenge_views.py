"""The pieces of the sandbox that need no worker: the files a bot is shown, its environment,
the control group a table picks, and the limits a worker sets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from amigasweeper.challenge import cgroups, sealed_view
from amigasweeper.challenge.cgroups import Feature, Version


def test_a_bots_own_files_are_its_module_or_its_package_and_nothing_beside_them(tmp_path):
    (tmp_path / "lone_bot_for_view.py").write_text("def play(*a): pass\n")
    package = tmp_path / "packaged_bot_for_view"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "brain.py").write_text("def play(*a): pass\n")
    (tmp_path / "someone_elses_bot.py").write_text("")
    path = [str(tmp_path)]
    assert sealed_view.bot_files("lone_bot_for_view:play", path) == [str((tmp_path / "lone_bot_for_view.py").resolve())]
    assert sealed_view.bot_files("packaged_bot_for_view.brain:play", path) == [str(package.resolve())]
    assert sealed_view.bot_files("solver", path) == []  # a built-in player: inside this package, bound anyway
    assert sealed_view.bot_files("not_a_module_anywhere:play", path) == []
    assert sys.modules.get("packaged_bot_for_view") is None  # found without running any of it


def test_the_view_binds_python_and_the_bot_read_only_and_opens_the_steps_for_root(tmp_path):
    bot = str(tmp_path / "bot.py")
    args = sealed_view.binds([bot], open_steps=True)
    assert ["--ro-bind", bot, bot] == args[-3:]
    made = [args[i + 3] for i, arg in enumerate(args) if arg == "--perms"]
    assert str(tmp_path) in made and all(args[args.index(step) - 2] == "0755" for step in made)
    assert "/" not in [args[i + 1] for i, arg in enumerate(args) if arg == "--ro-bind"]  # never the whole root


def test_a_workers_environment_is_a_short_fixed_list(monkeypatch):
    monkeypatch.setenv("AMIGASWEEPER_TOKEN", "xyzzy")
    if sys.platform == "win32":
        assert set(sealed_view.environment(False)) <= set(sealed_view.WINDOWS_KEEP)
        return
    assert sealed_view.environment(False) == {"PATH": sealed_view.PATH, "LANG": "C.UTF-8"}
    assert sealed_view.environment(True) == {"PATH": sealed_view.PATH, "LANG": "C.UTF-8", "HOME": "/tmp", "TMPDIR": "/tmp"}


def _hierarchy(root: Path, handed_down: str) -> Path:
    """A fake cgroup v2 tree: root/a/b (handing ``handed_down`` to its children)/leaf (this process)."""
    leaf = root / "a" / "b" / "leaf"
    for folder in (root, root / "a", root / "a" / "b", leaf):
        folder.mkdir(exist_ok=True)
        (folder / "cgroup.procs").write_text("")
        (folder / "cgroup.subtree_control").write_text("")
    (root / "a" / "b" / "cgroup.subtree_control").write_text(handed_down)
    return leaf


@pytest.mark.skipif(not hasattr(os, "setxattr"), reason="extended attributes are Linux's")
def test_a_table_makes_groups_only_where_systemd_delegated_and_where_controllers_are_handed_down(tmp_path,
                                                                                                monkeypatch):
    _hierarchy(tmp_path, "memory pids")
    monkeypatch.setattr(cgroups, "SYSTEMD_RUNNING", tmp_path / "no-systemd")
    parent, features = cgroups._v2_place(tmp_path, "/", "/a/b/leaf")
    assert parent == tmp_path / "a" / "b"  # the nearest group that hands memory and pids down
    assert features == {Feature.MEMORY, Feature.PROCESSES, Feature.CPU_TIME, Feature.FREEZER}
    monkeypatch.setattr(cgroups, "SYSTEMD_RUNNING", tmp_path)  # a machine run by systemd: only delegated trees
    assert cgroups._v2_place(tmp_path, "/", "/a/b/leaf") == (None, set())
    try:
        os.setxattr(tmp_path / "a", "user.delegate", b"1")
    except OSError as error:
        pytest.skip(f"this file system keeps no user attributes: {error}")
    parent, features = cgroups._v2_place(tmp_path, "/", "/a/b/leaf")
    assert parent == tmp_path / "a" / "b" and Feature.MEMORY in features


def test_without_control_groups_the_plan_says_why(monkeypatch, tmp_path):
    monkeypatch.setattr(cgroups, "PROC", tmp_path)
    plan = cgroups.probe()
    assert plan.places == {} and plan.why_not == "this system has no control groups"
    assert plan.version(Feature.MEMORY) is None and Version.V2.value == "cgroup v2"


@pytest.mark.skipif(sys.platform == "win32", reason="rlimits are POSIX")
def test_a_worker_sets_hard_limits_a_bot_cannot_raise():
    code = ("import resource; from amigasweeper.challenge.limits import set_limits\n"
            "assert set_limits(512, 40, 8) == ''\n"
            "print(resource.getrlimit(resource.RLIMIT_AS), resource.getrlimit(resource.RLIMIT_FSIZE))\n"
            "try:\n    resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 40, 1 << 40))\nexcept ValueError:\n"
            "    print('refused')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == [f"({512 << 20}, {512 << 20}) ({8 << 20}, {8 << 20})", "refused"]


def test_pth_files_add_their_folders_to_what_a_worker_sees_but_not_their_import_lines(tmp_path):
    (tmp_path / "extra").mkdir()
    (tmp_path / "a.pth").write_text("# a comment\nextra\nimport sys; sys.path.append('/elsewhere')\n\n")
    (tmp_path / "not-a-pth.txt").write_text("ignored\n")
    assert sealed_view._pth_folders(str(tmp_path)) == [str(tmp_path / "extra")]
    assert sealed_view._pth_folders(str(tmp_path / "missing")) == []
