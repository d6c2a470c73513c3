// Pyxel's restart kept from the page (issue 40). tools/package.py puts this
// script into the web page after Pyxel's runtime, which defines resetPyxel():
// Pyxel calls it on Alt-R and on a gamepad's A+B+X+Y+Back, before the
// program sees the keys, and it quits the game and starts it again, the game
// in progress thrown away. Alt is Right-Amiga here (Right-Amiga-R is PAL
// HighRes), so the page's resetPyxel does nothing but say so in the console:
// the game goes on. A page reload still starts afresh.
(function () {
  "use strict";
  window.resetPyxel = function resetPyxel() {
    console.info("AmigaSweeper: Pyxel's restart is not used here; the game goes on.");
    return Promise.resolve();
  };
})();
