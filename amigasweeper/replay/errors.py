"""The one error every replay reader raises."""


class ReplayError(ValueError):
    """A replay file that cannot be read; the message says why, for the player."""
