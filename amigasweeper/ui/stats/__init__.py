"""The Statistics window: every game kept, the figures per level and shape, a chart."""
