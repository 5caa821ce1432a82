#!/usr/bin/env node
// The `citelint` command: runs the platform package's binary with the same
// arguments, standard streams and exit code.
"use strict";
const { spawnSync } = require("child_process");
const { findBinary } = require("../dist/index.js");

let binary;
try {
  binary = findBinary();
} catch (e) {
  process.stderr.write(`citelint: ${e.message}\n`);
  process.exit(2);
}
const r = spawnSync(binary, process.argv.slice(2), { stdio: "inherit", windowsHide: true });
if (r.error) {
  process.stderr.write(`citelint: ${r.error.message}\n`);
  process.exit(2);
}
if (r.signal) process.kill(process.pid, r.signal);
process.exit(r.status ?? 1);
