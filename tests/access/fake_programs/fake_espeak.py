"""A stand-in for `espeak-ng --stdin`: logs its arguments and every line it
reads (with its process id) to $FAKE_VOICE_LOG; the line 'die' makes it exit 3."""

import json
import os
import sys

log = os.environ["FAKE_VOICE_LOG"]


def note(**what):
    with open(log, "a", encoding="utf-8") as out:
        out.write(json.dumps({"pid": os.getpid(), **what}) + "\n")


note(argv=sys.argv[1:])
for raw in sys.stdin.buffer:
    line = raw.decode("utf-8").rstrip("\n")
    if line == "die":
        sys.exit(3)
    note(line=line)
