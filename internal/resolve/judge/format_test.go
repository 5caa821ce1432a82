package judge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve/cache"
)

// stub is a loopback chat-completions server; answer sees each request
// and returns the reply's content and, when non-nil, its "logprobs".
func stub(t *testing.T, answer func(chatRequest) (string, any)) (*httptest.Server, *[]chatRequest) {
	var mu sync.Mutex
	var seen []chatRequest
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req chatRequest
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &req); err != nil {
			t.Errorf("bad body %s", b)
		}
		mu.Lock()
		seen = append(seen, req)
		mu.Unlock()
		content, lp := answer(req)
		choice := map[string]any{"message": map[string]string{"role": "assistant", "content": content}}
		if lp != nil {
			choice["logprobs"] = lp
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{choice}})
	}))
	t.Cleanup(srv.Close)
	return srv, &seen
}

// logprobs builds the OpenAI "logprobs" object: the first token and its
// alternatives, each (token, probability).
func logprobs(first string, alts ...any) any {
	var top []map[string]any
	for i := 0; i+1 < len(alts); i += 2 {
		top = append(top, map[string]any{"token": alts[i], "logprob": math.Log(alts[i+1].(float64))})
	}
	return map[string]any{"content": []any{map[string]any{"token": first, "logprob": top[0]["logprob"], "top_logprobs": top}}}
}

