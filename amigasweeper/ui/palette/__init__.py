"""The Palette preferences window, as Workbench 3.1's Prefs/Palette: the
pens edited, the measured presets, kept with the settings, shown at once."""
