/**
 * citelint: lint the citations in Markdown, from Node.js.
 *
 * ```ts
 * import { checkText } from "citelint";
 * const result = await checkText(answer, { sources: { d_1: passage }, enable: ["low-overlap"] });
 * for (const issue of result.issues) console.log(issue.line, issue.rule, issue.message);
 * ```
 *
 * Every answer comes from the citelint binary of the platform package
 * (`@citelint/cli-<os>-<cpu>`), the same engine as `citelint run`:
 * `checkText` and `fixText` go to one persistent `citelint mcp` worker per
 * Checker (newline-delimited JSON-RPC over its stdio), `checkFiles` runs
 * `citelint run --format json`. Results mirror the JSON report field by
 * field (snake_case, as `run --format json` writes them).
 */

import { ChildProcessWithoutNullStreams, execFile, spawn } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { createInterface } from "readline";

// ---------------------------------------------------------------- types

/** Replace the bytes [start, end) of the UTF-8 document with `new`. */
export interface Edit {
  start: number;
  end: number;
  new: string;
}

/** An issue's suggested fix; `unsafe` fixes may change what the text says. */
export interface Fix {
  description: string;
  unsafe: boolean;
  edits: Edit[];
}

export type Severity = "error" | "warning" | "note";

/** One finding. `line` is 1-based; `column` 1-based in UTF-16 code units. */
export interface Issue {
  rule: string;
  severity: Severity;
  message: string;
  path: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  fix?: Fix;
  suppressed?: boolean;
  justification?: string;
}

/** A document that could not be linted. */
export interface FileError {
  path: string;
  line?: number;
  message: string;
}

/** Claim-support figures, present when a claim-support rule ran. */
export interface Support {
  claims: number;
  cited_claims: number;
  coverage: number;
  scored: number;
  supported: number;
  grounded: number;
  unverified: number;
}

export interface FileSupport extends Support {
  path: string;
}

/** The report's summary, as `run --format json` writes it. */
export interface Summary {
  files: number;
  claims: number;
  cited_claims: number;
  citations: number;
  references: number;
  unverified: number;
  errors: FileError[];
  extra?: Record<string, number>;
  support?: Support;
  per_file?: FileSupport[];
}

/** `citelint run --format json`'s whole report (checkFiles). */
export interface Report {
  version: string;
  citelint_version: string;
  issues: Issue[];
  summary: Summary;
  /** citelint's exit code: 0, or 3 when a file could not be linted (see summary.errors). */
  exit_code: number;
}

/** What the host's model was asked (MCP sampling only; not used here). */
export interface JudgeStats {
  available: boolean;
  asked: number;
  judged: number;
  failed: number;
  skipped_cap: number;
}

/** One document's check: the issues and summary `run --format json` reports for it. */
export interface CheckResult {
  issues: Issue[];
  summary: Summary;
  /** Share of claim sentences citing a source. */
  coverage: number;
  /** Share of scored cited sentences their sources support; absent when none was scored. */
  grounded?: number;
  errors: number;
  warnings: number;
  notes: number;
  network_rules_not_run: string[];
  judge?: JudgeStats;
}

/** fixText's result: the text with every safe fix applied, and what is left. */
export interface FixResult {
  text: string;
  fixed: number;
  changed: boolean;
  issues: Issue[];
  summary: Summary;
}

export type RuleSet = "standard" | "reports" | "all" | "none";

export interface CheckOptions {
  /** Where the document lives or will be saved, relative to the project (default document.md). Nothing is read from it. */
  path?: string;
  /** The texts the document cites, keyed by the id it cites them by ([id:d_1], [doc3], [2]). */
  sources?: Record<string, string>;
  /** A source store inside the project (.json, .jsonl or a folder), relative to it. */
  sourcesDir?: string;
  /** Rules to turn on besides the config's, e.g. ["low-overlap", "number-mismatch", "uncited-claim"]. */
  enable?: string[];
  /** The starting rule set, overriding the config's rules.default. */
  ruleSet?: RuleSet;
}

export interface CheckerOptions {
  /** The project: the config is found from it, document paths are relative to it (default process.cwd()). */
  cwd?: string;
  /** A config file; default: .citelint.yaml found from cwd, re-read on every call. */
  config?: string;
  /** Ignore any config file. */
  noConfig?: boolean;
  /** The citelint binary (default: CITELINT_BINARY, else the platform package's). */
  binary?: string;
  /** Largest document (and total inline sources) a call may pass, in bytes. */
  maxBytes?: number;
  env?: NodeJS.ProcessEnv;
}

export interface CheckFilesOptions {
  enable?: string[];
  disable?: string[];
  ruleSet?: RuleSet;
  /** A source store: a .json or .jsonl file, or a folder. */
  sources?: string;
  config?: string;
  noConfig?: boolean;
  cwd?: string;
  /** Further `citelint run` flags. */
  args?: string[];
  binary?: string;
}

