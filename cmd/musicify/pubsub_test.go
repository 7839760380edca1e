package main

import (
	"context"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/bus/local"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/testserver"
)

func TestWithoutAPubSubURLTheBusIsInProcess(t *testing.T) {
	m := startMain(t, nil)
	if _, ok := m.Bus.(*local.Bus); !ok {
		t.Fatalf("bus is %T, want the in-process one", m.Bus)
	}
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
