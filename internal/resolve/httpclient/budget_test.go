package httpclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
)

// Issue 20, defect 7: one hanging URL cost 127 s, one Retry-After: 59 cost
// 118 s and a slow-drip server 64 s, because nothing bounded what one host
// may cost. These tests run the client on a fakeClock: an attempt times
// out once the bad server has it, and is charged exactly its bound, so
// they assert verdicts and request counts, never durations, and no
// scheduling can change them.

// hangHandler never answers; the attempt times out once it arrives.
func hangHandler(hits *atomic.Int64, clk *fakeClock) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		clk.expire()
		<-r.Context().Done()
	}
}

// dripHandler answers 200 and then sends its body a byte at a time,
// never ending it; the attempt times out once the body has started.
func dripHandler(hits *atomic.Int64, clk *fakeClock) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusOK)
		for i := 0; ; i++ {
			if _, err := w.Write([]byte("<")); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			if i == 1 {
				clk.expire()
			}
			select {
			case <-r.Context().Done():
				return
			case <-time.After(time.Millisecond): // pacing only; nothing waits for it
			}
		}
	}
}

func TestHostBudget(t *testing.T) {
	for _, tt := range []struct {
		name    string
		handler func(*atomic.Int64, *fakeClock) http.HandlerFunc
	}{{"hanging server", hangHandler}, {"slow-drip server", dripHandler}} {
		t.Run(tt.name, func(t *testing.T) {
			var hits atomic.Int64
			clk := newFakeClock()
			bad := httptest.NewServer(tt.handler(&hits, clk))
			defer bad.Close()
			good := httptest.NewServer(status(200))
			defer good.Close()
			const timeout, budget = 50 * time.Millisecond, 120 * time.Millisecond
			c := clk.client(Options{AllowPrivate: true, Timeout: timeout, HostBudget: budget, Backoff: time.Millisecond, Retries: 2})
			spent := 0
			for i := range 6 {
				resp, err := c.Get(context.Background(), bad.URL+"/page", "")
				l := LookupOf(resp, err)
				if l.Verdict != resolve.Unverified {
					t.Errorf("request %d: %+v, want unverified", i, l)
				}
				if errors.Is(err, ErrHostBudget) {
					spent++
					if l.Reason != "host's network budget spent" {
						t.Errorf("request %d: reason %q", i, l.Reason)
					}
				} else if l.Reason != "timeout" {
					t.Errorf("request %d: reason %q (%v), want timeout", i, l.Reason, err)
				}
			}
			// The first request spends the budget: attempts charged 50,
			// 50 and the 20 or so left (the 1 and 2 ms backoffs between
			// them count too), ceil(budget/timeout) in all; the other
			// five are refused without an attempt.
			if n, sent := hits.Load(), c.Requests(strings.TrimPrefix(bad.URL, "http://")); n != 3 || sent != 3 {
				t.Errorf("the server saw %d attempts (%d sent), want 3", n, sent)
			}
			if spent != 5 {
				t.Errorf("%d of 6 requests refused for the budget, want 5", spent)
			}
			// The budget is the host's: another host is still asked.
			if resp, err := c.Get(context.Background(), good.URL, ""); err != nil || resp.Status != 200 {
				t.Errorf("another host after the budget: %v %v", resp, err)
			}
		})
	}
}

func TestRetryAfterCap(t *testing.T) {
	for _, tt := range []struct {
		retryAfter string
		attempts   int64
		verdict    resolve.Verdict
		gaveUp     string
	}{
		{"59", 1, resolve.Unverified, "server asks to wait 59s, more than 10s"},
		{"11", 1, resolve.Unverified, "server asks to wait 11s, more than 10s"},
		{"0", 2, resolve.OK, ""},
	} {
		h, n := sequence(status(429, "Retry-After", tt.retryAfter), status(200))
		srv := httptest.NewServer(h)
		// default MaxWait: the cap under test; no timer, so a slow
		// answer is never taken for a timeout.
		c := newFakeClock().client(Options{AllowPrivate: true})
		resp, err := c.Get(context.Background(), srv.URL, "")
		srv.Close()
		l := LookupOf(resp, err)
		if n.Load() != tt.attempts || l.Verdict != tt.verdict || resp.GaveUp != tt.gaveUp {
			t.Errorf("Retry-After %s: %d attempts, %+v, gave up %q; want %d, %v, %q", tt.retryAfter, n.Load(), l, resp.GaveUp, tt.attempts, tt.verdict, tt.gaveUp)
		}
		if tt.gaveUp != "" && !strings.Contains(l.Reason, tt.gaveUp) {
			t.Errorf("Retry-After %s: reason %q does not say why", tt.retryAfter, l.Reason)
		}
	}
}

// TestHostBudgetConcurrent: requests queued behind hanging ones check the
// budget when their turn comes, so 20 links on one hanging host cost a
// few attempts, not 20 times the retries.
func TestHostBudgetConcurrent(t *testing.T) {
	var hits atomic.Int64
	clk := newFakeClock()
	srv := httptest.NewServer(hangHandler(&hits, clk))
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	c := clk.client(Options{AllowPrivate: true, Timeout: 50 * time.Millisecond, HostBudget: 120 * time.Millisecond,
		Backoff: time.Millisecond, Retries: 2, Hosts: map[string]HostLimit{host: {Concurrency: 2}}})
	var wg sync.WaitGroup
	var refused, broken atomic.Int64
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := c.Get(context.Background(), fmt.Sprintf("%s/%d", srv.URL, i), "")
			if LookupOf(resp, err).Verdict != resolve.Unverified {
				broken.Add(1)
			}
			if errors.Is(err, ErrHostBudget) {
				refused.Add(1)
			}
		}()
	}
	wg.Wait()
	// Counted where they are sent: an attempt the clock ended before
	// the server saw it (the other slot's arrival expires both) still
	// counts against the bound.
	if n := c.Requests(host); n > 6 || hits.Load() > n {
		t.Errorf("%d attempts sent, %d seen by the hanging host, want at most 6", n, hits.Load())
	}
	if broken.Load() != 0 || refused.Load() < 14 {
		t.Errorf("%d not unverified, %d refused for the budget (want 0 and at least 14)", broken.Load(), refused.Load())
	}
}
