"""A stand-in for the SAPI PowerShell and the macOS osascript helpers: the
line protocol of amigasweeper/access/voices/lineproto.py. Logs its arguments
and what it is told to $FAKE_VOICE_LOG; a line is 'spoken' for
$FAKE_SPEAK_SECONDS (default 0.3). $FAKE_HELPER_MODE: 'error' answers
'error no voices installed' and exits 1; 'silent' never answers."""

import base64
import json
import os
import sys
import time

log = os.environ["FAKE_VOICE_LOG"]
seconds = float(os.environ.get("FAKE_SPEAK_SECONDS", "0.3"))
mode = os.environ.get("FAKE_HELPER_MODE", "")


def note(**what):
    with open(log, "a", encoding="utf-8") as out:
        out.write(json.dumps({"pid": os.getpid(), **what}) + "\n")


def answer(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


note(argv=sys.argv[1:])
if mode == "error":
    answer("error no voices installed")
    sys.exit(1)
if mode == "silent":
    time.sleep(60)
answer("ready")
until = 0.0
for raw in sys.stdin:
    verb, _, rest = raw.rstrip("\n").partition(" ")
    if verb == "say":
        note(say=base64.b64decode(rest).decode("utf-8"))
        until = time.monotonic() + seconds
    elif verb == "stop":
        note(stop=True)
        until = 0.0
    elif verb == "ask":
        answer("speaking" if time.monotonic() < until else "idle")
    else:
        note(unknown=raw)
