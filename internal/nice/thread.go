package nice

import (
	"runtime"
	"sync"
)

// procs counts the goroutines running on lowered threads, each of which
// holds one of the runtime's Ps (GOMAXPROCS) while it runs Go code.
var procs struct {
	sync.Mutex
	base, lowered int
}

// Lower moves the calling goroutine onto an OS thread of its own at
// niceness Level, for Go work no person waits for (a library scan's reads
// and writes). Two things make that a priority and not a label:
//
//   - The thread, not the process, is lowered, so the kernel gives the
//     server's other threads (requests) the cores first.
//   - GOMAXPROCS is raised by one while the goroutine runs, so it does not
//     take a P the requests' goroutines would otherwise wait in line for:
//     Go's own scheduler knows no priorities, and with as many Ps as cores
//     a search would queue behind background work for a time slice.
//
// Call it first thing in a goroutine the caller started for this, and call
// the func it returns when that goroutine ends (defer nice.Lower()()). The
// goroutine must never unlock its thread: when it returns still locked, Go
// ends the thread with it, so the lowered priority never passes to another
// goroutine. Where threads cannot be lowered, the goroutine runs as before.
func Lower() (done func()) {
	runtime.LockOSThread()
	lowerThread()
	procs.Lock()
	if procs.lowered == 0 {
		procs.base = runtime.GOMAXPROCS(0)
	}
	procs.lowered++
	runtime.GOMAXPROCS(procs.base + procs.lowered)
	procs.Unlock()
	return func() {
		procs.Lock()
		defer procs.Unlock()
		procs.lowered--
		runtime.GOMAXPROCS(procs.base + procs.lowered)
	}
}
