// Package bus turns the Bus's at-least-once, per-publisher delivery into
// what a subscriber needs: every stored event applied once, in Seq order,
// with what the bus lost filled in from the event log. Its drivers are
// bus/local (in process, the default) and bus/nats.
package bus

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Follower applies events in Seq order exactly once: duplicates are
// skipped, and a gap (an event the bus lost, a reconnect, a restart) is
// filled from Log before the event that revealed it.
type Follower struct {
	Log musicify.EventLog
	// Apply changes the subscriber's state. An error leaves the event
	// unapplied: it is tried again at the next event or Sync, so one that
	// always fails holds the follower there (and says so in the log).
	Apply func(context.Context, musicify.Event) error
	// Batch is how many events one read of Log takes; zero is 500.
	Batch  int
	Logger *slog.Logger

	mu   sync.Mutex
	last uint64
}

// NewFollower follows from after seq: the Seq the subscriber's state
// already includes (Log.LastEventSeq read before loading it).
func NewFollower(log musicify.EventLog, after uint64, apply func(context.Context, musicify.Event) error) *Follower {
	return &Follower{Log: log, Apply: apply, last: after}
}

// Last is the Seq of the last event applied.
func (f *Follower) Last() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last
}

// Handle applies an event from the bus, first filling any gap before it.
func (f *Follower) Handle(ctx context.Context, e musicify.Event) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case e.Seq == 0: // live only: nothing to order or catch up
		return f.Apply(ctx, e)
	case e.Seq <= f.last: // a duplicate, or already read from the log
		return nil
	case e.Seq > f.last+1:
		if err := f.syncLocked(ctx, e.Seq); err != nil {
			return err
		}
		if e.Seq <= f.last {
			return nil
		}
	}
	return f.applyLocked(ctx, e)
}

// Sync applies everything the log has after the last applied event: at
// start, after a reconnect, and now and then in case the newest events
// were lost with nothing after them to reveal the gap.
func (f *Follower) Sync(ctx context.Context) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.syncLocked(ctx, 0)
}

// syncLocked reads the log until it is exhausted or, when until > 0, until
// the event before until is applied.
func (f *Follower) syncLocked(ctx context.Context, until uint64) error {
	batch := f.Batch
	if batch <= 0 {
		batch = 500
	}
	for until == 0 || f.last+1 < until {
		events, err := f.Log.EventsAfter(ctx, f.last, batch)
		if err != nil {
			return fmt.Errorf("reading events after %d: %w", f.last, err)
		}
		for _, e := range events {
			if until > 0 && e.Seq >= until {
				return nil // the caller applies the event that revealed the gap
			}
			if e.Seq <= f.last {
				continue
			}
			if err := f.applyLocked(ctx, e); err != nil {
				return err
			}
		}
		if len(events) < batch {
			return nil // exhausted; a Seq the log lacks was rolled back
		}
	}
	return nil
}

func (f *Follower) applyLocked(ctx context.Context, e musicify.Event) error {
	if err := f.Apply(ctx, e); err != nil {
		return fmt.Errorf("applying event %d (%s): %w", e.Seq, e.Type, err)
	}
	f.last = e.Seq
	return nil
}

// Run subscribes to b and applies what arrives, syncing with the log once
// subscribed (so nothing between the two is lost) and every `every`
// (never when zero), until ctx ends. A bus that cannot subscribe leaves
// the log alone to follow.
func (f *Follower) Run(ctx context.Context, b musicify.Bus, every time.Duration) {
	// The subscription ends with Run, even on a panic, so a Run started
	// again does not leave a second one behind.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	logger := f.Logger
	if logger == nil {
		logger = slog.Default()
	}
	if err := b.Subscribe(ctx, func(ctx context.Context, e musicify.Event) {
		if err := f.Handle(ctx, e); err != nil && ctx.Err() == nil {
			logger.Error("following events", "err", err)
		}
	}); err != nil {
		// The log still has every event: keep reading it, only later.
		logger.Error("subscribing to events; reading them from the event log only", "err", err, "every", every)
	}
	var tick <-chan time.Time
	if every > 0 {
		t := time.NewTicker(every)
		defer t.Stop()
		tick = t.C
	}
	for {
		if err := f.Sync(ctx); err != nil && ctx.Err() == nil {
			logger.Error("catching up on events", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick:
		}
	}
}
