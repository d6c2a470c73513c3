"""Play for everyone, without pyxel: measured colour-blind palettes, the
Narrator's words, its line queue and log, and the system voices it speaks
through.

Nothing here imports pyxel or the ui: the windows (issue 32, part 2) wire it
in. The pieces:

colour/     the Machado 2009 colour-vision simulation, CIEDE2000, the palette
            presets and the measure that proves them
words/      every line the Narrator says, and the names of squares
narrator/   the line queue (what interrupts, what waits) and the narration log
voices/     the system voices: speech-dispatcher, espeak-ng, SAPI, macOS,
            the browser's Web Speech API; found at run time, all optional
"""
