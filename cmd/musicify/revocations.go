package main

import (
	"context"
	"fmt"

	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// revocations loads the sessions that ended within the life of a media URL
// (logouts, new passwords, disabled accounts: they are events in the
// event log, kept a week) into r, and returns the follower that keeps r
// current: from this instance's own writes at once, from the bus, and from
// the event log for what the bus missed. No restart and no broker outage
// brings an ended session's URLs back.
func (m *Main) revocations(ctx context.Context, r *mediaurl.Revocations) (*bus.Follower, error) {
	head, err := m.DB.LastEventSeq(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the last event: %w", err)
	}
	ended, err := m.DB.EventsSince(ctx, musicify.EventSessionsEnded, m.Now().Add(-mediaurl.DefaultTTL-mediaurl.DefaultRound))
	if err != nil {
		return nil, fmt.Errorf("loading the sessions that ended: %w", err)
	}
	for _, e := range ended {
		r.Apply(e)
	}
	f := bus.NewFollower(m.DB, head, func(_ context.Context, e musicify.Event) error {
		r.Apply(e)
		return nil
	})
	f.Logger = m.Logger
	if p, ok := m.DB.Events.(*bus.Publisher); ok {
		p.Local = append(p.Local, f)
	}
	return f, nil
}
