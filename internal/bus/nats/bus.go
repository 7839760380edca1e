package nats

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	natsgo "github.com/nats-io/nats.go"

	"github.com/musicify/musicify/internal/musicify"
)

// Bus is the events Bus over NATS: one subject, every instance subscribed.
type Bus struct {
	c    *Conn
	mu   sync.Mutex
	subs map[*natsgo.Subscription]struct{}
}

var _ musicify.Bus = (*Bus)(nil)

// Bus returns the events bus on this connection.
func (c *Conn) Bus() *Bus { return &Bus{c: c, subs: map[*natsgo.Subscription]struct{}{}} }

func (b *Bus) subject() string { return b.c.prefix + ".events" }

// Publish sends events in order. While the broker is down they wait in the
// connection's reconnect buffer (8 MB) and go out on reconnect; past that
// Publish fails, and subscribers find the events in the event log instead.
func (b *Bus) Publish(_ context.Context, events ...musicify.Event) error {
	var errs []error
	for _, e := range events {
		data, err := json.Marshal(e)
		if err == nil {
			err = b.c.nc.Publish(b.subject(), data)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("publishing event %d (%s): %w", e.Seq, e.Type, err))
		}
	}
	return errors.Join(errs...)
}

// Subscribe delivers events in arrival order, one at a time, until ctx
// ends; NATS resubscribes by itself after a reconnect.
func (b *Bus) Subscribe(ctx context.Context, handle func(context.Context, musicify.Event)) error {
	sub, err := b.c.nc.Subscribe(b.subject(), func(m *natsgo.Msg) {
		var e musicify.Event
		if err := json.Unmarshal(m.Data, &e); err != nil {
			b.c.logger.Warn("an event on NATS is not one of ours", "err", err)
			return
		}
		if ctx.Err() == nil {
			handle(ctx, e)
		}
	})
	if err != nil {
		return fmt.Errorf("subscribing to events on NATS: %w", err)
	}
	if err := b.c.flush(); err != nil {
		_ = sub.Unsubscribe()
		return err
	}
	b.mu.Lock()
	b.subs[sub] = struct{}{}
	b.mu.Unlock()
	context.AfterFunc(ctx, func() { b.unsubscribe(sub) })
	return nil
}

func (b *Bus) unsubscribe(sub *natsgo.Subscription) {
	b.mu.Lock()
	delete(b.subs, sub)
	b.mu.Unlock()
	_ = sub.Unsubscribe()
}

// Close ends the bus's subscriptions; the connection is the Conn's to close.
func (b *Bus) Close() error {
	b.mu.Lock()
	subs := make([]*natsgo.Subscription, 0, len(b.subs))
	for s := range b.subs {
		subs = append(subs, s)
	}
	b.mu.Unlock()
	for _, s := range subs {
		b.unsubscribe(s)
	}
	return nil
}
