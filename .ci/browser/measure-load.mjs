// Measures how long Chromium takes to open review pages: navigation to
// the load event, then to the first paint after it (two animation
// frames). Prints one line per page: bytes, milliseconds (best of runs).
// node measure-load.mjs [--runs N] PAGE.html...
import { chromium } from "playwright-core";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

let args = process.argv.slice(2), runs = 3;
if (args[0] === "--runs") { runs = +args[1]; args = args.slice(2); }
const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "citelint-chromium-")), {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  viewport: { width: 1280, height: 900 },
});
try {
  for (const p of args) {
    let best = Infinity;
    for (let i = 0; i < runs; i++) {
      const page = await ctx.newPage();
      const t0 = Date.now();
      await page.goto(pathToFileURL(resolve(p)).href, { waitUntil: "load", timeout: 120000 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      best = Math.min(best, Date.now() - t0);
      await page.close();
    }
    console.log(`${p}\t${statSync(p).size} bytes\t${best} ms`);
  }
} finally {
  await ctx.close();
}
