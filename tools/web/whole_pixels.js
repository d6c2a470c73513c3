// Whole pixels in the browser. tools/package.py puts this script into the web
// page; the program (amigasweeper/ui/scaling/page.py) calls
// window.amigasweeperWholePixels(width, height, scale) with the Amiga screen's
// size and Settings > Window Scale (0 for Auto) at start and on every change.
//
// Pyxel's web runtime stretches its SDL canvas over the whole page. Here the
// canvas gets a CSS size of s whole CSS pixels per Amiga pixel, the largest s
// that fits (or the one asked, if it fits), centred, on black, with
// `image-rendering: pixelated`, so the browser never blurs it. Where the
// display has more than one device pixel to a CSS pixel (devicePixelRatio),
// s is taken down to the largest whose device pixels are whole too (1.5 and
// s = 2 make 3); when no s fits that way, the CSS size stays whole.
//
// SDL (inside Pyxel's runtime) gives the canvas a drawing size equal to its CSS
// size when the window sends "resize", and Pyxel then draws at s pixels per
// Amiga pixel, a whole number; so after a change of size this script sends one
// "resize" itself. Its own "resize" listener runs before SDL's, added later.
(function () {
  "use strict";
  let screenSize = null; // [width, height] of the Amiga screen, told by the program
  let asked = 0; // the scale asked for; 0: the most that fit

  function isWhole(value) {
    return Math.abs(value - Math.round(value)) < 1e-6;
  }

  // The CSS pixels per Amiga pixel for a room of roomW x roomH CSS pixels.
  function cssScale(roomW, roomH, width, height, ratio, wanted) {
    const most = Math.max(1, Math.floor(Math.min(roomW / width, roomH / height)));
    const top = wanted > 0 ? Math.min(wanted, most) : most;
    for (let s = top; s >= 1; s -= 1) {
      if (isWhole(s * ratio)) return s;
    }
    return top;
  }

  function fit() {
    const canvas = document.querySelector("canvas#canvas");
    if (!canvas || !screenSize) return false;
    const room = (canvas.parentElement || document.body).getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const [width, height] = screenSize;
    const s = cssScale(room.width, room.height, width, height, ratio, asked);
    // Left and top on a device pixel, so every Amiga pixel starts on one; a
    // page smaller than the screen shows its top left corner (the menus).
    const left = Math.max(0, Math.floor(((room.width - s * width) / 2) * ratio) / ratio);
    const top = Math.max(0, Math.floor(((room.height - s * height) / 2) * ratio) / ratio);
    const style = {
      position: "absolute", left: `${left}px`, top: `${top}px`,
      width: `${s * width}px`, height: `${s * height}px`, imageRendering: "pixelated",
    };
    let changed = false;
    for (const [name, value] of Object.entries(style)) {
      if (canvas.style[name] !== value) {
        canvas.style[name] = value;
        changed = true;
      }
    }
    if (canvas.parentElement) canvas.parentElement.style.backgroundColor = "#000";
    canvas.dataset.wholeScale = String(s);
    return changed;
  }

  window.amigasweeperWholePixels = function (width, height, scale) {
    const w = Math.floor(Number(width));
    const h = Math.floor(Number(height));
    if (!(w > 0 && h > 0 && w <= 16384 && h <= 16384)) return;
    screenSize = [w, h];
    const k = Math.floor(Number(scale));
    asked = k > 0 && k <= 64 ? k : 0;
    if (fit()) window.dispatchEvent(new Event("resize")); // SDL takes the new CSS size
  };
  window.amigasweeperWholePixels.cssScale = cssScale; // for the page's test
  window.addEventListener("resize", fit);
})();
