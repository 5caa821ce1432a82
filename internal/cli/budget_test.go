package cli

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/engine"
)

// TestNetworkBudgets pins issue 20, defect 7 end to end: links to a server
// that never answers, or asks to come back in 59 s, are unverified and
// counted, never dead, and the run gives up on them under the configured
// budgets instead of waiting (the defaults are 20 s a request, 30 s of
// failures a host, 10 s of Retry-After and 10 min in all; the budgets
// here are the floors a config may set, 1 s).
func TestNetworkBudgets(t *testing.T) {
	var hits atomic.Int64
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		<-r.Context().Done()
	}))
	defer hang.Close()
	var waits atomic.Int64
	later := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		waits.Add(1)
		w.Header().Set("Retry-After", "59")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer later.Close()
	for _, tt := range []struct {
		name, budgets string
		maxHits       int64
	}{
		{"host budget", "request-timeout: 1s\n  host-budget: 1s\n", 12},
		{"total budget", "timeout: 1s\n  host-budget: 2m\n  request-timeout: 1m\n", 12},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hits.Store(0)
			waits.Store(0)
			dir := t.TempDir()
			write(t, dir, ".citelint.yaml", "version: \"1\"\nrules: {default: none, enable: [dead-link]}\nresolvers:\n  cache: {dir: cache}\n  "+tt.budgets)
			var doc strings.Builder
			doc.WriteString("Claims [1] [2] [3] [4] [5] [6] [7] [8] [9] [10] [11].\n\n## References\n\n")
			for i := 1; i <= 10; i++ {
				fmt.Fprintf(&doc, "%d. Page. %s/%d\n", i, hang.URL, i)
			}
			fmt.Fprintf(&doc, "11. Busy. %s/busy\n", later.URL)
			p := write(t, dir, "r.md", doc.String())
			code, stdout, stderr := run(t, dir, "", "run", "--allow-private", "--format", "json", p)
			if code != ExitOK || strings.Contains(stdout, "dead-link") {
				t.Errorf("exit %d, want 0 with nothing dead\n%s%s", code, stdout, stderr)
			}
			if !strings.Contains(stdout, `"unverified_url": 11`) {
				t.Errorf("want the 11 links counted unverified\n%s", stdout)
			}
			if hits.Load() > tt.maxHits {
				t.Errorf("the hanging server saw %d requests, want at most %d", hits.Load(), tt.maxHits)
			}
			// HEAD, then GET: Retry-After: 59 is above the cap, so neither
			// is retried.
			if waits.Load() > 2 {
				t.Errorf("the Retry-After server saw %d requests, want at most 2", waits.Load())
			}
		})
	}
}

// TestTimeoutDuringNetworkPass pins issue 20, defect 6: when --timeout
// strikes while lookups hang, the lint still runs and reports every file
// (the offline finding below), the lookups it had no time for are
// unverified, never dead, and the exit code is 4.
func TestTimeoutDuringNetworkPass(t *testing.T) {
	// The network pass's share of --timeout runs out once the hanging
	// server has the lookup; the lint's share is minutes. With real
	// timers (--timeout 400ms) a loaded machine could spend the lint's
	// 100 ms too, or reach the server only after the pass had ended.
	var cued atomic.Bool
	expire := expireOnCue(t, &engine.NetworkDeadline)
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cued.Store(true)
		(*expire)()
		<-r.Context().Done()
	}))
	defer hang.Close()
	dir := t.TempDir()
	write(t, dir, ".citelint.yaml", "version: \"1\"\nrules: {enable: [dead-link]}\nresolvers:\n  cache: {dir: cache}\n  request-timeout: 1m\n  host-budget: 2m\n")
	p := write(t, dir, "r.md", "A claim [1] and a lost one [9].\n\n## References\n\n[1] Page. "+hang.URL+"/1\n")
	code, stdout, stderr := run(t, dir, "", "run", "--allow-private", "--timeout", "10m", "--format", "json", p)
	if !cued.Load() {
		t.Fatalf("the network pass never reached the hanging server\n%s", stderr)
	}
	if code != ExitTimeout {
		t.Errorf("exit %d, want %d\n%s", code, ExitTimeout, stderr)
	}
	if !strings.Contains(stdout, `citation [9] has no entry`) || strings.Contains(stdout, "dead-link") {
		t.Errorf("want the file linted, its link not dead\n%s", stdout)
	}
	if !strings.Contains(stderr, "network lookups stopped") {
		t.Errorf("stderr does not say the lookups stopped:\n%s", stderr)
	}
}

// expireOnCue puts a deadline that passes on cue in the place of *hook
// (a time limit's constructor: engine.RunDeadline, engine.LintDeadline,
// engine.NetworkDeadline) until the test ends, and returns where the
// expire of the latest one made is kept: nil until the code under test
// makes one.
func expireOnCue[T any](t *testing.T, hook *func(context.Context, T) (context.Context, context.CancelFunc)) *func() {
	saved := *hook
	t.Cleanup(func() { *hook = saved })
	expire := new(func())
	*hook = func(parent context.Context, _ T) (context.Context, context.CancelFunc) {
		ctx, cancel := newDeadlineOnCue(parent)
		*expire = ctx.expire
		return ctx, cancel
	}
	return expire
}

