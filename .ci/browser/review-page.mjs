// Checks citelint's HTML review page in a real browser: Debian's Chromium,
// headless, driven by playwright-core. Given the page and the JSON report
// of the same run, it checks that the page's counts equal the JSON's,
// that every issue is shown beside its line, that the sentences the
// issues flag are marked with the matching status and show the issue's
// evidence on focus and hover, that keyboard navigation works, that
// nothing from the hostile fixture ran or loaded, and that axe-core finds
// no WCAG 2.1 A/AA violation in light or dark mode. Given the run's
// sources (JSON Lines), it checks that each cited source with an address
// is a link, by its title, in the details of the sentences citing it, and
// that those links can be reached with the pointer and with Tab. It saves
// screenshots (light, dark, narrow) into the folder given and prints
// their names.
//
// node review-page.mjs PAGE.html REPORT.json SHOTS_DIR [SOURCES.jsonl]
import { chromium } from "playwright-core";
import { readFileSync, mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";

// axe-core checks accessibility (WCAG 2 A and AA: contrast, landmarks,
// names, tables). It is evaluated through the DevTools protocol, which the
// page's Content-Security-Policy does not govern.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
async function axeViolations(p) {
  await p.evaluate(axeSource);
  return p.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return r.violations.map((v) => v.id + " (" + v.nodes.length + "): " + v.nodes.slice(0, 2).map((n) => n.html.slice(0, 100)).join(" | "));
  });
}

