// Package supervise keeps a panic in background work from taking the
// server down: the panic is logged with its stack, counted by worker, told
// to whoever listens (tests fail on it), and the work goes on — a loop is
// started again after a back-off, a single piece of work becomes an error.
//
// A nil *Supervisor recovers nothing: code run without one (a package's own
// tests) crashes on a panic as Go does, so no panic passes unseen there
// either.
package supervise

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"runtime/debug"
	"sync"
	"time"
)

// Supervisor recovers the panics of the background work it runs.
type Supervisor struct {
	Logger *slog.Logger
	// OnPanic, when set, hears every recovered panic once it is logged.
	OnPanic func(worker string, value any, stack []byte)
	// Backoff is the wait before a loop that panicked starts again; it
	// doubles with each panic in a row up to MaxBackoff, and starts over
	// once the loop has run that long without one. Zero: 1 s and 1 min.
	Backoff, MaxBackoff time.Duration

	mu     sync.Mutex
	panics map[string]uint64
	// wait waits d or until ctx ends, saying which; a seam for tests.
	wait func(ctx context.Context, d time.Duration) bool
}

// PanicError is what Do returns for work that panicked.
type PanicError struct {
	Worker string
	Value  any
}

func (e *PanicError) Error() string { return fmt.Sprintf("%s panicked: %v", e.Worker, e.Value) }

// Run runs loop until it returns, starting it again whenever it panics.
// Whatever loop holds (a lease, a lock) it lets go in its own defers,
// which run as the panic unwinds, so nothing is held through the back-off.
func (s *Supervisor) Run(ctx context.Context, worker string, loop func(context.Context)) {
	if s == nil {
		loop(ctx)
		return
	}
	s.declare(worker)
	wait := s.backoff()
	for {
		start := time.Now()
		if _, panicked := s.catch(worker, func() { loop(ctx) }); !panicked {
			return
		}
		if time.Since(start) >= s.maxBackoff() {
			wait = s.backoff() // it had been running well: a fresh start
		}
		s.logger().Info("background worker restarting", "worker", worker, "after", wait)
		sleep := s.wait
		if sleep == nil {
			sleep = waitFor
		}
		if !sleep(ctx, wait) {
			return
		}
		wait = min(2*wait, s.maxBackoff())
	}
}

// Do runs one piece of work and turns a panic in it into a *PanicError.
func (s *Supervisor) Do(worker string, work func() error) (err error) {
	if s == nil {
		return work()
	}
	s.declare(worker)
	if v, panicked := s.catch(worker, func() { err = work() }); panicked {
		return &PanicError{Worker: worker, Value: v}
	}
	return err
}

// Recover, deferred at the top of a goroutine, ends that goroutine quietly
// on a panic, after reporting it.
func (s *Supervisor) Recover(worker string) {
	if s == nil {
		return // recover() is not called: the panic goes on
	}
	if v := recover(); v != nil {
		s.Report(worker, v, debug.Stack())
	}
}

// catch runs f and says whether it panicked, and with what (reported).
func (s *Supervisor) catch(worker string, f func()) (value any, panicked bool) {
	defer func() {
		if v := recover(); v != nil {
			s.Report(worker, v, debug.Stack())
			value, panicked = v, true
		}
	}()
	f()
	return nil, false
}

// Report logs, counts and passes on a panic some code recovered itself
// (a job runner that fails the job).
func (s *Supervisor) Report(worker string, value any, stack []byte) {
	if s == nil {
		return
	}
	s.mu.Lock()
	if s.panics == nil {
		s.panics = map[string]uint64{}
	}
	s.panics[worker]++
	s.mu.Unlock()
	s.logger().Error("background worker panicked", "worker", worker, "panic", fmt.Sprint(value), "stack", string(stack))
	if s.OnPanic != nil {
		s.OnPanic(worker, value, stack)
	}
}

// Panics counts the panics by worker, with a zero for every worker that
// ran without one.
func (s *Supervisor) Panics() map[string]uint64 {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.panics)
}

func (s *Supervisor) declare(worker string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.panics == nil {
		s.panics = map[string]uint64{}
	}
	if _, ok := s.panics[worker]; !ok {
		s.panics[worker] = 0
	}
}

func waitFor(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

func (s *Supervisor) backoff() time.Duration {
	if s.Backoff > 0 {
		return s.Backoff
	}
	return time.Second
}

func (s *Supervisor) maxBackoff() time.Duration {
	if s.MaxBackoff > 0 {
		return max(s.MaxBackoff, s.backoff())
	}
	return max(time.Minute, s.backoff())
}

func (s *Supervisor) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}
