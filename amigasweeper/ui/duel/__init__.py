"""The Duel window and the control that starts, plays and ends a duel."""
