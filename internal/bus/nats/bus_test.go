package nats_test

import (
	"log/slog"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/bus/bustest"
	busnats "github.com/musicify/musicify/internal/bus/nats"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/testserver"
)

// connect makes an instance's connection to the broker at url.
func connect(t *testing.T, url, prefix string) *busnats.Conn {
	t.Helper()
	c, err := busnats.Connect(url, busnats.Options{Prefix: prefix, Logger: slog.New(slog.DiscardHandler), Backoff: 10 * time.Millisecond, MaxBackoff: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

func TestNATSBusKeepsTheContract(t *testing.T) {
	broker := testserver.OwnNATSServer(t) // the suite restarts it
	newBus := func(t *testing.T) musicify.Bus { return connect(t, broker.URL, "test."+t.Name()).Bus() }
	bustest.Run(t, bustest.Harness{
		New:    newBus,
		Kill:   func(t *testing.T) { broker.Kill(t) },
		Resume: func(t *testing.T) { broker.Resume(t) },
	})
}