/** citelint refused a call (a bad argument, a config error, a document over the limit), or its worker stopped. */
export class CitelintError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CitelintError";
  }
}

// ---------------------------------------------------------------- binary

const exeName = process.platform === "win32" ? "citelint.exe" : "citelint";

/** The platform package's name for this machine, e.g. @citelint/cli-linux-x64. */
export function platformPackage(platform: string = process.platform, arch: string = process.arch): string {
  return `@citelint/cli-${platform}-${arch}`;
}

/** The citelint binary: CITELINT_BINARY if set, else the installed platform package's. */
export function findBinary(): string {
  const env = process.env.CITELINT_BINARY;
  if (env) {
    if (!fs.existsSync(env)) throw new CitelintError(`CITELINT_BINARY=${env} does not exist`);
    return env;
  }
  const pkg = platformPackage();
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new CitelintError(
      `citelint has no binary for ${process.platform}-${process.arch}: the optional dependency ${pkg} is not installed ` +
        `(was npm run with --no-optional or --omit=optional?), or this platform has no release; set CITELINT_BINARY to a citelint binary`,
    );
  }
  return path.join(dir, exeName);
}

// ---------------------------------------------------------------- worker

const PROTOCOL_VERSION = "2025-06-18";
const VERSION: string = (() => {
  try {
    return JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8")).version;
  } catch {
    return "0.0.0-dev";
  }
})();

interface Pending {
  resolve: (v: any) => void;
  reject: (e: Error) => void;
}

interface RpcMessage {
  id?: number | string;
  method?: string;
  result?: any;
  error?: { message?: string };
}

/**
 * A persistent citelint worker (`citelint mcp`), started on the first call
 * and again if it dies. Calls may overlap: each is matched to its answer by
 * id. The worker does not keep Node running while idle; close() stops it.
 */
export class Checker {
  readonly binary: string;
  readonly cwd: string;
  private readonly args: string[];
  private readonly env?: NodeJS.ProcessEnv;
  private child?: ChildProcessWithoutNullStreams;
  private ready?: Promise<void>;
  private nextId = 0;
  private pending = new Map<number, Pending>();
  private stderrTail: string[] = [];

  constructor(options: CheckerOptions = {}) {
    this.binary = options.binary ?? findBinary();
    this.cwd = path.resolve(options.cwd ?? process.cwd());
    const args = ["mcp"];
    if (options.config) args.push("--config", options.config);
    if (options.noConfig) args.push("--no-config");
    if (options.maxBytes !== undefined) args.push("--max-bytes", String(options.maxBytes));
    this.args = args;
    this.env = options.env;
  }

  /** The worker's process id, or undefined when none is running. */
  get pid(): number | undefined {
    return this.child && this.child.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  private start(): Promise<void> {
    const child = spawn(this.binary, this.args, { cwd: this.cwd, env: this.env, stdio: "pipe", windowsHide: true });
    this.child = child;
    this.stderrTail = [];
    child.on("error", (err) => this.fail(child, new CitelintError(`could not start ${this.binary}: ${err.message}`)));
    child.on("exit", (code, signal) => {
      const tail = this.stderrTail.join("\n");
      this.fail(child, new CitelintError(`citelint worker stopped (${signal ?? `exit code ${code}`})${tail ? ":\n" + tail : ""}`));
    });
    child.stdin.on("error", () => {}); // a dead worker: reported by "exit"
    createInterface({ input: child.stderr }).on("line", (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > 40) this.stderrTail.shift();
    });
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on("line", (line) => this.receive(child, line));
    this.idle(child);
    return this.request(child, "initialize", {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "citelint-npm", version: VERSION },
    }).then(() => this.write(child, { jsonrpc: "2.0", method: "notifications/initialized" }));
  }

  private fail(child: ChildProcessWithoutNullStreams, err: Error): void {
    if (this.child === child) {
      this.child = undefined;
      this.ready = undefined;
    }
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(err);
  }

  private receive(child: ChildProcessWithoutNullStreams, line: string): void {
    let msg: RpcMessage;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (msg.method !== undefined) {
      // A request from the server (sampling, roots): this client offers none.
      if (msg.id !== undefined) this.write(child, { jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "not supported by citelint-npm" } });
      return;
    }
    if (typeof msg.id !== "number") return;
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (this.pending.size === 0) this.idle(child);
    if (msg.error) p.reject(new CitelintError(msg.error.message ?? JSON.stringify(msg.error)));
    else p.resolve(msg.result ?? {});
  }

  private write(child: ChildProcessWithoutNullStreams, msg: object): void {
    child.stdin.write(JSON.stringify(msg) + "\n");
  }

  // While nothing is pending the worker must not keep Node alive.
  private idle(child: ChildProcessWithoutNullStreams): void {
    child.unref();
    (child.stdout as any).unref?.();
    (child.stderr as any).unref?.();
    (child.stdin as any).unref?.();
  }

  private busy(child: ChildProcessWithoutNullStreams): void {
    child.ref();
    (child.stdout as any).ref?.();
    (child.stderr as any).ref?.();
    (child.stdin as any).ref?.();
  }

  private request(child: ChildProcessWithoutNullStreams, method: string, params: object): Promise<any> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.busy(child);
      this.pending.set(id, { resolve, reject });
      this.write(child, { jsonrpc: "2.0", id, method, params });
    });
  }

  /** Call one of citelint's MCP tools; its structured content. */
  async callTool(name: string, args: object): Promise<any> {
    if (!this.child || !this.ready) this.ready = this.start();
    const child = this.child!;
    await this.ready;
    const res = await this.request(child, "tools/call", { name, arguments: args });
    if (res.isError) {
      const text = (res.content ?? []).filter((c: any) => c.type === "text").map((c: any) => c.text).join(" ");
      throw new CitelintError(text || "citelint reported an error");
    }
    if (res.structuredContent === undefined) throw new CitelintError(`${name}: the worker returned no structured content`);
    return res.structuredContent;
  }

  /** Check one Markdown document held in memory. */
  checkText(text: string, options: CheckOptions = {}): Promise<CheckResult> {
    return this.callTool("check_citations", toolArgs(text, options));
  }

  /** Apply every safe fix (as `citelint run --fix` would write it); the new text and what is left. */
  fixText(text: string, options: CheckOptions = {}): Promise<FixResult> {
    return this.callTool("fix_citations", toolArgs(text, options));
  }

  /** A rule's documentation, as `citelint rule NAME` prints it. */
  async explainRule(rule: string): Promise<string> {
    return (await this.callTool("explain_rule", { rule })).doc;
  }

  /** Stop the worker: it exits when its standard input closes. */
  close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill(), 5000);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      child.stdin.end();
    });
  }
}

