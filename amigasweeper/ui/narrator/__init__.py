"""The Narrator in the window: what the window shows, said through access/'s
line queue and voices (issue 32). The game's own lines come from play/'s
narration; this adds the keyboard cursor, the menus as they are walked, the
requesters and the gadgets reached with Tab."""
