// Package local is the in-process Bus, the default: one instance, no broker.
package local

import (
	"context"
	"log/slog"
	"sync"

	"github.com/musicify/musicify/internal/musicify"
)

// Bus delivers to every subscriber of this process, each from its own
// queue, so a slow subscriber delays no one.
type Bus struct {
	// Max bounds a subscriber's queue; past it events are dropped (the
	// follower refills them from the event log) rather than memory growing
	// without end. Zero is 65536.
	Max    int
	Logger *slog.Logger

	mu     sync.Mutex
	subs   map[*sub]struct{}
	closed bool
}

var _ musicify.Bus = (*Bus)(nil)

// New makes a bus with no subscribers.
func New() *Bus { return &Bus{subs: map[*sub]struct{}{}} }

type sub struct {
	mu      sync.Mutex
	queue   []musicify.Event
	wake    chan struct{} // one token: the queue has something
	dropped bool
	cancel  context.CancelFunc
}

// Publish queues events for every subscriber, in order; it never blocks.
func (b *Bus) Publish(_ context.Context, events ...musicify.Event) error {
	max := b.Max
	if max <= 0 {
		max = 65536
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs {
		s.mu.Lock()
		n := min(len(events), max-len(s.queue))
		s.queue = append(s.queue, events[:n]...)
		if n < len(events) && !s.dropped {
			s.dropped = true
			b.logger().Warn("an event subscriber is too slow: dropping events until it catches up from the event log")
		}
		s.mu.Unlock()
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
	return nil
}

// Subscribe delivers from now on, until ctx ends or the bus closes.
func (b *Bus) Subscribe(ctx context.Context, handle func(context.Context, musicify.Event)) error {
	ctx, cancel := context.WithCancel(ctx)
	s := &sub{wake: make(chan struct{}, 1), cancel: cancel}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		cancel()
		return musicify.Errorf(musicify.EUNAVAILABLE, "The event bus is closed.")
	}
	b.subs[s] = struct{}{}
	b.mu.Unlock()
	context.AfterFunc(ctx, func() {
		b.mu.Lock()
		delete(b.subs, s)
		b.mu.Unlock()
	})
	go func() {
		defer cancel()
		for {
			select {
			case <-ctx.Done():
				return
			case <-s.wake:
			}
			s.mu.Lock()
			queue := s.queue
			s.queue, s.dropped = nil, false
			s.mu.Unlock()
			for _, e := range queue {
				if ctx.Err() != nil {
					return
				}
				handle(ctx, e)
			}
		}
	}()
	return nil
}

// Close ends every subscription.
func (b *Bus) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	for s := range b.subs {
		s.cancel()
	}
	return nil
}

func (b *Bus) logger() *slog.Logger {
	if b.Logger != nil {
		return b.Logger
	}
	return slog.Default()
}
