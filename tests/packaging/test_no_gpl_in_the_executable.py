"""The executable bundles no GPL code (issue 40): GNU readline got in only
because challenge/sealed_view.py imported ``site``. The licence list refuses a
bundle with GPL code in it; these tests check that refusal without building."""

from __future__ import annotations

import ast
import shutil
import sys
from pathlib import Path

import pytest
from packaging_helpers import ROOT

# What pulls GNU readline (or GNU dbm) into a frozen program: site (its
# interactive hook), the modules that import readline, and the GPL modules.
PULLS_GPL = {"site", "readline", "rlcompleter", "pdb", "cmd", "code", "_gdbm", "dbm"}


def imported_names(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_no_module_of_the_program_imports_what_pulls_in_gpl_code():
    found = {str(path.relative_to(ROOT)): imported_names(path) & PULLS_GPL
             for path in sorted((ROOT / "amigasweeper").rglob("*.py"))}
    assert {path: names for path, names in found.items() if names} == {}


def test_the_sandbox_still_finds_the_site_folders_without_importing_site():
    from amigasweeper.challenge import sealed_view

    sealed_view.python_folders.cache_clear()
    import site

    folders = sealed_view.python_folders()
    for place in site.getsitepackages():
        real = Path(place).resolve()
        if real.is_dir():
            assert any(real == Path(f) or Path(f) in real.parents for f in folders), place


@pytest.mark.parametrize("licence, gpl", [
    ("GPL-3+", True), ("GPL-2", True), ("AGPL-3", True), ("GPL", True),
    ("LGPL-2.1+", False), ("GPL-3+ with GCC-exception", False), ("GPL-2+ | LGPL-2.1+", False),
    ("GPL-2+ or BSD-3-clause", False), ("MIT", False), ("", False), ("Zlib", False),
])
def test_which_licences_the_executable_may_not_carry(package_tool, licence, gpl):
    assert package_tool.is_gpl(licence) is gpl


def test_a_library_s_licence_is_read_from_its_debian_copyright_file(package_tool, tmp_path):
    copyright_file = tmp_path / "copyright"
    copyright_file.write_text(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: util-linux\n\n"
        "Files: *\nCopyright: many\nLicense: GPL-2+\n\n"
        "Files: schedutils/ionice.c\n    schedutils/chrt.c\nLicense: GPL-2\n\n"
        "Files: libuuid/*\nCopyright: Theodore Ts'o\nLicense: BSD-3-clause\n"
        "    Redistribution and use in source and binary forms\n\n"
        "Files: libblkid/*\n libmount/*\nLicense: LGPL-2.1+\n")
    # The fault a first version had: libuuid (BSD) judged by util-linux's "Files: *" (GPL).
    assert package_tool.library_licence(copyright_file, "libuuid.so.1") == "BSD-3-clause"
    assert package_tool.library_licence(copyright_file, "libmount.so.1.1.0") == "LGPL-2.1+"
    assert package_tool.library_licence(copyright_file, "libfdisk.so.1") == "GPL-2+"
    copyright_file.write_text("This is not machine-readable.\nLicense: GPL-3+\n")
    assert package_tool.library_licence(copyright_file, "libreadline.so.8") == ""


def test_the_readline_module_is_refused_by_name_on_any_system(package_tool, tmp_path):
    module = tmp_path / "readline.cpython-311-x86_64-linux-gnu.so"
    module.write_bytes(b"")
    found = package_tool.gpl_parts([("lib-dynload/readline.cpython-311-x86_64-linux-gnu.so", module),
                                    ("lib-dynload/_json.cpython-311-x86_64-linux-gnu.so", tmp_path / "_json.so")])
    assert found == ["lib-dynload/readline.cpython-311-x86_64-linux-gnu.so (links GNU readline)"]


@pytest.mark.skipif(shutil.which("dpkg") is None, reason="no dpkg: the system libraries' licences are Debian's")
def test_a_gpl_system_library_is_refused_and_stops_the_build(package_tool, tmp_path):
    library = next((p for p in (Path("/lib/x86_64-linux-gnu/libreadline.so.8"),
                                Path("/usr/lib/x86_64-linux-gnu/libreadline.so.8"),
                                Path("/lib/aarch64-linux-gnu/libreadline.so.8")) if p.exists()), None)
    if library is None:
        pytest.skip("GNU readline is not installed here")
    found = package_tool.gpl_parts([("libreadline.so.8", library)])
    assert len(found) == 1 and "GPL-3" in found[0]
    toc = tmp_path / "COLLECT-00.toc"
    toc.write_text(repr([("COLLECT",), [("libreadline.so.8", str(library), "BINARY")]]), encoding="utf-8")
    with pytest.raises(SystemExit, match="GPL code.*libreadline"):
        package_tool.gather_licences(tmp_path, toc)
    libc = Path(sys.executable).resolve()  # the interpreter itself is no GPL code
    assert package_tool.gpl_parts([("python", libc)]) == []


def test_the_build_leaves_the_gpl_modules_out(package_tool, tmp_path):
    command = package_tool.pyinstaller_command("amigasweeper", False, None, tmp_path, tmp_path, tmp_path,
                                               tmp_path / "entry.py")
    pairs = set(zip(command, command[1:]))
    assert ("--exclude-module", "readline") in pairs and ("--exclude-module", "_gdbm") in pairs
