package nats_test

import (
	"log/slog"
	"strings"
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

// A broker that goes away is logged; the connection's own Close at
// shutdown is not, or every graceful restart would warn of a lost broker.
func TestOnlyALostBrokerIsLoggedAsLost(t *testing.T) {
	broker := testserver.OwnNATSServer(t) // the test kills it
	var log testserver.LockedBuffer
	c, err := busnats.Connect(broker.URL, busnats.Options{Logger: slog.New(slog.NewTextHandler(&log, nil)),
		Backoff: 10 * time.Millisecond, MaxBackoff: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "connected", c.Connected)
	broker.Kill(t)
	waitFor(t, "the loss logged", func() bool { return strings.Contains(log.String(), "lost the NATS broker") })
	broker.Resume(t)
	waitFor(t, "reconnected", c.Connected)
	c.Close()
	if n := strings.Count(log.String(), "lost the NATS broker"); n != 1 {
		t.Errorf("logged %d lost brokers, want 1:\n%s", n, log.String())
	}
}

// waitFor polls ok until it holds; the guard only stops a hang.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("not %s within 30 s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
