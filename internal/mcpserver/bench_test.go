package mcpserver_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/mcpserver"
)

// bigReport is about n bytes of report: sections of cited sentences, each
// with its reference list, one marker in five unresolvable.
func bigReport(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "## Section %d\n\nGlobal mean sea level increased by 0.%d m between 1901 and 2018 [1]. Tide gauges were read in %d [2]. Satellites measure it too [%d].\n\n", i, i%10, 1800+i%200, 1+i%5)
		fmt.Fprintf(&b, "1. IPCC. Sea level %d. https://doi.org/10.1000/sea.%d\n2. Gauges %d. 2020.\n\n", i, i, i)
	}
	return b.String()
}

// BenchmarkCheckTool measures one check_citations call on a 1 MB report
// through the SDK's in-memory transport (JSON both ways, schema checks),
// beside BenchmarkLintBytes, the engine alone on the same bytes: the
// difference is what the protocol costs.
func BenchmarkCheckTool(b *testing.B) {
	doc := bigReport(1 << 20)
	srv, err := mcpserver.New(mcpserver.Options{WorkDir: b.TempDir(), NoConfig: true})
	if err != nil {
		b.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer cs.Close()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: mcpserver.ToolCheck, Arguments: map[string]any{"text": doc, "path": "report.md"}})
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
}

func BenchmarkLintBytes(b *testing.B) {
	doc := []byte(bigReport(1 << 20))
	eng, err := engine.New(config.New(engine.ConfigOptions()), engine.Options{WorkDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		eng.LintBytes(context.Background(), "report.md", doc)
	}
}
