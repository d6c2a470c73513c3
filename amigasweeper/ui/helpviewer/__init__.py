"""The help viewer: an AmigaGuide document in a window."""
