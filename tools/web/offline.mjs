// Open a built AmigaSweeper page in Debian's chromium (headless) with every
// host but 127.0.0.1 unreachable, as on a machine without internet, wait for
// the page's offline message and print what the page shows as JSON.
//   node tools/web/offline.mjs URL USER_DATA_DIR SCREENSHOT [TIMEOUT_MS]
// CHROMIUM names the browser (default /usr/bin/chromium).
import { openPage } from "./chromium.mjs";

const [url, userDataDir, screenshot, timeoutArg] = process.argv.slice(2);
const timeout = Number(timeoutArg || 60000);
const logs = [];
let context;
try {
  let page;
  // No name resolves except the local server's address: the CDN is unreachable.
  ({ context, page } = await openPage(userDataDir, logs, ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]));
  await page.goto(url);
  await page.waitForSelector("[role=alert]", { state: "visible", timeout });
  const text = await page.evaluate(() => document.body.innerText);
  await page.screenshot({ path: screenshot });
  console.log(JSON.stringify({ text, logs }));
  await context.close();
} catch (error) {
  console.log(JSON.stringify({ error: String(error), logs }));
  if (context) await context.close().catch(() => {});
  process.exitCode = 1;
}
