"""plainfiles.open_plain: the one way the program opens its own files (the
records, the data folder's lock, the narration log)."""

from __future__ import annotations

import os

import pytest

from amigasweeper.plainfiles import NotPlainFile, open_plain


def test_a_plain_file_opens_with_the_flags_asked_for(tmp_path):
    path = tmp_path / "games.txt"
    handle = open_plain(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        os.write(handle, b"line\n")
    finally:
        os.close(handle)
    assert path.read_bytes() == b"line\n"


def test_a_folder_is_refused_with_what_it_is(tmp_path):
    with pytest.raises(NotPlainFile) as refused:
        open_plain(tmp_path)
    assert refused.value.why == "is a folder, not a plain file"
    assert str(refused.value).endswith("is a folder, not a plain file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    pipe = tmp_path / "amigasweeper.lock"
    os.mkfifo(pipe)
    with pytest.raises(NotPlainFile, match="a named pipe, not a plain file"):
        open_plain(pipe, os.O_RDWR | os.O_CREAT)
