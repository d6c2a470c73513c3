"""Driving the program without a person: the pilot for tests and the script runner."""
