package lint

import (
	"testing"
	"time"
)

// claimSoon reports the file claim returns within a short time, or -1 if it
// is still waiting (the window is full) by then.
func claimSoon(w *window) int {
	got := make(chan int, 1)
	go func() {
		i, ok := w.claim()
		if !ok {
			i = -2
		}
		got <- i
	}()
	select {
	case i := <-got:
		return i
	case <-time.After(50 * time.Millisecond):
		return -1
	}
}

func TestWindowBoundsFiles(t *testing.T) {
	w := &window{total: 10, maxFiles: 2, maxBytes: 1 << 30}
	w.room.L = &w.mu
	for want := 0; want < 2; want++ {
		if i, ok := w.claim(); !ok || i != want {
			t.Fatalf("claim = %d, %v; want %d", i, ok, want)
		}
	}
	got := make(chan int, 1)
	go func() { i, _ := w.claim(); got <- i }()
	select {
	case i := <-got:
		t.Fatalf("claimed file %d with two files held and room for two", i)
	case <-time.After(20 * time.Millisecond):
	}
	w.release(0)
	if i := <-got; i != 2 {
		t.Fatalf("after a release, claimed %d, want 2", i)
	}
}

func TestWindowBoundsBytes(t *testing.T) {
	w := &window{total: 3, maxFiles: 100, maxBytes: 1000}
	w.room.L = &w.mu
	// A file larger than the budget still goes through when nothing is held.
	if i, ok := w.claim(); !ok || i != 0 {
		t.Fatalf("first claim = %d, %v", i, ok)
	}
	w.hold(5000)
	if i := claimSoon(w); i != -1 {
		t.Fatalf("claimed file %d with 5,000 bytes held and a budget of 1,000", i)
	}
	w.release(5000) // wakes the waiting claim, which takes file 1
	w.mu.Lock()
	for w.files != 1 {
		w.mu.Unlock()
		time.Sleep(time.Millisecond)
		w.mu.Lock()
	}
	w.mu.Unlock()
	if i := claimSoon(w); i != 2 {
		t.Fatalf("claim under the budget = %d, want 2", i)
	}
	if i := claimSoon(w); i != -2 {
		t.Fatalf("claim after the last file = %d, want none", i)
	}
}
