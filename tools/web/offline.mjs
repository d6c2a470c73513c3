// Open a built AmigaSweeper page in Debian's chromium (headless) with every
// host but 127.0.0.1 unreachable, as on a machine without internet, wait for
// the page's offline message and print what the page shows as JSON.
//   node tools/web/offline.mjs URL USER_DATA_DIR SCREENSHOT [TIMEOUT_MS]
// CHROMIUM names the browser (default /usr/bin/chromium).
import { chromium } from "playwright-core";

const [url, userDataDir, screenshot, timeoutArg] = process.argv.slice(2);
const timeout = Number(timeoutArg || 60000);
const logs = [];
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // No name resolves except the local server's address: the CDN is unreachable.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (message) => logs.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => logs.push(`pageerror: ${error}`));
  page.on("requestfailed", (request) => logs.push(`requestfailed: ${request.url()}`));
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
