package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citelint/citelint/internal/mcpserver"
	"github.com/citelint/citelint/internal/version"
)

// TestMCPNetworkIsRun: when the config enables network rules, the agent
// tool runs run's network pass (against loopback registries here) and
// reports what `citelint run --format json` reports, the unverified 503
// page included; without the workflow's consent to private addresses it
// looks nothing up on them, as run does not.
func TestMCPNetworkIsRun(t *testing.T) {
	dir, doc, stub := networkSetup(t)
	src, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	check := func(tf trustFlags) map[string]any {
		t.Helper()
		env := Env{Stderr: io.Discard, Getenv: func(string) string { return "" }}
		srv, err := mcpserver.New(mcpserver.Options{WorkDir: dir, Version: version.Version, Consent: mcpConsent(tf, env)})
		if err != nil {
			t.Fatal(err)
		}
		st, ct := mcp.NewInMemoryTransports()
		ctx := context.Background()
		ss, err := srv.Connect(ctx, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ss.Close()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: mcpserver.ToolCheck, Arguments: map[string]any{"text": string(src), "path": "report.md"}})
		if err != nil || res.IsError {
			t.Fatalf("check_citations: %v %+v", err, res)
		}
		return reJSON(t, res.StructuredContent)
	}

	// Without the workflow's consent the loopback stub is a private
	// address: refused, so nothing on it is asked or called dead.
	noConsent := check(trustFlags{})
	if n := total(stub.Requests()); n != 0 || len(noConsent["issues"].([]any)) != 0 {
		t.Errorf("without consent: %d requests, issues %v", n, noConsent["issues"])
	}

	before := total(stub.Requests())
	got := check(trustFlags{allowPrivate: true})
	if total(stub.Requests()) == before {
		t.Fatal("the tool made no lookup: the network rules did not run")
	}
	if nr := got["network_rules_not_run"].([]any); len(nr) != 0 {
		t.Errorf("network_rules_not_run = %v with a network pass", nr)
	}
	t.Chdir(dir)
	code, stdout, stderr := run(t, dir, "", "run", "--allow-private", "--format", "json", "report.md")
	if code != ExitIssues {
		t.Fatalf("run: exit %d\n%s%s", code, stdout, stderr)
	}
	want := reJSON(t, json.RawMessage(stdout))
	for _, k := range []string{"issues", "summary"} {
		if !reflect.DeepEqual(got[k], want[k]) {
			g, _ := json.MarshalIndent(got[k], "", "  ")
			t.Errorf("%s: tool\n%s\nrun --format json\n%s", k, g, stdout)
		}
	}
	if len(want["issues"].([]any)) < 2 || want["summary"].(map[string]any)["unverified"] != float64(1) {
		t.Errorf("run no longer reports the dead DOI, the gone page and the unverified busy one:\n%s", stdout)
	}

}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// reJSON decodes v's JSON generically, so every field counts.
func reJSON(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestMCPStdio drives `citelint mcp` in-process over its standard input
// and output, as a client's pipes: newline-delimited JSON-RPC in, one
// answer per request out, and exit 0 when the client closes the input.
func TestMCPStdio(t *testing.T) {
	dir := t.TempDir()
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"check_citations","arguments":{"text":"A claim [1] and [7].\n\n[1]: https://example.org/1\n","path":"a.md"}}}`,
	}, "\n") + "\n"
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errb bytes.Buffer
	exit := make(chan int)
	go func() {
		code := Main([]string{"mcp", "--no-config"}, Env{Stdin: inR, Stdout: outW, Stderr: &errb,
			Getenv: func(string) string { return "" }, Getwd: func() (string, error) { return dir, nil }})
		outW.Close()
		exit <- code
	}()
	go inW.Write([]byte(in))
	answers := map[float64]map[string]any{}
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not one JSON message per line: %q", sc.Text())
		}
		if id, ok := m["id"].(float64); ok {
			answers[id] = m
		}
		if len(answers) == 2 {
			inW.Close() // the client hangs up: the server must end, exit 0
		}
	}
	if code := <-exit; code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if r, _ := answers[1]["result"].(map[string]any); r == nil || r["protocolVersion"] != "2025-06-18" {
		t.Errorf("initialize: %v", answers[1])
	}
	res, _ := answers[2]["result"].(map[string]any)
	content, _ := res["structuredContent"].(map[string]any)
	issues, _ := content["issues"].([]any)
	if len(issues) != 1 || issues[0].(map[string]any)["message"] != "citation [7] has no entry (the document has no reference list and no such link definition)" {
		t.Errorf("check_citations: %v", answers[2])
	}
}
