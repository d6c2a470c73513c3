// The web page's whole-pixel script (whole_pixels.js) in Debian's chromium
// (headless), at several window sizes and device pixel ratios: a page laid
// out as Pyxel's web runtime lays out its own (a full-page div#pyxel-screen
// holding canvas#canvas, stretched by CSS), with a stand-in for SDL's resize
// handler (Emscripten's SDL gives the canvas a drawing size equal to its CSS
// size when the window sends "resize"). Prints what each case came to as JSON.
//   node tools/web/whole_pixels_check.mjs SCRIPT USER_DATA_DIR
import { readFile } from "node:fs/promises";
import { openPage } from "./chromium.mjs";

const [scriptPath, userDataDir] = process.argv.slice(2);
const script = await readFile(scriptPath, "utf8");
const PAGE = `<!doctype html><html><head><style>
html, body { margin: 0; height: 100%; overflow: hidden; }
div#pyxel-screen { position: absolute; left: 0; top: 0; width: 100%; height: 100%; background-color: #202224; }
canvas#canvas { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
</style></head><body>
<script>${script}</script>
<div id="pyxel-screen"><canvas id="canvas"></canvas></div>
<script>
  // As SDL does for a resizable window whose size CSS sets: drawing size = CSS size.
  window.sdlResizes = 0;
  window.addEventListener("resize", () => {
    const canvas = document.getElementById("canvas");
    const box = canvas.getBoundingClientRect();
    canvas.width = Math.round(box.width);
    canvas.height = Math.round(box.height);
    window.sdlResizes += 1;
  });
</script></body></html>`;

const CASES = [
  { viewport: [1600, 1200], ratio: 1, screen: [320, 256], asked: 0 },
  { viewport: [1600, 1200], ratio: 1, screen: [640, 512], asked: 0 },
  { viewport: [1366, 768], ratio: 1, screen: [320, 256], asked: 0 },
  { viewport: [1280, 720], ratio: 1.5, screen: [320, 256], asked: 0 },
  { viewport: [1280, 720], ratio: 1.5, screen: [640, 512], asked: 0 },
  { viewport: [1536, 864], ratio: 1.25, screen: [320, 256], asked: 0 },
  { viewport: [1440, 900], ratio: 2, screen: [640, 512], asked: 0 },
  { viewport: [1600, 1200], ratio: 1, screen: [320, 256], asked: 2 },
  { viewport: [1600, 1200], ratio: 1, screen: [640, 512], asked: 4 },
  { viewport: [390, 844], ratio: 3, screen: [320, 256], asked: 0 },
  { viewport: [200, 150], ratio: 1, screen: [640, 512], asked: 0 },
];

const logs = [];
const results = [];
try {
  for (const item of CASES) {
    const [width, height] = item.viewport;
    const { context, page } = await openPage(`${userDataDir}/${results.length}`, logs, [],
      { viewport: { width, height }, deviceScaleFactor: item.ratio });
    await page.setContent(PAGE);
    const seen = await page.evaluate(([w, h, k]) => {
      // Counted from here: a "resize" the browser sent on its own for the
      // viewport (late on a loaded machine) is not the script's. Nothing
      // else runs while this block does, so the count is the script's alone.
      window.sdlResizes = 0;
      window.amigasweeperWholePixels(w, h, k);
      const canvas = document.getElementById("canvas");
      const box = canvas.getBoundingClientRect();
      const style = getComputedStyle(canvas);
      const first = { box: [box.left, box.top, box.width, box.height], drawing: [canvas.width, canvas.height],
        rendering: style.imageRendering, background: getComputedStyle(canvas.parentElement).backgroundColor,
        resizes: window.sdlResizes, ratio: window.devicePixelRatio };
      window.amigasweeperWholePixels(w, h, k); // told again, unchanged: no more resizes
      first.resizesAfterRepeat = window.sdlResizes;
      window.amigasweeperWholePixels("x", -1, "<b>"); // nonsense from anywhere is ignored
      first.afterNonsense = [canvas.style.width, canvas.style.height];
      return first;
    }, [item.screen[0], item.screen[1], item.asked]);
    results.push({ ...item, ...seen });
    await context.close();
  }
  console.log(JSON.stringify({ results, logs }));
} catch (error) {
  console.log(JSON.stringify({ error: String(error), results, logs }));
  process.exitCode = 1;
}