const [pagePath, jsonPath, shots, sourcesPath] = process.argv.slice(2);
if (!pagePath || !jsonPath || !shots) {
  console.error("usage: node review-page.mjs PAGE.html REPORT.json SHOTS_DIR");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const report = JSON.parse(readFileSync(jsonPath, "utf8"));
const issues = report.issues.filter((i) => !i.suppressed);
const ruleStatus = {
  "unresolvable-label": "missing", "dead-doi": "missing", "dead-arxiv": "missing", "dead-link": "missing",
  "low-overlap": "weak", "number-mismatch": "weak", "retracted-source": "weak", "uncited-claim": "uncited",
};
const rank = ["missing", "weak", "uncited", "unverified", "supported", "cited"];

let failed = 0, passed = 0;
function check(ok, what, detail) {
  if (ok) { passed++; return; }
  failed++;
  console.log("FAIL " + what + (detail !== undefined ? ": " + JSON.stringify(detail) : ""));
}

// A fresh profile each run (playwright passes it as --user-data-dir).
const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "citelint-chromium-")), {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  viewport: { width: 1280, height: 900 },
  colorScheme: "light",
});
try {
  ctx.setDefaultTimeout(5000);
  const page = await ctx.newPage();
  const requests = [], consoleErrors = [], dialogs = [];
  const url = pathToFileURL(resolve(pagePath)).href;
  page.on("request", (r) => { if (r.url() !== url) requests.push(r.url()); });
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  page.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "load" });
  console.log("loaded " + pagePath + " in " + (Date.now() - t0) + " ms");

  // Counts: the summary equals the JSON's.
  const k = async (key) => (await page.locator(`#summary [data-k="${key}"]`).first().textContent()).trim();
  const s = report.summary;
  for (const key of ["files", "claims", "cited_claims", "citations", "references", "unverified"]) {
    check(await k(key) === String(s[key]), "summary " + key, [await k(key), s[key]]);
  }
  check(await k("issues") === String(issues.length), "summary issues", [await k("issues"), issues.length]);
  for (const [sev, key] of [["error", "errors"], ["warning", "warnings"], ["note", "notes"]]) {
    const n = issues.filter((i) => i.severity === sev).length;
    check(await k(key) === String(n), "summary " + key, [await k(key), n]);
  }
  if (s.support) {
    check((await k("coverage")).startsWith(Math.round(100 * s.support.coverage) + "% (" + s.support.cited_claims + " of " + s.support.claims + ")"), "coverage", await k("coverage"));
    check((await k("grounded")).startsWith(Math.round(100 * s.support.grounded) + "% (" + s.support.supported + " of " + s.support.scored + ")"), "grounded", await k("grounded"));
  }
  const byRule = {};
  for (const i of issues) byRule[i.rule] = (byRule[i.rule] || 0) + 1;
  for (const [rule, n] of Object.entries(byRule)) {
    const got = await page.locator(`table.rules tr[data-rule="${rule}"] [data-k="total"]`).textContent();
    check(got === String(n), "issues of " + rule, [got, n]);
  }
  check(await page.locator("table.rules tbody tr[data-rule]").count() === Object.keys(byRule).length, "rules listed");

  // Every issue beside its line, in its document.
  const perFile = Object.fromEntries((s.per_file || []).map((f) => [f.path, f]));
  for (const i of issues) {
    const art = page.locator(`article[data-path="${i.path.replace(/["\\]/g, "\\$&")}"]`);
    const li = art.locator(`li[data-rule="${i.rule}"][data-line="${i.line}"] .msg`);
    const texts = await li.allTextContents();
    check(texts.includes(i.message), `issue ${i.path}:${i.line} ${i.rule} beside its line`, texts);
  }

  // Sentences: focus each marked sentence (Tab reaches them) and read the tooltip.
  const marked = await page.locator(".s[tabindex]").all();
  const seen = [];
  for (const el of marked) {
    await el.focus();
    const tip = page.locator("#tip");
    check(await tip.isVisible(), "tooltip shown on focus");
    seen.push({
      path: await el.evaluate((e) => e.closest("article").dataset.path),
      status: (await el.getAttribute("class")).match(/st-(\w+)/)[1],
      tip: await tip.textContent(),
      score: await tip.locator(".score").allTextContents(),
      passage: await tip.locator(".passage").allTextContents(),
      described: await el.getAttribute("aria-describedby"),
      links: await tip.locator("a").evaluateAll((as) => as.map((a) => ({ href: a.getAttribute("href"), text: a.textContent, passage: !!a.closest("p.k") && a.closest("p.k").textContent.startsWith("Closest passage") }))),
    });
  }
  check(seen.length > 0, "marked sentences are focusable");
  check(seen.every((x) => x.described === "tip"), "focused sentences are described by the tooltip");
  for (const i of issues) {
    const want = ruleStatus[i.rule];
    if (!want || (i.line === 1 && i.column === 1 && i.end_line === 1 && i.end_column === 1)) continue;
    const hits = seen.filter((x) => x.path === i.path && x.tip.includes(i.message));
    check(hits.length > 0, `sentence flagged by ${i.path}:${i.line} ${i.rule} shows it on focus`);
    const best = hits.map((h) => rank.indexOf(h.status)).sort()[0];
    check(hits.length > 0 && best <= rank.indexOf(want), `sentence of ${i.path}:${i.line} marked ${want} or worse`, hits.map((h) => h.status));
    if (i.rule === "low-overlap") {
      const m = i.message.match(/\(score ([0-9.]+) < ([0-9.]+)\)/);
      const h = hits.find((x) => x.status === "weak");
      check(h && m && h.score[0] === `Score ${m[1]} (threshold ${m[2]})`, "weak sentence's score equals the JSON's", [h && h.score, m && m[0]]);
      const q = i.message.match(/closest passage \([^)]*\): "(.*?)(\.\.\.)?"(;|$)/);
      check(h && q && h.passage[0] && h.passage[0].startsWith(q[1].replace(/\\"/g, '"').replace(/…$/, "")), "weak sentence's closest passage equals the JSON's", [h && h.passage, q && q[1]]);
    }
  }
  // Supported sentences: as many as the JSON's per-file count (the fixture
  // has no supported sentence another rule flags).
  for (const [path, f] of Object.entries(perFile)) {
    const n = seen.filter((x) => x.path === path && x.status === "supported").length;
    check(n === f.supported, `supported sentences of ${path}`, [n, f.supported]);
    const scored = seen.filter((x) => x.path === path && x.score.length > 0).length;
    check(scored === f.scored, `scored sentences of ${path}`, [scored, f.scored]);
  }

  // Sources: every link in the details goes to a web address; each cited
  // source with an address is linked by its title, from its citations and
  // from the closest passage of a sentence it supports.
  const allLinks = seen.flatMap((x) => x.links);
  check(allLinks.every((l) => /^https?:\/\//i.test(l.href)), "links in the details go to web addresses only", allLinks.filter((l) => !/^https?:\/\//i.test(l.href)));
  if (sourcesPath) {
    const sources = readFileSync(sourcesPath, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
    for (const src of sources.filter((x) => x.url)) {
      const hits = allLinks.filter((l) => l.href === src.url);
      check(hits.some((l) => l.text === src.title && !l.passage), `source ${src.id} linked by its title from its citations`, hits);
      check(hits.some((l) => l.text === src.title && l.passage), `source ${src.id} linked by its title from its closest passage`, hits);
    }
    check(allLinks.length > 0, "the details link the sources");
  }
  // The pointer can move from a sentence into its details and onto a link;
  // the keyboard reaches the links with Tab from the sentence and goes on
  // past them, Shift+Tab and Escape return to the sentence.
  let withLinks = null;
  for (const el of await page.locator(".s[tabindex]").all()) {
    await el.focus();
    if (await page.locator("#tip a[href]").count()) { withLinks = el; break; }
  }
  check(withLinks !== null, "a sentence whose details link a source");
  if (withLinks) {
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press("Escape");
    await withLinks.hover();
    // The middle of the link's first line (a title may wrap).
    const at = await page.locator("#tip a[href]").first().evaluate((e) => { const r = e.getClientRects()[0]; return [r.x + r.width / 2, r.y + r.height / 2]; });
    await page.mouse.move(at[0], at[1], { steps: 8 });
    check(await page.locator("#tip").isVisible(), "the details stay while the pointer moves onto their link");
    check(await page.evaluate(([x, y]) => { const e = document.elementFromPoint(x, y); return !!e && !!e.closest("#tip a[href]"); }, at), "the link is under the pointer, to click");
    await page.mouse.move(0, 0);
    check(await page.locator("#tip").isHidden(), "the details go when the pointer leaves them");

    await withLinks.focus();
    const n = await page.locator("#tip a[href]").count();
    await page.keyboard.press("Tab");
    check(await page.evaluate(() => !!document.activeElement.closest("#tip") && document.activeElement.matches("a[href]")), "Tab from the sentence reaches its details' first link");
    await page.keyboard.press("Shift+Tab");
    check(await withLinks.evaluate((e) => e === document.activeElement), "Shift+Tab from the first link returns to the sentence");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    check(await withLinks.evaluate((e) => e === document.activeElement) && await page.locator("#tip").isHidden(), "Escape in the details returns to the sentence and closes them");
    await page.evaluate(() => document.activeElement.blur());
    await withLinks.focus();
    for (let i = 0; i < n; i++) await page.keyboard.press("Tab");
    check(await page.evaluate(() => !!document.activeElement.closest("#tip")), "Tab moves through the details' links");
    await page.keyboard.press("Tab");
    const past = await page.evaluate(() => ({ inTip: !!document.activeElement.closest("#tip"), tag: document.activeElement.tagName }));
    check(!past.inTip && past.tag !== "BODY", "Tab past the last link goes on to what follows the sentence", past);
    check(await withLinks.evaluate((e) => e.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING), "… which follows the sentence");
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press("Escape");
  }

  // Hover shows the same details as focus.
  const weak = page.locator(".s.st-weak[tabindex]").first();
  if (await weak.count()) {
    await page.locator("h1").focus().catch(() => {});
    await page.mouse.move(0, 0);
    await weak.hover();
    check(await page.locator("#tip").isVisible() && (await page.locator("#tip").textContent()).includes("Closest passage"), "hover shows the closest passage");
    await page.mouse.move(0, 0);
    check(await page.locator("#tip").waitFor({ state: "hidden", timeout: 2000 }).then(() => true, () => false), "the tooltip goes when the pointer leaves");
    await page.locator(".s.st-weak .c").first().hover();
    check((await page.locator("#tip").textContent()).includes("Closest passage"), "hovering a citation in a sentence shows the sentence's details");
  }
  // A citation outside any marked sentence shows its entry alone.
  const lone = page.locator(".c[data-c]:not(.s .c)").first();
  if (await lone.count()) {
    await lone.hover();
    check((await page.locator("#tip").textContent()).startsWith("Citation"), "hovering a citation shows its entry");
  }
  // Keyboard: Tab from the top reaches a marked sentence; n jumps to a flagged one.
  await page.keyboard.press("Escape");
  await page.evaluate(() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); });
  let reached = false;
  for (let n = 0; n < 60 && !reached; n++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement.matches(".s[tabindex]"));
  }
  check(reached, "Tab reaches a marked sentence");
  await page.keyboard.press("n");
  check(await page.evaluate(() => document.activeElement.matches(".s:not(.st-supported):not(.st-cited)")), "n jumps to a flagged sentence");
  check(await page.locator("header").count() === 1 && await page.locator("main").count() === 1, "landmarks");

  // Nothing from the hostile fixture ran, loaded or slipped into the markup.
  check(await page.evaluate(() => window.__pwned) === undefined, "no injected script ran", await page.evaluate(() => window.__pwned));
  check(dialogs.length === 0, "no dialog opened", dialogs);
  const bad = await page.evaluate(() => {
    const out = [];
    for (const e of document.querySelectorAll(".md *")) {
      if (/^(script|style|img|svg|iframe|object|embed|link|meta|form|input|div|b)$/i.test(e.tagName)) out.push(e.tagName);
      for (const a of e.attributes) {
        if (/^on/i.test(a.name) || /^style$/i.test(a.name)) out.push(e.tagName + "@" + a.name);
        if (/^(href|src)$/i.test(a.name) && !/^(https?:|mailto:|#|[^:]*$)/i.test(a.value)) out.push(e.tagName + "@" + a.name + "=" + a.value);
      }
    }
    return out.concat([...document.querySelectorAll("script")].filter((s) => !s.type || s.type !== "application/json").length === 1 ? [] : ["extra script"]);
  });
  check(bad.length === 0, "no markup from the documents", bad);
  const hostile = await page.locator('article[data-path$="hostile.md"] .md').allTextContents();
  if (hostile.length) check(hostile.join("").includes('<script>window.__pwned = "inline"</script>'), "hostile markup shown as text");
  check(requests.length === 0, "no network request", requests);
  check(consoleErrors.length === 0, "no console error (CSP violations included)", consoleErrors);

  // Screenshots: light, dark (with a tooltip) and a phone's width.
  const shot = async (p, name) => { const f = join(shots, name); await p.screenshot({ path: f, fullPage: true }); console.log("screenshot " + f); };
  await page.mouse.move(0, 0);
  await page.keyboard.press("Escape");
  await page.evaluate(() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); });
  await shot(page, "review-light.png");
  const dp = await ctx.newPage();
  await dp.emulateMedia({ colorScheme: "dark" });
  await dp.goto(url);
  const dw = dp.locator(".s.st-weak[tabindex]").first();
  if (await dw.count()) await dw.focus();
  await shot(dp, "review-dark.png");
  const lightPage = await ctx.newPage();
  await lightPage.goto(url);
  for (const [scheme, p] of [["light", lightPage], ["dark", dp]]) {
    const v = await axeViolations(p);
    check(v.length === 0, "axe-core finds no WCAG 2.1 A/AA violation in " + scheme + " mode", v);
  }
  const np = await ctx.newPage();
  await np.setViewportSize({ width: 390, height: 844 });
  await np.goto(url);
  const overflow = await np.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  check(overflow <= 1, "no horizontal scroll at a phone's width", overflow);
  await shot(np, "review-narrow.png");
  const nw = np.locator(".s.st-weak[tabindex]").first();
  if (await nw.count()) {
    await nw.focus();
    const f = join(shots, "review-narrow-tooltip.png");
    await np.screenshot({ path: f });
    console.log("screenshot " + f);
  }
} finally {
  await ctx.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
