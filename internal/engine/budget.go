package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/citelint/citelint/config"
)

// TimeLimit is a run's time limit: limit when the caller sets one (set;
// 0 is none), else the config's run.timeout (0: none), but at most
// DefaultNetworkRunTimeout when the run makes network requests (not
// offline, by the caller or the config's cache mode; a judge's URL from
// the config or the caller's judgeURL counts): a config may come from a
// pull request, so only the caller lets lookups run longer (issue 37).
func TimeLimit(cfg *config.Config, limit time.Duration, set, offline bool, judgeURL string) time.Duration {
	if set {
		return limit
	}
	t := cfg.Run.Timeout
	judge := cfg.Judge.URL != "" || judgeURL != ""
	if !offline && cfg.Resolvers.Cache.Mode != config.CacheOffline && UsesNetwork(cfg, judge) {
		if t == 0 || t > DefaultNetworkRunTimeout {
			t = DefaultNetworkRunTimeout
		}
	}
	return t
}

// RunDeadline starts a run's timer (NewBudget) and LintDeadline its
// lint's; a test replaces them to end the run or the lint at a point of
// its choosing rather than when a loaded machine happens to get there.
var (
	RunDeadline  = context.WithTimeout
	LintDeadline = context.WithDeadline
)

// Budget is a run's time limit, counted from when the run began, and its
// split between the stages: reading the bibliographies, the search for
// files and the report run under Context; the lint under LintContext,
// which ends ReportShare before the run, so that a report cut short is
// still a whole file that says so; the network pass (LookUpWithin) ends
// NetworkShare into the lint's time, so that a run whose lookups hang
// still lints every file. A zero limit is none.
type Budget struct {
	limit         time.Duration
	started       time.Time
	deadline      time.Time
	ctx, lintCtx  context.Context
	cancels       []context.CancelFunc
	networkCutOff bool
}

// NewBudget starts the clock of a run that began at started, with limit
// (0: none).
func NewBudget(started time.Time, limit time.Duration) *Budget {
	b := &Budget{limit: limit, started: started}
	var cancel context.CancelFunc
	if limit > 0 {
		b.deadline = started.Add(limit)
		b.ctx, cancel = RunDeadline(context.Background(), time.Until(b.deadline))
	} else {
		b.ctx, cancel = context.WithCancel(context.Background())
	}
	b.cancels = append(b.cancels, cancel)
	return b
}

// Limit is the run's time limit; 0 is none.
func (b *Budget) Limit() time.Duration { return b.limit }

// Context ends at the run's time limit: the report is done by then.
func (b *Budget) Context() context.Context { return b.ctx }

// LintContext ends ReportShare before the run's time limit, for the lint,
// the network pass and what they run (git for --new-from-*); its clock
// starts on the first call.
func (b *Budget) LintContext() context.Context {
	if b.lintCtx == nil {
		var cancel context.CancelFunc
		if b.limit > 0 {
			b.lintCtx, cancel = LintDeadline(b.ctx, b.deadline.Add(-ReportShare(b.limit)))
		} else {
			b.lintCtx, cancel = context.WithCancel(b.ctx)
		}
		b.cancels = append(b.cancels, cancel)
	}
	return b.lintCtx
}

// NetworkCut says that the network pass stopped at its share of the time:
// what it did not answer is unverified, and the run timed out though its
// report is whole.
func (b *Budget) NetworkCut() bool { return b.networkCutOff }

// Close releases the run's clocks, once its report is out.
func (b *Budget) Close() {
	for i := len(b.cancels) - 1; i >= 0; i-- {
		b.cancels[i]()
	}
}

// LookUpWithin is LookUp within b: the pass stops early enough to leave
// the lint its share of the time, and a lookup it had no time for is
// unverified. When it stops so, it says so on o.Stderr and b.NetworkCut
// is true. What the pass set up (its evidence's fetches) lives until
// b.Close.
func (e *Engine) LookUpWithin(b *Budget, fs Files, o NetworkOptions) (*Network, error) {
	lintCtx := b.LintContext()
	netCtx, cancel := NetworkContext(lintCtx)
	b.cancels = append(b.cancels, cancel)
	n, err := e.LookUp(netCtx, fs, o)
	if errors.Is(netCtx.Err(), context.DeadlineExceeded) && lintCtx.Err() == nil {
		stopped := b.limit
		if dl, ok := netCtx.Deadline(); ok {
			stopped = dl.Sub(b.started).Round(time.Millisecond)
		}
		if o.Stderr != nil {
			fmt.Fprintf(o.Stderr, "citelint: network lookups stopped %v into the run, to leave the lint and the report the rest of --timeout %v: what they did not answer is unverified\n", stopped, b.limit)
		}
		b.networkCutOff = true
	}
	return n, err
}
