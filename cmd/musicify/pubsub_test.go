package main

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/bus/local"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/testserver"
)

func TestWithoutAPubSubURLTheBusIsInProcess(t *testing.T) {
	m := startMain(t, nil)
	sb, ok := m.Bus.(supervisedBus)
	if !ok {
		t.Fatalf("bus is %T, want it under the supervisor", m.Bus)
	}
	if _, ok := sb.Bus.(*local.Bus); !ok {
		t.Fatalf("bus is %T, want the in-process one", sb.Bus)
	}
}

// One instance on PostgreSQL needs no broker, but a second would miss live
// state: the log says so at start.
func TestPostgreSQLWithoutABrokerSaysToRunOneInstance(t *testing.T) {
	var log strings.Builder
	var mu sync.Mutex
	startMain(t, map[string]string{"MUSICIFY_DATABASE_URL": testserver.Postgres(t)}, func(m *Main) {
		m.Logger = slog.New(slog.NewTextHandler(lockedWriter{&mu, &log}, nil))
	})
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(log.String(), "PostgreSQL without MUSICIFY_PUBSUB_URL: run one instance only") {
		t.Fatalf("the start-up log does not warn:\n%s", log.String())
	}
}

// lockedWriter lets a logger and the test read one buffer safely.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func TestInstancesSharingNATSShareEventsAndListeners(t *testing.T) {
	broker := testserver.NATSServer(t)
	a := startMain(t, map[string]string{"MUSICIFY_PUBSUB_URL": broker.URL})
	b := startMain(t, map[string]string{"MUSICIFY_PUBSUB_URL": broker.URL})

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan musicify.Event, 1)
	if err := b.Bus.Subscribe(ctx, func(_ context.Context, e musicify.Event) { got <- e }); err != nil {
		t.Fatal(err)
	}
	if err := a.Bus.Publish(ctx, musicify.Event{Seq: 7, Type: musicify.EventLiked, SongID: "s1"}); err != nil {
		t.Fatal(err)
	}
	select {
	case e := <-got:
		if e.Seq != 7 || e.SongID != "s1" {
			t.Fatalf("b got %+v", e)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("an event published on a never reached b")
	}

	a.presence.Join("station", "conn-a", "alice")
	b.presence.Join("station", "conn-b", "bob")
	for _, m := range []*Main{a, b} {
		deadline := time.Now().Add(60 * time.Second)
		for m.presence.Of("station").Count != 2 {
			if time.Now().After(deadline) {
				t.Fatalf("an instance counts %+v, want alice and bob", m.presence.Of("station"))
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}
