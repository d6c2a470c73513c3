// Drive Debian's chromium (headless) through the browser test page:
// load it, wait for its report, reload it, wait again; print both as JSON.
//   node tools/web/drive.mjs URL USER_DATA_DIR [TIMEOUT_MS]
// CHROMIUM names the browser (default /usr/bin/chromium).
import { openPage } from "./chromium.mjs";

const [url, userDataDir, timeoutArg] = process.argv.slice(2);
const timeout = Number(timeoutArg || 180000);
const logs = [];
let context;
try {
  let page;
  ({ context, page } = await openPage(userDataDir, logs));
  const report = async () => {
    await page.waitForSelector("#result[data-done]", { state: "attached", timeout });
    return JSON.parse(await page.textContent("#result"));
  };
  await page.goto(url);
  const first = await report();
  await page.reload();
  const second = await report();
  console.log(JSON.stringify({ first, second, logs }));
  await context.close();
} catch (error) {
  console.log(JSON.stringify({ error: String(error), logs }));
  if (context) await context.close().catch(() => {});
  process.exitCode = 1;
}
