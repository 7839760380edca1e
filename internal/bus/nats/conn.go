// Package nats carries events (the Bus) and live radio messages (a Hub)
// between instances through a NATS broker, core NATS only: what must not
// be lost is in the event log, which subscribers catch up from, so
// the broker keeps nothing (no JetStream to operate or back up).
package nats

import (
	"fmt"
	"log/slog"
	"time"

	natsgo "github.com/nats-io/nats.go"
)

// Options tune the connection; the zero value suits production.
type Options struct {
	// Prefix starts every subject, so installations can share a broker;
	// empty is "musicify".
	Prefix string
	// Backoff is the first wait before reconnecting, doubled each try up
	// to MaxBackoff; zeros are 100 ms and 5 s. It reconnects forever.
	Backoff, MaxBackoff time.Duration
	Logger              *slog.Logger
}

// Conn is one connection to the broker, shared by the Bus and the Hub.
type Conn struct {
	nc     *natsgo.Conn
	prefix string
	logger *slog.Logger
	closed chan struct{} // closed by the last handler Close runs
}

// Connect connects to url (nats://host:4222). A broker that is down is not
// an error: the connection keeps trying, and publishes wait in its buffer.
func Connect(url string, o Options) (*Conn, error) {
	c := &Conn{prefix: o.Prefix, logger: o.Logger, closed: make(chan struct{})}
	if c.prefix == "" {
		c.prefix = "musicify"
	}
	if c.logger == nil {
		c.logger = slog.Default()
	}
	backoff, max := o.Backoff, o.MaxBackoff
	if backoff <= 0 {
		backoff = 100 * time.Millisecond
	}
	if max <= 0 {
		max = 5 * time.Second
	}
	nc, err := natsgo.Connect(url,
		natsgo.Name("musicify"),
		natsgo.RetryOnFailedConnect(true),
		natsgo.MaxReconnects(-1),
		natsgo.CustomReconnectDelay(func(attempts int) time.Duration {
			d := backoff << min(attempts, 20)
			return min(d, max)
		}),
		natsgo.DisconnectErrHandler(func(nc *natsgo.Conn, err error) {
			if nc.IsClosed() {
				return // our own Close, at shutdown: no broker was lost
			}
			c.logger.Warn("lost the NATS broker; reconnecting (events still reach the event log)", "err", err)
		}),
		natsgo.ClosedHandler(func(*natsgo.Conn) { close(c.closed) }),
		natsgo.ReconnectHandler(func(nc *natsgo.Conn) {
			c.logger.Info("reconnected to the NATS broker", "server", nc.ConnectedUrlRedacted())
		}),
		natsgo.ErrorHandler(func(_ *natsgo.Conn, _ *natsgo.Subscription, err error) {
			c.logger.Warn("NATS", "err", err) // a slow consumer: its gap is filled from the event log
		}),
	)
	if err != nil {
		return nil, fmt.Errorf("connecting to NATS (MUSICIFY_PUBSUB_URL): %w", err)
	}
	c.nc = nc
	return c, nil
}

// Connected reports whether the broker is reachable now, for readiness.
func (c *Conn) Connected() bool { return c.nc.IsConnected() }

// Stats counts the messages sent and received (events and radio
// messages) and the reconnects, for the metrics.
func (c *Conn) Stats() natsgo.Statistics { return c.nc.Stats() }

// Close ends every subscription and the connection, and waits (briefly)
// for the connection's handlers, which run on a goroutine of their own:
// nothing is logged about it after.
func (c *Conn) Close() {
	c.nc.Close()
	select {
	case <-c.closed:
	case <-time.After(5 * time.Second):
	}
}

// flush makes the broker know of a new subscription before Subscribe
// returns, so what is published after reaches it; while disconnected the
// subscription is sent on reconnect instead.
func (c *Conn) flush() error {
	if !c.nc.IsConnected() {
		return nil
	}
	if err := c.nc.FlushTimeout(10 * time.Second); err != nil && c.nc.IsConnected() {
		return fmt.Errorf("subscribing on NATS: %w", err)
	}
	return nil
}
