package httpclient

import (
	"context"
	"sync"
	"time"
)

// fakeClock replaces the timer that bounds an attempt: an attempt times
// out only when the test calls expire (usually a hanging handler, once
// the request has reached it), and the clock then reads the attempt's
// start plus its bound, as a real timer would have made it. So a test
// asserts what the client does after a timeout, and a loaded machine
// can neither time out a fast answer nor let a request time out before
// the server saw it.
type fakeClock struct {
	mu   sync.Mutex
	now  time.Time
	live map[*attemptCtx]bool
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Unix(1e9, 0), live: map[*attemptCtx]bool{}}
}

// client returns a Client for o whose attempts run on f.
func (f *fakeClock) client(o Options) *Client {
	c := New(o)
	c.now, c.withTimeout = f.Now, f.WithTimeout
	return c
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeClock) WithTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	inner, cancel := context.WithCancelCause(parent)
	a := &attemptCtx{parent: parent, inner: inner, cancel: cancel}
	f.mu.Lock()
	a.deadline = f.now.Add(d)
	f.live[a] = true
	f.mu.Unlock()
	return a, func() {
		f.mu.Lock()
		delete(f.live, a)
		f.mu.Unlock()
		cancel(context.Canceled)
	}
}

// expire times out every attempt in flight, moving the clock to the
// latest of their deadlines.
func (f *fakeClock) expire() {
	f.mu.Lock()
	var ended []*attemptCtx
	for a := range f.live {
		if a.deadline.After(f.now) {
			f.now = a.deadline
		}
		ended = append(ended, a)
		delete(f.live, a)
	}
	f.mu.Unlock()
	for _, a := range ended {
		a.cancel(context.DeadlineExceeded)
	}
}

// attemptCtx is done when its parent is or when the fake clock expires
// it; then Err says context.DeadlineExceeded, as a timer's would. Value
// answers from the parent so that contexts derived from it (in
// net/http) take their error from Err, not from the inner cancellation.
type attemptCtx struct {
	parent   context.Context
	inner    context.Context
	cancel   context.CancelCauseFunc
	deadline time.Time
}

func (a *attemptCtx) Deadline() (time.Time, bool) { return a.parent.Deadline() }
func (a *attemptCtx) Done() <-chan struct{}       { return a.inner.Done() }
func (a *attemptCtx) Value(key any) any           { return a.parent.Value(key) }

func (a *attemptCtx) Err() error {
	if a.inner.Err() == nil {
		return nil
	}
	if err := a.parent.Err(); err != nil {
		return err
	}
	if context.Cause(a.inner) == context.DeadlineExceeded {
		return context.DeadlineExceeded
	}
	return context.Canceled
}