func TestFormats(t *testing.T) {
	for _, tt := range []struct {
		name       string
		format     string
		logprobs   bool
		content    string
		lp         any
		wantSup    bool
		wantScore  float64
		continuous bool
		wantErr    bool
	}{
		{name: "minicheck yes", format: FormatMiniCheck, content: "Yes", wantSup: true, wantScore: 1},
		{name: "minicheck no with punctuation", format: FormatMiniCheck, content: " **No.**", wantScore: 0},
		{name: "minicheck after thinking", format: FormatMiniCheck, content: "<think>The document says 1962.</think>\nYes", wantSup: true, wantScore: 1},
		{name: "minicheck prose", format: FormatMiniCheck, content: "The document supports the claim.", wantErr: true},
		{name: "minicheck json answer", format: FormatMiniCheck, content: `{"supported": true}`, wantErr: true},
		{name: "logprobs yes and no", format: FormatMiniCheck, logprobs: true, content: "Yes",
			lp: logprobs("Yes", "Yes", 0.6, "No", 0.2, " yes", 0.1), wantSup: true, wantScore: 0.7 / 0.9, continuous: true},
		{name: "logprobs no wins", format: FormatMiniCheck, logprobs: true, content: "No",
			lp: logprobs("No", "No", 0.9, "Yes", 0.1), wantScore: 0.1, continuous: true},
		{name: "logprobs only no", format: FormatMiniCheck, logprobs: true, content: "No",
			lp: logprobs("No", "No", 0.75), wantScore: 0.25, continuous: true},
		{name: "logprobs ignored by the server", format: FormatMiniCheck, logprobs: true, content: "Yes", wantSup: true, wantScore: 1},
		{name: "logprobs without yes or no fall back to text", format: FormatMiniCheck, logprobs: true, content: "No",
			lp: logprobs("Maybe", "Maybe", 0.9), wantScore: 0},
		{name: "json", format: FormatJSON, content: `{"supported": true, "quote": "q"}`, wantSup: true, wantScore: 1},
		{name: "json default format", content: "```json\n{\"supported\": false}\n```", wantScore: 0},
		{name: "json given yes", format: FormatJSON, content: "Yes", wantErr: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv, seen := stub(t, func(chatRequest) (string, any) { return tt.content, tt.lp })
			c := &Client{URL: srv.URL + "/v1", Model: "m", Format: tt.format, Logprobs: tt.logprobs, HTTP: trusted}
			v, err := c.Judge(context.Background(), "Penguins live in the south.", "Penguins live in the Southern Hemisphere.")
			var fe *FormatError
			if tt.wantErr {
				if !errors.As(err, &fe) || fe.Answer != tt.content {
					t.Fatalf("err %v, want a FormatError with the answer", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if v.Supported != tt.wantSup || math.Abs(v.Score-tt.wantScore) > 1e-9 || v.Continuous != tt.continuous {
				t.Errorf("verdict %+v, want supported %v score %.4f continuous %v", v, tt.wantSup, tt.wantScore, tt.continuous)
			}
			req := (*seen)[0]
			switch tt.format {
			case FormatMiniCheck:
				if len(req.Messages) != 2 || req.Messages[0].Role != "system" || !strings.HasPrefix(req.Messages[0].Content, "Determine whether the provided claim is consistent") ||
					req.Messages[1].Content != "Document: Penguins live in the Southern Hemisphere.\nClaim: Penguins live in the south." {
					t.Errorf("minicheck prompt %+v", req.Messages)
				}
				if req.Logprobs != tt.logprobs || (tt.logprobs && req.TopLogprobs == 0) {
					t.Errorf("logprobs asked %v/%d, want %v", req.Logprobs, req.TopLogprobs, tt.logprobs)
				}
			default:
				if len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.Logprobs {
					t.Errorf("json prompt %+v", req)
				}
			}
		})
	}
}

// TestCacheKeepsScore: a continuous verdict comes back from the cache
// with its score, and a change of format is a new question.
func TestCacheKeepsScore(t *testing.T) {
	var calls atomic.Int32
	srv, _ := stub(t, func(chatRequest) (string, any) {
		calls.Add(1)
		return "Yes", logprobs("Yes", "Yes", 0.8, "No", 0.2)
	})
	cc, _ := cache.Open(cache.Options{Dir: t.TempDir()})
	c := &Client{URL: srv.URL, Model: "m", Format: FormatMiniCheck, Logprobs: true, Cache: cc, HTTP: trusted}
	for i := range 2 {
		v, cached, err := c.Ask(context.Background(), "a", "b")
		if err != nil || !v.Continuous || math.Abs(v.Score-0.8) > 1e-6 || cached != (i == 1) {
			t.Fatalf("ask %d: %+v cached %v %v", i, v, cached, err)
		}
	}
	c.Format = FormatJSON
	c.Ask(context.Background(), "a", "b")
	if calls.Load() != 2 {
		t.Errorf("%d calls, want 2 (one per format)", calls.Load())
	}
}

func TestSession(t *testing.T) {
	t.Run("cap, cache and summary", func(t *testing.T) {
		srv, seen := stub(t, func(chatRequest) (string, any) { return "No", nil })
		cc, _ := cache.Open(cache.Options{Dir: t.TempDir()})
		s := &Session{Client: &Client{URL: srv.URL, Model: "m", Format: FormatMiniCheck, Cache: cc, HTTP: trusted}, MaxCalls: 2}
		for _, doc := range []string{"d1", "d2", "d1", "d3", "d4"} {
			_, err := s.Judge(context.Background(), "c", doc)
			if (doc == "d3" || doc == "d4") != errors.Is(err, ErrCapped) {
				t.Errorf("%s: err %v", doc, err)
			}
		}
		if got, want := s.Stats(), (Stats{Asked: 2, Judged: 2, Cached: 1, SkippedCap: 2}); got != want {
			t.Errorf("stats %+v, want %+v", got, want)
		}
		if len(*seen) != 2 {
			t.Errorf("%d requests, want 2", len(*seen))
		}
		if got, want := s.Stats().String(), "judge: 2 judged, 1 cached, 0 failed, 2 skipped by cap (lexical verdict kept for 2)"; got != want {
			t.Errorf("summary %q, want %q", got, want)
		}
	})
	t.Run("wrong format said once with the answer", func(t *testing.T) {
		answers := []string{"Supported: the document says so.", "Yes", "Not sure", "Nope"}
		var n atomic.Int32
		srv, _ := stub(t, func(chatRequest) (string, any) { return answers[int(n.Add(1)-1)%len(answers)], nil })
		var w bytes.Buffer
		s := &Session{Client: &Client{URL: srv.URL, Model: "m", Format: FormatMiniCheck, HTTP: trusted}, Warn: &w}
		for _, doc := range []string{"a", "b", "c", "d"} {
			s.Judge(context.Background(), "c", doc)
		}
		if got := strings.Count(w.String(), "not in the minicheck format"); got != 1 || !strings.Contains(w.String(), `"Supported: the document says so."`) || !strings.Contains(w.String(), "judge.format") {
			t.Errorf("warned %d times:\n%s", got, w.String())
		}
		if got, want := s.Stats(), (Stats{Asked: 4, Judged: 1, Failed: 3}); got != want {
			t.Errorf("stats %+v, want %+v", got, want)
		}
	})
	t.Run("off after failures in a row", func(t *testing.T) {
		var calls atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { calls.Add(1); w.WriteHeader(500) }))
		defer srv.Close()
		var w bytes.Buffer
		s := &Session{Client: &Client{URL: srv.URL, Model: "m", HTTP: trusted}, Warn: &w}
		for range 6 {
			if _, err := s.Judge(context.Background(), "c", "d"); err == nil {
				t.Fatal("no error from a failing judge")
			}
		}
		if calls.Load() != MaxFailures {
			t.Errorf("%d calls, want %d", calls.Load(), MaxFailures)
		}
		st := s.Stats()
		if st.Failed != 6 || !st.Off || !strings.Contains(w.String(), "HTTP 500") || !strings.Contains(w.String(), "not asked again") {
			t.Errorf("stats %+v\n%s", st, w.String())
		}
	})
	t.Run("rate limits are waited out, not failures", func(t *testing.T) {
		defer func(b time.Duration) { Backoff = b }(Backoff)
		Backoff = time.Millisecond
		var calls atomic.Int32
		// 429 twice, then answers; a second question meets 429 every time.
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n := calls.Add(1)
			b, _ := io.ReadAll(r.Body)
			if n <= 2 || strings.Contains(string(b), "always") {
				w.Header().Set("Retry-After", "0")
				w.WriteHeader(429)
				return
			}
			json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"message": map[string]string{"role": "assistant", "content": "Yes"}}}})
		}))
		defer srv.Close()
		s := &Session{Client: &Client{URL: srv.URL, Model: "m", Format: FormatMiniCheck, HTTP: trusted}}
		if v, err := s.Judge(context.Background(), "c", "d"); err != nil || !v.Supported || calls.Load() != 3 {
			t.Errorf("after two 429s: %+v %v, %d calls, want supported after 3", v, err, calls.Load())
		}
		calls.Store(10)
		for range 3 {
			if _, err := s.Judge(context.Background(), "always", "d"); err == nil {
				t.Fatal("a question rate-limited every time answered")
			}
		}
		st := s.Stats()
		if st.RateLimited != 2+3*(MaxRateLimited-1) || st.Failed != 3 || !st.Off {
			t.Errorf("stats %+v: want the waits counted and a persistent limit failing each question", st)
		}
		// Waiting is bounded by what the run has left.
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		s2 := &Session{Client: &Client{URL: srv.URL, Model: "m", Format: FormatMiniCheck, HTTP: trusted}}
		Backoff = time.Hour
		if _, err := s2.Judge(ctx, "always", "d"); err == nil {
			t.Error("a wait past the run's end was taken")
		}
	})
	t.Run("concurrency limit", func(t *testing.T) {
		var in, peak atomic.Int32
		srv, _ := stub(t, func(chatRequest) (string, any) {
			n := in.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			time.Sleep(20 * time.Millisecond)
			in.Add(-1)
			return "Yes", nil
		})
		s := &Session{Client: &Client{URL: srv.URL, Model: "m", Format: FormatMiniCheck, HTTP: trusted}, Concurrency: 2}
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.Judge(context.Background(), "c", string(rune('a'+i)))
			}()
		}
		wg.Wait()
		if p := peak.Load(); p > 2 || p == 0 {
			t.Errorf("peak %d requests in flight, limit 2", p)
		}
		if st := s.Stats(); st.Judged != 8 {
			t.Errorf("stats %+v", st)
		}
	})
	t.Run("the run's context bounds a request", func(t *testing.T) {
		stop := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body)
			select {
			case <-r.Context().Done():
			case <-stop:
			}
		}))
		defer srv.Close()
		defer close(stop) // before Close, which waits for the handler
		s := &Session{Client: &Client{URL: srv.URL, Model: "m", Timeout: time.Hour, HTTP: trusted}}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		if _, err := s.Judge(ctx, "c", "d"); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err %v, want the run's deadline", err)
		}
		if s.Stats().Failed != 1 {
			t.Errorf("stats %+v", s.Stats())
		}
	})
}

func FuzzParseYesNo(f *testing.F) {
	for _, s := range []string{"Yes", "no.", " **YES**", "", "Nope", "Yes, the document", "\fYES", "\u00a0No"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseYesNo(s)
		if err == nil && !strings.HasPrefix(strings.TrimSpace(s), "<think>") && v.Supported != (firstWord(s) == "yes") {
			t.Errorf("%q: %+v", s, v)
		}
	})
}
