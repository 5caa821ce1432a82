package lint

import (
	"sync"
	"testing"
)

// parkLocker is the window's mutex as its condition variable's Locker. Only
// sync.Cond.Wait unlocks through it (claim locks and unlocks w.mu directly),
// so each send on parked says a claim is waiting for room. The tests
// synchronise on that instead of guessing with a timeout.
type parkLocker struct {
	*sync.Mutex
	parked chan struct{}
}

func (l parkLocker) Unlock() {
	l.Mutex.Unlock()
	l.parked <- struct{}{}
}

func newTestWindow(total, maxFiles, maxBytes int) (*window, <-chan struct{}) {
	w := &window{total: total, maxFiles: maxFiles, maxBytes: maxBytes}
	parked := make(chan struct{}, 1)
	w.room.L = parkLocker{&w.mu, parked}
	return w, parked
}

// claimAsync claims on another goroutine and sends the file, or -1 when
// there is none left.
func claimAsync(w *window) <-chan int {
	got := make(chan int, 1)
	go func() {
		i, ok := w.claim()
		if !ok {
			i = -1
		}
		got <- i
	}()
	return got
}

// waitParked returns once the claim behind got is waiting for room, and
// fails if it returned a file instead.
func waitParked(t *testing.T, parked <-chan struct{}, got <-chan int, what string) {
	t.Helper()
	select {
	case <-parked:
	case i := <-got:
		t.Fatalf("claimed file %d with %s", i, what)
	}
}

func TestWindowBoundsFiles(t *testing.T) {
	w, parked := newTestWindow(10, 2, 1<<30)
	for want := 0; want < 2; want++ {
		if i, ok := w.claim(); !ok || i != want {
			t.Fatalf("claim = %d, %v; want %d", i, ok, want)
		}
	}
	got := claimAsync(w)
	waitParked(t, parked, got, "two files held and room for two")
	w.release(0)
	if i := <-got; i != 2 {
		t.Fatalf("after a release, claimed %d, want 2", i)
	}
}

func TestWindowBoundsBytes(t *testing.T) {
	w, parked := newTestWindow(3, 100, 1000)
	// A file larger than the budget still goes through when nothing is held.
	if i, ok := w.claim(); !ok || i != 0 {
		t.Fatalf("first claim = %d, %v", i, ok)
	}
	w.hold(5000)
	got := claimAsync(w)
	waitParked(t, parked, got, "5,000 bytes held and a budget of 1,000")
	w.release(5000) // wakes the waiting claim, which takes file 1
	if i := <-got; i != 1 {
		t.Fatalf("after the release, claimed %d, want 1", i)
	}
	// Under the budget a claim does not wait (were it to, the test would
	// hang and time out rather than pass).
	if i, ok := w.claim(); !ok || i != 2 {
		t.Fatalf("claim under the budget = %d, %v; want 2", i, ok)
	}
	if i, ok := w.claim(); ok {
		t.Fatalf("claim after the last file = %d, want none", i)
	}
}

func TestWindowCloseWakesWaiters(t *testing.T) {
	w, parked := newTestWindow(5, 1, 1<<30)
	if _, ok := w.claim(); !ok {
		t.Fatal("first claim failed")
	}
	got := claimAsync(w)
	waitParked(t, parked, got, "one file held and room for one")
	w.close()
	if i := <-got; i != -1 {
		t.Fatalf("after close, claimed %d, want none", i)
	}
}
