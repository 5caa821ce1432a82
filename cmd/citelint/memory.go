package main

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// Garbage collection policy. goldmark allocates 8-10 bytes per input byte,
// almost all of it short-lived; with Go's default GOGC=100 the collector is
// a large share of a run (bench/README.md). GOGC=200 lets the heap grow to
// three times the live data between collections. More headroom is slower,
// not faster: since each worker keeps a window of finished files (lint/
// window.go), the live data is 5-9 MB on the shared corpus, and GOGC=400
// grew the heap to 47 MB of fresh pages, whose faults cost more than the
// collections it saved (15,000 against 9,600 faults, 9% more wall time).
// The headroom is capped once a large tree's issues pile up (peak RSS
// reached 400 MB on 128 MB of reports without a cap): the heap may grow
// freely up to softLimit, and beyond that to twice the live data, which is
// where GOGC=100 would put it.
const (
	gcPercent = 200
	softLimit = 112 << 20
	// watchEvery is how often the live heap is checked to raise the limit
	// before the collector would run back to back under it.
	watchEvery = 50 * time.Millisecond
)

// tuneGC applies the policy unless the user set GOGC or GOMEMLIMIT, in
// which case the runtime's own settings stand.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(softLimit)
	go watchLiveHeap()
}

// limitFor is the memory limit for a live heap of live bytes: softLimit
// while that leaves room, else twice the live data.
func limitFor(live uint64) int64 {
	if l := 2 * int64(live); l > softLimit {
		return l
	}
	return softLimit
}

// watchLiveHeap raises the memory limit as the live heap grows. A limit
// below the live data makes the collector run continuously (the runtime caps
// it at half the CPU), which would make a very large run slow rather than
// merely larger.
func watchLiveHeap() {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	current := int64(softLimit)
	for range time.Tick(watchEvery) {
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return // metric unsupported: keep the static limit
		}
		if l := limitFor(sample[0].Value.Uint64()); l > current {
			debug.SetMemoryLimit(l)
			current = l
		}
	}
}
