// Package hangguard runs a test's work under a bound that catches a hang,
// not a slow run. The tests of pathological inputs check what is computed
// from them; their time is measured by benchmarks at n, 2n and 4n, never
// asserted, since a loaded machine can be ten times slower than a quiet
// one. A minute is past any of them by orders of magnitude.
package hangguard

import (
	"testing"
	"time"
)

// Limit is how long the work may take before it counts as a hang.
const Limit = time.Minute

// Run runs f and fails t if f has not returned within Limit. f runs on
// another goroutine: it may report with t.Error, not t.Fatal.
func Run(t testing.TB, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(Limit):
		t.Fatalf("%s did not finish in %v: a hang", what, Limit)
	}
}