function toolArgs(text: string, o: CheckOptions): Record<string, unknown> {
  if (typeof text !== "string") throw new TypeError(`text must be a string, not ${typeof text}`);
  const a: Record<string, unknown> = { text };
  if (o.path) a.path = o.path.split(path.sep).join("/");
  if (o.sources && Object.keys(o.sources).length) a.sources = o.sources;
  if (o.sourcesDir) a.sources_dir = o.sourcesDir;
  if (o.enable && o.enable.length) a.enable = o.enable;
  if (o.ruleSet) a.rule_set = o.ruleSet;
  return a;
}

// ---------------------------------------------------------------- module functions

let shared: Checker | undefined;

function defaultChecker(): Checker {
  if (!shared) shared = new Checker();
  return shared;
}

/** Checker.checkText on this process's shared worker (started in process.cwd() on first use). */
export function checkText(text: string, options?: CheckOptions): Promise<CheckResult> {
  return defaultChecker().checkText(text, options);
}

/** Checker.fixText on this process's shared worker. */
export function fixText(text: string, options?: CheckOptions): Promise<FixResult> {
  return defaultChecker().fixText(text, options);
}

/** A rule's documentation. */
export function explainRule(rule: string): Promise<string> {
  return defaultChecker().explainRule(rule);
}

/**
 * Lint files and folders: `citelint run --format json PATHS` (one run, files
 * in parallel). Files that could not be linted are in summary.errors; a
 * usage or config error rejects with CitelintError.
 */
export function checkFiles(paths: string | string[] = [], options: CheckFilesOptions = {}): Promise<Report> {
  const args = ["run", "--format", "json", "--issues-exit-code", "0"];
  if (options.config) args.push("--config", options.config);
  if (options.noConfig) args.push("--no-config");
  if (options.ruleSet) args.push("--default", options.ruleSet);
  for (const r of options.enable ?? []) args.push("--enable", r);
  for (const r of options.disable ?? []) args.push("--disable", r);
  if (options.sources) args.push("--sources", options.sources);
  args.push(...(options.args ?? []), ...(typeof paths === "string" ? [paths] : paths));
  const binary = options.binary ?? findBinary();
  return new Promise((resolve, reject) => {
    execFile(binary, args, { cwd: options.cwd, maxBuffer: 1 << 30, windowsHide: true }, (err, stdout, stderr) => {
      if (!stdout.trim()) {
        const msg = String(stderr).split("\nUsage:")[0].trim();
        reject(new CitelintError(msg || (err ? err.message : "citelint run printed nothing")));
        return;
      }
      try {
        const report = JSON.parse(stdout) as Report;
        report.exit_code = err && typeof (err as any).code === "number" ? (err as any).code : 0;
        resolve(report);
      } catch (e) {
        reject(new CitelintError(`citelint run printed no JSON report: ${String(stdout).slice(0, 200)}`));
      }
    });
  });
}
