"""The Replay window: a recorded game played again, with a tape deck to scrub it."""
