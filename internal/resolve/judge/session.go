package judge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/citelint/citelint/internal/rules"
)

// Session is one run's judge. It bounds what the run asks (a cap on
// questions sent to the model, a concurrency limit), counts every outcome
// and says the first failure of each kind on Warn, so that a judge failure
// never changes a verdict silently: the caller keeps its lexical verdict
// and the summary line shows how many.
type Session struct {
	Client *Client
	// MaxCalls caps the questions sent to the model in one run; answers
	// from the cache are free. 0 = no cap.
	MaxCalls int
	// Concurrency bounds questions in flight; <= 0 means 4.
	Concurrency int
	// Warn receives the first failure of each kind; nil = io.Discard.
	Warn io.Writer

	once  sync.Once
	sem   chan struct{}
	mu    sync.Mutex
	stats Stats
	calls int
	// streak counts failures since the last answer; at MaxFailures the
	// judge is off for the run (a judge that hangs would cost its timeout
	// for every sentence).
	streak                  int
	off                     bool
	warnedFormat, warnedErr bool
}

// Stats counts a run's questions to the judge.
type Stats struct {
	Asked      int `json:"asked"`             // questions sent to the model
	Judged     int `json:"judged"`            // answered by the model
	Cached     int `json:"cached"`            // answered from the cache
	Failed     int `json:"failed"`            // no usable answer: lexical verdict kept
	SkippedCap int `json:"skipped_cap"`       // not asked, the per-run cap reached: lexical verdict kept
	Offline    int `json:"offline,omitempty"` // not asked, offline and not cached: lexical verdict kept
	// RateLimited counts answers "ask later" (429, 503) that were waited
	// out and asked again.
	RateLimited int  `json:"rate_limited,omitempty"`
	Off         bool `json:"off,omitempty"`
}

// MaxFailures failures in a row turn the judge off for the rest of a run.
const MaxFailures = 3

// ErrCapped is returned once the per-run cap is reached.
var ErrCapped = errors.New("judge: per-run cap reached")

// errOff is returned once the judge is off after MaxFailures.
var errOff = fmt.Errorf("judge: off after %d failures in a row", MaxFailures)

// Judge asks the client, within the run's bounds; see Session.
func (s *Session) Judge(ctx context.Context, claim, document string) (rules.JudgeVerdict, error) {
	if v, ok := s.Client.Cached(claim, document); ok {
		s.count(func(st *Stats) { st.Cached++ })
		return v, nil
	}
	if s.Client.Offline {
		s.count(func(st *Stats) { st.Offline++ })
		return rules.JudgeVerdict{}, ErrOffline
	}
	s.mu.Lock()
	switch {
	case s.off:
		s.stats.Failed++
		s.mu.Unlock()
		return rules.JudgeVerdict{}, errOff
	case s.MaxCalls > 0 && s.calls >= s.MaxCalls:
		s.stats.SkippedCap++
		s.mu.Unlock()
		return rules.JudgeVerdict{}, ErrCapped
	}
	s.calls++
	s.mu.Unlock()

	s.once.Do(func() {
		n := s.Concurrency
		if n <= 0 {
			n = 4
		}
		s.sem = make(chan struct{}, n)
	})
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		s.fail(ctx.Err())
		return rules.JudgeVerdict{}, ctx.Err()
	}
	// Questions wait here together: the judge may have gone off while
	// this one waited for its turn.
	s.mu.Lock()
	if s.off {
		s.stats.Failed++
		s.mu.Unlock()
		<-s.sem
		return rules.JudgeVerdict{}, errOff
	}
	s.mu.Unlock()
	s.count(func(st *Stats) { st.Asked++ })
	v, err := s.askWithBackoff(ctx, claim, document)
	if err != nil {
		s.fail(err) // before the turn passes on: a question waiting sees the judge off
		<-s.sem
		return rules.JudgeVerdict{}, err
	}
	<-s.sem
	s.count(func(st *Stats) { st.Judged++ })
	s.mu.Lock()
	s.streak = 0
	s.mu.Unlock()
	return v, nil
}

// Backoff is the first wait after a rate-limited answer; each further
// one doubles it, up to MaxRateLimited tries, each within what the run's
// context has left (a wait it cannot afford ends the question).
var Backoff = 500 * time.Millisecond

// MaxRateLimited is how many rate-limited answers one question takes
// before it fails.
const MaxRateLimited = 5

// askWithBackoff asks the client, waiting and asking again after a rate
// limit (the server's Retry-After when it gives one): three 429s in a
// row turned the judge off for the run.
func (s *Session) askWithBackoff(ctx context.Context, claim, document string) (rules.JudgeVerdict, error) {
	wait := Backoff
	for try := 1; ; try++ {
		v, _, err := s.Client.Ask(ctx, claim, document)
		var rl *RateLimitError
		if err == nil || !errors.As(err, &rl) || try == MaxRateLimited {
			return v, err
		}
		s.count(func(st *Stats) { st.RateLimited++ })
		d := wait
		if rl.RetryAfter > 0 {
			d = rl.RetryAfter
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
			return rules.JudgeVerdict{}, err // no time left in the run to wait
		}
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return rules.JudgeVerdict{}, ctx.Err()
		}
		wait *= 2
	}
}

func (s *Session) count(f func(*Stats)) {
	s.mu.Lock()
	f(&s.stats)
	s.mu.Unlock()
}

// fail counts a failure and says the first of each kind: an answer in
// the wrong format with the model's own words, since that is a
// configuration mistake (judge.format) the user must see.
func (s *Session) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats.Failed++
	s.streak++
	w := s.Warn
	if w == nil {
		w = io.Discard
	}
	var fe *FormatError
	switch {
	case errors.As(err, &fe):
		if !s.warnedFormat {
			s.warnedFormat = true
			fmt.Fprintf(w, "citelint: warning: judge: model %q: %v; set judge.format to the model's format (%s); lexical verdicts stand\n",
				s.Client.Model, err, strings.Join(Formats, " or "))
		}
	case errors.Is(err, context.Canceled):
		// The run was stopped: the run says so itself.
	default:
		if !s.warnedErr {
			s.warnedErr = true
			fmt.Fprintf(w, "citelint: warning: judge: %v; lexical verdicts stand\n", err)
		}
	}
	if s.streak >= MaxFailures && !s.off {
		s.off, s.stats.Off = true, true
		fmt.Fprintf(w, "citelint: warning: judge: %d failures in a row, not asked again in this run\n", MaxFailures)
	}
}

// Stats returns the counts so far.
func (s *Session) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// String is the summary line's body: "judge: 12 judged, 30 cached, 1
// failed, 4 skipped by cap (lexical verdicts kept for 5)".
func (st Stats) String() string {
	s := fmt.Sprintf("judge: %d judged, %d cached, %d failed, %d skipped by cap", st.Judged, st.Cached, st.Failed, st.SkippedCap)
	if st.Offline > 0 {
		s += fmt.Sprintf(", %d not asked offline", st.Offline)
	}
	if n := st.Failed + st.SkippedCap + st.Offline; n > 0 {
		s += fmt.Sprintf(" (lexical verdict kept for %d)", n)
	}
	if st.Off {
		s += fmt.Sprintf("; off after %d failures in a row", MaxFailures)
	}
	return s
}
