package judge

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// fakeModel answers like an OpenAI-compatible server: "supported" when the
// claim's first word appears in the source, with content shaped by mode.
func fakeModel(t *testing.T, mode string, calls *atomic.Int32) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
			t.Errorf("request %s %s", r.Method, r.URL.Path)
		}
		if got := r.Header.Get("Authorization"); got != "Bearer k" {
			t.Errorf("Authorization %q", got)
		}
		var req chatRequest
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &req); err != nil || req.Model != "m" || len(req.Messages) != 2 {
			t.Errorf("bad request body %s", b)
		}
		user := req.Messages[1].Content
		claim := strings.Fields(strings.TrimPrefix(user, "CLAIM: "))[0]
		supported := strings.Contains(user[strings.Index(user, "SOURCE:"):], claim)
		content := `{"supported": ` + map[bool]string{true: "true", false: "false"}[supported] + `, "quote": "q"}`
		switch mode {
		case "fenced":
			content = "Here you go:\n```json\n" + content + "\n```"
		case "prose":
			content = "I think it is supported."
		case "500":
			w.WriteHeader(500)
			return
		case "slow":
			<-r.Context().Done() // answers after the client gave up, whenever that is
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"message": map[string]string{"role": "assistant", "content": content}}}})
	}))
}

func TestJudge(t *testing.T) {
	for _, tt := range []struct {
		mode    string
		wantErr bool
	}{{"plain", false}, {"fenced", false}, {"prose", true}, {"500", true}, {"slow", true}} {
		var calls atomic.Int32
		srv := fakeModel(t, tt.mode, &calls)
		// Only the slow model must time out, and it never answers; a
		// minute for the others is a hang detector, so a loaded machine
		// cannot turn their answers into timeouts.
		timeout := time.Minute
		if tt.mode == "slow" {
			timeout = 100 * time.Millisecond
		}
		c := &Client{URL: srv.URL + "/v1", Model: "m", APIKey: "k", Timeout: timeout, HTTP: trusted}
		v, err := c.Judge(context.Background(), "Penguins live in the south.", "Penguins live in the Southern Hemisphere.")
		if (err != nil) != tt.wantErr {
			t.Errorf("%s: err %v", tt.mode, err)
		}
		if err == nil && (!v.Supported || v.Quote != "q") {
			t.Errorf("%s: verdict %+v", tt.mode, v)
		}
		if err == nil {
			if v, _ := c.Judge(context.Background(), "Glaciers melt.", "Penguins live in the Southern Hemisphere."); v.Supported {
				t.Errorf("%s: unsupported claim judged supported", tt.mode)
			}
		}
		srv.Close()
	}
}

// trusted stands for the client the caller builds for a host the workflow
// named: the test model is on loopback, which the default refuses.
var trusted = &http.Client{}

// TestJudgeGuard pins issue 20, defect 3: the judge sent its key to any
// URL a config named, loopback and private addresses included, and
// followed redirects.
func TestJudgeGuard(t *testing.T) {
	var calls atomic.Int32
	srv := fakeModel(t, "plain", &calls)
	defer srv.Close()
	c := &Client{URL: srv.URL + "/v1", Model: "m", APIKey: "k"}
	if _, err := c.Judge(context.Background(), "Penguins swim.", "Penguins swim fast."); !errors.Is(err, httpclient.ErrPrivateAddress) {
		t.Errorf("default client: err %v, want the private address refused", err)
	}
	if calls.Load() != 0 {
		t.Errorf("the loopback model was asked %d times with the default client", calls.Load())
	}

	var elsewhere atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { elsewhere.Add(1) }))
	defer other.Close()
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/v1/chat/completions", http.StatusTemporaryRedirect)
	}))
	defer redirect.Close()
	c = &Client{URL: redirect.URL + "/v1", Model: "m", APIKey: "k", HTTP: trusted}
	if _, err := c.Judge(context.Background(), "Penguins swim.", "Penguins swim fast."); err == nil || !strings.Contains(err.Error(), "not followed") {
		t.Errorf("redirect: err %v", err)
	}
	if elsewhere.Load() != 0 {
		t.Errorf("the redirect was followed %d times", elsewhere.Load())
	}
}

func TestJudgeCache(t *testing.T) {
	var calls atomic.Int32
	srv := fakeModel(t, "plain", &calls)
	defer srv.Close()
	cc, _ := cache.Open(cache.Options{Dir: t.TempDir()})
	c := &Client{URL: srv.URL + "/v1", Model: "m", APIKey: "k", Cache: cc, HTTP: trusted}
	for range 3 {
		if v, err := c.Judge(context.Background(), "Penguins swim.", "Penguins swim fast."); err != nil || !v.Supported {
			t.Fatalf("%+v %v", v, err)
		}
	}
	if calls.Load() != 1 {
		t.Errorf("%d model calls for one question, want 1", calls.Load())
	}
}

// TestJudgeOfflineRefreshServer: offline asks nothing (the cached answer
// stands, a new question fails as ErrOffline, and a session counts it);
// refresh asks again and keeps the new answer; another server with a
// model of the same name is another judge, not a cache hit (issue 34).
func TestJudgeOfflineRefreshServer(t *testing.T) {
	var calls, other atomic.Int32
	srv := fakeModel(t, "plain", &calls)
	defer srv.Close()
	srv2 := fakeModel(t, "plain", &other)
	defer srv2.Close()
	cc, _ := cache.Open(cache.Options{Dir: t.TempDir()})
	ctx := context.Background()
	c := &Client{URL: srv.URL + "/v1", Model: "m", APIKey: "k", Cache: cc, HTTP: trusted}
	if _, err := c.Judge(ctx, "Penguins swim.", "Penguins swim fast."); err != nil {
		t.Fatal(err)
	}
	off := *c
	off.Offline = true
	if v, err := off.Judge(ctx, "Penguins swim.", "Penguins swim fast."); err != nil || !v.Supported {
		t.Errorf("offline, cached: %+v %v", v, err)
	}
	if _, err := off.Judge(ctx, "Seals swim.", "Seals swim fast."); !errors.Is(err, ErrOffline) {
		t.Errorf("offline, not cached: %v, want ErrOffline", err)
	}
	s := &Session{Client: &off}
	if _, err := s.Judge(ctx, "Seals swim.", "Seals swim fast."); err == nil || s.Stats().Offline != 1 || s.Stats().Failed != 0 {
		t.Errorf("session offline: %v, stats %+v", err, s.Stats())
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("offline asked the model: %d calls, want 1", n)
	}
	fresh := *c
	fresh.Refresh = true
	if _, err := fresh.Judge(ctx, "Penguins swim.", "Penguins swim fast."); err != nil || calls.Load() != 2 {
		t.Errorf("refresh: %v, %d calls, want 2", err, calls.Load())
	}
	moved := *c
	moved.URL = srv2.URL + "/v1"
	if _, err := moved.Judge(ctx, "Penguins swim.", "Penguins swim fast."); err != nil || other.Load() != 1 {
		t.Errorf("another server: %v, %d calls there, want 1 (the cache is per server)", err, other.Load())
	}
}

func FuzzParseVerdict(f *testing.F) {
	f.Add(`{"supported": true, "quote": "x"}`)
	f.Add("```json\n{\"supported\": false}\n```")
	f.Fuzz(func(t *testing.T, s string) {
		parseVerdict(s)
	})
}
