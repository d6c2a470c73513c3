"""``amigasweeper --audit FILE``: how lucky a recorded game's guesses were (see ``replay.audit``).

    amigasweeper --audit game.evf
    amigasweeper --audit game.avf --json
    amigasweeper --audit game.rmv --alpha 0.001

Reads our own replays and EVF, AVF, RMV and MVF files. Exit status 0 when
the game was read (audited or not: a no-guess board is said not to be), 1
when the file cannot be read as a replay, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence

from ..engine.names import square_name
from ..solver.luck import DEFAULT_ALPHA, threshold
from .audit import AuditedGuess, ReplayAudit, audit_recording
from .errors import ReplayError
from .files import load_replay
from .recording import Recording

PROG = "amigasweeper --audit"
FLAGS = ("flags: a person's flags are never checked by the game, so they are not scored, and no odds take "
         "them as facts (a flagged square counts as covered)")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Weigh every guess of a recorded game: its chance of being safe from what the "
        "player saw, the safest square's chance then, and the luck of all of them together, with a verdict "
        "whose false-alarm bound is proved.")
    parser.add_argument("file", metavar="FILE", help="a replay: ours, or EVF, AVF, RMV or MVF")
    parser.add_argument("--alpha", type=float, default=DEFAULT_ALPHA, metavar="P",
                        help=f"the verdict's false-alarm bound: an honest game is called too lucky with "
                        f"probability at most this (default: {DEFAULT_ALPHA:g})")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the text")
    return parser


def main(argv: Sequence[str]) -> int:
    args = [a for a in argv if a != "--audit"]
    parser = _parser()
    try:
        options = parser.parse_args(args)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    if not (math.isfinite(options.alpha) and 0 < options.alpha < 1):
        print(f"{PROG}: error: --alpha is a probability between 0 and 1, not {options.alpha}", file=sys.stderr)
        return 2
    try:
        recording = load_replay(options.file)
    except ReplayError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    audit = audit_recording(recording, options.alpha)
    print(json.dumps(to_dict(options.file, recording, audit)) if options.json else report(options.file, recording,
                                                                                         audit))
    return 0


def square(recording: Recording, cell: int) -> str:
    """The square's name as the game says it everywhere (C5)."""
    return square_name(recording.topology, cell)


def _percent(p) -> str:
    return "?" if p is None else f"{float(p):.1%}"


def guess_line(recording: Recording, guess: AuditedGuess) -> str:
    what = (f"uncover {square(recording, guess.cell)}" if len(guess.opened) == 1 and guess.opened[0] == guess.cell
            else f"chord on {square(recording, guess.cell)} (opens {len(guess.opened)} squares)")
    ended = "safe" if guess.safe else "hit a mine"
    if guess.p is None:
        return f"  move {guess.move:>3} at {guess.t_ms / 1000:.2f} s: {what}: not weighed (counting it exactly " \
               f"needs more than the work budget): {ended}"
    best = "the safest there was" if guess.safest else f"the safest square was {_percent(guess.best)}"
    return f"  move {guess.move:>3} at {guess.t_ms / 1000:.2f} s: {what}: {_percent(guess.p)} safe, {best}: {ended}"


def report(name: str, recording: Recording, audit: ReplayAudit) -> str:
    setup = recording.setup
    lines = [f"{name}: {setup.shape.value} {setup.width}x{setup.height}, {setup.mines} mines, "
             f"{recording.result.value}{f', played with {recording.software}' if recording.software else ''}",
             f"mines: {audit.rule_words()}"]
    if not audit.audited:
        lines.append("verdict: not audited")
        return "\n".join(lines)
    lines.append(FLAGS)
    if audit.guesses:
        lines.append("guesses (each one's chance of being safe from what the player saw, and the safest square's):")
        lines += [guess_line(recording, guess) for guess in audit.guesses]
    else:
        lines.append("guesses: none (every square opened was proved safe by what the player saw)")
    skipped = audit.luck.skipped
    lines.append(f"luck: 10^{audit.log10_e:.2f} (highest 10^{audit.log10_max:.2f}) over {audit.luck.audited} "
                 f"guesses; {audit.proved} moves proved safe{f', {skipped} not weighed' if skipped else ''}")
    bar = threshold(audit.alpha)
    bound = (f"an honest player's luck reaches 10^{bar:g} with probability at most {audit.alpha:g}, "
             "whatever the player's skill")
    if audit.flagged:
        lines.append(f"verdict: LUCKIER THAN CHANCE ALLOWS: its luck reached 10^{audit.log10_max:.2f}; {bound}")
    else:
        lines.append(f"verdict: no sign of more than luck: the audit calls a game too lucky at 10^{bar:g}; {bound}")
    return "\n".join(lines)


def to_dict(name: str, recording: Recording, audit: ReplayAudit) -> dict:
    def guess(g: AuditedGuess) -> dict:
        row, column = divmod(g.cell, recording.setup.width)
        return {"move": g.move, "t_ms": g.t_ms, "kind": "chord" if g.kind.value == "clear" else "uncover",
                "row": row, "column": column, "opened": list(g.opened),
                "p": None if g.p is None else float(g.p), "best": None if g.best is None else float(g.best),
                "safest": g.safest, "safe": g.safe}

    return {"file": name, "rule": audit.rule.value, "mines_laid": audit.rule_words(), "audited": audit.audited,
            "alpha": audit.alpha, "guesses": [guess(g) for g in audit.guesses], "moves_proved": audit.proved,
            "moves_audited": audit.luck.audited, "moves_skipped": audit.luck.skipped, "log10_e": audit.log10_e,
            "log10_e_max": audit.log10_max, "flagged": audit.flagged if audit.audited else None}
