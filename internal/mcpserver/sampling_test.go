package mcpserver_test

//lint:file-ignore SA1019 tests judge_with_client_model, which uses MCP sampling (deprecated by SEP-2577, still functional).

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citelint/citelint/internal/mcpserver"
)

// connectWith is connect with client options (a sampling handler).
func connectWith(t *testing.T, o mcpserver.Options, co *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	srv, err := mcpserver.New(o)
	if err != nil {
		t.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, co).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// An agent checking its own draft has its host's model judge support
// through MCP sampling: no judge server, no key. The host's answer decides
// the sentences it is asked about; a client without sampling gets the
// lexical verdict and is told the judge was not available.
func TestCheckJudgesWithClientModel(t *testing.T) {
	dir := project(t, map[string]string{".citelint.yaml": "version: \"1\"\njudge:\n  mode: all\n"})
	// The first sentence paraphrases its source (little word overlap, but
	// supported); the second shares its source's words and contradicts it.
	args := map[string]any{
		"text": "Solar output climbed across the decade [1]. The plant's turbines were replaced in 2019 [2].\n",
		"sources": map[string]string{
			"1": "The panels produced more electricity every year from 2010 to 2020.",
			"2": "The plant's turbines were not replaced in 2019; they were repaired.",
		},
		"enable":                  []string{"low-overlap"},
		"judge_with_client_model": true,
	}
	var asked atomic.Int32
	host := func(_ context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
		asked.Add(1)
		user := req.Params.Messages[0].Content.(*mcp.TextContent).Text
		if !strings.Contains(req.Params.SystemPrompt, `"supported"`) || !strings.HasPrefix(user, "CLAIM: ") {
			t.Errorf("not the JSON judge prompt: system %q, user %q", req.Params.SystemPrompt, user)
		}
		answer := `{"supported": false, "quote": "they were repaired"}`
		if strings.Contains(user, "Solar output") {
			answer = `{"supported": true, "quote": ""}`
		}
		return &mcp.CreateMessageResult{Content: &mcp.TextContent{Text: answer}, Model: "host", Role: "assistant"}, nil
	}

	withHost := structured(t, call(t, connectWith(t, mcpserver.Options{WorkDir: dir}, &mcp.ClientOptions{CreateMessageHandler: host}), mcpserver.ToolCheck, args))
	j, _ := withHost["judge"].(map[string]any)
	if j["available"] != true || j["asked"] != float64(2) || j["judged"] != float64(2) || asked.Load() != 2 {
		t.Errorf("judge %v, host asked %d times; want available, 2 asked and judged", j, asked.Load())
	}
	msgs := issueMessages(withHost)
	if len(msgs) != 1 || !strings.Contains(msgs[0], "says the judge model") || !strings.Contains(msgs[0], "they were repaired") {
		t.Errorf("issues with the host's judge: %q; want only the contradicted sentence, by the judge", msgs)
	}
	if withHost["grounded"] != 0.5 {
		t.Errorf("grounded %v, want 0.5", withHost["grounded"])
	}

	// No sampling: nothing asked, the lexical verdict, and the result says so.
	without := structured(t, call(t, connect(t, mcpserver.Options{WorkDir: dir}), mcpserver.ToolCheck, args))
	if j, _ := without["judge"].(map[string]any); j["available"] != false || j["asked"] != float64(0) {
		t.Errorf("judge without sampling %v; want unavailable, nothing asked", j)
	}
	for _, m := range issueMessages(without) {
		if strings.Contains(m, "judge") {
			t.Errorf("a judge's verdict without a judge: %q", m)
		}
	}

	// A host that refuses: in the protocol's rounds, a refused sampling
	// request fails the client's call (the agent calls again without
	// judge_with_client_model); nothing is half-judged.
	refuse := func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
		return nil, errors.New("user rejected sampling request")
	}
	cs := connectWith(t, mcpserver.Options{WorkDir: dir}, &mcp.ClientOptions{CreateMessageHandler: refuse})
	if res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: mcpserver.ToolCheck, Arguments: args}); err == nil && !res.IsError {
		t.Errorf("a refused sampling request gave a result: %s", text(res))
	}

	// The cap: at most 50 questions a call; the rest keep the lexical verdict.
	var many strings.Builder
	for i := range 60 {
		fmt.Fprintf(&many, "Solar output climbed across decade number %d [1].\n\n", i)
	}
	args["text"] = many.String()
	asked.Store(0)
	capped := structured(t, call(t, connectWith(t, mcpserver.Options{WorkDir: dir}, &mcp.ClientOptions{CreateMessageHandler: host}), mcpserver.ToolCheck, args))
	if j, _ := capped["judge"].(map[string]any); j["judged"] != float64(50) || j["skipped_cap"] != float64(10) || asked.Load() != 50 {
		t.Errorf("judge over the cap %v, host asked %d times; want 50 judged, 10 skipped", j, asked.Load())
	}
}

func issueMessages(m map[string]any) []string {
	var out []string
	for _, i := range m["issues"].([]any) {
		out = append(out, i.(map[string]any)["message"].(string))
	}
	return out
}
