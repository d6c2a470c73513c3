// Start Debian's chromium headless for the browser checks (drive.mjs,
// offline.mjs, whole_pixels_check.mjs): a fresh profile folder, no background
// traffic, and the page's console, errors and failed requests collected in
// `logs`; contextOptions (a viewport, a deviceScaleFactor) go to playwright.
// CHROMIUM names the browser (default /usr/bin/chromium).
import { chromium } from "playwright-core";

export async function openPage(userDataDir, logs, extraArgs = [], contextOptions = {}) {
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...contextOptions,
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
      ...extraArgs,
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (message) => logs.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => logs.push(`pageerror: ${error}`));
  page.on("requestfailed", (request) => logs.push(`requestfailed: ${request.url()}`));
  return { context, page };
}
