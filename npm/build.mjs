#!/usr/bin/env node
// Builds citelint's npm packages from release binaries, as esbuild and Biome
// ship theirs: a main package `citelint` (the typed API, compiled from
// citelint/src with TypeScript, and the `citelint` command) whose
// optionalDependencies name one package per platform, @citelint/cli-OS-CPU,
// each carrying one static binary and declaring its `os` and `cpu` so that
// npm installs only the one that fits.
//
//   node npm/build.mjs --version 0.2.0 --out dist/npm \
//     linux/amd64=dist/citelint_linux_amd64_v1/citelint ...
//
// Writes the staged folders and `npm pack`s each into --out; prints the
// tarballs' paths. Needs `npm ci` in npm/ first (TypeScript).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);

// Go's GOOS/GOARCH to Node's process.platform/process.arch.
const TARGETS = {
  "linux/amd64": ["linux", "x64"],
  "linux/arm64": ["linux", "arm64"],
  "darwin/amd64": ["darwin", "x64"],
  "darwin/arm64": ["darwin", "arm64"],
  "windows/amd64": ["win32", "x64"],
  "windows/arm64": ["win32", "arm64"],
};

function usage(msg) {
  console.error(`build.mjs: ${msg}\nusage: node npm/build.mjs --version VERSION --out DIR GOOS/GOARCH=BINARY...`);
  process.exit(2);
}

const args = process.argv.slice(2);
let version, out;
const binaries = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--version") version = args[++i];
  else if (args[i] === "--out") out = args[++i];
  else if (args[i].includes("=")) binaries.push(args[i]);
  else usage(`unexpected argument ${args[i]}`);
}
if (!version || !out || !binaries.length) usage("--version, --out and at least one binary are required");
version = version.replace(/^v/, "");
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) usage(`version ${version} is not semver`);
out = path.resolve(out);
const stage = path.join(out, "stage");
fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });

const license = path.join(root, "LICENSE");
const common = {
  version,
  license: "Apache-2.0",
  author: "The citelint Authors",
  homepage: "https://github.com/citelint/citelint",
  repository: { type: "git", url: "git+https://github.com/citelint/citelint.git" },
};

function pack(dir) {
  const name = execFileSync("npm", ["pack", "--silent", "--pack-destination", out], { cwd: dir, encoding: "utf8" }).trim().split("\n").pop();
  return path.join(out, name);
}

function writeJSON(file, v) {
  fs.writeFileSync(file, JSON.stringify(v, null, 2) + "\n");
}

// The main package: compile, then stage with pinned optional dependencies.
execFileSync(path.join(here, "node_modules", ".bin", process.platform === "win32" ? "tsc.cmd" : "tsc"), ["-p", path.join(here, "tsconfig.json")], { stdio: "inherit" });
const mainDir = path.join(stage, "citelint");
// Everything but the TypeScript sources (citelint/src), judged by the path
// inside the package: the checkout itself may be under a folder named src.
const pkgDir = path.join(here, "citelint");
fs.cpSync(pkgDir, mainDir, { recursive: true, filter: (src) => path.relative(pkgDir, src).split(path.sep)[0] !== "src" });
fs.copyFileSync(license, path.join(mainDir, "LICENSE"));
const main = JSON.parse(fs.readFileSync(path.join(here, "citelint", "package.json"), "utf8"));
main.version = version;
main.optionalDependencies = Object.fromEntries(Object.values(TARGETS).map(([os, cpu]) => [`@citelint/cli-${os}-${cpu}`, version]));
writeJSON(path.join(mainDir, "package.json"), main);
const tarballs = [pack(mainDir)];

for (const spec of binaries) {
  const [target, binary] = spec.split("=");
  if (!TARGETS[target]) usage(`${target}: want one of ${Object.keys(TARGETS).join(", ")}`);
  if (!fs.existsSync(binary)) usage(`${binary}: no such file`);
  const [os, cpu] = TARGETS[target];
  const exe = os === "win32" ? "citelint.exe" : "citelint";
  const dir = path.join(stage, `cli-${os}-${cpu}`);
  fs.mkdirSync(dir);
  fs.copyFileSync(binary, path.join(dir, exe));
  fs.chmodSync(path.join(dir, exe), 0o755);
  fs.copyFileSync(license, path.join(dir, "LICENSE"));
  fs.writeFileSync(path.join(dir, "README.md"), `# @citelint/cli-${os}-${cpu}\n\nThe citelint binary for ${os} ${cpu}. Install [citelint](https://www.npmjs.com/package/citelint), which depends on this package on ${os} ${cpu} only.\n`);
  writeJSON(path.join(dir, "package.json"), {
    name: `@citelint/cli-${os}-${cpu}`,
    description: `The citelint binary for ${os} ${cpu}`,
    ...common,
    os: [os],
    cpu: [cpu],
    files: [exe, "README.md", "LICENSE"],
    preferUnplugged: true,
  });
  tarballs.push(pack(dir));
}
fs.rmSync(stage, { recursive: true, force: true });
for (const t of tarballs) console.log(t);
