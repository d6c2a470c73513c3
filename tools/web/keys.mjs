// Which of the help viewer's keys a web page receives in Chromium:
// a page listening on window for keydown, as the SDL2 inside Pyxel's web
// runtime does, is sent each combination by playwright; print what arrived
// (code, modifiers) as JSON.
//   node tools/web/keys.mjs USER_DATA_DIR
// Playwright sends keys to the page itself, past the browser's window: what
// the browser keeps for itself before a page sees it (Ctrl-N, Ctrl-T, Ctrl-W,
// Command-N/T/W/Q) and its menus (Alt-F in Chrome on Windows and Linux,
// Alt with a menu letter in Firefox) cannot be seen this way.
import { openPage } from "./chromium.mjs";

const COMBINATIONS = [
  "Alt+KeyF", "Alt+KeyN", "Alt+KeyG", "Alt+KeyV",
  "Meta+KeyF", "Meta+KeyN", "Meta+KeyG", "Meta+KeyV",
  "MetaRight+KeyF", "MetaRight+KeyN", "MetaRight+KeyG", "MetaRight+KeyV",
  "Slash", "KeyN", "KeyG", "Shift+Period",
  "Control+KeyN",  // kept by a real browser window: shows what headless cannot tell
];
const PAGE = `<!doctype html><canvas id="screen" tabindex="0" width="64" height="64"></canvas>
<script>
  window.seen = [];
  window.addEventListener("keydown", (e) => window.seen.push({
    code: e.code, alt: e.altKey, meta: e.metaKey, ctrl: e.ctrlKey, shift: e.shiftKey }), true);
  document.getElementById("screen").focus();
</script>`;

const [userDataDir] = process.argv.slice(2);
const logs = [];
let context;
try {
  let page;
  ({ context, page } = await openPage(userDataDir, logs));
  await page.setContent(PAGE);
  const result = {};
  for (const combination of COMBINATIONS) {
    await page.evaluate(() => { window.seen = []; });
    await page.keyboard.press(combination);
    result[combination] = await page.evaluate(() => window.seen);
  }
  console.log(JSON.stringify({ keys: result, browser: context.browser()?.version() ?? null, logs }));
  await context.close();
} catch (error) {
  console.log(JSON.stringify({ error: String(error), logs }));
  if (context) await context.close().catch(() => {});
  process.exitCode = 1;
}