// deadlineOnCue is a context whose deadline passes when the test calls
// expire (or its parent's does): then Err is context.DeadlineExceeded,
// as a timer's would be.
type deadlineOnCue struct {
	parent context.Context
	inner  context.Context
	cancel context.CancelCauseFunc
}

func newDeadlineOnCue(parent context.Context) (*deadlineOnCue, context.CancelFunc) {
	inner, cancel := context.WithCancelCause(parent)
	c := &deadlineOnCue{parent: parent, inner: inner, cancel: cancel}
	return c, func() { cancel(context.Canceled) }
}

func (c *deadlineOnCue) expire()                     { c.cancel(context.DeadlineExceeded) }
func (c *deadlineOnCue) Deadline() (time.Time, bool) { return c.parent.Deadline() }
func (c *deadlineOnCue) Done() <-chan struct{}       { return c.inner.Done() }

// Value answers from the parent, so contexts derived from this one take
// their error from Err, not from the inner cancellation.
func (c *deadlineOnCue) Value(key any) any { return c.parent.Value(key) }

func (c *deadlineOnCue) Err() error {
	if c.inner.Err() == nil {
		return nil
	}
	if err := c.parent.Err(); err != nil {
		return err
	}
	if context.Cause(c.inner) == context.DeadlineExceeded {
		return context.DeadlineExceeded
	}
	return context.Canceled
}

// TestTimeoutDuringWalk: the search for documents is part of the run and
// stops at --timeout (or run.timeout), from the run's start: its folder is
// reported as not searched through, and the exit code is 4.
func TestTimeoutDuringWalk(t *testing.T) {
	for _, tc := range []struct{ name, config, flag string }{
		{"flag", "version: \"1\"\n", "1ns"},
		{"config", "version: \"1\"\nrun: {timeout: 1ns}\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, ".citelint.yaml", tc.config)
			docs := filepath.Dir(write(t, dir, "docs/a.md", "Claim [9].\n"))
			args := []string{"run", "--format", "json"}
			if tc.flag != "" {
				args = append(args, "--timeout", tc.flag)
			}
			code, stdout, stderr := run(t, dir, "", append(args, docs)...)
			if code != ExitTimeout {
				t.Errorf("exit %d, want %d\n%s", code, ExitTimeout, stderr)
			}
			if !strings.Contains(stdout, "the search for documents stopped at the run's time limit") || strings.Contains(stdout, "citation [9]") {
				t.Errorf("want the walk's error and no finding\n%s", stdout)
			}
		})
	}
}

// TestNetworkRunTimeLimit pins issue 37, finding 5: a run with network
// lookups had no time limit unless one was set, and a config could set
// none. Now it stops after engine.DefaultNetworkRunTimeout unless the
// command line says otherwise; a config's run.timeout may only lower it.
func TestNetworkRunTimeLimit(t *testing.T) {
	saved := engine.RunDeadline
	t.Cleanup(func() { engine.RunDeadline = saved })
	var got time.Duration // the limit the run started its timer with; 0 = none
	engine.RunDeadline = func(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
		got = d
		return context.WithCancel(parent)
	}
	const net = "rules: {enable: [dead-link]}\n"
	const judged = "sources: s.jsonl\nrules: {default: none, enable: [low-overlap]}\njudge: {url: \"https://judge.example/v1\", model: m}\n"
	for _, tt := range []struct {
		name, config string
		args         []string
		want         time.Duration
	}{
		{"network rules", net, nil, engine.DefaultNetworkRunTimeout},
		{"a config lowers it", net + "run: {timeout: 5m}\n", nil, 5 * time.Minute},
		{"a config cannot raise it", net + "run: {timeout: 1h}\n", nil, engine.DefaultNetworkRunTimeout},
		{"the command line raises it", net + "run: {timeout: 5m}\n", []string{"--timeout", "1h"}, time.Hour},
		{"the command line removes it", net, []string{"--timeout", "0"}, 0},
		{"offline", net, []string{"--offline"}, 0},
		{"offline by config", net + "resolvers: {cache: {dir: cache, mode: offline}}\n", nil, 0},
		{"no network rule", "", nil, 0},
		{"no network rule, config limit", "run: {timeout: 1h}\n", nil, time.Hour},
		{"a judge", judged, nil, engine.DefaultNetworkRunTimeout},
		{"claim support without a judge", "sources: s.jsonl\nrules: {default: none, enable: [low-overlap]}\n", nil, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got = 0
			dir := t.TempDir()
			cfg := tt.config
			if !strings.Contains(cfg, "resolvers:") {
				cfg += "resolvers: {cache: {dir: cache}}\n"
			}
			write(t, dir, ".citelint.yaml", "version: \"1\"\n"+cfg)
			write(t, dir, "s.jsonl", `{"id": "d_1", "text": "Sea level rose."}`+"\n")
			p := write(t, dir, "a.md", "Sea level rose [REF|d_1].\n")
			code, stdout, stderr := run(t, dir, "", append(append([]string{"run"}, tt.args...), p)...)
			if code != ExitOK {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
			// The timer starts a moment after the run: within a minute of
			// the limit, the limit it is.
			if tt.want == 0 && got != 0 || tt.want != 0 && (got > tt.want || got < tt.want-time.Minute) {
				t.Errorf("time limit %v, want %v", got, tt.want)
			}
		})
	}
}
