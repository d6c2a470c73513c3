"""Old MVF files that ms-toollib cannot read get a sentence naming that
limit (issue 42): it reads Minesweeper Clone 0.97 beta's MVF files only."""

from __future__ import annotations

from pathlib import Path

import pytest

from amigasweeper.replay import ReplayError, foreign, load_replay
from amigasweeper.replay.foreign import MVF_LIMIT, file_of_json, mvf_limit

SAMPLE = Path(__file__).parent / "samples" / "clone_expert.mvf"


def test_the_version_ms_toollib_reads_is_let_through():
    assert mvf_limit(SAMPLE.read_bytes()) is None


@pytest.mark.parametrize("change", [(0, 0x10), (1, 0x00), (27, ord("4"))])
def test_another_mvf_version_is_named_before_ms_toollib_runs(tmp_path, change):
    data = bytearray(SAMPLE.read_bytes())
    data[change[0]] = change[1]
    assert mvf_limit(bytes(data)) == MVF_LIMIT
    assert mvf_limit(b"") == MVF_LIMIT and mvf_limit(b"\x11\x4d") == MVF_LIMIT
    path = tmp_path / "old.mvf"
    path.write_bytes(bytes(data))
    if foreign.missing():
        pytest.skip(foreign.missing())
    with pytest.raises(ReplayError, match="only MVF version ms-toollib reads"):
        load_replay(path)


def test_what_ms_toollib_makes_of_an_mvf_it_cannot_read_is_named_too():
    """Its reading of another version: no board, no events (checked by hand on 1.5.20)."""
    empty = {"rows": 0, "columns": 0, "mines": [], "cell_px": 16, "mode": 0, "software": "", "player": "",
             "time_ms": 0, "start_us": 0, "events": []}
    with pytest.raises(ReplayError) as raised:
        file_of_json(empty, "mvf")
    assert str(raised.value) == MVF_LIMIT
    with pytest.raises(ReplayError) as raised:
        file_of_json(empty, "avf")
    assert "MVF" not in str(raised.value)


@pytest.mark.skipif(foreign.missing() is not None, reason="ms-toollib is not installed")
def test_ms_toollib_still_reads_nothing_of_another_version(tmp_path):
    """The limit the sentence names, checked against the library itself (in a child: it may stop)."""
    import subprocess
    import sys
    data = bytearray(SAMPLE.read_bytes())
    data[27] = ord("4")
    (tmp_path / "old.mvf").write_bytes(bytes(data))
    code = ("import ms_toollib,sys; v=ms_toollib.MvfVideo('a.mvf', raw_data=list(open('old.mvf','rb').read()));"
            "v.parse(); print(v.row, v.column, len(v.events))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert run.stdout.split() == ["0", "0", "0"]
