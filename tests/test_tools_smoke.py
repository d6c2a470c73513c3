"""Every script in tools/ that the docs cite runs, with tiny arguments (issue
40: tools/bench.py and tools/bench_guide.py ended in AttributeError for
weeks after the help viewer was split, and nothing noticed: the documented
figures could not be measured again).

Each run is a child process in a scratch folder, given a few games, frames
or files: a run checks that the script still works from end to end, not
its figures (those are docs/BENCHMARKS.md's, never asserted). A script the
docs start citing needs a line in RUNS: the first test fails until it has
one. Runs that take more than a few seconds even so are marked slow.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from doc_pages import pages

ROOT = Path(__file__).resolve().parent.parent
SLOW = pytest.mark.slow
DOCS = pages()  # README.md, CONTRIBUTING.md and docs/*.md

# script -> (arguments, marks). "{tmp}" is a scratch folder of the test's own.
RUNS: dict[str, list[tuple[list[str], tuple]]] = {
    "audit_evidence.py": [(["honest", "--games", "2", "--size", "8", "--players", "solver"], ()),
                          (["cheat", "--games", "2", "--size", "8", "--runs", "1", "--fractions", "1"], (SLOW,))],
    "bench_reading.py": [(["--seeds", "1", "--no-espeak"], ())],
    "bench.py": [(["--quick", "guide"], ()), (["--quick", "engine"], ()), (["--quick"], (SLOW,))],
    "bench_guide.py": [(["--quick", "parse", "open", "end"], ()), (["--quick", "frames", "find", "memory"], ()),
                       (["--quick", "first_frame", "pictures", "sigterm"], (SLOW,))],
    "bench_asl.py": [(["--files", "20"], ())],
    "bench_audit_frames.py": [(["--games", "1", "--boards", "9x9/10", "--files"], ())],
    "bench_challenge.py": [(["--games", "2", "--sizes", "8"], (SLOW,))],
    "bench_cluster.py": [(["--games", "2", "--size", "8", "--pool-games", "2", "--chunk", "1"], (SLOW,))],
    "bench_coordinator.py": [(["--games", "4", "--nodes", "1"], (SLOW,))],
    "bench_coordinator_memory.py": [(["--games", "20", "--players", "1"], ())],
    "bench_duel.py": [(["--games", "2", "--workers", "1"], (SLOW,))],
    "bench_hints.py": [(["32x32/400"], (SLOW,))],
    "bench_narrator.py": [(["--frames", "5", "--rounds", "1", "--no-system-voice"], ())],
    "bench_openings.py": [(["--board", "8x8/10", "--games", "4", "--workers", "1"], ())],
    "bench_records.py": [(["--games", "1", "--records", "200", "--saves", "2", "--history", "0,100",
                           "--dir", "{tmp}"], ())],
    "bench_replays.py": [(["--games", "1", "--runs", "1"], (SLOW,))],
    "bench_solver.py": [(["--games", "2", "--small-games", "2", "--shape-games", "1", "--noguess", "1",
                          "--hint-games", "4", "--workers", "1"], ())],
    "bench_storage.py": [(["--saves", "3", "--dir", "{tmp}"], ())],
    "bench_tournament.py": [(["overhead", "--games", "4", "--size", "8", "--jobs", "1"], (SLOW,))],
    "bench_ui_records.py": [(["stats"], (SLOW,))],
    "build_assets.py": [(["--output", "{tmp}/assets.pyxres", "--sheet", "{tmp}/sheet.png"], ())],
    "decision_diff.py": [(["--peer-settings", "--board", "8x8/10", "--seeds", "0:3", "--layouts", "2",
                           "--workers", "1"], ())],
    "guide_survey.py": [(["docs/AmigaGuide", "--json", "{tmp}/survey.json"], ())],
    "icons.py": [(["--out", "{tmp}/icons"], ())],
    "package.py": [(["pyxapp", "--dist", "{tmp}/dist", "--build", "{tmp}/build"], (SLOW,))],
    "paired_solver.py": [(["--board", "8x8/10", "--seeds", "0:4", "--workers", "1"], ())],
    "palette_measure.py": [(["--no-matrix"], ())],
    "peer_harness.py": [(["--board", "8x8/10", "--seeds", "0:3"], ())],
    "release.py": [(["checksums", "{tmp}"], ())],
}


def cited_tools() -> set[str]:
    """The scripts of tools/ that README.md, CONTRIBUTING.md and docs/*.md name."""
    found = set()
    for doc in DOCS:
        found |= set(re.findall(r"\btools/([A-Za-z0-9_]+\.py)\b", doc.read_text(encoding="utf-8")))
    return {name for name in found if (ROOT / "tools" / name).is_file()}


def test_every_tool_the_docs_cite_has_a_smoke_run():
    assert cited_tools() - set(RUNS) == set()
    assert set(RUNS) <= {path.name for path in (ROOT / "tools").glob("*.py")}  # none listed that has gone


CASES = [pytest.param(script, args, id=f"{script} {' '.join(args)}", marks=marks)
         for script, runs in sorted(RUNS.items()) for args, marks in runs]


@pytest.mark.parametrize("script, args", CASES)
def test_the_tool_runs_to_its_end(script, args, tmp_path):
    (tmp_path / "checksum-me.txt").write_text("a file for release.py checksums\n")
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in args]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_AUDIODRIVER": "dummy", "AMIGASWEEPER_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, str(ROOT / "tools" / script), *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"{script} {' '.join(argv)} ended with {done.returncode}:\n{done.stderr[-3000:]}"
    out = done.stdout.strip()
    if out.startswith("{"):  # the benchmarks print one JSON object: it must be whole
        json.loads(out)
