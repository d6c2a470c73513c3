"""Touch play: the gestures switched on and off for the whole program."""
