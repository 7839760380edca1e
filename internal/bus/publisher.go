package bus

import (
	"context"
	"log/slog"

	"github.com/musicify/musicify/internal/musicify"
)

// Publisher is what the store hands committed events to: it applies them
// to this instance's followers at once, so a user sees their own like in
// the very next request, then sends them on the bus for every other
// instance (this one's followers skip them when they come back).
type Publisher struct {
	Bus    musicify.Bus // nil: this instance only
	Local  []*Follower
	Logger *slog.Logger
}

var _ musicify.Publisher = (*Publisher)(nil)

// Publish never fails the change: what goes wrong is logged, and the
// followers fill it in from the event log.
func (p *Publisher) Publish(ctx context.Context, events ...musicify.Event) error {
	for _, f := range p.Local {
		for _, e := range events {
			if err := f.Handle(ctx, e); err != nil {
				p.logger().Error("applying an event", "err", err)
				break
			}
		}
	}
	if p.Bus != nil {
		if err := p.Bus.Publish(ctx, events...); err != nil {
			p.logger().Warn("publishing events; other instances catch up from the event log", "err", err)
		}
	}
	return nil
}

func (p *Publisher) logger() *slog.Logger {
	if p.Logger != nil {
		return p.Logger
	}
	return slog.Default()
}
