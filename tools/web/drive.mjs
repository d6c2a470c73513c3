// Drive Debian's chromium (headless) through the browser test page:
// load it, wait for its report, reload it, wait again; print both as JSON.
//   node tools/web/drive.mjs URL USER_DATA_DIR [TIMEOUT_MS]
// CHROMIUM names the browser (default /usr/bin/chromium).
import { chromium } from "playwright-core";

const [url, userDataDir, timeoutArg] = process.argv.slice(2);
const timeout = Number(timeoutArg || 180000);
const logs = [];
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (message) => logs.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => logs.push(`pageerror: ${error}`));
  page.on("requestfailed", (request) => logs.push(`requestfailed: ${request.url()}`));
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
