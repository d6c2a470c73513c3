"""The help a game can be given, for every front end (the window, the text
mode): owned by the Session beside the game being played.

``assist``    Assist: Hint, Show Safe and Mines, the odds of a square and the
              shading, the Demo, each marking the game as helped
``answers``   what it answers: HintAnswer, KnownSquares, Odds, SquareVerdict
``ticks``     AssistWork: the solver's work a slice per tick (``tick``), or
              until nothing waits (``settle``); the busy state
``demo``      the Demo player's pace and moves (DemoMove), Strong Demo
``position``  the solver's work on one position, a slice at a time
``current``   which position that work is about
``shading``   Shading: a chance per square, settled or an estimate
``shown``     the shading shown, kept while the next is worked out
``frames``    FrameBudget: the solver's clock and a tick's share of it

Only this package (and play/duel_play.py for the Duel's computer) reaches the
solver for the front ends: ui/ imports nothing from solver/.
"""
