// The program's reading of prefers-reduced-motion and prefers-contrast in
// Debian's chromium (headless), emulated by playwright: the browser started
// with both asked for (the context's reducedMotion and contrast), then a fresh
// load of the page for each of the four combinations (page.emulateMedia),
// then changes while the page runs. Prints what the page's Python was told
// at each step, beside what the page's own script sees, as JSON.
//   node tools/web/media_check.mjs URL USER_DATA_DIR [TIMEOUT_MS]
import { openPage } from "./chromium.mjs";

const [url, userDataDir, timeoutArg] = process.argv.slice(2);
const timeout = Number(timeoutArg || 180000);
const logs = [];
const QUERIES = ["(prefers-reduced-motion: reduce)", "(prefers-contrast: more)"];
const COMBINATIONS = [
  { reducedMotion: "no-preference", contrast: "no-preference" },
  { reducedMotion: "reduce", contrast: "no-preference" },
  { reducedMotion: "no-preference", contrast: "more" },
  { reducedMotion: "reduce", contrast: "more" },
];
let context;
try {
  let page;
  ({ context, page } = await openPage(userDataDir, logs, [], { reducedMotion: "reduce", contrast: "more" }));
  const seenByPage = () => page.evaluate((queries) => queries.map((q) => window.matchMedia(q).matches), QUERIES);
  const load = async (asked) => {
    await page.goto(url);
    await page.waitForSelector("#result[data-done]", { state: "attached", timeout });
    const told = JSON.parse(await page.textContent("#result"));
    return { asked, told, page: await seenByPage() };
  };
  const started = await load({ context: "reducedMotion reduce, contrast more" });
  const loads = [];
  for (const media of COMBINATIONS) {
    await page.emulateMedia(media);
    loads.push(await load(media));
  }
  // The last load runs on with both asked for: take them back one at a time.
  const changes = [];
  for (const media of [{ reducedMotion: "no-preference" }, { contrast: "no-preference" },
                       { reducedMotion: "reduce", contrast: "more" }]) {
    await page.emulateMedia(media);
    await page.waitForTimeout(200); // the change events are queued tasks: let them run
    changes.push({ asked: media, told: await page.evaluate(() => window.askAgain()), page: await seenByPage() });
  }
  const unchanged = await page.evaluate(() => window.askAgain()); // no change since: nothing noted
  console.log(JSON.stringify({ started, loads, changes, unchanged, logs }));
  await context.close();
} catch (error) {
  console.log(JSON.stringify({ error: String(error), logs }));
  if (context) await context.close().catch(() => {});
  process.exitCode = 1;
}
