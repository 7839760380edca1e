package main

import (
	"os"
	"runtime"
)

// spareP gives Go's scheduler one P more than it would have (GOMAXPROCS,
// unless the variable is set). Background work holds at most cores − 1 of
// them (foreground.Slots), but Go's scheduler knows no priorities: with as
// many Ps as cores, a request's goroutine still waited in a run queue
// behind a background goroutine for its time slice. With a spare P it
// runs at once, and the kernel shares the cores between the threads.
// Measured: search p99 during a 10,000-file import fell from 21–22 ms to
// 12–14 ms (docs/benchmarks.md, "Background work gives way").
//
// The heap is left to Go's own pacing. A 64 MB ballast that made the
// collector wait for 128 MB of garbage once kept collections off the
// searches beside an import; measured again side by side, search latency
// was the same without it, and the import's peak memory fell from 140 to
// 66 MiB (docs/benchmarks.md, "Memory").
func spareP() {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + 1)
	}
}

// tuneForRequests readies the runtime of the commands that serve requests.
func tuneForRequests() {
	spareP()
}
