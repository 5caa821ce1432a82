// How long one check of a generated answer takes through the Node API: the
// same answer as python/benchmarks/check_latency.py (about 20 KB citing 20
// sources, one sentence in five misquoting a number), timed on one warm
// worker after 20 warm-up calls. A benchmark, not a test.
//
//   node check_latency.mjs [calls]     (from a project where citelint is installed)
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.join(process.cwd(), "package.json"));
const { Checker } = require("citelint");

const TOPICS = [
  ["Global mean sea level", (a, y, z) => `rose by ${a} mm per year between ${y} and ${z}`],
  ["Arctic sea ice extent", (a, y, z) => `fell by ${a} percent per decade from ${y} to ${z}`],
  ["Ocean heat content", (a, y, z) => `increased by ${a} zettajoules between ${y} and ${z}`],
  ["Mountain glaciers", (a, y, z) => `lost ${a} gigatonnes of ice from ${y} to ${z}`],
  ["Atmospheric carbon dioxide", (a, y, z) => `reached ${a} parts per million in ${z}, up from ${y}`],
];

function answer(size) {
  const paras = [];
  const sources = {};
  let len = 0;
  for (let i = 0; len < size; i++) {
    const sents = [];
    for (let k = 0; k < 4; k++) {
      const n = i * 4 + k;
      const [subj, pred] = TOPICS[n % TOPICS.length];
      const a = 1 + (n % 97), y = 1900 + (n % 80), z = 1990 + (n % 30);
      const sid = `d_${n % 20}`;
      const fact = `${subj} ${pred(a, y, z)}`;
      const said = n % 5 ? fact : `${subj} ${pred(a + 3, y, z)}`;
      sources[sid] = (sources[sid] ?? "") + ` ${fact}, according to the assessment.`;
      sents.push(`${said} [id:${sid}].`);
    }
    const p = `## Finding ${i + 1}\n\n${sents.join(" ")}\n\n`;
    paras.push(p);
    len += p.length;
  }
  return ["# Answer\n\n" + paras.join(""), sources];
}

function cpuMs(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop().trim().split(/\s+/);
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

async function timed(fn, calls, pid) {
  for (let i = 0; i < 20; i++) await fn();
  const ts = [];
  const w0 = cpuMs(pid), c0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const t = process.hrtime.bigint();
    await fn();
    ts.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const w1 = cpuMs(pid), c1 = process.cpuUsage(c0);
  ts.sort((a, b) => a - b);
  const cpu = w0 === undefined ? undefined : (w1 - w0 + (c1.user + c1.system) / 1000) / calls;
  return [ts[Math.floor(ts.length / 2)], ts[Math.floor(ts.length * 0.9)], ts[0], cpu];
}

const calls = Number(process.argv[2] ?? 200);
const [text, sources] = answer(20000);
const c = new Checker({ noConfig: true });
const enable = ["low-overlap", "number-mismatch"];
const first = await c.checkText(text, { sources, enable });
console.log(`answer ${Buffer.byteLength(text)} bytes, ${Object.keys(sources).length} sources; grounded ${first.grounded.toFixed(2)}, ${first.issues.length} issues; Node ${process.version}`);
for (const [name, fn] of [
  ["checkText, sources, default rules", () => c.checkText(text, { sources })],
  ["checkText, sources, low-overlap + number-mismatch", () => c.checkText(text, { sources, enable })],
  ["fixText, sources", () => c.fixText(text, { sources })],
]) {
  const [med, p90, min, cpu] = await timed(fn, calls, c.pid);
  const cpuS = cpu === undefined ? "" : `  CPU ${cpu.toFixed(2).padStart(6)} ms/call`;
  console.log(`${name.padEnd(52)} median ${med.toFixed(2).padStart(6)} ms  p90 ${p90.toFixed(2).padStart(6)} ms  min ${min.toFixed(2).padStart(6)} ms${cpuS}`);
}
await c.close();
