package main

import (
	"context"

	"github.com/musicify/musicify/internal/bus/local"
	busnats "github.com/musicify/musicify/internal/bus/nats"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/radio"
)

// pubsub picks the event bus and joins presence to the other instances:
// in process by default, NATS when MUSICIFY_PUBSUB_URL is set. It returns
// what runs while serving (the heartbeat) and what Close undoes.
func (m *Main) pubsub(presence *radio.Presence) (run func(context.Context), stop func(), err error) {
	if m.Config.PubSubURL == "" {
		if m.DB.Dialect() == "postgres" {
			// Events still reach other instances through the event log, but
			// nothing else that is shared live (listeners, ended sessions) does.
			m.Logger.Warn("PostgreSQL without MUSICIFY_PUBSUB_URL: run one instance only, or set MUSICIFY_PUBSUB_URL=nats://… so instances share radio listeners and sign-outs")
		}
		m.Bus = local.New()
		return func(context.Context) {}, func() { _ = m.Bus.Close() }, nil
	}
	conn, err := busnats.Connect(m.Config.PubSubURL, busnats.Options{Logger: m.Logger})
	if err != nil {
		return nil, nil, err
	}
	m.Bus = conn.Bus()
	m.ops.nats = conn
	m.shared = conn.Hub()
	leave := presence.Connect(conn.Hub(), musicify.NewID())
	m.Logger.Info("events and radio listeners shared through NATS", "connected", conn.Connected())
	return presence.Heartbeat, func() {
		leave()
		_ = m.Bus.Close()
		conn.Close()
	}, nil
}
