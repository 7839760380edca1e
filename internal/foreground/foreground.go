// Package foreground lets background work give way to people. The HTTP
// server counts the requests someone is waiting for; a loop no one waits
// for (a library scan) calls Yield before each piece of its work, and so
// starts new work only in the gaps between requests.
//
// nice(1) does this for the programs background work starts (package
// nice), but not for Go code in the server's own process: Go's scheduler
// knows no priorities, and lowering a thread's priority would stall every
// garbage collection, which waits for all threads, behind a thread the
// kernel keeps waiting.
package foreground

import (
	"context"
	"sync"
	"time"
)

// Gauge counts the requests in flight that a person waits for. The zero
// value is ready; a nil Gauge has none.
type Gauge struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed when n drops to 0; nil while it is 0
}

// Enter counts a request until the returned func is called.
func (g *Gauge) Enter() (leave func()) {
	g.mu.Lock()
	g.n++
	if g.idle == nil {
		g.idle = make(chan struct{})
	}
	g.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			if g.n--; g.n == 0 {
				close(g.idle)
				g.idle = nil
			}
		})
	}
}

// InFlight is how many requests are counted now.
func (g *Gauge) InFlight() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.n
}

// Yield returns at once when no request is in flight, else when none is
// left, after most at the latest (so background work is slowed by a stream
// of requests, never stopped), or when ctx ends.
func (g *Gauge) Yield(ctx context.Context, most time.Duration) {
	if g == nil {
		return
	}
	g.mu.Lock()
	idle := g.idle
	g.mu.Unlock()
	if idle == nil {
		return
	}
	t := time.NewTimer(most)
	defer t.Stop()
	select {
	case <-idle:
	case <-t.C:
	case <-ctx.Done():
	}
}

// Slots bound the background work that runs at once: each piece holds a
// slot while it uses a core. Shared by all background work of a process
// (the scan's reads, writes and covers, the search's word-list reloads)
// with one slot fewer than cores, a request always finds a core.
type Slots chan struct{}

// NewSlots makes n slots.
func NewSlots(n int) Slots { return make(Slots, max(n, 1)) }

// Take waits for a slot; false when ctx ends first. Nil Slots never wait.
func (s Slots) Take(ctx context.Context) bool {
	if s == nil {
		return ctx.Err() == nil
	}
	select {
	case s <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

// Give returns a slot Take took.
func (s Slots) Give() {
	if s != nil {
		<-s
	}
}
