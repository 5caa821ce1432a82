package mcpserver_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/cli"
	"github.com/citelint/citelint/internal/testbin"
	"github.com/citelint/citelint/internal/version"
)

// clientDir holds the CI's MCP client: the official TypeScript SDK from
// npm (.ci/run installs it with npm ci) and the script that drives the
// server with it.
const clientDir = "../../.ci/mcp-client"

// transcript is what client.mjs prints.
type transcript struct {
	Server struct{ Name, Version string }
	Tools  []struct {
		Name, Description string
		Input, Required   []string
		Output            []string
	}
	Sampled int // sampling requests the client's model answered
	Calls   []struct {
		Name      string
		Arguments map[string]any
		Result    struct {
			Content []struct {
				Type, Text string
			}
			StructuredContent map[string]any
			IsError           bool
		}
	}
}

// TestTypeScriptClient runs a real MCP client, the official TypeScript
// SDK's, against the citelint binary over stdio: it lists the tools and
// calls each one (the SDK validates each result against the tool's
// output schema). check_citations must report what run --format json
// reports, fix_citations must return what run --fix writes, and
// explain_rule what citelint rule prints. Without node or the npm
// package it skips, except under CI=true, where it must run.
func TestTypeScriptClient(t *testing.T) {
	node, err := exec.LookPath("node")
	sdk := filepath.Join(clientDir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")
	if _, serr := os.Stat(sdk); err != nil || serr != nil {
		msg := "node or @modelcontextprotocol/sdk is absent (run npm ci in .ci/mcp-client)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + "; CI=true requires the real client")
		}
		t.Skip(msg)
	}
	script, _ := filepath.Abs(filepath.Join(clientDir, "client.mjs"))
	bin := testbin.Path(t)
	sourcesJSON, _ := json.Marshal(reportSources)
	// judge.mode all: every scored sentence goes to the judge, when there
	// is one (the host's model, in the last call).
	dir := project(t, map[string]string{"report.md": report, "sources.json": string(sourcesJSON), ".citelint.yaml": "version: \"1\"\njudge:\n  mode: all\n"})
	cmd := exec.Command(node, script, bin, dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("client.mjs: %v\n%s", err, stderr.String())
	}
	if p := os.Getenv("CITELINT_MCP_TRANSCRIPT"); p != "" {
		os.WriteFile(p, out, 0o644)
	}
	var tr transcript
	if err := json.Unmarshal(out, &tr); err != nil {
		t.Fatalf("transcript: %v\n%s", err, out)
	}
	if tr.Server.Name != "citelint" || tr.Server.Version != version.Version {
		t.Errorf("server %+v", tr.Server)
	}
	var names []string
	for _, tool := range tr.Tools {
		names = append(names, tool.Name)
	}
	if want := []string{"check_citations", "explain_rule", "fix_citations"}; !reflect.DeepEqual(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
	if len(tr.Calls) != 6 {
		t.Fatalf("%d calls, want 6", len(tr.Calls))
	}
	check, fixed, explain, unknown, outside := tr.Calls[0].Result, tr.Calls[1].Result, tr.Calls[2].Result, tr.Calls[3].Result, tr.Calls[4].Result

	run := runJSON(t, dir, "--sources", "sources.json", "-E", "low-overlap,number-mismatch", "report.md")
	sameAsRun(t, check.StructuredContent, run, 4)
	sup := check.StructuredContent["summary"].(map[string]any)["support"].(map[string]any)
	if check.StructuredContent["grounded"] != sup["grounded"] || check.StructuredContent["coverage"] != sup["coverage"] {
		t.Errorf("grounded %v, coverage %v; want the summary's %v, %v", check.StructuredContent["grounded"], check.StructuredContent["coverage"], sup["grounded"], sup["coverage"])
	}
	if len(check.Content) != 1 || !strings.Contains(check.Content[0].Text, "report.md: 1 error, 3 warnings") || !strings.Contains(check.Content[0].Text, "5 claim sentences, 4 citing a source (coverage 80%). Grounded: 1 of 3") {
		t.Errorf("check_citations text: %+v", check.Content)
	}

	runJSON(t, dir, "--fix", "report.md")
	want, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	if fixed.IsError || fixed.StructuredContent["text"] != string(want) || string(want) == report {
		t.Errorf("fix_citations text %q, run --fix wrote %q", fixed.StructuredContent["text"], want)
	}

	var rule bytes.Buffer
	cli.Main([]string{"rule", tr.Calls[2].Arguments["rule"].(string)}, cli.Env{Stdout: &rule, Stderr: &rule})
	if explain.IsError || len(explain.Content) != 1 || explain.Content[0].Text != rule.String() {
		t.Errorf("explain_rule: %+v; citelint rule prints %q", explain, rule.String())
	}
	if !unknown.IsError || !outside.IsError || !strings.Contains(outside.Content[0].Text, "inside the project") {
		t.Errorf("errors: unknown rule %+v, path outside %+v", unknown, outside)
	}

	// The host's model as judge, through the client's sampling (this SDK
	// speaks a protocol before multi round-trip requests, so the server
	// asks it directly): it found every scored sentence supported, so all
	// are but the one stating a number its source lacks (number-mismatch
	// runs: partial support is no support).
	judged := tr.Calls[5].Result.StructuredContent
	j, _ := judged["judge"].(map[string]any)
	scored := sup["scored"].(float64)
	if j["available"] != true || j["judged"] != scored || j["failed"] != float64(0) || float64(tr.Sampled) != scored || judged["grounded"] != (scored-1)/scored {
		t.Errorf("judged by the host's model: judge %v, grounded %v, %d sampling requests; want all %v scored sentences judged supported", j, judged["grounded"], tr.Sampled, scored)
	}
}
