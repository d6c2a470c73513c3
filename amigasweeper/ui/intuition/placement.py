"""Where a requester opens: the top left corner of the screen, as Workbench
3.1 put its system requesters and ASL requesters when nothing was added to it.

The sources, in the order the rule was looked for:

- The 3.1 autodocs say nothing of a place. intuition.library/EasyRequestArgs
  (and BuildEasyRequestArgs, which lays the window out) takes no position at
  all, and its PLANS list "window placement" among enhancements still to come:
  neither the caller nor the user could choose one. asl.library/AslRequest
  takes ASLFR_InitialLeftEdge and ASLFR_InitialTopEdge as a "suggested" place
  and names no default.
- The RKRM (Libraries, chapter 7, "Easy Requesters") does not say where the
  window goes either; its ASL example (Lib_examples/filereq.c) asks for 0, 0.
- Programs of the time that moved system requesters elsewhere say where they
  were without them: Arq (1991, for Kickstart 2.0) calls the stock requester
  "glued forever to the upper left edge of the screen", and CentreQuest's
  guide its mission "to prevent those system requesters from always appearing
  religiously in the top, left hand corner of the screen". Centring, under
  the pointer or on the screen, came from such add-ons.
- AROS (consulted last, as the autodocs are silent on the place) centres both
  kinds on the visible part of the screen (intuition/buildeasyrequestargs.c,
  and asl_init.c's "-1, -1 --> center on screen"): AROS's own choice, the
  behaviour of the add-ons above, not 3.1's, so it is not followed here.

Intuition would let the window cover the screen's title bar; on this screen
no window ever does (window.SCREEN_TOP), so the corner is the one just below
the bar. A window larger than the screen is kept whole by ``Window.settle``.
"""

from __future__ import annotations

from .window import SCREEN_TOP

TOP_LEFT = (0, SCREEN_TOP)


def easy_request_place() -> tuple[int, int]:
    """Where an EasyRequest-style requester opens (BuildEasyRequestArgs)."""
    return TOP_LEFT


def asl_request_place() -> tuple[int, int]:
    """Where an ASL file requester opens when its caller suggests no place."""
    return TOP_LEFT
