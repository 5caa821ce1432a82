// Tests of the installed citelint npm package: .ci/packages copies this file
// into a fresh project where the packed tarballs were installed offline,
// and runs it with node --test.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";

const require = createRequire(path.join(process.cwd(), "package.json"));
const citelint = require("citelint");
const { Checker, CitelintError, checkFiles, checkText, explainRule, findBinary, fixText } = citelint;

const REPORT = `# Sea level

Global mean sea level rose by 0.20 m between 1901 and 2018 [1]. The rate of rise has more
than doubled since the 1990s, reaching 3.7 mm per year [2, 7].

## References

[1] IPCC AR6 WG1 SPM. https://doi.org/10.1017/9781009157896.001
[2] NASA. Sea level. https://sealevel.nasa.gov/
[3] Never cited. https://example.org/3
`;
const ANSWER =
  "Global mean sea level rose by 0.20 m between 1901 and 2018 [id:ipcc]. Glaciers lost 9,000 gigatonnes of ice in 1980 [id:wgms].\n";
const SOURCES = {
  ipcc: "Global mean sea level increased by 0.20 m between 1901 and 2018.",
  wgms: "Glaciers worldwide lost about 6,000 gigatonnes of ice between 2000 and 2023.",
};

function project() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "citelint-npm-"));
  fs.mkdirSync(path.join(dir, ".git")); // the project root
  return dir;
}

function write(dir, name, text) {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
}

test("the binary is the platform package's", () => {
  const bin = findBinary();
  assert.ok(bin.includes(path.join("node_modules", "@citelint", `cli-${process.platform}-${process.arch}`)), bin);
  const out = execFileSync(path.join(process.cwd(), "node_modules", ".bin", "citelint"), ["version"], { encoding: "utf8" });
  assert.match(out, /^citelint /);
});

test("checkText reports what citelint run --format json reports", async () => {
  const dir = project();
  const c = new Checker({ cwd: dir, noConfig: true });
  try {
    write(dir, "reports/a.md", REPORT);
    const want = JSON.parse(
      execFileSync(findBinary(), ["run", "--no-config", "--format", "json", "--issues-exit-code", "0", "reports/a.md"], { cwd: dir, encoding: "utf8" }),
    );
    const got = await c.checkText(REPORT, { path: "reports/a.md" });
    assert.deepEqual(got.issues.map((i) => i.rule), ["unresolvable-label", "unused-reference"]);
    assert.deepEqual(got.issues, want.issues);
    assert.deepEqual(got.summary, want.summary);
    assert.equal(got.issues[0].line, 4);
    assert.equal(got.issues[0].fix.edits[0].new, "[2]");
    assert.deepEqual([got.errors, got.warnings, got.notes], [1, 1, 0]);
  } finally {
    await c.close();
  }
});

test("sources are plain objects; claim-support rules score against them", async () => {
  const c = new Checker({ cwd: project(), noConfig: true });
  try {
    const res = await c.checkText(ANSWER, { sources: SOURCES, enable: ["low-overlap", "number-mismatch"] });
    assert.ok(res.issues.some((i) => i.rule === "number-mismatch"), JSON.stringify(res.issues));
    assert.equal(res.summary.support.cited_claims, 2);
    assert.equal(res.coverage, 1);
    assert.ok(res.grounded < 1);
    const bare = await c.checkText(ANSWER, { ruleSet: "none", enable: ["unresolvable-label"] });
    assert.equal(bare.grounded, undefined);
  } finally {
    await c.close();
  }
});

test("fixText applies the safe fixes", async () => {
  const res = await fixText("A claim [1] and [7].\n\n[1]: https://example.org/1\n");
  assert.equal(res.text, "A claim [1].\n\n[1]: https://example.org/1\n");
  assert.equal(res.changed, true);
  assert.equal(res.fixed, 1);
  assert.deepEqual(res.issues, []);
  assert.match(await explainRule("unused-reference"), /unused-reference/);
  assert.equal((await checkText(REPORT)).issues.length, 2);
});

test("ESM named imports work", async () => {
  const esm = await import("citelint");
  assert.equal(typeof esm.checkText, "function");
  assert.equal(typeof esm.Checker, "function");
  assert.equal((await esm.checkText("A claim [1] and [7].\n\n[1]: https://example.org/1\n")).issues[0].rule, "unresolvable-label");
});

test("checkFiles is citelint run --format json", async () => {
  const dir = project();
  write(dir, "docs/a.md", REPORT);
  write(dir, "docs/b.md", "Nothing cited here.\n");
  const rep = await checkFiles(["docs", "missing.md"], { noConfig: true, cwd: dir });
  assert.equal(rep.summary.files, 2);
  assert.deepEqual([...new Set(rep.issues.map((i) => i.path))], ["docs/a.md"]);
  assert.deepEqual(rep.summary.errors.map((e) => e.path), ["missing.md"]);
  assert.equal(rep.exit_code, 3);
  await assert.rejects(checkFiles(["."], { cwd: dir, args: ["--no-such-flag"] }), (e) => e instanceof CitelintError && /no-such-flag/.test(e.message));
});

test("errors are CitelintErrors and the worker survives them", async () => {
  const c = new Checker({ cwd: project(), noConfig: true, maxBytes: 100 });
  try {
    await assert.rejects(c.checkText("x [1]\n", { enable: ["no-such-rule"] }), (e) => e instanceof CitelintError && /no-such-rule/.test(e.message));
    await assert.rejects(c.checkText("x\n", { path: "../outside.md" }), /relative path inside the project/);
    await assert.rejects(c.checkText(REPORT), /over this server's limit of 100 bytes/);
    assert.throws(() => c.checkText(Buffer.from("x")), TypeError);
    assert.deepEqual((await c.checkText("Fine.\n")).issues, []);
  } finally {
    await c.close();
  }
});

test("one worker answers every call, overlapping calls included, and a dead one is replaced", async () => {
  const c = new Checker({ cwd: project(), noConfig: true });
  try {
    assert.equal(c.pid, undefined);
    await c.checkText(REPORT);
    const pid = c.pid;
    assert.ok(pid);
    const texts = Array.from({ length: 8 }, (_, k) => REPORT.replace("[2, 7]", `[2, ${k + 7}]`));
    const results = await Promise.all(texts.map((t) => c.checkText(t)));
    results.forEach((r, k) => assert.match(r.issues[0].message, new RegExp(`\\[${k + 7}\\]`)));
    assert.equal(c.pid, pid);
    process.kill(pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 200));
    let res;
    for (let i = 0; i < 3 && !res; i++) {
      try {
        res = await c.checkText(REPORT);
      } catch (e) {
        assert.ok(e instanceof CitelintError, e); // a call racing the worker's death
      }
    }
    assert.equal(res.issues.length, 2);
    assert.notEqual(c.pid, pid);
  } finally {
    await c.close();
  }
});
