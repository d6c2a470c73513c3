"""Writing a whole file so that a reader, another copy of the program or a
crash mid-write sees either the old contents or the new, never a mixture.

The bytes go to a temporary file beside the target, are flushed to the disk,
and the temporary file then replaces the target in one rename; on any failure
the temporary file is removed and the target is left as it was.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(target: Path, data: bytes) -> None:
    """Replace ``target`` with ``data`` in one step; raises OSError on failure."""
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass  # already gone: nothing is left behind either way
        raise
