package main

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"time"
)

// gcFloor is heap the garbage collector counts but no one touches. Go
// collects each time the heap doubles: a server whose live heap is a few
// megabytes, while a library import allocates hundreds of megabytes a second, was collected
// every few tens of milliseconds, and each collection's pauses and assists
// land on the searches beside it. With the floor a collection comes about
// every 128 MB allocated instead. The slice is never written, so the
// kernel never backs its pages: it costs address space, not memory, and on
// a large heap it changes next to nothing. (GOGC and GOMEMLIMIT still
// apply on top, for whoever sets them.)
var gcFloor []byte

const gcFloorBytes = 64 << 20

// raiseGCFloor sets the floor.
func raiseGCFloor() {
	gcFloor = make([]byte, gcFloorBytes)
	runtime.KeepAlive(gcFloor)
}

// spareP gives Go's scheduler one P more than it would have (GOMAXPROCS,
// unless the variable is set). Background work holds at most cores − 1 of
// them (foreground.Slots), but Go's scheduler knows no priorities: with as
// many Ps as cores, a request's goroutine still waited in a run queue
// behind a background goroutine for its time slice. With a spare P it
// runs at once, and the kernel shares the cores between the threads.
// Measured: search p99 during a 10,000-file import fell from 21–22 ms to
// 12–14 ms (docs/benchmarks.md, "Background work gives way").
func spareP() {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + 1)
	}
}

// tuneForRequests readies the runtime of the commands that serve requests.
func tuneForRequests() {
	raiseGCFloor()
	spareP()
}

// releaseGrowth is how much the heap may grow past what was live at the
// last release before the next one.
const releaseGrowth = 32 << 20

// releaseIdleMemory hands the memory a burst of work left behind back to
// the system, every period: with the GC floor the heap may hold a hundred
// megabytes of garbage a library import made until the next collection,
// which an idle server never reaches, and Go keeps the pages of its heap
// goal. A forced collection each time the heap grew by releaseGrowth costs
// a few milliseconds; an idle server then sits near its live heap
// (docs/benchmarks.md, "Memory").
func releaseIdleMemory(ctx context.Context, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	live := m.HeapAlloc
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		runtime.ReadMemStats(&m)
		if m.HeapAlloc < live+releaseGrowth {
			continue
		}
		debug.FreeOSMemory()
		runtime.ReadMemStats(&m)
		live = m.HeapAlloc
	}
}
