// Drives `citelint mcp` with the official MCP TypeScript SDK's client, as
// an agent host would: spawn the server over stdio, list the tools, call
// each one, and print the transcript as JSON on standard output.
//
//   node client.mjs CITELINT_BINARY PROJECT_DIR
//
// PROJECT_DIR/report.md is the document checked; PROJECT_DIR/sources.json
// (a map from id to text), when present, is passed inline with the
// claim-support rules enabled. The SDK's client validates each result's
// structured content against the tool's output schema, so a result that
// does not match its schema fails here. mcpserver's TestTypeScriptClient
// runs this and compares the results with `citelint run --format json`.
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const [bin, dir] = process.argv.slice(2);
if (!bin || !dir) {
  console.error("usage: node client.mjs CITELINT_BINARY PROJECT_DIR");
  process.exit(2);
}
const text = readFileSync(join(dir, "report.md"), "utf8");
const sourcesPath = join(dir, "sources.json");
const sources = existsSync(sourcesPath) ? JSON.parse(readFileSync(sourcesPath, "utf8")) : undefined;

const transport = new StdioClientTransport({ command: bin, args: ["mcp"], cwd: dir, stderr: "inherit" });
// The client offers sampling, as an agent host does: its "model" finds
// every claim supported, and counts the questions it was asked.
const client = new Client({ name: "citelint-ci", version: "1.0.0" }, { capabilities: { sampling: {} } });
let sampled = 0;
client.setRequestHandler(CreateMessageRequestSchema, async (req) => {
  sampled++;
  const user = req.params.messages[0]?.content?.text ?? "";
  const ok = typeof req.params.systemPrompt === "string" && user.startsWith("CLAIM: ");
  return { model: "ci-host", role: "assistant", content: { type: "text", text: ok ? '{"supported": true, "quote": ""}' : "not a judge prompt" } };
});
await client.connect(transport);

const transcript = {
  server: client.getServerVersion(),
  instructions: client.getInstructions(),
  tools: [],
  calls: [],
};
const { tools } = await client.listTools();
for (const t of tools) {
  transcript.tools.push({
    name: t.name,
    title: t.title,
    description: t.description,
    input: Object.keys(t.inputSchema.properties ?? {}),
    required: t.inputSchema.required ?? [],
    output: Object.keys(t.outputSchema?.properties ?? {}),
    annotations: t.annotations,
  });
}

async function call(name, args) {
  const result = await client.callTool({ name, arguments: args });
  transcript.calls.push({ name, arguments: args, result });
  return result;
}

const check = { text, path: "report.md" };
if (sources) {
  check.sources = sources;
  check.enable = ["low-overlap", "number-mismatch"];
}
const checked = await call("check_citations", check);
await call("fix_citations", { text, path: "report.md" });
const firstRule = checked.structuredContent?.issues?.[0]?.rule ?? "unresolvable-label";
await call("explain_rule", { rule: firstRule });
await call("explain_rule", { rule: "no-such-rule" });
await call("check_citations", { text, path: "../outside.md" });
if (sources) {
  await call("check_citations", { ...check, judge_with_client_model: true });
}
transcript.sampled = sampled;

await client.close();
process.stdout.write(JSON.stringify(transcript, null, 2) + "\n");
